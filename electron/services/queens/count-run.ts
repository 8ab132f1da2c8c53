import { InputError, RunError } from '../../../shared/errors'
import { queensTasks, type QueensRunProgress, type QueensTask } from '../../../shared/queens/count'
import { secondsLeft } from '../../../shared/time-left'
import type { FromQueensWorker, ToQueensWorker } from '../../worker/protocol'
import { describeFsError } from '../fs-errors'
import type { LaunchWorker, WorkerProcess } from '../solver-pool'
import { readCheckpoint, writeCheckpoint, type Shard, type TaskCounts } from './checkpoint'

/**
 * Counting n queens on every core: the tasks of shared/queens (or one shard of them) handed out
 * to solver worker processes, the heaviest first, two at a time so that a worker never waits. A checkpoint file records every finished
 * task, so a run that is stopped or crashes resumes where it was, nothing counted twice or lost;
 * a finished shard's checkpoint is also its result, which `mergeQueensShards` adds up.
 */
export interface QueensRunResult {
  readonly n: number
  readonly total: bigint
  readonly unique: bigint
  readonly nodes: number
  readonly tasks: number
  readonly done: number
  /** Tasks taken from the checkpoint rather than counted in this run. */
  readonly resumed: number
  readonly complete: boolean
  readonly shard?: Shard
  readonly elapsedMs: number
}

export interface QueensRunOptions {
  readonly n: number
  readonly workers: number
  /** Starts a solver worker process (fresh ones: a cancelled run kills its workers). */
  readonly launch: LaunchWorker<ToQueensWorker, FromQueensWorker>
  readonly shard?: Shard
  readonly checkpoint?: string
  readonly signal?: AbortSignal
  readonly onProgress?: (p: QueensRunProgress) => void
}

/** The tasks of a shard, in the plan's order. */
export function shardTasks(n: number, shard?: Shard): QueensTask[] {
  const all = queensTasks(n)
  return shard ? all.filter((_, i) => i % shard.of === shard.index - 1) : all
}

export async function runQueensCount(o: QueensRunOptions): Promise<QueensRunResult> {
  const t0 = Date.now()
  const tasks = shardTasks(o.n, o.shard)
  const done = new Map<number, TaskCounts>()
  if (o.checkpoint) {
    const saved = await readCheckpoint(o.checkpoint, { n: o.n, shard: o.shard })
    for (const [id, counts] of saved?.done ?? []) done.set(id, counts)
  }
  const resumed = done.size
  const weightTotal = tasks.reduce((s, t) => s + t.weight, 0)
  let weightDone = tasks.reduce((s, t) => s + (done.has(t.id) ? t.weight : 0), 0)
  const weightAtStart = weightDone
  let nodesThisRun = 0
  const pending = tasks.filter((t) => !done.has(t.id))

  // Checkpoints are written one after the other, each atomically, at most once a second and at
  // the end. A write that fails (a read-only folder, a full disk) stops the run: counting on
  // without the checkpoint the user asked for would lose the work on the next stop.
  let lastSave = 0
  let saving: Promise<void> = Promise.resolve()
  let saveError: Error | undefined
  const save = (force: boolean): Promise<void> => {
    const path = o.checkpoint
    if (!path || saveError || (!force && Date.now() - lastSave < 1000)) return saving
    lastSave = Date.now()
    const snapshot = { n: o.n, shard: o.shard, tasks: tasks.length, done: new Map(done) }
    saving = saving
      .then(() => writeCheckpoint(path, snapshot))
      .catch((e: unknown) => {
        saveError ??= new InputError(
          `${path}: cannot write the checkpoint (${describeFsError(e, 'no such folder')})`,
        )
        onSaveError()
      })
    return saving
  }
  let onSaveError = () => {}
  // Before any work: a checkpoint that cannot be written is reported at once.
  await save(true)
  if (saveError) throw saveError

  const progress = () => {
    const elapsedMs = Date.now() - t0
    const fraction = weightTotal > 0 ? weightDone / weightTotal : 1
    o.onProgress?.({
      done: done.size,
      tasks: tasks.length,
      fraction,
      nodes: nodesThisRun,
      elapsedMs,
      nodesPerSecond: elapsedMs > 0 ? (nodesThisRun * 1000) / elapsedMs : 0,
      etaSeconds: secondsLeft({
        workMs: elapsedMs,
        total: weightTotal,
        done: weightDone,
        doneBefore: weightAtStart,
      }),
    })
  }

  const byId = new Map(tasks.map((t) => [t.id, t]))
  type Worker = WorkerProcess<ToQueensWorker, FromQueensWorker>
  const workers: Worker[] = []
  let failure: Error | undefined
  let stopped = false
  await new Promise<void>((resolve) => {
    let running = 0
    const finish = () => {
      for (const w of workers) w.kill()
      resolve()
    }
    onSaveError = () => {
      if (stopped || failure) return
      failure = saveError
      finish()
    }
    // Tasks sent to each worker and not yet answered.
    const sent = new Map<Worker, number>()
    const next = (w: Worker) => {
      if (stopped || failure) return
      const task = pending.shift()
      if (!task) {
        if (sent.get(w) === 0) {
          w.kill()
          if (--running === 0) finish()
        }
        return
      }
      sent.set(w, (sent.get(w) ?? 0) + 1)
      w.send({ type: 'task', n: o.n, task })
    }
    const onAbort = () => {
      stopped = true
      finish()
    }
    if (o.signal?.aborted) return onAbort()
    o.signal?.addEventListener('abort', onAbort, { once: true })
    const count = Math.max(1, Math.min(o.workers, pending.length))
    if (pending.length === 0) return finish()
    for (let i = 0; i < count; i++) {
      const w = o.launch()
      workers.push(w)
      running++
      let ended = false
      w.onMessage((m) => {
        // After a stop the run's result and its last checkpoint are settled.
        if (stopped || failure) return
        if (m.type === 'task-error') {
          failure = new InputError(`task ${m.task}: ${m.message}`)
          return finish()
        }
        const task = byId.get(m.task)!
        sent.set(w, sent.get(w)! - 1)
        done.set(task.id, [BigInt(m.total), BigInt(m.unique), m.nodes])
        weightDone += task.weight
        nodesThisRun += m.nodes
        void save(false)
        progress()
        if (sent.get(w) === 0 && pending.length === 0) ended = true
        next(w)
      })
      w.onExit((code, signal) => {
        if (stopped || failure || ended) return
        const kept = o.checkpoint
          ? `the finished tasks are kept in ${o.checkpoint}; run again to resume`
          : 'with a checkpoint the finished tasks would be kept'
        failure = new RunError(
          `a queens worker stopped unexpectedly (${signal ?? `exit code ${code}`}); ${kept}`,
        )
        finish()
      })
      // Two tasks in hand, so that a worker never waits for the next one to arrive.
      next(w)
      next(w)
    }
  })
  await save(true)
  if (failure) throw failure
  if (saveError) throw saveError
  let total = 0n
  let unique = 0n
  let nodes = 0
  for (const [t, u, k] of done.values()) {
    total += t
    unique += u
    nodes += k
  }
  return {
    n: o.n,
    total,
    unique,
    nodes,
    tasks: tasks.length,
    done: done.size,
    resumed,
    complete: done.size === tasks.length,
    shard: o.shard,
    elapsedMs: Date.now() - t0,
  }
}

/** Adds up finished shards' checkpoints: one n, shards 1 … k of one k, each once and complete. */
export async function mergeQueensShards(
  paths: readonly string[],
): Promise<{ n: number; total: bigint; unique: bigint; nodes: number; shards: number }> {
  if (paths.length === 0) throw new InputError('merge needs the shards’ checkpoint files')
  const seen = new Map<number, string>()
  let n: number | undefined
  let of: number | undefined
  let total = 0n
  let unique = 0n
  let nodes = 0
  for (const path of paths) {
    const c = await readCheckpoint(path)
    if (!c) throw new InputError(`${path}: no such file`)
    const shard = c.shard ?? { index: 1, of: 1 }
    if (n !== undefined && c.n !== n)
      throw new InputError(`${path}: n = ${c.n}, the others n = ${n}`)
    if (of !== undefined && shard.of !== of)
      throw new InputError(`${path}: a shard of ${shard.of}, the others of ${of}`)
    if (seen.has(shard.index))
      throw new InputError(
        `${path}: shard ${shard.index}/${shard.of} again (also ${seen.get(shard.index)})`,
      )
    // The number of tasks is the plan's, checked on reading, not the file's word.
    if (c.done.size !== c.tasks)
      throw new InputError(
        `${path}: shard ${shard.index}/${shard.of} is not finished (${c.done.size} of ${c.tasks} tasks); run it again to resume`,
      )
    n = c.n
    of = shard.of
    seen.set(shard.index, path)
    for (const [t, u, k] of c.done.values()) {
      total += t
      unique += u
      nodes += k
    }
  }
  const missing = Array.from({ length: of! }, (_, i) => i + 1).filter((i) => !seen.has(i))
  if (missing.length > 0)
    throw new InputError(
      `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${of}`).join(', ')} missing`,
    )
  return { n: n!, total, unique, nodes, shards: of! }
}
