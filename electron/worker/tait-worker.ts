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
import { parentChannel, progressSender } from './parent-channel'

const parent = parentChannel<ToTaitWorker, FromTaitWorker>()

function run({ n, empty, list, paper }: ToTaitWorker): FromTaitWorker {
  const onProgress = progressSender((progress: TaitProgress) =>
    parent.send({ type: 'progress', progress }),
  )
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
