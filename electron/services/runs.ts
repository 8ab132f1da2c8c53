import type { RunPlace } from '../../shared/api/contract'
import type { AppWorkers } from './farm/app-workers'
import type { FarmTransport } from './farm/transport'

/** How a run ended: its result, cancelled, or failed; and where its tasks ran, once it knew. */
export type RunEnd<R> = { readonly elapsedMs: number; readonly runsOn?: RunPlace } & (
  | { readonly outcome: 'done'; readonly result: R }
  | { readonly outcome: 'cancelled' }
  | { readonly outcome: 'failed'; readonly error: string }
)

/**
 * The runs a service has going on the app's workers (its processes or the queue, as the user's
 * Run on setting says), by id ("compare-1", …), each to cancel: a cancel aborts the run's farm,
 * which kills its processes at once. A run gives its result, or undefined when cancelled; its end
 * goes to `ended`, whatever it was.
 */
export class Runs {
  private next = 1
  private readonly running = new Map<string, AbortController>()

  constructor(
    private readonly prefix: string,
    private readonly workers: AppWorkers,
  ) {}

  start<R>(
    run: (id: string, transport: FarmTransport, signal: AbortSignal) => Promise<R | undefined>,
    ended: (id: string, end: RunEnd<R>) => void,
  ): string {
    const id = `${this.prefix}-${this.next++}`
    const abort = new AbortController()
    this.running.set(id, abort)
    const t0 = Date.now()
    let runsOn: RunPlace | undefined
    const end = (e: RunEnd<R>) =>
      ended(id, { ...e, elapsedMs: Date.now() - t0, ...(runsOn ? { runsOn } : {}) })
    const go = async () => {
      try {
        const where = await this.workers.runTransport()
        runsOn = where.place
        const result = await run(id, where.transport, abort.signal)
        end(
          result === undefined
            ? { outcome: 'cancelled', elapsedMs: 0 }
            : { outcome: 'done', result, elapsedMs: 0 },
        )
      } catch (e) {
        end({ outcome: 'failed', error: (e as Error).message, elapsedMs: 0 })
      } finally {
        this.running.delete(id)
      }
    }
    // After the call that started it is answered, so that its id comes before its events.
    setImmediate(() => void go())
    return id
  }

  cancel(id: string): void {
    this.running.get(id)?.abort()
  }

  isRunning(id: string): boolean {
    return this.running.has(id)
  }
}
