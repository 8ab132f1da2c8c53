import { InputError, RunError } from '../../../shared/errors'
import type { DetailOf, InputOf, ItemOf, KindName, ResultOf, SetupOf } from '../../worker/protocol'
import { badCheckpoint, readCheckpoint, type CheckpointSpec } from './checkpoint'
import { CheckpointWriter } from './checkpoint-writer'
import { WorkMeter, type FarmProgress } from './farm-progress'
import { TaskQueue } from './task-queue'
import type { FarmSession, FarmTransport, SessionEvent } from './transport'

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

export type { FarmProgress } from './farm-progress'

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
  const cp = o.checkpoint
  const saved = cp ? ((await readCheckpoint(cp.path, cp.spec, cp.plan))?.done ?? []) : []
  return new FarmRun(job, o, new Map(saved)).run()
}

/** A task out on the transport: how far it has come, the items it sent this time. */
interface Running<T> {
  readonly task: T
  fraction: number
  items: number
}

/**
 * One run of a job: its tasks admitted (from the plan and from results, or taken from the
 * checkpoint), handed out to a session of the transport, their answers heard, a dead worker's
 * tasks sent again, the checkpoint kept and the progress reported.
 */
class FarmRun<K extends KindName, Plan> {
  private readonly t0 = Date.now()
  private readonly pending = new TaskQueue<FarmTask<InputOf<K>>>()
  /** The results of the finished tasks: what the checkpoint holds. */
  private readonly results = new Map<string, ResultOf<K>>()
  private readonly running = new Map<string, Running<FarmTask<InputOf<K>>>>()
  /** Items of a task passed on, so that a task run again does not pass them on twice. */
  private readonly delivered = new Map<string, number>()
  /** Tasks that were running when their worker died: a second death ends the run. */
  private readonly retried = new Set<string>()
  private readonly meter: WorkMeter
  private readonly writer: CheckpointWriter<Plan, ResultOf<K>>
  private tasks = 0
  private resumed = 0
  private error: Error | undefined
  private cancelled = false
  /** Whether a session runs the tasks now. */
  private open = false
  /** Ends the run's session at once (set while it runs). */
  private halt = () => {}

  constructor(
    private readonly job: FarmJob<K>,
    private readonly o: FarmOptions<K, Plan>,
    /** The results the checkpoint holds, taken as their tasks are admitted. */
    private readonly saved: Map<string, ResultOf<K>>,
  ) {
    this.meter = new WorkMeter(this.t0, job, o.onProgress)
    this.writer = new CheckpointWriter(o.checkpoint, this.results, (e) => this.fail(e))
  }

  async run(): Promise<FarmOutcome> {
    const { o, pending, writer } = this
    this.admitPlan()
    // Before any work: a checkpoint that cannot be written is refused at once, with no outcome
    // of a run that never started (a table of zeros above the error).
    if (!this.error) await writer.save(true)
    if (writer.failed && this.error) throw this.error
    if (!this.error && pending.size > 0) {
      if (o.signal?.aborted) this.cancelled = true
      else await this.runSession(o.transport.open({ kind: this.job.kind, setup: this.job.setup }))
    }
    await writer.save(true)
    this.report(false, !this.error && !this.cancelled)
    return {
      complete: !this.error && !this.cancelled && this.results.size === this.tasks,
      cancelled: this.cancelled,
      error: this.error,
      tasks: this.tasks,
      tasksDone: this.results.size,
      resumed: this.resumed,
      elapsedMs: Date.now() - this.t0,
    }
  }

  /** The plan's tasks; what it never reached of the checkpoint is not this run's. */
  private admitPlan(): void {
    try {
      for (const task of this.job.tasks) this.admit(task)
    } catch (e) {
      this.error = e as Error
    }
    // (A plan fixed in advance is checked on reading.)
    const cp = this.o.checkpoint
    const [stranger] = this.saved.keys()
    if (cp && stranger !== undefined && !this.error)
      throw badCheckpoint(cp.path, cp.spec.label, `task ${stranger} is not one of this run's`)
  }

  /** A task joins the run: finished at once from the checkpoint, else waiting to go out. */
  private admit(task: FarmTask<InputOf<K>>): void {
    this.tasks++
    this.meter.added(task.id, task.weight)
    const result = this.saved.get(task.id)
    if (result === undefined) return this.pending.push(task)
    this.saved.delete(task.id)
    this.resumed++
    this.finish(task, result, true)
  }

  /** A task's result: kept for the checkpoint, given to the job, and the tasks it leads to. */
  private finish(task: FarmTask<InputOf<K>>, result: ResultOf<K>, fromCheckpoint: boolean): void {
    const { job } = this
    const kept = fromCheckpoint || !job.record ? result : job.record(task, result)
    if (kept !== undefined) this.results.set(task.id, kept)
    const effect = job.onResult?.(task, result, fromCheckpoint)
    this.meter.finished(task.id, task.weight, effect?.weight ?? 0, fromCheckpoint)
    for (const next of effect?.next ?? []) this.admit(next)
  }

  private fail(e: Error): void {
    this.error ??= e
    this.halt()
  }

  /** `ended`: the run is over without a failure or a cancel (every task done is all done). */
  private report(throttled: boolean, ended = false): void {
    this.meter.report(throttled, this.running.values(), {
      done: this.results.size,
      all: this.tasks,
      ended,
    })
  }

  /** What a run that stops on a failure says of its work so far. */
  private get kept(): string {
    const cp = this.o.checkpoint
    return cp ? `; the finished tasks are kept in ${cp.path}, run again to resume` : ''
  }

  /** Hands the tasks out to the session and hears its answers, until all are in or it stops. */
  private runSession(session: FarmSession): Promise<void> {
    const { o } = this
    return new Promise<void>((resolve) => {
      this.open = true
      const end = (how: 'done' | 'stop') => {
        if (!this.open) return
        this.open = false
        o.signal?.removeEventListener('abort', onAbort)
        session.close(how)
        resolve()
      }
      this.halt = () => end('stop')
      const onAbort = () => {
        this.cancelled = true
        end('stop')
      }
      o.signal?.addEventListener('abort', onAbort, { once: true })
      const handOut = () => {
        this.handOut(session)
        if (this.open && this.running.size === 0 && this.pending.size === 0) end('done')
      }
      session.onEvent((e) => {
        if (!this.open) return
        try {
          if (this.hear(e)) handOut()
        } catch (err) {
          this.fail(err as Error)
        }
      })
      handOut()
    })
  }

  /**
   * Sends tasks while the session takes more, the highest priority first, one of a group the
   * next process holds when one waits near the front.
   */
  private handOut(session: FarmSession): void {
    const { pending, running, job } = this
    while (this.open && running.size < session.capacity && pending.size > 0) {
      const task = pending.pop(session.nextHolds?.())!
      this.meter.sent()
      running.set(task.id, { task, fraction: 0, items: 0 })
      session.submit({
        id: task.id,
        input: job.sending?.(task) ?? task.input,
        priority: task.priority,
        group: task.group,
      })
    }
  }

  /** What the session says; true when tasks may go out (one ended, or came back). */
  private hear(e: SessionEvent): boolean {
    switch (e.type) {
      case 'lost':
        return this.onLost(e)
      case 'notice':
        // Something is amiss (Redis away, say): what is finished goes to the checkpoint now.
        void this.writer.save(true)
        this.o.onNotice?.(e.line)
        return false
      case 'broken':
        this.fail(new RunError(`${e.why}${this.kept}`))
        return false
      case 'requeued':
        this.onRequeued(e.tasks, e.why)
        return false
      case 'wider':
        return true
      default:
        return this.onAnswer(e)
    }
  }

  /**
   * A worker died: its tasks go out again, the one it was running (or, when the transport does
   * not know which, all of them) once only; a second death on it ends the run.
   */
  private onLost(e: Extract<SessionEvent, { type: 'lost' }>): boolean {
    const lost = e.tasks.flatMap((id) => this.running.get(id) ?? [])
    // The tasks that may have killed it: the running one, if the transport knows.
    const suspects = lost.filter((r) => e.running === undefined || r.task.id === e.running)
    const again = suspects.find((r) => this.retried.has(r.task.id))
    if (again) {
      this.fail(
        new RunError(`a worker process ${e.why}, twice on task ${again.task.id}${this.kept}`),
      )
      return false
    }
    for (const r of suspects) this.retried.add(r.task.id)
    for (const r of lost) {
      this.running.delete(r.task.id)
      this.pending.retry(r.task)
    }
    this.o.onNotice?.(
      `a worker process ${e.why}${suspects.length > 0 ? `; ${tasksText(suspects.map((r) => r.task.id))} run again` : ''}`,
    )
    this.report(false)
    return true
  }

  /** Tasks started over elsewhere (their worker stopped answering): their progress is back to 0. */
  private onRequeued(tasks: readonly string[], why: string): void {
    const again = tasks.flatMap((id) => this.running.get(id) ?? [])
    for (const r of again) r.fraction = 0
    if (again.length === 0) return
    this.o.onNotice?.(`${why}; ${tasksText(again.map((r) => r.task.id))} run again`)
    this.report(false)
  }

  /** A running task's progress, item, result or failure. */
  private onAnswer(e: Extract<SessionEvent, { task: string }>): boolean {
    const { job } = this
    const r = this.running.get(e.task)
    if (!r) return false
    if (e.type === 'progress') {
      r.fraction = e.fraction
      job.onTaskProgress?.(r.task, e.fraction, e.detail as DetailOf<K> | undefined)
      this.report(true)
    } else if (e.type === 'item') {
      // A task run again after its worker died sends its first items again.
      if (++r.items <= (this.delivered.get(e.task) ?? 0)) return false
      this.delivered.set(e.task, r.items)
      job.onItem?.(r.task, e.item as ItemOf<K>)
    } else if (e.type === 'done') {
      this.running.delete(e.task)
      this.delivered.delete(e.task)
      this.finish(r.task, e.result as ResultOf<K>, false)
      void this.writer.save(false)
      this.report(false)
      return true
    } else {
      this.fail(
        e.input ? new InputError(e.message) : new RunError(`task ${e.task} failed: ${e.message}`),
      )
    }
    return false
  }
}
