import { paperTable } from '../../../shared/tait/tables'
import { countTait } from '../../../shared/tait/count'
import { listTait } from '../../../shared/tait/list'
import { paperCount } from '../../../shared/tait/paper'
import { formatRow } from '../../../shared/tait/state'
import type { TaitReply, TaitRequest } from './protocol'

/**
 * Counts and lists Tait's minimal sequences off the window's thread, with the shared code as the
 * CLI runs it. A job is stopped by terminating the worker.
 */
const scope = self as unknown as {
  postMessage(m: TaitReply): void
  onmessage: ((e: MessageEvent<TaitRequest>) => void) | null
}

/** Progress goes out at most this often (ms). */
const PROGRESS_EVERY = 100

function answer(r: TaitRequest): TaitReply {
  const t0 = performance.now()
  const problem = { n: r.n, empty: 2 * r.gaps }
  let last = t0
  const c = countTait(problem, {
    onProgress: (p) => {
      const now = performance.now()
      if (now - last < PROGRESS_EVERY) return
      last = now
      scope.postMessage({ id: r.id, type: 'progress', ...p })
    },
  })
  if (c.moves === null) throw new Error(`n = ${r.n} has no solution`)
  if (r.op === 'count') {
    const ms = performance.now() - t0
    const published = paperTable(r.n, r.gaps)
    // A difference is explained by what the paper's program finds (fast for the table's n ≤ 10).
    const program =
      published !== undefined && BigInt(published) !== c.sequences
        ? String(paperCount(r.n, problem.empty).sequences)
        : undefined
    return {
      id: r.id,
      type: 'count',
      moves: c.moves,
      sequences: String(c.sequences),
      ms,
      program,
    }
  }
  const listing = listTait(problem, r.limit, c.moves)
  return {
    id: r.id,
    type: 'list',
    moves: c.moves,
    sequences: String(c.sequences),
    list: listing.sequences.map((rows) => rows.map(formatRow)),
    ms: performance.now() - t0,
  }
}

scope.onmessage = (e: MessageEvent<TaitRequest>) => {
  try {
    scope.postMessage(answer(e.data))
  } catch (err) {
    scope.postMessage({ id: e.data.id, type: 'error', message: (err as Error).message })
  }
}
