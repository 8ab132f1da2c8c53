import { formatCards, parseCards } from '../../../shared/edgematch/cards/format'
import { generateUniqueCards } from '../../../shared/edgematch/cards/random'
import { solveCards } from '../../../shared/edgematch/cards/solve'
import { identicalGroups } from '../../../shared/edgematch/cards/symmetry'
import { generateUniqueTriangle } from '../../../shared/edgematch/triangle/generate'
import { formatTrianglePuzzle, parseTrianglePuzzle } from '../../../shared/edgematch/triangle/parse'
import { solveAll } from '../../../shared/edgematch/triangle/solve'
import {
  BOARDS_KEPT,
  type Board,
  type Solved,
  type WorkerReply,
  type WorkerRequest,
} from './protocol'

/**
 * Solves and generates edge-matching puzzles off the window's thread: the shared solvers run here
 * as they run in the CLI. A search is stopped by terminating the worker (the store then starts a
 * new one), so the solvers need no cancel points.
 */
// The renderer's types are the window's (DOM); a worker's scope is typed by what it uses.
const scope = self as unknown as {
  postMessage(m: WorkerReply): void
  onmessage: ((e: MessageEvent<WorkerRequest>) => void) | null
}
const post = (m: WorkerReply) => scope.postMessage(m)

function solve(r: Extract<WorkerRequest, { op: 'solve' }>): Solved {
  const t0 = performance.now()
  const boards: Board[] = []
  const canonical: boolean[] = []
  let found = 0
  let lastPost = t0
  const seen = () => {
    found++
    const now = performance.now()
    if (now - lastPost > 200) {
      lastPost = now
      post({ id: r.id, type: 'progress', found })
    }
  }
  if (r.kind === 'cards') {
    const puzzle = parseCards(r.text, 'the puzzle')
    const result = solveCards(puzzle, {
      identicalAsOne: r.identicalAsOne,
      onSolution: (board, info) => {
        seen()
        if (boards.length < BOARDS_KEPT) {
          boards.push(board.map((p) => [p.card, p.turns] as const))
          canonical.push(info.canonical)
        }
      },
    })
    return {
      ...result.counts,
      boards,
      canonical,
      nodes: result.stats.nodes,
      placements: result.stats.placements,
      ms: performance.now() - t0,
      identical: identicalGroups(puzzle.cards).map((g) => g.cards.map((c) => c + 1)),
    }
  }
  const puzzle = parseTrianglePuzzle(r.text, 'the puzzle')
  const result = solveAll(puzzle, (s) => {
    seen()
    if (boards.length < BOARDS_KEPT) {
      boards.push(s.map((p) => [p.piece, p.turn] as const))
      canonical.push(true)
    }
  })
  return {
    fixed: BigInt(result.counts.fixed),
    upToRotation: BigInt(result.counts.upToRotation),
    boards,
    canonical,
    nodes: result.stats.nodes,
    placements: result.stats.placements,
    ms: performance.now() - t0,
    identical: [],
  }
}

function generate(r: Extract<WorkerRequest, { op: 'generate' }>): WorkerReply {
  if (r.kind === 'cards') {
    const g = generateUniqueCards(r.rows, r.cols, r.figures, r.frame || undefined, r.seed)
    if (!g) throw new Error('no puzzle with exactly one solution in 100 draws: try more figures')
    const name = `Cards ${r.rows} × ${r.cols}, ${r.figures} figures${r.frame ? `, ${r.frame} frame colours` : ''} (seed ${r.seed})`
    return {
      id: r.id,
      type: 'generated',
      text: formatCards({ ...g.puzzle, name }),
      draws: g.draws,
      nodes: g.nodes,
    }
  }
  const g = generateUniqueTriangle(r.rows, r.figures, r.seed)
  if (!g) throw new Error('no puzzle with exactly one solution in 200 draws: try more figures')
  return {
    id: r.id,
    type: 'generated',
    text: formatTrianglePuzzle(g.puzzle),
    draws: g.draws,
    nodes: g.nodes,
  }
}

scope.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const r = e.data
  try {
    post(r.op === 'solve' ? { id: r.id, type: 'solved', result: solve(r) } : generate(r))
  } catch (err) {
    post({ id: r.id, type: 'error', message: (err as Error).message })
  }
}
