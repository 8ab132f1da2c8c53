/**
 * The queens game of issue 6 (Takeuchi and Okuno's "N-queens game"): two players alternately
 * place a queen on an empty square of an n × n board that no queen on the board attacks; queens
 * belong to nobody, and whoever cannot place one loses. These functions answer for a position
 * given by the queens on the board (in any order: only the set matters, and the player to move is
 * whoever has to place the next queen). An engine per board size is kept between calls, so the
 * positions of a game already searched are answered from its table.
 */
import {
  checkGameSize,
  freeSquares,
  gameBoard,
  hasSquare,
  popcount,
  squaresOf,
  type GameBoard,
  type Square,
} from './board'
import { GameEngine } from './engine'

export type { Square } from './board'
export { GameEngine, type EngineOptions } from './engine'

export interface QueensGameResult {
  n: number
  winner: 'first' | 'second'
  /**
   * Every winning first move, row by row. With `byTheorem` only the centre, the move the theorem
   * proves winning (the others were not searched).
   */
  winningMoves: [number, number][]
  /** Positions the search expanded (0 by the theorem). */
  nodes: number
  ms: number
  /** Decided by the reflection theorem for odd n, not by search. */
  byTheorem: boolean
}

export interface SolveOptions {
  /** For odd n, answer by the theorem (default) instead of searching. */
  useTheorem?: boolean
  /** The engine to search with (say, a fresh one to time a cold search); else the shared one. */
  engine?: GameEngine
}

const engines = new Map<number, GameEngine>()

/** The engine kept for this board size, with the default tables (see defaultTtBits). */
export function sharedEngine(n: number): GameEngine {
  let engine = engines.get(n)
  if (!engine) {
    engine = new GameEngine(n)
    engines.set(n, engine)
  }
  return engine
}

/**
 * Odd n: the first player takes the centre, then answers every queen by its reflection through
 * the centre. The answer is always legal. Before it, the queens are symmetric and include the
 * centre, and the opponent's square s was legal. Its image s′ is no queen (else s would be one
 * too), and no queen q attacks s′ (else q's image, also on the board, would attack s: the
 * reflection maps lines to lines). Nor does s attack s′: the centre is the midpoint of s and s′,
 * so a line through both passes through the centre, whose queen would attack s.
 *
 * For a position of such a game (the centre taken, the other queens in pairs of images but at
 * most one) this returns whether the player to move wins, and the reflecting move when there is
 * one; undefined for any other position (or even n), where the theorem says nothing.
 */
function byReflection(n: number, queens: readonly Square[]): Hint | undefined {
  if (n % 2 === 0) return undefined
  const m = n - 1
  if (queens.length === 0) return { won: true, move: [m / 2, m / 2] }
  const on = new Set(queens.map(([r, c]) => r * n + c))
  if (!on.has((m / 2) * (n + 1))) return undefined
  const unpaired = queens.filter(([r, c]) => !on.has((m - r) * n + (m - c)))
  if (unpaired.length === 0) return { won: false, move: undefined }
  if (unpaired.length > 1) return undefined
  const [r, c] = unpaired[0]
  return { won: true, move: [m - r, m - c] }
}

/** Solves the game from the empty board: who wins, and with which first moves. */
export function solveQueensGame(n: number, options: SolveOptions = {}): QueensGameResult {
  checkGameSize(n)
  const t0 = performance.now()
  if (n % 2 === 1 && options.useTheorem !== false) {
    const m = (n - 1) / 2
    const ms = performance.now() - t0
    return { n, winner: 'first', winningMoves: [[m, m]], nodes: 0, ms, byTheorem: true }
  }
  const engine = options.engine ?? sharedEngine(n)
  if (engine.board.n !== n) throw new Error(`an engine for ${engine.board.n} rows, not ${n}`)
  const { size, words, attack, images } = engine.board
  const nodes0 = engine.nodes
  const empty = freeSquares(engine.board, [])
  const child = new Int32Array(words)
  const winning: number[] = []
  for (let s = 0; s < size; s++) {
    // One square of each class under the symmetries: those of the empty board.
    let least = s
    for (let t = 1; t < 8; t++) least = Math.min(least, images[t * size + s])
    if (least !== s) continue
    for (let w = 0; w < words; w++) child[w] = empty[w] & ~attack[s * words + w]
    if (!engine.wins(child)) for (let t = 0; t < 8; t++) winning.push(images[t * size + s])
  }
  const moves = [...new Set(winning)]
    .sort((a, b) => a - b)
    .map((s): [number, number] => [Math.floor(s / n), s % n])
  return {
    n,
    winner: moves.length > 0 ? 'first' : 'second',
    winningMoves: moves,
    nodes: engine.nodes - nodes0,
    ms: performance.now() - t0,
    byTheorem: false,
  }
}

/** The squares where the player to move may place a queen, row by row. */
export function legalMoves(n: number, queens: readonly Square[]): [number, number][] {
  const board = gameBoard(n)
  return squaresOf(board, freeSquares(board, queens))
}

export interface Hint {
  /** Whether the player to move wins with perfect play. */
  won: boolean
  /** The perfect player's move (see bestMove); undefined when no queen can be placed. */
  move: [number, number] | undefined
}

/**
 * The perfect player's move and verdict. From a won position it plays a winning move; from a lost
 * one the move that leaves the most free squares, so that the game lasts and the opponent has the
 * most chances to go wrong. Odd boards in a game of the reflection strategy are answered by it.
 */
export function hint(n: number, queens: readonly Square[]): Hint {
  const board = gameBoard(n)
  const free = freeSquares(board, queens)
  const reflected = byReflection(n, queens)
  if (reflected) return reflected.won ? reflected : { won: false, move: longestMove(n, free) }
  const engine = sharedEngine(n)
  const { words, attack } = board
  const child = new Int32Array(words)
  // The moves that leave the fewest squares first, as in the search: they win most often.
  for (const { s } of movesByLeft(board, free)) {
    for (let w = 0; w < words; w++) child[w] = free[w] & ~attack[s * words + w]
    if (!engine.wins(child)) return { won: true, move: [Math.floor(s / n), s % n] }
  }
  return { won: false, move: longestMove(n, free) }
}

/** The perfect player's move (see hint), or undefined when no queen can be placed. */
export function bestMove(n: number, queens: readonly Square[]): [number, number] | undefined {
  return hint(n, queens).move
}

/** Whether the player to move wins with perfect play. */
export function isWon(n: number, queens: readonly Square[]): boolean {
  const board = gameBoard(n)
  const free = freeSquares(board, queens)
  return byReflection(n, queens)?.won ?? sharedEngine(n).wins(free)
}

/** The legal moves with the number of free squares each leaves, fewest first. */
function movesByLeft(board: GameBoard, free: Int32Array): { s: number; left: number }[] {
  const { size, words, attack } = board
  const moves: { s: number; left: number }[] = []
  for (let s = 0; s < size; s++) {
    if (!hasSquare(free, 0, s)) continue
    let left = 0
    for (let w = 0; w < words; w++) left += popcount(free[w] & ~attack[s * words + w])
    moves.push({ s, left })
  }
  return moves.sort((a, b) => a.left - b.left || a.s - b.s)
}

/** The legal move that leaves the most free squares (the first such square), if any. */
function longestMove(n: number, free: Int32Array): [number, number] | undefined {
  const moves = movesByLeft(gameBoard(n), free)
  const most = moves.at(-1)?.left
  const s = moves.find((m) => m.left === most)?.s
  return s === undefined ? undefined : [Math.floor(s / n), s % n]
}
