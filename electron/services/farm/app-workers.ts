import { setPriority } from 'node:os'
import { WarmPool, type LaunchWorker } from './processes'
import { LocalWorkers, type FarmTransport } from './transport'

const NICENESS = 10
const WARM_AFTER_MS = 1500

/**
 * The app's worker processes, shared by its services (solving, estimates, queens, the search
 * animation): kept warm between jobs, so that a job starts at once, and run below the app's
 * priority, so that a search on every core does not make the window (or the browser showing it)
 * stutter. They are warmed once the app has started, not while it starts: on a small machine
 * their start-up would compete with the window's. A job before then starts them itself.
 */
export class AppWorkers {
  readonly pool: WarmPool
  private closed = false
  private readonly warming: ReturnType<typeof setTimeout>

  constructor(
    launch: LaunchWorker,
    /** Processes a job may use: the user's setting. */
    private readonly count: () => Promise<number>,
  ) {
    this.pool = new WarmPool(() => {
      const w = launch()
      try {
        if (w.pid !== undefined) setPriority(w.pid, NICENESS)
      } catch {
        // Not permitted here (some sandboxes): the worker just runs at normal priority.
      }
      return w
    }, 0)
    this.warming = setTimeout(() => {
      void count().then((n) => this.closed || this.pool.resize(n))
    }, WARM_AFTER_MS)
  }

  /** Where a job's tasks run now: as many processes as the setting says. */
  async transport(): Promise<{ transport: FarmTransport; workers: number }> {
    const workers = await this.count()
    this.pool.resize(workers)
    return { transport: new LocalWorkers(this.pool, workers), workers }
  }

  close(): void {
    this.closed = true
    clearTimeout(this.warming)
    this.pool.close()
  }
}
