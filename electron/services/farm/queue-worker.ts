import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq'
import {
  bullConnection,
  checkForeignJobs,
  connectQueue,
  foreignJobs,
  isTaskJob,
  machine,
  QUEUE_NAME,
  runKey,
  runOver,
  versionMismatch,
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
  const connection = bullConnection(o.address)
  const queue = new Queue(QUEUE_NAME, { connection })
  queue.on('error', () => {})
  try {
    await checkForeignJobs(o.address, queue)
  } catch (e) {
    redis.disconnect()
    throw e
  } finally {
    await queue.close()
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
      if (e.type === 'requeued' || e.type === 'broken' || e.type === 'notice') return
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

  /** The jobs in hand, with the lock token each was taken with. */
  const active = new Map<Job, string | undefined>()
  const processor = async (job: Job, token?: string): Promise<JobAnswer> => {
    active.set(job, token)
    try {
      return await serve(job)
    } finally {
      active.delete(job)
    }
  }
  const serve = async (job: Job): Promise<JobAnswer> => {
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

  const worker = new Worker(QUEUE_NAME, processor, {
    connection,
    concurrency: 2 * o.jobs,
    lockDuration: o.stallMs,
    stalledInterval: o.stallMs,
    maxStalledCount: 1,
  })
  worker.on('error', () => {})
  await worker.waitUntilReady()
  o.onReady?.()

  // A run whose record is gone is over: its tasks in hand stop at once (their processes killed).
  const check = setInterval(() => {
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
    // Its tasks in hand go back to the queue at once, for the other workers (a worker that dies
    // instead leaves them to BullMQ's stalled-job check, after --stall-after).
    await Promise.all([...active].map(([job, token]) => job.moveToWait(token).catch(() => {})))
    for (const state of runs.values()) state.session.close('stop')
    pool.close()
    await worker.close(true).catch(() => {})
    redis.disconnect()
  }
}
