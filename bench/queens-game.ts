/**
 * Benchmarks for the queens game (issue 6): the whole game solved from the empty board for even
 * n = 8 … 14, each run with a fresh engine (cold tables), in one thread. The winner is checked
 * against the published one on every run (Takeuchi and Okuno up to n = 12, Jenrich for n = 14),
 * so a fast wrong answer cannot pass. Medians; a warm-up run first, except for n = 14.
 */
import { GameEngine } from '../shared/queens/game/engine'
import { publishedWinner } from '../shared/queens/game/published'
import {
  hint,
  isWon,
  sharedEngine,
  solveQueensGame,
  type Square,
} from '../shared/queens/game/solve'
import { check, median, type Result } from './measure'

const TARGETS: Record<number, string> = { 12: '≤ 2 s', 14: '≤ 60 s (to be in the benchmark)' }

function solveBoard(n: number, runs: number, warmUp: boolean): Result {
  const want = publishedWinner(n)
  if (warmUp) solveQueensGame(n, { engine: new GameEngine(n) })
  const times: number[] = []
  let nodes = 0
  let tableBytes = 0
  for (let i = 0; i < runs; i++) {
    const engine = new GameEngine(n)
    const r = solveQueensGame(n, { engine })
    check(`queens game, n = ${n}`, r.winner, want)
    times.push(r.ms)
    nodes = r.nodes
    tableBytes = engine.tableBytes
  }
  const rate = (nodes / median(times) / 1000).toFixed(2)
  const count = nodes < 1e6 ? nodes.toLocaleString('en') : `${(nodes / 1e6).toFixed(1)} million`
  return {
    name: `queens game: n = ${n} solved from the empty board (${want} player wins)`,
    target: TARGETS[n] ?? '(for comparison)',
    medianMs: median(times),
    runs,
    detail: `one thread, fresh tables of ${(tableBytes / 2 ** 20).toFixed(1)} MiB; ${count} nodes, ${rate} million nodes/s`,
  }
}

/**
 * The perfect player's answer to every first move on the board once the game is solved (the
 * shared engine keeps its table between moves, as in the app's worker): a move is checked to
 * leave the mover lost.
 */
function answerBoard(n: number): Result {
  const solved = solveQueensGame(n)
  const times: number[] = []
  const nodes0 = sharedEngine(n).nodes
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) {
      const first: Square = [r, c]
      const t0 = performance.now()
      const h = hint(n, [first])
      times.push(performance.now() - t0)
      check(`queens game n = ${n}, the answer to ${r},${c}`, isWon(n, [first, h.move!]), !h.won)
    }
  const searched = sharedEngine(n).nodes - nodes0
  return {
    name: `queens game: n = ${n}, the answer to each of the ${n * n} first moves after the solve`,
    target: '≤ 500 ms each',
    medianMs: median(times),
    runs: times.length,
    detail: `slowest ${Math.max(...times).toFixed(0)} ms; ${searched.toLocaleString('en')} positions searched in all, against ${solved.nodes.toLocaleString('en')} for the solve`,
  }
}

export function queensGameBench(): Result[] {
  return [
    solveBoard(8, 21, true),
    solveBoard(10, 15, true),
    solveBoard(12, 7, true),
    answerBoard(12),
    solveBoard(14, 3, false),
  ]
}
