import { setPriority } from 'node:os'
import type { RunPlace } from '../../../shared/api/contract'
import { hidePassword } from '../../../shared/queue-url'
import { WarmPool, type LaunchWorker } from './processes'
import type { QueueTransport } from './queue-transport'
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

  /** The queue runs go to, connected once for its URL. */
  private queue?: { readonly url: string; readonly transport: Promise<QueueTransport> }

  constructor(
    launch: LaunchWorker,
    /** Processes a job may use: the user's setting. */
    private readonly count: () => Promise<number>,
    /** The queue the user chose to run on (settings: run on the queue at …), if any. */
    private readonly queueUrl: () => Promise<string | undefined> = async () => undefined,
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
  async transport(): Promise<{ transport: FarmTransport }> {
    const workers = await this.count()
    this.pool.resize(workers)
    return { transport: new LocalWorkers(this.pool, workers) }
  }

  /**
   * Where a run's tasks go (a tiling run, a queens count): the processes here, or the queue the
   * user chose, whose modules load only then. A queue that cannot be reached is one line (an
   * InputError), and is tried again by the next run. `place` says which, for the user. The
   * transport says how many workers it has (the queue's: those serving it now).
   */
  async runTransport(): Promise<{ transport: FarmTransport; place: RunPlace }> {
    const url = await this.queueUrl()
    if (!url) {
      const { transport } = await this.transport()
      return { transport, place: { kind: 'here', processes: transport.workers() } }
    }
    if (this.queue?.url !== url) {
      void this.queue?.transport.then(
        (t) => t.close(),
        () => {},
      )
      this.queue = { url, transport: connectQueue(url) }
    }
    const queue = this.queue
    try {
      return {
        transport: await queue.transport,
        place: { kind: 'queue', url: hidePassword(url) },
      }
    } catch (e) {
      if (this.queue === queue) this.queue = undefined
      throw e
    }
  }

  close(): void {
    this.closed = true
    clearTimeout(this.warming)
    this.pool.close()
    void this.queue?.transport.then(
      (t) => t.close(),
      () => {},
    )
  }
}

async function connectQueue(url: string): Promise<QueueTransport> {
  const { parseQueueUrl } = await import('./queue-connection')
  const { QueueTransport } = await import('./queue-transport')
  return QueueTransport.connect(parseQueueUrl(url, 'run on the queue'))
}
