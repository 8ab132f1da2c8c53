import { runQueensTask } from '../../../shared/queens/count'
import type { WorkerKind } from './kind'

/** An n-queens task: the boards below its first rows, counted in one go. */
const queens: WorkerKind<'queens', { n: number }> = {
  prepare: (setup) => setup,
  run: ({ n }, task) => {
    const c = runQueensTask(n, task)
    return [String(c.total), String(c.unique), c.nodes]
  },
}
export default queens
