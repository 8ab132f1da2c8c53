/**
 * Tait worker process (`child_process.fork` of this file under Node): counts one problem of
 * shared/tait, reporting progress as it goes, and lists sequences if asked. A process of its own
 * so that a count of an hour and gigabytes can be stopped at once by killing it.
 */
import { InputError } from '../../shared/errors'
import { countTait, type TaitProgress } from '../../shared/tait/count'
import { listTait } from '../../shared/tait/list'
import { paperCount } from '../../shared/tait/paper'
import { formatRow } from '../../shared/tait/state'
import type { FromTaitWorker, ToTaitWorker } from './protocol'
import { parentChannel } from './parent-channel'

/** Progress goes out at most this often (ms). */
const PROGRESS_EVERY = 100

const parent = parentChannel<ToTaitWorker, FromTaitWorker>()
// A count runs without returning to the event loop, so it looks for its parent itself: a
// parent that died leaves the worker to another (init), and nobody waits for the count.
const parentPid = process.ppid

function run({ n, empty, list, paper }: ToTaitWorker): FromTaitWorker {
  let last = 0
  const onProgress = (progress: TaitProgress) => {
    const now = performance.now()
    if (now - last < PROGRESS_EVERY) return
    if (process.ppid !== parentPid) process.exit(0)
    last = now
    parent.send({ type: 'progress', progress })
  }
  if (paper) {
    const p = paperCount(n, empty, undefined, onProgress)
    return { type: 'done', moves: n, sequences: String(p.sequences), method: 'paper' }
  }
  const c = countTait({ n, empty }, { onProgress })
  const listed = list === undefined ? undefined : listTait({ n, empty }, list, c.moves)
  return {
    type: 'done',
    moves: c.moves,
    sequences: String(c.sequences),
    method: c.method,
    stats: c.stats,
    list: listed?.sequences.map((s) => s.map(formatRow)),
  }
}

parent.onMessage((m) => {
  try {
    parent.send(run(m))
  } catch (e) {
    parent.send({ type: 'error', message: (e as Error).message, input: e instanceof InputError })
  }
})
