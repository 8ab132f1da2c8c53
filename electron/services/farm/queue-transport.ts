import { Queue, QueueEvents } from 'bullmq'
import { Redis } from 'ioredis'
import { QUEUE_WORKERS } from '../../../shared/tiling/estimate'
import type { KindName } from '../../worker/protocol'
import {
  appVersion,
  bullConnection,
  checkForeignJobs,
  connectQueue,
  failFast,
  QUEUE_NAME,
  renewEvents,
  runKey,
  servingProcesses,
  type QueueAddress,
} from './queue-connection'
import { QueueRun } from './queue-run'
import type { FarmSession, FarmTransport } from './transport'

/** How long a cancel waits for the workers to drop the jobs they hold (they look twice a second). */
const REMOVE_MS = 5000

/**
 * The queue transport: a run's tasks become jobs of a BullMQ queue in Redis, which
 * `cli worker` processes on any machine take and run on their own worker processes. A job holds
 * one task or several light ones (`run.n`); the answers come back in BullMQ's completed event,
 * and the farm counts each task once, whoever answers. The run's kind and setup
 * are kept once in a record beside the jobs (`runKey`); removing it tells the workers the run is
 * over. A job lost (its worker killed) goes to another worker by BullMQ's stalled-job handling;
 * a job Redis lost (a restart without persistence) is sent again.
 */
export class QueueTransport implements FarmTransport {
  private readonly cleanups = new Set<Promise<void>>()
  /** The processes serving the queue at the last look (connecting, and every run's check). */
  private serving = 0

  private constructor(
    private readonly address: QueueAddress,
    private readonly redis: Redis,
    private readonly queue: Queue,
    /** The queue's connection (see connect). */
    private readonly client: Redis,
    private readonly events: QueueEvents,
    /** The version its jobs say (tests ask for another). */
    private readonly version: string,
    /** Stops the connections' reconnecting (closing). */
    private readonly stopReconnecting: () => void,
  ) {}

  /** Connects, or says in one line why it cannot (InputError). */
  static async connect(address: QueueAddress, version = appVersion()): Promise<QueueTransport> {
    const redis = await connectQueue(address)
    let closing = false
    const stopping = () => closing
    // Adding a job fails at once while Redis is away (the run says so, and sends it again once
    // Redis is back), instead of waiting for it with everything behind it.
    // Its connection is this module's own, listened to for errors until it ends (BullMQ stops
    // listening when it closes, and ioredis prints what nobody listens to).
    const client = new Redis(failFast(address, stopping))
    client.on('error', () => {})
    const queue = new Queue(QUEUE_NAME, { connection: client })
    // Connection trouble is the run's to report (`broken`), not a stack trace on stderr.
    queue.on('error', () => {})
    try {
      await checkForeignJobs(address, redis, queue)
    } catch (e) {
      await queue.close()
      client.disconnect()
      redis.disconnect()
      throw e
    }
    const events = new QueueEvents(QUEUE_NAME, { connection: bullConnection(address, stopping) })
    events.on('error', () => {})
    await events.waitUntilReady()
    const transport = new QueueTransport(
      address,
      redis,
      queue,
      client,
      events,
      version,
      () => (closing = true),
    )
    await transport.countWorkers()
    return transport
  }

  /**
   * The processes serving the queue now (each worker's local processes), or, while none serves
   * it, as many as the estimates reckon a queue has (QUEUE_WORKERS): a run waits for them (and
   * says so), and sizes its parts for the workers to come.
   */
  workers(): number {
    return this.serving > 0 ? this.serving : QUEUE_WORKERS
  }

  /**
   * Looks again at the processes serving the queue (`workers`), and returns their number, or
   * undefined when Redis would not say (away, or an ACL user without CLIENT LIST): the last
   * count stands.
   */
  private async countWorkers(): Promise<number | undefined> {
    try {
      this.serving = await servingProcesses(this.queue)
      return this.serving
    } catch {
      return undefined
    }
  }

  get label(): string {
    return this.address.label
  }

  /** A run's session: its tasks become jobs of the queue (queue-run.ts). */
  open(job: { kind: KindName; setup: unknown }): FarmSession {
    return new QueueRun(
      {
        redis: this.redis,
        queue: this.queue,
        events: this.events,
        version: this.version,
        label: this.label,
        workers: () => this.workers(),
        countWorkers: () => this.countWorkers(),
        removeRun: (after, run, ids) => {
          const cleanup = after
            .then(() => this.removeRun(run, ids))
            .finally(() => this.cleanups.delete(cleanup))
          this.cleanups.add(cleanup)
        },
      },
      job,
    )
  }

  /**
   * Takes a run out of Redis: its record (the workers stop its tasks when they see it gone), then
   * its jobs. A job a worker holds cannot be removed; that worker drops it within a second, so
   * this waits for it a while. The answers in BullMQ's event stream go a day after the last run.
   */
  private async removeRun(run: string, ids: string[]): Promise<void> {
    try {
      await Promise.all([this.redis.del(runKey(run)), renewEvents(this.redis, this.queue)])
      const t0 = Date.now()
      let left = ids
      while (left.length > 0 && Date.now() - t0 < REMOVE_MS) {
        const removed = await Promise.all(
          left.map((id) =>
            this.queue
              .remove(id)
              .then(async () => (await this.redis.exists(this.queue.toKey(id))) === 0)
              .catch(() => false),
          ),
        )
        left = left.filter((_, i) => !removed[i])
        if (left.length > 0) await new Promise((r) => setTimeout(r, 200))
      }
    } catch {
      // Redis is gone: nothing of the run can be left behind in a Redis that is not there.
    }
  }

  /**
   * Waits for the runs' clean-up, then disconnects. A Redis that is away is not waited for: its
   * connections stop reconnecting, and nothing of the runs can be taken out of it.
   */
  async close(): Promise<void> {
    this.stopReconnecting()
    await Promise.allSettled(this.cleanups)
    const closed = Promise.allSettled([this.queue.close(), this.events.close()])
    if (this.redis.status === 'ready') await closed
    this.client.disconnect()
    this.redis.disconnect()
  }
}
