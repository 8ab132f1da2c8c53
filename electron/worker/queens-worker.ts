/**
 * Queens worker process (`child_process.fork` of this file): counts the tasks it is sent, one at
 * a time, and answers each with its counts (BigInt as decimal strings: the channel is JSON-safe).
 */
import { runQueensTask, type QueensTask } from '../../shared/queens/count'

export type ToQueensWorker = { readonly n: number; readonly task: QueensTask }
export type FromQueensWorker =
  | { readonly id: number; readonly total: string; readonly unique: string; readonly nodes: number }
  | { readonly id: number; readonly error: string }

process.on('message', (m) => {
  const { n, task } = m as ToQueensWorker
  let reply: FromQueensWorker
  try {
    const c = runQueensTask(n, task)
    reply = { id: task.id, total: String(c.total), unique: String(c.unique), nodes: c.nodes }
  } catch (e) {
    reply = { id: task.id, error: (e as Error).message }
  }
  process.send!(reply)
})
