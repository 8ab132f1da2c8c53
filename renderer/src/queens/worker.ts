import { hint, solveQueensGame } from '../../../shared/queens/game/solve'
import { partialCounts } from '../../../shared/queens/partials'
import { queensSolutions, uniqueQueensSolutions } from '../../../shared/queens/solutions'
import type { QueensReply, QueensRequest } from './protocol'

/**
 * Lists solutions, charts partial solutions and plays the game off the window's thread, with the
 * shared core as the CLI runs it. The game's engine keeps its table between moves, so the perfect
 * player answers at once after the first search. A job is stopped by terminating the worker.
 */
const scope = self as unknown as {
  postMessage(m: QueensReply): void
  onmessage: ((e: MessageEvent<QueensRequest>) => void) | null
}

function answer(r: QueensRequest): QueensReply {
  const t0 = performance.now()
  switch (r.op) {
    case 'solutions': {
      if (r.unique) {
        const classes = uniqueQueensSolutions(r.n)
        return {
          id: r.id,
          type: 'solutions',
          boards: classes.map((c) => [...c.queens]),
          sizes: classes.map((c) => c.size),
          ms: performance.now() - t0,
        }
      }
      const boards = queensSolutions(r.n)
      return {
        id: r.id,
        type: 'solutions',
        boards,
        sizes: boards.map(() => 1),
        ms: performance.now() - t0,
      }
    }
    case 'partials':
      return {
        id: r.id,
        type: 'partials',
        counts: partialCounts(r.n).map(String),
        ms: performance.now() - t0,
      }
    case 'game':
      return { id: r.id, type: 'game', result: solveQueensGame(r.n) }
    case 'hint':
      return { id: r.id, type: 'hint', hint: hint(r.n, r.queens) }
  }
}

scope.onmessage = (e: MessageEvent<QueensRequest>) => {
  try {
    scope.postMessage(answer(e.data))
  } catch (err) {
    scope.postMessage({ id: e.data.id, type: 'error', message: (err as Error).message })
  }
}
