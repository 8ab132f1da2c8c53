/**
 * Counting the solutions of the n-queens problem: all of them (OEIS A000170) and up to the 8
 * symmetries of the board (A002562). The work is split into independent tasks (split.ts), each
 * completed by a bitboard search (search.ts); `countQueens` runs them all in this thread, and a
 * caller with several processes can hand the tasks out itself and add up the results.
 */
import { runQueensTask, type QueensCount } from './search'
import { queensTasks, type QueensTask } from './split'

export { MAX_QUEENS, prefixRows, queensTaskIds, queensTasks, type QueensTask } from './split'
export { runQueensTask, type QueensCount } from './search'

export interface QueensProgress {
  /** Tasks finished, and how many there are. */
  readonly done: number
  readonly tasks: number
  /** The same by the tasks' estimated weights. */
  readonly weightDone: number
  readonly weightTotal: number
  /** The task just finished and what it counted. */
  readonly task: QueensTask
  readonly count: QueensCount
}

/** Adds task results (in any order: each solution is counted by exactly one task). */
export function addQueensCounts(counts: Iterable<QueensCount>): QueensCount {
  let total = 0n
  let unique = 0n
  let nodes = 0
  for (const c of counts) {
    total += c.total
    unique += c.unique
    nodes += c.nodes
  }
  return { total, unique, nodes }
}

/** Both counts for an n × n board, in this thread; `onProgress` after each task. */
export function countQueens(
  n: number,
  onProgress?: (progress: QueensProgress) => void,
): QueensCount {
  const tasks = queensTasks(n)
  const weightTotal = tasks.reduce((s, t) => s + t.weight, 0)
  let weightDone = 0
  return addQueensCounts(
    tasks.map((task, i) => {
      const count = runQueensTask(n, task)
      weightDone += task.weight
      onProgress?.({ done: i + 1, tasks: tasks.length, weightDone, weightTotal, task, count })
      return count
    }),
  )
}

/** How far a count on worker processes has come (its progress events, in the app and the CLI). */
export interface QueensRunProgress {
  readonly done: number
  readonly tasks: number
  /** Of the work, by the tasks' estimated weights. */
  readonly fraction: number
  readonly nodes: number
  readonly elapsedMs: number
  readonly nodesPerSecond: number
  readonly etaSeconds?: number
}
