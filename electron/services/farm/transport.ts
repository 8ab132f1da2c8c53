import type { KindName } from '../../worker/protocol'
import type { WarmPool, WorkerProcess } from './processes'

/**
 * Where a farm's tasks run. The farm hands a job's tasks to a session, at most `capacity` at a
 * time, and hears back what each task sends. The local worker processes are one transport; a
 * queue that machines take tasks from is another, behind the same two interfaces.
 */
export interface FarmTransport {
  open(job: { readonly kind: KindName; readonly setup: unknown }): FarmSession
}

export interface FarmSession {
  /** Tasks it takes at once; the farm keeps the rest. */
  readonly capacity: number
  /** `priority`: the farm's (higher first), for a transport that orders what waits (a queue). */
  submit(task: { readonly id: string; readonly input: unknown; readonly priority?: number }): void
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

let jobs = 0

/**
 * The local transport: up to `workers` processes from the pool, each with `inFlight` tasks in
 * hand, so that a worker never waits for its next task to arrive. A process that dies is
 * replaced when the farm sends its tasks again.
 */
export class LocalWorkers implements FarmTransport {
  constructor(
    private readonly pool: WarmPool,
    private readonly workers: number,
    private readonly inFlight = 2,
  ) {}

  open(job: { kind: KindName; setup: unknown }): FarmSession {
    const id = `job-${process.pid}-${++jobs}`
    const { pool, workers, inFlight } = this
    const slots: { w: WorkerProcess; tasks: Set<string>; off: () => void }[] = []
    const listeners: ((e: SessionEvent) => void)[] = []
    const emit = (e: SessionEvent) => listeners.forEach((l) => l(e))
    let closed = false

    const start = () => {
      const w = pool.take()
      const slot = { w, tasks: new Set<string>(), off: () => {} }
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

    return {
      capacity: workers * inFlight,
      submit(task) {
        // The least busy process, or a new one while every process has work.
        let slot = slots.reduce<(typeof slots)[number] | undefined>(
          (best, s) => (best && best.tasks.size <= s.tasks.size ? best : s),
          undefined,
        )
        if (!slot || (slot.tasks.size > 0 && slots.length < workers)) slot = start()
        slot.tasks.add(task.id)
        slot.w.send({ type: 'task', job: id, task: task.id, input: task.input })
      },
      onEvent: (l) => void listeners.push(l),
      close(how) {
        if (closed) return
        closed = true
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
