import { randomBytes } from 'node:crypto'
import { Queue, QueueEvents } from 'bullmq'
import { Redis } from 'ioredis'
import { QUEUE_WORKERS } from '../../../shared/tiling/estimate'
import type { KindName } from '../../worker/protocol'
import {
  APP,
  appVersion,
  bullConnection,
  checkForeignJobs,
  connectQueue,
  failFast,
  JOBS_PER_PROCESS,
  QUEUE_NAME,
  QUEUE_PROTOCOL,
  renewEvents,
  runKey,
  runOver,
  RUN_TTL_S,
  servingProcesses,
  type QueueAddress,
  type RunRecord,
  type JobAnswer,
  type TaskJob,
} from './queue-connection'
import type { FarmSession, FarmTransport, SessionEvent } from './transport'

/**
 * Tasks a run keeps in Redis at once: enough for many machines, in jobs of several light ones,
 * and for a large queue at least PER_PROCESS for each of its processes (its jobs in hand and as
 * many waiting, two tasks or more each).
 */
const CAPACITY = 1024
const PER_PROCESS = 4 * JOBS_PER_PROCESS
/**
 * Light tasks go out several to a job, about this long in all: a job costs about 0.7 ms of CPU
 * (the host, Redis and the worker, measured), a task on the local farm a few microseconds.
 */
const BATCH_MS = 300
const MAX_BATCH = 128
/**
 * A job holds at most this fraction of the tasks in hand, or less on a queue of more processes
 * (a job for each one it holds): the first burst, before any task's time is known, goes out in
 * this many jobs, and jobs shrink as a run's tasks run out, so that its last ones still spread
 * over the machines.
 */
const SPREAD = 16
/**
 * How long submitted tasks wait for others to share their job: the tasks already in Redis keep
 * the workers busy meanwhile.
 */
const LINGER_MS = 10
/** How often the run checks that Redis still holds its record and the jobs of its tasks. */
const CHECK_MS = 1000
/** How long a cancel waits for the workers to drop the jobs they hold (they look twice a second). */
const REMOVE_MS = 5000

/** How long a check waits for Redis's answer before it counts as away. */
const PING_MS = 3000
/** When a run says again that Redis is still away: seconds since it went. */
const AWAY_TOLD = [10, 30, 60, 120, 300]
/** And every this often after the last of those. */
const AWAY_EVERY_S = 600

/** "42 s", "3 min 5 s": how long Redis has been away. */
const duration = (ms: number): string => {
  const s = Math.round(ms / 1000)
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`
}

/** BullMQ's lowest priority (its highest is 1; 2^21 is refused). */
const LOWEST = 2 ** 21 - 1

/**
 * The farm's priority (higher first, any number: estimated nodes, planning before all) as
 * BullMQ's (1 first, whole numbers up to 2^21), on a log scale, so that the heaviest parts of
 * a search wait in Redis ahead of the light ones whoever submitted them first.
 */
const bullPriority = (p: number): number =>
  Math.max(1, LOWEST - Math.round(Math.log2(1 + Math.max(0, p)) * 2 ** 15))

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

  /** Looks again at the processes serving the queue (`workers`), and returns their number. */
  private async countWorkers(): Promise<number> {
    this.serving = await servingProcesses(this.queue)
    return this.serving
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
    /** Tasks in hand: their input and priority, and the job they are in (none while waiting). */
    const inHand = new Map<string, { input: unknown; priority: number; job?: string }>()
    /** The jobs in Redis: their tasks still in hand, when they went, checks that missed them. */
    const jobs = new Map<string, { tasks: string[]; since: number; missing: number }>()
    let jobCount = 0
    /** Submitted tasks not yet in a job: they go out together (see `flush`). */
    let waiting: string[] = []
    let flushing: ReturnType<typeof setTimeout> | undefined
    /** Tasks per job, from the time tasks took so far: light tasks go many to a job. */
    let batch = 1
    let taskMs: number | undefined

    /** The tasks of one of this run's jobs still in hand (an answer counts once, whoever gives it). */
    const tasksOf = (id: string): string[] => {
      const j = jobs.get(id)
      if (!j) return []
      // Any word of a job but its arrival comes from a worker.
      answered = true
      return j.tasks.filter((t) => inHand.get(t)?.job === id)
    }
    /** A task's answer is in: it leaves the hand, and its job when that has no task left. */
    const settle = (task: string) => {
      const job = inHand.get(task)?.job
      inHand.delete(task)
      const j = job === undefined ? undefined : jobs.get(job)
      if (j && j.tasks.every((t) => inHand.get(t)?.job !== job)) jobs.delete(job!)
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
    const writeRecord = () => redis.set(runKey(run), JSON.stringify(record), 'EX', RUN_TTL_S)
    /** Jobs go out in the order the farm submits them, one after the other. */
    let adding: Promise<unknown> = writeRecord().catch((e: Error) =>
      breakDown(`cannot write to Redis at ${this.label} (${e.message})`),
    )

    /** Puts tasks in hand into jobs of `batch` tasks, the most urgent first, and adds them. */
    const flush = () => {
      clearTimeout(flushing)
      flushing = undefined
      const tasks = waiting.filter((t) => inHand.has(t))
      waiting = []
      tasks.sort((x, y) => inHand.get(x)!.priority - inHand.get(y)!.priority)
      const size = jobSize()
      for (let i = 0; i < tasks.length; i += size) {
        const group = tasks.slice(i, i + size)
        const id = `${run}.${++jobCount}`
        jobs.set(id, { tasks: group, since: Date.now(), missing: 0 })
        for (const t of group) inHand.get(t)!.job = id
        const data: TaskJob = {
          app: APP,
          protocol: QUEUE_PROTOCOL,
          version: this.version,
          run,
          tasks: group.map((task) => ({ task, input: inHand.get(task)!.input })),
        }
        adding = adding.then(() =>
          queue
            .add('tasks', data, {
              jobId: id,
              priority: inHand.get(group[0])?.priority ?? LOWEST,
              removeOnComplete: true,
              removeOnFail: true,
            })
            .catch((e: Error) => {
              // Redis away: the check below says so, and sends the job again once it is back.
              if (redis.status === 'ready')
                breakDown(`cannot add a task to Redis at ${this.label} (${e.message})`)
            }),
        )
      }
    }
    /** Tasks per job: `batch` once the tasks' time is known, and at most a SPREAD-th of the hand. */
    const jobSize = () =>
      Math.min(
        taskMs === undefined ? MAX_BATCH : batch,
        Math.ceil(inHand.size / Math.max(SPREAD, JOBS_PER_PROCESS * this.workers())),
      )
    /**
     * Tasks go out in jobs of `jobSize()`: at once when there are that many, else after a moment, as
     * more may come (the answers of one job come together, and the farm refills at once).
     */
    const send = (tasks: readonly string[]) => {
      waiting.push(...tasks)
      if (taskMs !== undefined && waiting.length >= jobSize()) flush()
      else flushing ??= setTimeout(flush, LINGER_MS)
    }
    /** The job's tasks go out again in new jobs (their job was lost, or handed back). */
    const resend = (tasks: readonly string[], why: string) => {
      if (tasks.length === 0) return
      for (const t of tasks) settleJob(t)
      send(tasks)
      emit({ type: 'requeued', tasks, why })
    }
    const settleJob = (task: string) => {
      const t = inHand.get(task)
      if (t?.job !== undefined) jobs.delete(t.job)
      if (t) t.job = undefined
    }

    const onCompleted = ({ jobId: id, returnvalue }: { jobId: string; returnvalue: unknown }) => {
      if (closed) return
      const tasks = new Set(tasksOf(id))
      const { answers, ms } = returnvalue as JobAnswer
      // A mean of the last few jobs' time per task; jobs of about BATCH_MS each (before the
      // answers, whose refill makes the next job).
      const per = ms / Math.max(1, answers.length)
      taskMs = taskMs === undefined ? per : 0.8 * taskMs + 0.2 * per
      batch = Math.max(1, Math.min(MAX_BATCH, Math.floor(BATCH_MS / Math.max(taskMs, 0.1))))
      for (const [task, answer] of answers) {
        if (!tasks.has(task)) continue
        settle(task)
        if ('lost' in answer) emit({ type: 'lost', tasks: [task], running: task, why: answer.lost })
        else if ('error' in answer)
          emit({ type: 'error', task, message: answer.error, input: answer.input })
        else {
          for (const item of answer.items) emit({ type: 'item', task, item })
          emit({ type: 'done', task, result: answer.result })
        }
      }
    }
    // A job fails only when a worker refuses it (another version, the run over) or it stalled
    // once too often.
    const onFailed = ({ jobId: id, failedReason }: { jobId: string; failedReason: string }) => {
      if (closed) return
      const tasks = tasksOf(id)
      if (tasks.length === 0) return
      if (failedReason === runOver(run)) {
        // Redis lost the run's record (a restart, or it expired while this host was cut off)
        // while the job got there: both go again.
        adding = adding.then(() => writeRecord().catch(() => {}))
        return resend(tasks, redisLost)
      }
      for (const t of tasks) settle(t)
      if (/stalled more than allowable limit/i.test(failedReason))
        emit({ type: 'lost', tasks, why: 'stopped answering twice on them' })
      else emit({ type: 'error', task: tasks[0], message: failedReason, input: true })
    }
    const onProgress = ({ jobId: id, data }: { jobId: string; data: unknown }) => {
      const p = data as { task: string; fraction: number; detail?: unknown }
      if (closed || !tasksOf(id).includes(p.task)) return
      emit({ type: 'progress', task: p.task, fraction: p.fraction, detail: p.detail })
    }
    /** Jobs just back in the queue, said once the events that came with it are read. */
    const backAgain = new Set<string>()
    const onStalled = ({ jobId: id }: { jobId: string }) => {
      backAgain.delete(id)
      const tasks = tasksOf(id)
      if (closed || tasks.length === 0) return
      emit({ type: 'requeued', tasks, why: 'a worker stopped answering' })
    }
    // A worker stopped (Ctrl-C) handed its job back. A stalled job comes back the same way, its
    // stalled event right after (one script writes both, read together): that one says why.
    const onWaiting = ({ jobId: id, prev }: { jobId: string; prev?: string }) => {
      if (prev !== 'active' || closed) return
      backAgain.add(id)
      setImmediate(() => {
        if (!backAgain.delete(id) || closed) return
        const tasks = tasksOf(id)
        if (tasks.length > 0) emit({ type: 'requeued', tasks, why: 'a worker stopped' })
      })
    }
    events.on('completed', onCompleted)
    events.on('failed', onFailed)
    events.on('progress', onProgress)
    events.on('stalled', onStalled)
    events.on('waiting', onWaiting)

    // The safety net under the events: Redis restarted (the record and jobs may be gone), an
    // event missed. A job gone without an answer is sent again. Redis away: the run says so at
    // once and again now and then with the time, and goes on when it is back (Ctrl-C ends it;
    // the finished tasks are in its checkpoint).
    let awaySince: number | undefined
    let toldAway = 0
    let checking = false
    const away = () => {
      const now = Date.now()
      awaySince ??= now
      const s = (now - awaySince) / 1000
      const due =
        toldAway === 0
          ? 0
          : (AWAY_TOLD[toldAway - 1] ??
            AWAY_TOLD.at(-1)! + AWAY_EVERY_S * (toldAway - AWAY_TOLD.length))
      if (s < due) return
      toldAway++
      emit({
        type: 'notice',
        line:
          s < 1
            ? `cannot reach Redis at ${this.label}; retrying until it is back (Ctrl-C stops the run, keeping the finished tasks)`
            : `Redis at ${this.label} still unreachable after ${duration(now - awaySince)}; retrying`,
      })
    }
    const check = async () => {
      if (checking || closed || broken) return
      checking = true
      try {
        // A Redis that stopped answering without closing the connection is away too.
        await Promise.race([
          redis.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('no answer')), PING_MS).unref(),
          ),
        ])
      } catch {
        checking = false
        return away()
      }
      try {
        if (awaySince !== undefined) {
          emit({
            type: 'notice',
            line: `Redis at ${this.label} is back after ${duration(Date.now() - awaySince)}`,
          })
          awaySince = undefined
          toldAway = 0
        }
        await adding
        if (closed || broken) return
        // Nothing answered yet: say so once if no machine serves the queue (the run waits for one).
        const serving = await this.countWorkers()
        if (!answered && !told && inHand.size > 0 && serving === 0) {
          told = true
          emit({
            type: 'notice',
            line: `no worker serves the queue at ${this.label} yet; the run waits for one ('worker --queue URL' on any machine)`,
          })
        }
        const [kept] = await Promise.all([
          redis.expire(runKey(run), RUN_TTL_S),
          renewEvents(redis, queue),
        ])
        if (!kept) await writeRecord()
        const old = [...jobs].filter(([, j]) => Date.now() - j.since > CHECK_MS)
        const present = await Promise.all(old.map(([id]) => redis.exists(queue.toKey(id))))
        // Missing twice in a row: a job just finished is gone before its event arrives.
        const lost = old.filter(([id, j], i) => {
          j.missing = present[i] ? 0 : j.missing + 1
          return j.missing >= 2 && !closed && jobs.get(id) === j
        })
        resend(
          lost.flatMap(([id]) => tasksOf(id)),
          redisLost,
        )
      } catch {
        // Redis went away meanwhile: the next check says so.
      } finally {
        checking = false
      }
    }
    const timer = setInterval(() => void check(), CHECK_MS)

    const workers = () => this.workers()
    return {
      get capacity() {
        return Math.max(CAPACITY, PER_PROCESS * workers())
      },
      submit: (task) => {
        inHand.set(task.id, { input: task.input, priority: bullPriority(task.priority ?? 0) })
        send([task.id])
      },
      onEvent: (l) => void listeners.push(l),
      close: (how) => {
        if (closed) return
        closed = true
        clearInterval(timer)
        clearTimeout(flushing)
        events.off('completed', onCompleted)
        events.off('failed', onFailed)
        events.off('progress', onProgress)
        events.off('stalled', onStalled)
        events.off('waiting', onWaiting)
        const ids = [...jobs.keys()]
        inHand.clear()
        jobs.clear()
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
