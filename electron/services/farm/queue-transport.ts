import { randomBytes } from 'node:crypto'
import { Queue, QueueEvents } from 'bullmq'
import type { Redis } from 'ioredis'
import type { KindName } from '../../worker/protocol'
import {
  APP,
  appVersion,
  bullConnection,
  checkForeignJobs,
  connectQueue,
  QUEUE_NAME,
  QUEUE_PROTOCOL,
  RECONNECT_MS,
  runKey,
  runOver,
  type QueueAddress,
  type RunRecord,
  type TaskAnswer,
  type TaskJob,
} from './queue-connection'
import type { FarmSession, FarmTransport, SessionEvent } from './transport'

/** Tasks a run keeps in Redis at once: enough for many machines, few enough to keep the order. */
const CAPACITY = 64
/** How often the run checks that Redis still holds its record and the jobs of its tasks. */
const CHECK_MS = 1000
/** How long a cancel waits for the workers to drop the jobs they hold (they look twice a second). */
const REMOVE_MS = 5000

/** BullMQ's lowest priority (its highest is 1). */
const LOWEST = 2 ** 21

/**
 * The farm's priority (higher first, any number: estimated nodes, planning before all) as
 * BullMQ's (1 first, whole numbers up to 2^21), on a log scale, so that the heaviest parts of
 * a search wait in Redis ahead of the light ones whoever submitted them first.
 */
const bullPriority = (p: number): number =>
  Math.max(1, LOWEST - Math.round(Math.log2(1 + Math.max(0, p)) * 2 ** 15))

/**
 * The queue transport: a run's tasks become jobs of a BullMQ queue in Redis, which
 * `cli worker` processes on any machine take and run on their own worker processes. Each job is
 * one attempt at one task (`run.attempt.task`); the answer comes back in BullMQ's completed event,
 * and the farm counts each task once, whichever attempt answers first. The run's kind and setup
 * are kept once in a record beside the jobs (`runKey`); removing it tells the workers the run is
 * over. A job lost (its worker killed) goes to another worker by BullMQ's stalled-job handling;
 * a job Redis lost (a restart without persistence) is sent again.
 */
export class QueueTransport implements FarmTransport {
  private readonly cleanups = new Set<Promise<void>>()

  private constructor(
    private readonly address: QueueAddress,
    private readonly redis: Redis,
    private readonly queue: Queue,
    private readonly events: QueueEvents,
    /** The version its jobs say (tests ask for another). */
    private readonly version: string,
  ) {}

  /** Connects, or says in one line why it cannot (InputError). */
  static async connect(address: QueueAddress, version = appVersion()): Promise<QueueTransport> {
    const redis = await connectQueue(address)
    const connection = bullConnection(address)
    const queue = new Queue(QUEUE_NAME, { connection })
    // Connection trouble is the run's to report (`broken`), not a stack trace on stderr.
    queue.on('error', () => {})
    try {
      await checkForeignJobs(address, queue)
    } catch (e) {
      await queue.close()
      redis.disconnect()
      throw e
    }
    const events = new QueueEvents(QUEUE_NAME, { connection })
    events.on('error', () => {})
    await events.waitUntilReady()
    return new QueueTransport(address, redis, queue, events, version)
  }

  get label(): string {
    return this.address.label
  }

  open(job: { kind: KindName; setup: unknown }): FarmSession {
    const run = randomBytes(8).toString('hex')
    const { redis, queue, events } = this
    const record: RunRecord = {
      app: APP,
      protocol: QUEUE_PROTOCOL,
      version: this.version,
      kind: job.kind,
      setup: job.setup,
    }
    const listeners: ((e: SessionEvent) => void)[] = []
    const emit = (e: SessionEvent) => listeners.forEach((l) => l(e))
    /**
     * Tasks in hand: the attempt whose job is in Redis, when it went, and how many checks in a row
     * found it missing.
     */
    const inHand = new Map<
      string,
      { attempt: number; input: unknown; priority: number; since: number; missing: number }
    >()
    /** Each task's latest attempt, kept after it leaves the hand. */
    const tried = new Map<string, number>()
    const jobId = (task: string, attempt: number) =>
      `${run}.${attempt}.${task.replaceAll(':', '%3A')}`
    /** The task of one of this run's jobs, if it is one and still in hand. */
    const taskOf = (id: string): string | undefined => {
      if (!id.startsWith(`${run}.`)) return undefined
      const [, attempt, ...rest] = id.split('.')
      const task = rest.join('.').replaceAll('%3A', ':')
      // An earlier attempt's answer is as good (each task counts once, whichever answers).
      if (!(Number(attempt) <= (inHand.get(task)?.attempt ?? 0))) return undefined
      // Any word of a task in hand but its arrival comes from a worker.
      answered = true
      return task
    }
    const redisLost = `Redis at ${this.label} lost tasks in hand (restarted?)`
    let closed = false
    let broken = false
    /** Whether a worker took up one of the run's tasks yet, and whether nobody doing so was said. */
    let answered = false
    let told = false
    const breakDown = (why: string) => {
      if (broken || closed) return
      broken = true
      emit({ type: 'broken', why })
    }
    /** Jobs go out in the order the farm submits them, one after the other. */
    let adding: Promise<unknown> = redis
      .set(runKey(run), JSON.stringify(record))
      .catch((e: Error) => breakDown(`cannot write to Redis at ${this.label} (${e.message})`))
    const send = (task: string) => {
      const t = inHand.get(task)!
      const data: TaskJob = {
        app: APP,
        protocol: QUEUE_PROTOCOL,
        version: this.version,
        run,
        task,
        input: t.input,
      }
      t.since = Date.now()
      tried.set(task, t.attempt)
      adding = adding.then(() =>
        queue
          .add('task', data, {
            jobId: jobId(task, t.attempt),
            priority: t.priority,
            removeOnComplete: true,
            removeOnFail: true,
          })
          .catch((e: Error) =>
            breakDown(`cannot add a task to Redis at ${this.label} (${e.message})`),
          ),
      )
    }

    const onCompleted = ({ jobId: id, returnvalue }: { jobId: string; returnvalue: unknown }) => {
      const task = taskOf(id)
      if (task === undefined || closed) return
      const answer = returnvalue as TaskAnswer
      if ('lost' in answer) {
        inHand.delete(task)
        return emit({ type: 'lost', tasks: [task], running: task, why: answer.lost })
      }
      inHand.delete(task)
      if ('error' in answer)
        return emit({ type: 'error', task, message: answer.error, input: answer.input })
      for (const item of answer.items) emit({ type: 'item', task, item })
      emit({ type: 'done', task, result: answer.result })
    }
    // A job fails only when a worker refuses it (another version) or it stalled once too often.
    const onFailed = ({ jobId: id, failedReason }: { jobId: string; failedReason: string }) => {
      const task = taskOf(id)
      if (task === undefined || closed) return
      if (failedReason === runOver(run)) {
        // Redis lost the run's record (a restart) while the job got there: both go again.
        inHand.get(task)!.attempt++
        adding = adding.then(() => redis.set(runKey(run), JSON.stringify(record)).catch(() => {}))
        send(task)
        return emit({ type: 'requeued', tasks: [task], why: redisLost })
      }
      inHand.delete(task)
      if (/stalled more than allowable limit/i.test(failedReason))
        emit({ type: 'lost', tasks: [task], running: task, why: 'stopped answering twice on it' })
      else emit({ type: 'error', task, message: failedReason, input: true })
    }
    const onProgress = ({ jobId: id, data }: { jobId: string; data: unknown }) => {
      const task = taskOf(id)
      if (task === undefined || closed) return
      const p = data as { fraction: number; detail?: unknown }
      emit({ type: 'progress', task, fraction: p.fraction, detail: p.detail })
    }
    const onStalled = ({ jobId: id }: { jobId: string }) => {
      const task = taskOf(id)
      if (task === undefined || closed) return
      emit({ type: 'requeued', tasks: [task], why: 'a worker stopped answering' })
    }
    // A worker stopped (Ctrl-C) handed its task back.
    const onWaiting = ({ jobId: id, prev }: { jobId: string; prev?: string }) => {
      if (prev !== 'active') return
      const task = taskOf(id)
      if (task === undefined || closed) return
      emit({ type: 'requeued', tasks: [task], why: 'a worker stopped' })
    }
    events.on('completed', onCompleted)
    events.on('failed', onFailed)
    events.on('progress', onProgress)
    events.on('stalled', onStalled)
    events.on('waiting', onWaiting)

    // The safety net under the events: Redis restarted (the record and jobs may be gone), an
    // event missed. A job gone without an answer is sent again; Redis away too long ends the run.
    let awaySince: number | undefined
    const check = async () => {
      try {
        await adding
        if (closed || broken) return
        // Nothing answered yet: say so once if no machine serves the queue (the run waits for one).
        if (!answered && !told && inHand.size > 0 && (await queue.getWorkersCount()) === 0) {
          told = true
          emit({
            type: 'notice',
            line: `no worker serves the queue at ${this.label} yet; the run waits for one ('worker --queue URL' on any machine)`,
          })
        }
        if (!(await redis.exists(runKey(run)))) await redis.set(runKey(run), JSON.stringify(record))
        const old = [...inHand].filter(([, t]) => Date.now() - t.since > CHECK_MS)
        const present = await Promise.all(
          old.map(([task, t]) => redis.exists(queue.toKey(jobId(task, t.attempt)))),
        )
        awaySince = undefined
        // Missing twice in a row: a job just finished is gone before its event arrives.
        const lost = old.filter(([task, t], i) => {
          t.missing = present[i] ? 0 : t.missing + 1
          return t.missing >= 2 && !closed && inHand.get(task) === t
        })
        for (const [task, t] of lost) {
          t.attempt++
          t.missing = 0
          send(task)
        }
        if (lost.length > 0)
          emit({
            type: 'requeued',
            tasks: lost.map(([task]) => task),
            why: redisLost,
          })
      } catch {
        awaySince ??= Date.now()
        if (Date.now() - awaySince > RECONNECT_MS)
          breakDown(`lost Redis at ${this.label} for ${RECONNECT_MS / 1000} s`)
      }
    }
    const timer = setInterval(() => void check(), CHECK_MS)

    return {
      capacity: CAPACITY,
      submit: (task) => {
        // Attempts go on from the task's last one: a retried task's new job never has the id
        // of one still in Redis (which BullMQ would take for the same job).
        const attempt = (tried.get(task.id) ?? 0) + 1
        inHand.set(task.id, {
          attempt,
          input: task.input,
          priority: bullPriority(task.priority ?? 0),
          since: Date.now(),
          missing: 0,
        })
        send(task.id)
      },
      onEvent: (l) => void listeners.push(l),
      close: (how) => {
        if (closed) return
        closed = true
        clearInterval(timer)
        events.off('completed', onCompleted)
        events.off('failed', onFailed)
        events.off('progress', onProgress)
        events.off('stalled', onStalled)
        events.off('waiting', onWaiting)
        const ids = [...inHand].map(([task, t]) => jobId(task, t.attempt))
        inHand.clear()
        const cleanup = adding
          .then(() => this.removeRun(run, how === 'stop' ? ids : []))
          .finally(() => this.cleanups.delete(cleanup))
        this.cleanups.add(cleanup)
      },
    }
  }

  /**
   * Takes a run out of Redis: its record (the workers stop its tasks when they see it gone), then
   * its jobs. A job a worker holds cannot be removed; that worker drops it within a second, so
   * this waits for it a while.
   */
  private async removeRun(run: string, ids: string[]): Promise<void> {
    try {
      await this.redis.del(runKey(run))
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

  /** Waits for the runs' clean-up, then disconnects. */
  async close(): Promise<void> {
    await Promise.allSettled(this.cleanups)
    await Promise.allSettled([this.queue.close(), this.events.close()])
    this.redis.disconnect()
  }
}
