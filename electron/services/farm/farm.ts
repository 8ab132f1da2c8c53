import { InputError, RunError } from '../../../shared/errors'
import { TimeLeft } from '../../../shared/time-left'
import type { DetailOf, InputOf, ItemOf, KindName, ResultOf, SetupOf } from '../../worker/protocol'
import { describeFsError } from '../fs-errors'
import { badCheckpoint, readCheckpoint, writeCheckpoint, type CheckpointSpec } from './checkpoint'
import { TaskQueue } from './task-queue'
import type { FarmSession, FarmTransport } from './transport'

/**
 * The task farm: one way to run a job's tasks on worker processes (tilings, queens, Tait, the
 * puzzle generator…). Tasks come from the job's plan and from the results of earlier tasks (a
 * planned figure's parts, a count's next pass); they go out heaviest first, a few in hand per
 * worker. The farm reports progress by the tasks' weights with the rate and the time left, stops
 * at once on cancel, reports a worker that died in one line and runs its tasks again (once: a
 * task that kills its worker twice ends the run), and keeps an atomic checkpoint of the finished
 * tasks, from which a stopped run resumes with nothing done twice.
 *
 * What runs where is the transport's business (transport.ts); what a task means is the job's.
 */
export interface FarmTask<I = unknown> {
  /** Unique in the run and the same in every run of the plan: checkpoints and retries go by it. */
  readonly id: string
  readonly input: I
  /** Its share of the work (estimated nodes, say): progress and the time left go by it. */
  readonly weight: number
  /** Higher goes out first (default 0); tasks of equal priority in the order they came. */
  readonly priority?: number
  /**
   * Tasks that share what a worker builds for them (a figure's problem): a process that ran one
   * takes another of the group when one is among the next few waiting, so that fewer build it.
   */
  readonly group?: string
}

/** What a finished task adds to the run. */
export interface TaskEffect<I> {
  /** Tasks it leads to. */
  readonly next?: readonly FarmTask<I>[]
  /**
   * Weight it has beyond its own (negative: less), known once it ran: a figure found small and
   * searched whole, a search weighed by the work it made rather than by its estimate.
   */
  readonly weight?: number
}

export interface FarmJob<K extends KindName> {
  readonly kind: K
  readonly setup: SetupOf<K>
  /** The plan's tasks; results may add more (`onResult`). */
  readonly tasks: Iterable<FarmTask<InputOf<K>>>
  /**
   * A task's result, from a worker or, when `resumed`, from the checkpoint. Throwing ends the run
   * with that error (a search found too large, say).
   */
  readonly onResult?: (
    task: FarmTask<InputOf<K>>,
    result: ResultOf<K>,
    resumed: boolean,
  ) => TaskEffect<InputOf<K>> | void
  /**
   * What goes out with a task when it is sent (default: its input): the input with what the run
   * has learnt since the task was planned (the set explorer's best so far, a bound).
   */
  readonly sending?: (task: FarmTask<InputOf<K>>) => InputOf<K>
  /**
   * What the checkpoint keeps of a task's result (default: the result as the worker sent it);
   * undefined keeps nothing, so that a resumed run does the task again.
   */
  readonly record?: (task: FarmTask<InputOf<K>>, result: ResultOf<K>) => ResultOf<K> | undefined
  readonly onItem?: (task: FarmTask<InputOf<K>>, item: ItemOf<K>) => void
  readonly onTaskProgress?: (
    task: FarmTask<InputOf<K>>,
    fraction: number,
    detail: DetailOf<K> | undefined,
  ) => void
  /**
   * The share of the whole work whose tasks are known so far, in (0, 1] (default 1): while
   * figures are still being planned, the weight known so far stands for that share of the total.
   */
  readonly known?: () => number
  /**
   * Whether the work still to be weighed is known (default: always): until then the time left is
   * not estimated, and its rate is measured from then on (a tiling run's planning does no weighed
   * work: `TimeLeft`).
   */
  readonly settled?: () => boolean
}

export interface FarmCheckpoint<K extends KindName, Plan = unknown> {
  readonly path: string
  readonly spec: CheckpointSpec<Plan, ResultOf<K>>
  readonly plan: Plan
}

export interface FarmOptions<K extends KindName, Plan> {
  readonly transport: FarmTransport
  readonly signal?: AbortSignal
  readonly checkpoint?: FarmCheckpoint<K, Plan>
  /** A few times a second, and as each task ends. */
  readonly onProgress?: (p: FarmProgress) => void
  /** Something the user should know that does not stop the run, in one line. */
  readonly onNotice?: (line: string) => void
}

export interface FarmProgress {
  /** Of the work, by weight, in [0, 1]. */
  readonly fraction: number
  /** Weight done (a running task by how far it has come) and in all, as far as known. */
  readonly done: number
  readonly total: number
  readonly tasksDone: number
  readonly tasks: number
  readonly elapsedMs: number
  /** Weight per second done in this run, since its first task went out. */
  readonly rate: number
  readonly etaSeconds?: number
}

export interface FarmOutcome {
  /** Every task finished. */
  readonly complete: boolean
  readonly cancelled: boolean
  /**
   * Why the run stopped early: an InputError when a task refused its input (or a callback threw
   * one), a RunError when a worker died twice on a task or the checkpoint could not be written.
   */
  readonly error?: Error
  readonly tasks: number
  readonly tasksDone: number
  /** Tasks whose results came from the checkpoint. */
  readonly resumed: number
  readonly elapsedMs: number
}

/** Least time between progress reports while tasks run (each task's end is reported). */
const REPORT_MS = 100
/** Least time between checkpoint writes; a write may take at most a twentieth of the time. */
const SAVE_MS = 1000
const SAVE_SHARE = 20

/** Tasks named in a notice: a few by id, many by number. */
const tasksText = (ids: readonly string[]): string =>
  ids.length === 1
    ? `task ${ids[0]}`
    : ids.length <= 4
      ? `tasks ${ids.join(', ')}`
      : `${ids.length} tasks`

export async function runFarm<K extends KindName, Plan = unknown>(
  job: FarmJob<K>,
  o: FarmOptions<K, Plan>,
): Promise<FarmOutcome> {
  type Task = FarmTask<InputOf<K>>
  const t0 = Date.now()
  const cp = o.checkpoint
  const pending = new TaskQueue<Task>()
  /** The results of the finished tasks: what the checkpoint holds. */
  const results = new Map<string, ResultOf<K>>()
  const running = new Map<string, { task: Task; fraction: number; items: number }>()
  /** Items of a task passed on, so that a task run again does not pass them on twice. */
  const delivered = new Map<string, number>()
  const retried = new Set<string>()
  let known = 0
  let weightDone = 0
  let weightBefore = 0
  let tasks = 0
  let resumed = 0
  let error: Error | undefined
  let firstSent: number | undefined
  let timeLeft: TimeLeft | undefined
  /**
   * The weights of the tasks not finished, and the heaviest of them (looked for again once it
   * ends): while one task holds much of the weight left, the time left hinges on its estimate.
   */
  const unfinished = new Map<string, number>()
  let heaviest: { readonly id: string; readonly weight: number } | undefined
  const heaviestWeight = (): number => {
    if (!heaviest || !unfinished.has(heaviest.id)) {
      heaviest = undefined
      for (const [id, weight] of unfinished)
        if (weight > (heaviest?.weight ?? -1)) heaviest = { id, weight }
    }
    return heaviest?.weight ?? 0
  }

  const saved = new Map(cp ? ((await readCheckpoint(cp.path, cp.spec, cp.plan))?.done ?? []) : [])
  const finish = (task: Task, result: ResultOf<K>, fromCheckpoint: boolean) => {
    const kept = fromCheckpoint || !job.record ? result : job.record(task, result)
    if (kept !== undefined) results.set(task.id, kept)
    const effect = job.onResult?.(task, result, fromCheckpoint)
    unfinished.delete(task.id)
    const weight = task.weight + (effect?.weight ?? 0)
    known += effect?.weight ?? 0
    weightDone += weight
    if (fromCheckpoint) weightBefore += weight
    for (const next of effect?.next ?? []) admit(next)
  }
  const admit = (task: Task) => {
    tasks++
    known += task.weight
    unfinished.set(task.id, task.weight)
    if (heaviest && task.weight > heaviest.weight) heaviest = { id: task.id, weight: task.weight }
    const result = saved.get(task.id)
    if (result === undefined) return pending.push(task)
    saved.delete(task.id)
    resumed++
    finish(task, result, true)
  }
  try {
    for (const task of job.tasks) admit(task)
  } catch (e) {
    error = e as Error
  }
  // What the plan never reached is not this run's (a plan fixed in advance is checked on reading).
  const [stranger] = saved.keys()
  if (cp && stranger !== undefined && !error)
    throw badCheckpoint(cp.path, cp.spec.label, `task ${stranger} is not one of this run's`)

  // Checkpoints are written one after the other, each atomically, at most once a second (less
  // often when a write takes long) and at the end. A write that fails (a read-only folder, a
  // full disk) stops the run: going on without the checkpoint asked for would lose the work.
  let lastSave = 0
  let saveMs = 0
  let saveFailed = false
  let saving: Promise<void> = Promise.resolve()
  /** Ends the run's session at once (set while it runs). */
  let halt = () => {}
  const fail = (e: Error) => {
    error ??= e
    halt()
  }
  const save = (force: boolean): Promise<void> => {
    const now = Date.now()
    if (!cp || (!force && now - lastSave < Math.max(SAVE_MS, SAVE_SHARE * saveMs))) return saving
    lastSave = now
    const done = new Map(results)
    saving = saving.then(async () => {
      if (saveFailed) return
      const start = Date.now()
      try {
        await writeCheckpoint(cp.path, cp.spec, { plan: cp.plan, done })
      } catch (e) {
        saveFailed = true
        fail(
          new RunError(
            `${cp.path}: cannot write the checkpoint (${describeFsError(e, 'no such folder')})`,
          ),
        )
      }
      saveMs = Date.now() - start
    })
    return saving
  }
  // Before any work: a checkpoint that cannot be written is refused at once, with no outcome of
  // a run that never started (a table of zeros above the error).
  if (!error) await save(true)
  if (saveFailed && error) throw error

  let lastReport = 0
  const report = (throttled: boolean) => {
    const now = Date.now()
    if (!o.onProgress || (throttled && now - lastReport < REPORT_MS)) return
    lastReport = now
    let done = weightDone
    for (const r of running.values()) done += r.task.weight * r.fraction
    const share = job.known?.() ?? 1
    const total = share > 0 ? Math.max(known / share, done) : 0
    const workMs = firstSent === undefined ? 0 : now - firstSent
    if (firstSent !== undefined)
      timeLeft ??= new TimeLeft(job.settled ? undefined : { ms: firstSent, done: weightBefore })
    o.onProgress({
      // Nothing weighed yet (share 0: every task's weight is still to be found): nothing done.
      fraction:
        total > 0
          ? Math.min(1, done / total)
          : share === 0
            ? 0
            : tasks > 0
              ? results.size / tasks
              : 1,
      done,
      total,
      tasksDone: results.size,
      tasks,
      elapsedMs: now - t0,
      rate: workMs > 0 ? ((done - weightBefore) / workMs) * 1000 : 0,
      etaSeconds: timeLeft?.at(now, done, total, job.settled?.() ?? true, heaviestWeight()),
    })
  }

  let cancelled = false
  /** What a run that stops on a failure says of its work so far. */
  const kept = cp ? `; the finished tasks are kept in ${cp.path}, run again to resume` : ''
  if (!error && pending.size > 0 && !o.signal?.aborted) {
    const session: FarmSession = o.transport.open({ kind: job.kind, setup: job.setup })
    await new Promise<void>((resolve) => {
      let ended = false
      const end = (how: 'done' | 'stop') => {
        if (ended) return
        ended = true
        o.signal?.removeEventListener('abort', onAbort)
        session.close(how)
        resolve()
      }
      halt = () => end('stop')
      const onAbort = () => {
        cancelled = true
        end('stop')
      }
      o.signal?.addEventListener('abort', onAbort, { once: true })

      const pump = () => {
        while (!ended && running.size < session.capacity && pending.size > 0) {
          const task = pending.pop(session.nextHolds?.())!
          firstSent ??= Date.now()
          running.set(task.id, { task, fraction: 0, items: 0 })
          session.submit({
            id: task.id,
            input: job.sending?.(task) ?? task.input,
            priority: task.priority,
            group: task.group,
          })
        }
        if (!ended && running.size === 0 && pending.size === 0) end('done')
      }

      session.onEvent((e) => {
        if (ended) return
        try {
          if (e.type === 'lost') {
            const lost = e.tasks.flatMap((id) => running.get(id) ?? [])
            // The tasks that may have killed it: the running one, if the transport knows.
            const suspects = lost.filter((r) => e.running === undefined || r.task.id === e.running)
            const again = suspects.find((r) => retried.has(r.task.id))
            if (again) {
              return fail(
                new RunError(`a worker process ${e.why}, twice on task ${again.task.id}${kept}`),
              )
            }
            for (const r of suspects) retried.add(r.task.id)
            for (const r of lost) {
              running.delete(r.task.id)
              pending.retry(r.task)
            }
            o.onNotice?.(
              `a worker process ${e.why}${suspects.length > 0 ? `; ${tasksText(suspects.map((r) => r.task.id))} run again` : ''}`,
            )
            report(false)
            return pump()
          }
          if (e.type === 'notice') {
            // Something is amiss (Redis away, say): what is finished goes to the checkpoint now.
            void save(true)
            return o.onNotice?.(e.line)
          }
          if (e.type === 'broken') {
            return fail(new RunError(`${e.why}${kept}`))
          }
          if (e.type === 'requeued') {
            const again = e.tasks.flatMap((id) => running.get(id) ?? [])
            for (const r of again) r.fraction = 0
            if (again.length === 0) return
            o.onNotice?.(`${e.why}; ${tasksText(again.map((r) => r.task.id))} run again`)
            return report(false)
          }
          const r = running.get(e.task)
          if (!r) return
          if (e.type === 'progress') {
            r.fraction = e.fraction
            job.onTaskProgress?.(r.task, e.fraction, e.detail as DetailOf<K> | undefined)
            report(true)
          } else if (e.type === 'item') {
            // A task run again after its worker died sends its first items again.
            if (++r.items <= (delivered.get(e.task) ?? 0)) return
            delivered.set(e.task, r.items)
            job.onItem?.(r.task, e.item as ItemOf<K>)
          } else if (e.type === 'done') {
            running.delete(e.task)
            delivered.delete(e.task)
            finish(r.task, e.result as ResultOf<K>, false)
            void save(false)
            report(false)
            pump()
          } else {
            fail(
              e.input
                ? new InputError(e.message)
                : new RunError(`task ${e.task} failed: ${e.message}`),
            )
          }
        } catch (err) {
          fail(err as Error)
        }
      })
      pump()
    })
  } else if (!error && pending.size > 0) cancelled = true
  await save(true)
  report(false)
  const complete = !error && !cancelled && results.size === tasks
  return {
    complete,
    cancelled,
    error,
    tasks,
    tasksDone: results.size,
    resumed,
    elapsedMs: Date.now() - t0,
  }
}
