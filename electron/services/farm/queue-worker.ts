import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import {
  bullConnection,
  checkForeignJobs,
  connectQueue,
  failFast,
  foreignJobs,
  isTaskJob,
  JOBS_PER_PROCESS,
  machine,
  QUEUE_NAME,
  renewEvents,
  runKey,
  runOver,
  versionMismatch,
  workerName,
  type QueueAddress,
  type RunRecord,
  type JobAnswer,
  type TaskAnswer,
} from './queue-connection'
import { WarmPool, type LaunchWorker } from './processes'
import { LocalWorkers, type FarmSession } from './transport'

export interface ServeOptions {
  readonly address: QueueAddress
  /** Local worker processes. */
  readonly jobs: number
  readonly launch: LaunchWorker
  /**
   * A task whose worker stops answering (killed, its machine gone) goes to another worker after
   * this long: the lock a worker keeps on its tasks and how often workers look for lost ones.
   */
  readonly stallMs: number
  /** A line for the user (a refused task, a foreign job). */
  readonly onLine: (line: string) => void
  /** Once it takes tasks. */
  readonly onReady?: () => void
}

/** How often a worker looks whether the runs it has tasks of are still on. */
const RUN_CHECK_MS = 500
/** Progress goes to Redis at most this often per task. */
const PROGRESS_MS = 250
/** The longest between two looks for jobs whose worker died (see the Worker's options). */
const MAX_CHECK_MS = 5000

interface RunState {
  readonly session: FarmSession
  /** By job id and place in the job. */
  readonly tasks: Map<string, Pending>
}

interface Pending {
  readonly input: unknown
  readonly resolve: (answer: TaskAnswer) => void
  readonly reject: (e: Error) => void
  readonly items: unknown[]
  readonly progress: (fraction: number, detail: unknown) => void
}

/**
 * Serves the queue: takes tasks of any run and runs them on `jobs` local worker processes, warm
 * from one run to the next, two tasks in hand each. A run's record (its kind and setup) is read
 * when its first task arrives; a run whose record is gone (cancelled, finished) has its tasks in
 * hand stopped within RUN_CHECK_MS. Returns
 * when `signal` aborts or the queue holds a foreign job (then rejecting with that line).
 */
export async function serveQueue(o: ServeOptions, signal: AbortSignal): Promise<void> {
  const redis = await connectQueue(o.address)
  // Kept open for handing the jobs in hand back when the worker stops: commands fail at once
  // while Redis is away (the jobs then go back when their locks lapse).
  let closing = false
  const queue = new Queue(QUEUE_NAME, { connection: failFast(o.address, () => closing) })
  queue.on('error', () => {})
  try {
    await checkForeignJobs(o.address, redis, queue)
  } catch (e) {
    closing = true
    await queue.close().catch(() => {})
    redis.disconnect()
    throw e
  }
  const pool = new WarmPool(o.launch, o.jobs)
  const runs = new Map<string, RunState>()
  const refused = new Set<string>()
  let stop: (e?: Error) => void = () => {}
  const stopped = new Promise<void>((resolve, reject) => {
    stop = (e) => (e ? reject(e) : resolve())
  })

  const openRun = async (run: string): Promise<RunState> => {
    // A run open here is on until the check below finds its record gone: a round trip less per job.
    const open = runs.get(run)
    if (open) return open
    const text = await redis.get(runKey(run))
    if (text === null) throw new UnrecoverableError(runOver(run))
    const record = JSON.parse(text) as RunRecord
    const existing = runs.get(run)
    if (existing) return existing
    // Processes kept by runs with nothing in hand go back to the pool for this one.
    for (const [id, r] of runs)
      if (r.tasks.size === 0) {
        r.session.close('done')
        runs.delete(id)
      }
    const state: RunState = {
      session: new LocalWorkers(pool, o.jobs).open({ kind: record.kind, setup: record.setup }),
      tasks: new Map(),
    }
    state.session.onEvent((e) => {
      if (e.type === 'lost') {
        for (const task of e.tasks) {
          const p = state.tasks.get(task)
          if (!p) continue
          // The run decides whether the task that may have killed it goes out again; the
          // others had not started and go to another process here.
          if (task !== e.running && e.running !== undefined)
            state.session.submit({ id: task, input: p.input })
          else {
            state.tasks.delete(task)
            p.resolve({ lost: `on ${machine()} ${e.why}` })
          }
        }
        return
      }
      if (e.type === 'requeued' || e.type === 'broken' || e.type === 'notice' || e.type === 'wider')
        return
      const p = state.tasks.get(e.task)
      if (!p) return
      if (e.type === 'progress') p.progress(e.fraction, e.detail)
      else if (e.type === 'item') p.items.push(e.item)
      else {
        state.tasks.delete(e.task)
        p.resolve(
          e.type === 'done'
            ? { result: e.result, items: p.items }
            : { error: e.message, input: e.input },
        )
      }
    })
    runs.set(run, state)
    return state
  }

  const processor = async (job: Job): Promise<JobAnswer> => {
    const data: unknown = job.data
    if (!isTaskJob(data)) {
      stop(foreignJobs(o.address, job.id))
      // Left to go back to the queue when its lock lapses: it is not ours to fail.
      return new Promise<never>(() => {})
    }
    const mismatch = versionMismatch(data)
    if (mismatch) {
      if (!refused.has(data.run)) o.onLine(mismatch)
      refused.add(data.run)
      throw new UnrecoverableError(mismatch)
    }
    const state = await openRun(data.run)
    const t0 = performance.now()
    // A job answered within PROGRESS_MS says nothing before: its answer is its progress.
    let last = t0
    const progress = (task: string, fraction: number, detail: unknown) => {
      const now = performance.now()
      if (now - last < PROGRESS_MS) return
      last = now
      void job.updateProgress({ task, fraction, detail }).catch(() => {})
    }
    // Known here by the job's id and the task's place in it: two attempts at one task may meet
    // in one worker.
    const answers = await Promise.all(
      data.tasks.map(
        ({ task, input }, i) =>
          new Promise<readonly [string, TaskAnswer]>((resolve, reject) => {
            const id = `${job.id}/${i}`
            state.tasks.set(id, {
              input,
              resolve: (answer) => resolve([task, answer]),
              reject,
              items: [],
              progress: (fraction, detail) => progress(task, fraction, detail),
            })
            state.session.submit({ id, input })
          }),
      ),
    )
    return { answers, ms: performance.now() - t0 }
  }

  // A dead worker's job goes back at most stallMs after its last lock renewal: its lock lapses
  // (lockDuration), then the next check finds it (stalledInterval). The check runs often (it is
  // cheap, and one worker's check holds off everyone's for its interval), the lock lasts the rest.
  // Whole milliseconds: Redis takes no other (PX).
  const checkMs = Math.round(Math.min(o.stallMs / 3, MAX_CHECK_MS))
  const worker = new Worker(QUEUE_NAME, processor, {
    connection: bullConnection(o.address),
    // Its processes, told to the runs that size their parts by the queue's (servingProcesses).
    name: workerName(o.jobs),
    concurrency: JOBS_PER_PROCESS * o.jobs,
    lockDuration: o.stallMs - checkMs,
    stalledInterval: checkMs,
    maxStalledCount: 1,
  })
  worker.on('error', () => {})
  await worker.waitUntilReady()
  o.onReady?.()

  // A run whose record is gone is over: its tasks in hand stop at once (their processes killed).
  const check = setInterval(() => {
    // The answers this worker sends outlive the run's host (killed before it renewed them) a day.
    if (runs.size > 0) void renewEvents(redis, queue).catch(() => {})
    for (const [run, state] of runs)
      void redis.exists(runKey(run)).then(
        (n) => {
          if (n || runs.get(run) !== state) return
          runs.delete(run)
          state.session.close(state.tasks.size > 0 ? 'stop' : 'done')
          for (const p of state.tasks.values()) p.reject(new UnrecoverableError(runOver(run)))
        },
        () => {},
      )
  }, RUN_CHECK_MS)

  const onAbort = () => stop()
  signal.addEventListener('abort', onAbort, { once: true })
  try {
    await stopped
  } finally {
    signal.removeEventListener('abort', onAbort)
    clearInterval(check)
    // Fetching stops first (the worker's connections closed); then every job this worker has
    // locked goes back to the queue at once, for the other workers: those it runs and those it
    // fetched ahead and had not started. (A worker that dies instead leaves them to the
    // stalled-job check, after --stall-after.)
    await worker.close(true).catch(() => {})
    await handBack(redis, queue, worker.id)
    for (const state of runs.values()) state.session.close('stop')
    pool.close()
    // A Redis that is away is no longer retried.
    closing = true
    await queue.close().catch(() => {})
    redis.disconnect()
  }
}

/**
 * Moves back to the queue every active job whose lock is this worker's (BullMQ's lock tokens are
 * `${worker.id}:n`). The move checks the token in Redis, so a job whose lock lapsed and went to
 * another worker meanwhile stays there.
 */
async function handBack(redis: Redis, queue: Queue, workerId: string): Promise<void> {
  try {
    const ids = await redis.lrange(queue.keys.active, 0, -1)
    if (ids.length === 0) return
    const locks = await redis.mget(ids.map((id) => `${queue.toKey(id)}:lock`))
    await Promise.all(
      ids.map(async (id, i) => {
        const token = locks[i]
        if (!token?.startsWith(`${workerId}:`)) return
        await (await queue.getJob(id))?.moveToWait(token)
      }),
    )
  } catch {
    // Redis is away: the jobs go back when their locks lapse.
  }
}
