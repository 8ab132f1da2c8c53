/**
 * The runs a service has going (searches on the task farm), by id ("compare-1", …), each to
 * cancel: a cancel aborts the run's farm, which kills its processes at once. A run reports its
 * own end, as an event; it must not throw.
 */
export class Runs {
  private next = 1
  private readonly running = new Map<string, AbortController>()

  constructor(private readonly prefix: string) {}

  start(run: (id: string, signal: AbortSignal) => Promise<void>): string {
    const id = `${this.prefix}-${this.next++}`
    const abort = new AbortController()
    this.running.set(id, abort)
    // After the call that started it is answered, so that its id comes before its events.
    setImmediate(() => void run(id, abort.signal).finally(() => this.running.delete(id)))
    return id
  }

  cancel(id: string): void {
    this.running.get(id)?.abort()
  }

  isRunning(id: string): boolean {
    return this.running.has(id)
  }
}
