import type { KindName } from '../../worker/protocol'
import type { WarmPool, WorkerProcess } from './processes'

/**
 * Where a farm's tasks run. The farm hands a job's tasks to a session, at most `capacity` at a
 * time, and hears back what each task sends. The local worker processes are one transport; a
 * queue that machines take tasks from is another, behind the same two interfaces.
 */
export interface FarmTransport {
  open(job: { readonly kind: KindName; readonly setup: unknown }): FarmSession
  /**
   * The worker processes its tasks run on, as far as it knows now (a queue's change as machines
   * join and leave): what a run sizes its parts and batches for.
   */
  workers(): number
}

export interface FarmSession {
  /** Tasks it takes at once (it may grow: a `wider` event says so); the farm keeps the rest. */
  readonly capacity: number
  /**
   * `priority`: the farm's (higher first), for a transport that orders what waits (a queue);
   * `group`: the task's (FarmTask.group), for a transport that answers `nextHolds`.
   */
  submit(task: {
    readonly id: string
    readonly input: unknown
    readonly priority?: number
    readonly group?: string
  }): void
  /**
   * The groups of the tasks that the process to take the next task has had in this job, when the
   * transport knows which process that is: the farm sends it one of those when it can.
   */
  nextHolds?(): ReadonlySet<string>
  onEvent(listener: (e: SessionEvent) => void): void
  /**
   * Ends the job: 'done' when every task has answered (workers stay warm for the next job),
   * 'stop' at once, whatever runs (a cancel, a failure: the processes are killed).
   */
  close(how: 'done' | 'stop'): void
}

export type SessionEvent =
  | {
      readonly type: 'progress'
      readonly task: string
      readonly fraction: number
      readonly detail?: unknown
    }
  | { readonly type: 'item'; readonly task: string; readonly item: unknown }
  | { readonly type: 'done'; readonly task: string; readonly result: unknown }
  | {
      readonly type: 'error'
      readonly task: string
      readonly message: string
      readonly input: boolean
    }
  /**
   * A worker died with these tasks in hand; `why` completes "a worker process …". `running` is
   * the one it was running, when the transport knows: the others had not started, so they cannot
   * have killed it.
   */
  | {
      readonly type: 'lost'
      readonly tasks: readonly string[]
      readonly running?: string
      readonly why: string
    }
  /** Tasks that started over elsewhere (their worker stopped answering): their progress is back to 0. */
  | { readonly type: 'requeued'; readonly tasks: readonly string[]; readonly why: string }
  /** Something the user should know that does not stop the run (no machine serves the queue). */
  | { readonly type: 'notice'; readonly line: string }
  /** The transport cannot go on (Redis gone for good): the run stops with this line. */
  | { readonly type: 'broken'; readonly why: string }
  /** It takes more tasks at once now (its capacity grew): the farm hands more out. */
  | { readonly type: 'wider' }

let jobs = 0

/** A process of a job: the tasks it has in hand, the groups of all it was given. */
interface Slot {
  readonly w: WorkerProcess
  readonly tasks: Set<string>
  readonly groups: Set<string>
  off: () => void
}

const NONE: ReadonlySet<string> = new Set()

/**
 * Kinds whose runs keep to one process for their first moments, in milliseconds, and take the
 * others only if they last longer. Their tasks run much code (exact geometry, the building of
 * tiling problems) that a fresh process compiles before it runs fast; a second process compiles
 * it all again, on the cores the first needs. For a run shorter than this, that cost more than
 * the second process brought: `pentagons tangram` on 2 processes 1.30× the time of the same before
 * the farm (in process), on one 1.09×; `puzzles tangram --count 20 --unique --any` on one 0.89×
 * its time on two (medians of 11–13 alternated runs, 2 cores). Kinds with one small hot loop
 * (queens, tilings) take every process at once: queens n = 16 on two waited for the second
 * 0.3 s, 1.17× the time.
 */
export const NARROW_START_MS: Partial<Record<KindName, number>> = {
  pentagons: 1000,
  silhouettes: 1000,
}

/**
 * The local transport: up to `workers` processes from the pool, each with `inFlight` tasks in
 * hand, so that a worker never waits for its next task to arrive: three, since on a machine whose
 * every core runs a worker the answer to a task's end comes later than many a small task takes
 * (two in hand: queens n = 16 on two processes 2-6 % slower, measured). A process that dies is
 * replaced when the farm sends its tasks again.
 */
export class LocalWorkers implements FarmTransport {
  constructor(
    private readonly pool: WarmPool,
    private readonly count: number,
    private readonly inFlight = 3,
  ) {}

  workers(): number {
    return this.count
  }

  open(job: { kind: KindName; setup: unknown }): FarmSession {
    const id = `job-${process.pid}-${++jobs}`
    const { pool, count: workers, inFlight } = this
    const slots: Slot[] = []
    const listeners: ((e: SessionEvent) => void)[] = []
    const emit = (e: SessionEvent) => listeners.forEach((l) => l(e))
    let closed = false
    // The processes it may use now: one for a while for some kinds (NARROW_START_MS).
    const narrow = NARROW_START_MS[job.kind]
    let width = narrow === undefined ? workers : 1
    const widen =
      width < workers
        ? setTimeout(() => {
            width = workers
            emit({ type: 'wider' })
          }, narrow).unref()
        : undefined

    const start = () => {
      const w = pool.take()
      const slot: Slot = { w, tasks: new Set(), groups: new Set(), off: () => {} }
      const offMessage = w.onMessage((m) => {
        if (closed || m.job !== id) return
        if (m.type === 'done' || m.type === 'error') slot.tasks.delete(m.task)
        if (m.type === 'progress')
          emit({ type: 'progress', task: m.task, fraction: m.fraction, detail: m.detail })
        else if (m.type === 'item') emit({ type: 'item', task: m.task, item: m.item })
        else if (m.type === 'done') emit({ type: 'done', task: m.task, result: m.result })
        else emit({ type: 'error', task: m.task, message: m.message, input: m.input })
      })
      const offExit = w.onExit((code, signal) => {
        if (closed) return
        slots.splice(slots.indexOf(slot), 1)
        slot.off()
        const why =
          signal === 'out of memory'
            ? 'ran out of memory'
            : `stopped unexpectedly (${signal ?? `exit code ${code}`})`
        // A worker runs its tasks in the order they came: the first in hand is the running one.
        const tasks = [...slot.tasks]
        emit({ type: 'lost', tasks, running: tasks[0], why })
      })
      slot.off = () => {
        offMessage()
        offExit()
      }
      slots.push(slot)
      w.send({ type: 'job', job: id, kind: job.kind, setup: job.setup })
      return slot
    }

    /**
     * Where the next task goes: the least busy process, or a new one (undefined) while every
     * process has work.
     */
    const next = (): Slot | undefined => {
      const slot = slots.reduce<Slot | undefined>(
        (best, s) => (best && best.tasks.size <= s.tasks.size ? best : s),
        undefined,
      )
      return !slot || (slot.tasks.size > 0 && slots.length < width) ? undefined : slot
    }

    return {
      get capacity() {
        return width * inFlight
      },
      submit(task) {
        const slot = next() ?? start()
        slot.tasks.add(task.id)
        if (task.group !== undefined) slot.groups.add(task.group)
        slot.w.send({ type: 'task', job: id, task: task.id, input: task.input })
      },
      nextHolds: () => next()?.groups ?? NONE,
      onEvent: (l) => void listeners.push(l),
      close(how) {
        if (closed) return
        closed = true
        clearTimeout(widen)
        for (const { w, off } of slots) {
          off()
          if (how === 'stop') pool.drop(w)
          else {
            w.send({ type: 'forget', job: id })
            pool.give(w)
          }
        }
        slots.length = 0
      },
    }
  }
}
