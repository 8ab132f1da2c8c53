/**
 * Runs a search that pauses of its own accord (a generator yielding its progress every few
 * milliseconds of work) in the host process, in slices: about 50 ms of work, then back to the
 * event loop, so that the host keeps answering calls while it runs. Progress is reported at most
 * every 125 ms; a cancel stops it at the end of the slice. Returns the result, or undefined when
 * cancelled; what the search throws is thrown.
 */
const SLICE_MS = 50
const PROGRESS_MS = 125

export async function runSliced<P, R>(
  search: Generator<P, R>,
  signal: AbortSignal,
  onProgress: (p: P) => void,
): Promise<R | undefined> {
  let reported = 0
  for (;;) {
    // Back to the event loop first: the call that started the search is answered at once.
    await new Promise((resolve) => setImmediate(resolve))
    if (signal.aborted) return undefined
    const slice = Date.now()
    let step = search.next()
    while (!step.done && Date.now() - slice < SLICE_MS) step = search.next()
    if (step.done) return step.value
    if (Date.now() - reported >= PROGRESS_MS) {
      reported = Date.now()
      onProgress(step.value)
    }
  }
}

/** How a search started by `SlicedSearches` ended: its result, or undefined when cancelled. */
export type SliceEnd<R> =
  | { readonly outcome: 'done'; readonly result: R; readonly elapsedMs: number }
  | { readonly outcome: 'cancelled'; readonly elapsedMs: number }
  | { readonly outcome: 'failed'; readonly error: string; readonly elapsedMs: number }

/** The searches a service runs in slices, by id ("compare-1", …), each to cancel. */
export class SlicedSearches {
  private next = 1
  private readonly running = new Map<string, AbortController>()

  constructor(private readonly prefix: string) {}

  start<P, R>(
    search: Generator<P, R>,
    progress: (id: string, p: P) => void,
    ended: (id: string, end: SliceEnd<R>) => void,
  ): string {
    const id = `${this.prefix}-${this.next++}`
    const abort = new AbortController()
    this.running.set(id, abort)
    const started = Date.now()
    const elapsedMs = () => Date.now() - started
    void runSliced(search, abort.signal, (p) => progress(id, p))
      .then((result) =>
        ended(
          id,
          result === undefined
            ? { outcome: 'cancelled', elapsedMs: elapsedMs() }
            : { outcome: 'done', result, elapsedMs: elapsedMs() },
        ),
      )
      .catch((e: Error) =>
        ended(id, { outcome: 'failed', error: e.message, elapsedMs: elapsedMs() }),
      )
      .finally(() => this.running.delete(id))
    return id
  }

  cancel(id: string): void {
    this.running.get(id)?.abort()
  }

  isRunning(id: string): boolean {
    return this.running.has(id)
  }
}
