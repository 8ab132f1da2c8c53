/**
 * The board of the queens game (issue 6) as bitsets: square (r, c) of an n × n board is bit
 * r·n + c, packed densely into `words` 32-bit words (n = 12: 5 words, n = 14: 7). A position is
 * the set of free squares, those still playable; placing a queen removes it and every square it
 * attacks, so the game is Node Kayles on the queen graph restricted to the free squares.
 * Blocking never matters: a queen between two squares on a line would be attacked by the first.
 */

import { d4Square } from '../../lattice/d4'
import { BOARD_SYMMETRIES } from '../symmetry'

/** A square as [row, column], both from 0. */
export type Square = readonly [number, number]

/** Boards up to 16 × 16: the move list packs a square into 8 bits. */
export const MAX_GAME_N = 16

export interface GameBoard {
  readonly n: number
  /** n². */
  readonly size: number
  /** 32-bit words per set of squares. */
  readonly words: number
  /** For square s, words s·words … : s and every square it attacks (its closed neighbourhood). */
  readonly attack: Int32Array
  /**
   * Image of square s under symmetry t at t·size + s, in the order of BOARD_SYMMETRIES (the
   * identity, quarter turns clockwise, the left–right, top–bottom and two diagonal reflections).
   */
  readonly images: Int32Array
}

const boards = new Map<number, GameBoard>()

export function checkGameSize(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > MAX_GAME_N)
    throw new Error(`the queens game is played on boards of 1 to ${MAX_GAME_N} rows, not ${n}`)
}

/** The board's tables, built once per size. */
export function gameBoard(n: number): GameBoard {
  checkGameSize(n)
  let board = boards.get(n)
  if (!board) {
    const size = n * n
    const words = (size + 31) >>> 5
    const attack = new Int32Array(size * words)
    for (let s = 0; s < size; s++) {
      const r = Math.floor(s / n)
      const c = s % n
      for (let t = 0; t < size; t++) {
        const r2 = Math.floor(t / n)
        const c2 = t % n
        if (r === r2 || c === c2 || r - c === r2 - c2 || r + c === r2 + c2)
          attack[s * words + (t >>> 5)] |= 1 << (t & 31)
      }
    }
    const m = n - 1
    const images = new Int32Array(8 * size)
    BOARD_SYMMETRIES.forEach((g, t) => {
      for (let s = 0; s < size; s++) {
        const [r, c] = d4Square(g, Math.floor(s / n), s % n, m)
        images[t * size + s] = r * n + c
      }
    })
    board = { n, size, words, attack, images }
    boards.set(n, board)
  }
  return board
}

/** Whether square s is in the set at `off` of `bits`. */
export function hasSquare(bits: Int32Array, off: number, s: number): boolean {
  return (bits[off + (s >>> 5)] & (1 << (s & 31))) !== 0
}

/** Bits set in a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}

/**
 * The free squares after the queens were placed, in this order or any other (the free set does
 * not depend on it). Throws unless every queen is on the board and was legal when placed.
 */
export function freeSquares(board: GameBoard, queens: readonly Square[]): Int32Array {
  const { n, size, words, attack } = board
  const free = new Int32Array(words)
  for (let s = 0; s < size; s++) free[s >>> 5] |= 1 << (s & 31)
  for (const q of queens) {
    const s = squareIndex(board, q)
    if (!hasSquare(free, 0, s))
      throw new Error(`the queen at ${q[0]}, ${q[1]} is attacked by another (n = ${n})`)
    for (let w = 0; w < words; w++) free[w] &= ~attack[s * words + w]
  }
  return free
}

/** The bit of a square, checked to be on the board. */
function squareIndex(board: GameBoard, q: Square): number {
  const [r, c] = q
  const { n } = board
  if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0 || r >= n || c >= n)
    throw new Error(`no square ${JSON.stringify(q)} on a board of ${n} rows`)
  return r * n + c
}

/** The squares of a set, in order. */
export function squaresOf(board: GameBoard, bits: Int32Array, off = 0): [number, number][] {
  const out: [number, number][] = []
  for (let s = 0; s < board.size; s++)
    if (hasSquare(bits, off, s)) out.push([Math.floor(s / board.n), s % board.n])
  return out
}
