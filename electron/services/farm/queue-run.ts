import { randomBytes } from 'node:crypto'
import type { Queue, QueueEvents } from 'bullmq'
import type { Redis } from 'ioredis'
import type { KindName } from '../../worker/protocol'
import {
  APP,
  JOBS_PER_PROCESS,
  QUEUE_PROTOCOL,
  renewEvents,
  runKey,
  runOver,
  RUN_TTL_S,
  type JobAnswer,
  type RunRecord,
  type TaskJob,
} from './queue-connection'
import type { FarmSession, SessionEvent } from './transport'

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

/** What a run needs of its QueueTransport: the connections, and what it knows of the workers. */
export interface QueueLink {
  readonly redis: Redis
  readonly queue: Queue
  readonly events: QueueEvents
  /** The version its jobs say. */
  readonly version: string
  /** HOST:PORT, for the lines the user reads. */
  readonly label: string
  /** The processes serving the queue, as last seen (QueueTransport.workers). */
  workers(): number
  /** Looks at them again, and returns their number (undefined: Redis would not say). */
  countWorkers(): Promise<number | undefined>
  /** Takes the run out of Redis once `after` settles: its record, and the jobs `ids`. */
  removeRun(after: Promise<unknown>, run: string, ids: string[]): void
}

/** Tasks per job: light tasks go many to a job, from the time tasks took so far. */
class JobSizer {
  private batch = 1
  private taskMs: number | undefined

  /** Whether the tasks' time is known (from the first answer on). */
  get timed(): boolean {
    return this.taskMs !== undefined
  }

  /**
   * A job's answer: a mean of the last few jobs' time per task, and jobs of about BATCH_MS each
   * (before the answers, whose refill makes the next job).
   */
  learn({ answers, ms }: JobAnswer): void {
    const per = ms / Math.max(1, answers.length)
    this.taskMs = this.taskMs === undefined ? per : 0.8 * this.taskMs + 0.2 * per
    this.batch = Math.max(1, Math.min(MAX_BATCH, Math.floor(BATCH_MS / Math.max(this.taskMs, 0.1))))
  }

  /** `batch` once the tasks' time is known, and at most a SPREAD-th (or a job a process) of the hand. */
  size(inHand: number, workers: number): number {
    return Math.min(
      this.taskMs === undefined ? MAX_BATCH : this.batch,
      Math.ceil(inHand / Math.max(SPREAD, JOBS_PER_PROCESS * workers)),
    )
  }
}

/**
 * Redis away, for the user: said at once, then again after AWAY_TOLD seconds and every
 * AWAY_EVERY_S, with the time; and said when it is back.
 */
class RedisAbsence {
  private since: number | undefined
  private told = 0

  constructor(private readonly label: string) {}

  /** A check found Redis away: the line to say now, if one is due. */
  away(): string | undefined {
    const now = Date.now()
    this.since ??= now
    const s = (now - this.since) / 1000
    const { told } = this
    const due =
      told === 0
        ? 0
        : (AWAY_TOLD[told - 1] ?? AWAY_TOLD.at(-1)! + AWAY_EVERY_S * (told - AWAY_TOLD.length))
    if (s < due) return undefined
    this.told++
    return s < 1
      ? `cannot reach Redis at ${this.label}; retrying until it is back (Ctrl-C stops the run, keeping the finished tasks)`
      : `Redis at ${this.label} still unreachable after ${duration(now - this.since)}; retrying`
  }

  /** A check reached Redis: the line to say, if it was away. */
  back(): string | undefined {
    if (this.since === undefined) return undefined
    const line = `Redis at ${this.label} is back after ${duration(Date.now() - this.since)}`
    this.since = undefined
    this.told = 0
    return line
  }
}

/** A task in hand: its input and priority, and the job it is in (none while waiting). */
interface InHand {
  readonly input: unknown
  readonly priority: number
  job?: string
}

/** A job in Redis: its tasks still in hand, when it went, checks that missed it. */
interface SentJob {
  readonly tasks: string[]
  readonly since: number
  missing: number
}

/**
 * One run on the queue (QueueTransport.open): its record in Redis, its tasks put into jobs
 * (`send`, `flush`), BullMQ's events about them turned into the farm's (`onCompleted` …), a
 * check every second under those (`check`), and its end (`close`), which takes it out of Redis.
 */
export class QueueRun implements FarmSession {
  private readonly run = randomBytes(8).toString('hex')
  private readonly record: RunRecord
  private readonly listeners: ((e: SessionEvent) => void)[] = []
  private readonly inHand = new Map<string, InHand>()
  private readonly jobs = new Map<string, SentJob>()
  private jobCount = 0
  /** Submitted tasks not yet in a job: they go out together (see `flush`). */
  private waiting: string[] = []
  private flushing: ReturnType<typeof setTimeout> | undefined
  private readonly sizer = new JobSizer()
  /** Jobs go out in the order the farm submits them, one after the other. */
  private adding: Promise<unknown>
  private closed = false
  private broken = false
  /** Whether a worker took up one of the run's tasks yet, and whether nobody doing so was said. */
  private answered = false
  private toldNoWorker = false
  /** Jobs just back in the queue, said once the events that came with it are read. */
  private readonly backAgain = new Set<string>()
  private readonly absence: RedisAbsence
  private checking = false
  private readonly timer: ReturnType<typeof setInterval>
  private readonly redisLost: string

  constructor(
    private readonly link: QueueLink,
    job: { readonly kind: KindName; readonly setup: unknown },
  ) {
    this.record = {
      app: APP,
      protocol: QUEUE_PROTOCOL,
      version: link.version,
      kind: job.kind,
      setup: job.setup,
    }
    this.redisLost = `Redis at ${link.label} lost tasks in hand (restarted?)`
    this.absence = new RedisAbsence(link.label)
    this.adding = this.writeRecord().catch((e: Error) =>
      this.breakDown(`cannot write to Redis at ${link.label} (${e.message})`),
    )
    this.listen()
    // A transport kept between runs (the app's) counts the workers again for each: a run's
    // parts are sized for those serving the queue when it plans them.
    void link.countWorkers()
    this.timer = setInterval(() => void this.check(), CHECK_MS)
  }

  get capacity(): number {
    return Math.max(CAPACITY, PER_PROCESS * this.link.workers())
  }

  submit(task: { readonly id: string; readonly input: unknown; readonly priority?: number }): void {
    this.inHand.set(task.id, { input: task.input, priority: bullPriority(task.priority ?? 0) })
    this.send([task.id])
  }

  onEvent(listener: (e: SessionEvent) => void): void {
    this.listeners.push(listener)
  }

  /** Ends the run: it stops listening, and its record and (stopped) its jobs leave Redis. */
  close(how: 'done' | 'stop'): void {
    if (this.closed) return
    this.closed = true
    clearInterval(this.timer)
    clearTimeout(this.flushing)
    this.unlisten()
    const ids = [...this.jobs.keys()]
    this.inHand.clear()
    this.jobs.clear()
    this.link.removeRun(this.adding, this.run, how === 'stop' ? ids : [])
  }

  private emit(e: SessionEvent): void {
    this.listeners.forEach((l) => l(e))
  }

  private breakDown(why: string): void {
    if (this.broken || this.closed) return
    this.broken = true
    this.emit({ type: 'broken', why })
  }

  private writeRecord(): Promise<unknown> {
    return this.link.redis.set(runKey(this.run), JSON.stringify(this.record), 'EX', RUN_TTL_S)
  }

  // Job batching.

  /**
   * Tasks go out in jobs of the sizer's size: at once when there are that many, else after a
   * moment, as more may come (the answers of one job come together, and the farm refills at once).
   */
  private send(tasks: readonly string[]): void {
    this.waiting.push(...tasks)
    if (this.sizer.timed && this.waiting.length >= this.jobSize()) this.flush()
    else this.flushing ??= setTimeout(() => this.flush(), LINGER_MS)
  }

  private jobSize(): number {
    return this.sizer.size(this.inHand.size, this.link.workers())
  }

  /** Puts the waiting tasks into jobs, the most urgent first, and adds them. */
  private flush(): void {
    clearTimeout(this.flushing)
    this.flushing = undefined
    const { inHand, link } = this
    const tasks = this.waiting.filter((t) => inHand.has(t))
    this.waiting = []
    tasks.sort((x, y) => inHand.get(x)!.priority - inHand.get(y)!.priority)
    const size = this.jobSize()
    for (let i = 0; i < tasks.length; i += size) {
      const group = tasks.slice(i, i + size)
      const id = `${this.run}.${++this.jobCount}`
      this.jobs.set(id, { tasks: group, since: Date.now(), missing: 0 })
      for (const t of group) inHand.get(t)!.job = id
      const data: TaskJob = {
        app: APP,
        protocol: QUEUE_PROTOCOL,
        version: link.version,
        run: this.run,
        tasks: group.map((task) => ({ task, input: inHand.get(task)!.input })),
      }
      this.adding = this.adding.then(() =>
        link.queue
          .add('tasks', data, {
            jobId: id,
            priority: inHand.get(group[0])?.priority ?? LOWEST,
            removeOnComplete: true,
            removeOnFail: true,
          })
          .catch((e: Error) => {
            // Redis away: the check below says so, and sends the job again once it is back.
            if (link.redis.status === 'ready')
              this.breakDown(`cannot add a task to Redis at ${link.label} (${e.message})`)
          }),
      )
    }
  }

  /** The tasks go out again in new jobs (their job was lost, or handed back). */
  private resend(tasks: readonly string[], why: string): void {
    if (tasks.length === 0) return
    for (const task of tasks) {
      const t = this.inHand.get(task)
      if (t?.job !== undefined) this.jobs.delete(t.job)
      if (t) t.job = undefined
    }
    this.send(tasks)
    this.emit({ type: 'requeued', tasks, why })
  }

  /** The tasks of one of this run's jobs still in hand (an answer counts once, whoever gives it). */
  private tasksOf(id: string): string[] {
    const j = this.jobs.get(id)
    if (!j) return []
    // Any word of a job but its arrival comes from a worker.
    this.answered = true
    return j.tasks.filter((t) => this.inHand.get(t)?.job === id)
  }

  /** A task's answer is in: it leaves the hand, and its job when that has no task left. */
  private settle(task: string): void {
    const job = this.inHand.get(task)?.job
    this.inHand.delete(task)
    const j = job === undefined ? undefined : this.jobs.get(job)
    if (j && j.tasks.every((t) => this.inHand.get(t)?.job !== job)) this.jobs.delete(job!)
  }

  // Event handling: BullMQ's events of the run's jobs, as the farm's.

  private listen(): void {
    const { events } = this.link
    events.on('completed', this.onCompleted)
    events.on('failed', this.onFailed)
    events.on('progress', this.onProgress)
    events.on('stalled', this.onStalled)
    events.on('waiting', this.onWaiting)
  }

  private unlisten(): void {
    const { events } = this.link
    events.off('completed', this.onCompleted)
    events.off('failed', this.onFailed)
    events.off('progress', this.onProgress)
    events.off('stalled', this.onStalled)
    events.off('waiting', this.onWaiting)
  }

  private readonly onCompleted = ({
    jobId: id,
    returnvalue,
  }: {
    jobId: string
    returnvalue: unknown
  }): void => {
    if (this.closed) return
    const tasks = new Set(this.tasksOf(id))
    const answer = returnvalue as JobAnswer
    this.sizer.learn(answer)
    for (const [task, a] of answer.answers) {
      if (!tasks.has(task)) continue
      this.settle(task)
      if ('lost' in a) this.emit({ type: 'lost', tasks: [task], running: task, why: a.lost })
      else if ('error' in a) this.emit({ type: 'error', task, message: a.error, input: a.input })
      else {
        for (const item of a.items) this.emit({ type: 'item', task, item })
        this.emit({ type: 'done', task, result: a.result })
      }
    }
  }

  // A job fails only when a worker refuses it (another version, the run over) or it stalled
  // once too often.
  private readonly onFailed = ({
    jobId: id,
    failedReason,
  }: {
    jobId: string
    failedReason: string
  }): void => {
    if (this.closed) return
    const tasks = this.tasksOf(id)
    if (tasks.length === 0) return
    if (failedReason === runOver(this.run)) {
      // Redis lost the run's record (a restart, or it expired while this host was cut off)
      // while the job got there: both go again.
      this.adding = this.adding.then(() => this.writeRecord().catch(() => {}))
      return this.resend(tasks, this.redisLost)
    }
    for (const t of tasks) this.settle(t)
    if (/stalled more than allowable limit/i.test(failedReason))
      this.emit({ type: 'lost', tasks, why: 'stopped answering twice on them' })
    else this.emit({ type: 'error', task: tasks[0], message: failedReason, input: true })
  }

  private readonly onProgress = ({ jobId: id, data }: { jobId: string; data: unknown }): void => {
    const p = data as { task: string; fraction: number; detail?: unknown }
    if (this.closed || !this.tasksOf(id).includes(p.task)) return
    this.emit({ type: 'progress', task: p.task, fraction: p.fraction, detail: p.detail })
  }

  private readonly onStalled = ({ jobId: id }: { jobId: string }): void => {
    this.backAgain.delete(id)
    const tasks = this.tasksOf(id)
    if (this.closed || tasks.length === 0) return
    this.emit({ type: 'requeued', tasks, why: 'a worker stopped answering' })
  }

  // A worker stopped (Ctrl-C) handed its job back. A stalled job comes back the same way, its
  // stalled event right after (one script writes both, read together): that one says why.
  private readonly onWaiting = ({ jobId: id, prev }: { jobId: string; prev?: string }): void => {
    if (prev !== 'active' || this.closed) return
    this.backAgain.add(id)
    setImmediate(() => {
      if (!this.backAgain.delete(id) || this.closed) return
      const tasks = this.tasksOf(id)
      if (tasks.length > 0) this.emit({ type: 'requeued', tasks, why: 'a worker stopped' })
    })
  }

  // The safety check under the events: Redis restarted (the record and jobs may be gone), an
  // event missed. A job gone without an answer is sent again. Redis away: the run says so at
  // once and again now and then with the time, and goes on when it is back (Ctrl-C ends it;
  // the finished tasks are in its checkpoint).

  private async check(): Promise<void> {
    if (this.checking || this.closed || this.broken) return
    this.checking = true
    const { redis, queue } = this.link
    try {
      // A Redis that stopped answering without closing the connection is away too.
      await Promise.race([
        redis.ping(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error('no answer')), PING_MS).unref(),
        ),
      ])
    } catch {
      this.checking = false
      const line = this.absence.away()
      if (line !== undefined) this.emit({ type: 'notice', line })
      return
    }
    try {
      const back = this.absence.back()
      if (back !== undefined) this.emit({ type: 'notice', line: back })
      await this.adding
      if (this.closed || this.broken) return
      this.sayNoWorker(await this.link.countWorkers())
      const [kept] = await Promise.all([
        redis.expire(runKey(this.run), RUN_TTL_S),
        renewEvents(redis, queue),
      ])
      if (!kept) await this.writeRecord()
      await this.resendLost()
    } catch {
      // Redis went away meanwhile: the next check says so.
    } finally {
      this.checking = false
    }
  }

  /** Nothing answered yet: says so once if no machine serves the queue (the run waits for one). */
  private sayNoWorker(serving: number | undefined): void {
    if (this.answered || this.toldNoWorker || this.inHand.size === 0 || serving !== 0) return
    this.toldNoWorker = true
    this.emit({
      type: 'notice',
      line: `no worker serves the queue at ${this.link.label} yet; the run waits for one ('worker --queue URL' on any machine)`,
    })
  }

  /** Sends again the tasks of the jobs Redis lost (missing at two checks in a row). */
  private async resendLost(): Promise<void> {
    const { redis, queue } = this.link
    const old = [...this.jobs].filter(([, j]) => Date.now() - j.since > CHECK_MS)
    const present = await Promise.all(old.map(([id]) => redis.exists(queue.toKey(id))))
    // Missing twice in a row: a job just finished is gone before its event arrives.
    const lost = old.filter(([id, j], i) => {
      j.missing = present[i] ? 0 : j.missing + 1
      return j.missing >= 2 && !this.closed && this.jobs.get(id) === j
    })
    this.resend(
      lost.flatMap(([id]) => this.tasksOf(id)),
      this.redisLost,
    )
  }
}
