import type { DetailOf, InputOf, ItemOf, KindName, ResultOf, SetupOf } from '../protocol'

/** What a task may send while it runs. */
export interface TaskHooks<K extends KindName> {
  /** How far the task has come, in [0, 1] (sent a few times a second at most). */
  progress(fraction: number, detail?: DetailOf<K>): void
  /** A result streamed before the task's end (a tiling as found). */
  item(item: ItemOf<K>): void
}

/**
 * One kind of job as a worker runs it: `prepare` once per job and process (the piece set parsed,
 * say), then `run` for each task, with what `prepare` gave. The same code runs wherever a task
 * runs: a local worker process, or a machine that takes tasks from a queue.
 */
export interface WorkerKind<K extends KindName, State = unknown> {
  prepare(setup: SetupOf<K>): State
  run(state: State, input: InputOf<K>, hooks: TaskHooks<K>): ResultOf<K> | Promise<ResultOf<K>>
}

/** A kind whose only task needs nothing but the setup (`prepare` keeps it). */
export function oneTask<K extends KindName>(
  run: (setup: SetupOf<K>, hooks: TaskHooks<K>) => ResultOf<K>,
): WorkerKind<K, SetupOf<K>> {
  return { prepare: (setup) => setup, run: (setup, _input, hooks) => run(setup, hooks) }
}
