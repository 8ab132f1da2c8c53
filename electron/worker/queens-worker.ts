/**
 * Queens worker process (`child_process.fork` of this file under Node, Electron's
 * `utilityProcess` in the app): counts the tasks it is sent, in order, and answers each with its
 * counts. A small entry of its own, so that it starts in a fraction of the solver worker's time.
 */
import { runQueensTask } from '../../shared/queens/count'
import type { FromQueensWorker, ToQueensWorker } from './protocol'
import { parentChannel } from './parent-channel'

const parent = parentChannel<ToQueensWorker, FromQueensWorker>()

parent.onMessage(({ n, task }) => {
  try {
    const c = runQueensTask(n, task)
    parent.send({
      type: 'task-done',
      task: task.id,
      total: String(c.total),
      unique: String(c.unique),
      nodes: c.nodes,
    })
  } catch (e) {
    parent.send({ type: 'task-error', task: task.id, message: (e as Error).message })
  }
})
