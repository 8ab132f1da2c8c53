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
