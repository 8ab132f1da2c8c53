import { parseCards } from '../../../shared/edgematch/cards/format'
import { solveCards } from '../../../shared/edgematch/cards/solve'
import { identicalGroups } from '../../../shared/edgematch/cards/symmetry'
import type { Spent } from '../../../shared/edgematch/draws'
import { generatePuzzle } from '../../../shared/edgematch/generate'
import { searchClock, type SearchProgress } from '../../../shared/edgematch/progress'
import { parseTrianglePuzzle } from '../../../shared/edgematch/triangle/parse'
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
  let progress: SearchProgress | undefined
  const clock = searchClock()
  /** At most five times a second: the boards found, and how far the search has come. */
  const report = () => {
    const now = performance.now()
    if (now - lastPost <= 200) return
    lastPost = now
    post({
      id: r.id,
      type: 'progress',
      found,
      ...(progress
        ? {
            nodes: progress.nodes,
            fraction: progress.fraction,
            etaSeconds: progress.etaSeconds,
            roughSeconds: progress.roughSeconds,
          }
        : {}),
    })
  }
  const seen = () => {
    found++
    report()
  }
  const onProgress = (nodes: number, fraction: number) => {
    progress = clock(fraction, nodes, performance.now() - t0)
    report()
  }
  if (r.kind === 'cards') {
    const puzzle = parseCards(r.text, 'the puzzle')
    const result = solveCards(puzzle, {
      identicalAsOne: r.identicalAsOne,
      onProgress,
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
  const result = solveAll(
    puzzle,
    (s) => {
      seen()
      if (boards.length < BOARDS_KEPT) {
        boards.push(s.map((p) => [p.piece, p.turn] as const))
        canonical.push(true)
      }
    },
    onProgress,
  )
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
  const { rows, cols, figures, seed } = r
  let lastPost = performance.now()
  // Its searches (each draw's count up to two) have no share to show: the draws and nodes so
  // far say that it works, at most five times a second.
  const onProgress = (spent: Spent) => {
    const now = performance.now()
    if (now - lastPost <= 200) return
    lastPost = now
    post({ id: r.id, type: 'progress', found: 0, nodes: spent.nodes, draws: spent.draws })
  }
  const g = generatePuzzle(
    { kind: r.kind, rows, cols, figures, frame: r.frame || undefined, seed },
    onProgress,
  )
  return { id: r.id, type: 'generated', text: g.text, draws: g.draws, nodes: g.nodes }
}

scope.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const r = e.data
  try {
    post(r.op === 'solve' ? { id: r.id, type: 'solved', result: solve(r) } : generate(r))
  } catch (err) {
    post({ id: r.id, type: 'error', message: (err as Error).message })
  }
}
