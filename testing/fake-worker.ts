/**
 * A Web Worker that the test plays, for the renderer's stores: it keeps what the store posts
 * (structured-cloned, as postMessage does, so a Vue proxy fails here as it does in a browser)
 * and answers when the test says, in whatever order a race needs. A terminated worker, like a
 * real one, says nothing more.
 */
export class FakeWorker {
  /** Every worker made, oldest first. */
  static readonly made: FakeWorker[] = []

  onmessage: ((e: { data: unknown }) => void) | null = null
  onerror: ((e: { message: string; preventDefault(): void }) => void) | null = null
  readonly posted: unknown[] = []
  terminated = false

  constructor(readonly url: string | URL) {
    FakeWorker.made.push(this)
  }

  postMessage(message: unknown): void {
    this.posted.push(structuredClone(message))
  }

  terminate(): void {
    this.terminated = true
  }

  /** The worker answers. */
  reply(data: unknown): void {
    if (!this.terminated) this.onmessage?.({ data: structuredClone(data) })
  }

  /** The worker's script throws (an error event). */
  crash(message: string): void {
    if (!this.terminated) this.onerror?.({ message, preventDefault() {} })
  }

  /** The last request posted, typed as the test expects it. */
  request<T>(): T & { id: number } {
    return this.posted.at(-1) as T & { id: number }
  }

  /** The workers still running whose script is `name` (e.g. 'tait/worker'). */
  static running(name: string): FakeWorker[] {
    return FakeWorker.made.filter((w) => !w.terminated && String(w.url).includes(name))
  }
}
