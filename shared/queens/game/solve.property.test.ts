import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { gameBoard, type Square } from './board'
import { GameEngine, type EngineOptions } from './engine'
import { PlainSolver, plainFree } from '../../../testing/brute/queens-game'
import { SMALL_SQUARES, smallTables } from './small'
import { bestMove, hint, isWon, legalMoves } from './solve'

const params = { seed: 20_260_614, numRuns: 300 }

const plains = new Map<number, PlainSolver>()
function plainFor(n: number): PlainSolver {
  if (!plains.has(n)) plains.set(n, new PlainSolver(n))
  return plains.get(n)!
}

/** A position of a game: each number picks one of the legal moves at its turn. */
const position = (min: number, max: number) =>
  fc.tuple(fc.integer({ min, max }), fc.array(fc.nat(), { maxLength: 6 })).map(([n, picks]) => {
    const queens: Square[] = []
    for (const p of picks) {
      const moves = legalMoves(n, queens)
      if (moves.length === 0) break
      queens.push(moves[p % moves.length])
    }
    return { n, queens }
  })

/** Any set of free squares, attainable in a game or not: it falls apart into components more. */
const freeSet = (min: number, max: number) =>
  fc
    .integer({ min, max })
    .chain((n) =>
      fc.tuple(
        fc.constant(n),
        fc.array(fc.boolean(), { minLength: n * n, maxLength: n * n }),
        fc.nat(4),
      ),
    )

function bits(n: number, squares: boolean[]): Int32Array {
  const free = new Int32Array(gameBoard(n).words)
  squares.forEach((on, s) => {
    if (on) free[s >>> 5] |= 1 << (s & 31)
  })
  return free
}

const asString = (squares: boolean[]) => squares.map((on) => (on ? '1' : '0')).join('')

// Small tables; the default search, one on the board down to 8 squares, one on the board only.
const settings: EngineOptions[] = [
  { ttBits: 12 },
  { ttBits: 12, endgame: 7, canonical: 0 },
  { ttBits: 10, endgame: 0 },
]

describe('the fast solver against the plain one', () => {
  it('the same verdict on positions of games, n ≤ 8', () => {
    fc.assert(
      fc.property(position(1, 8), ({ n, queens }) => {
        expect(isWon(n, queens)).toBe(plainFor(n).wins(plainFree(n, queens)))
      }),
      params,
    )
  })

  it('the best move never gives a won position away; from a lost one it is legal', () => {
    fc.assert(
      fc.property(position(1, 8), ({ n, queens }) => {
        const plain = plainFor(n)
        const won = plain.wins(plainFree(n, queens))
        const h = hint(n, queens)
        expect(h.won).toBe(won)
        expect(bestMove(n, queens)).toEqual(h.move)
        const moves = legalMoves(n, queens)
        if (moves.length === 0) expect(h.move).toBeUndefined()
        else expect(moves).toContainEqual(h.move)
        if (won) expect(plain.wins(plainFree(n, [...queens, h.move!]))).toBe(false)
      }),
      params,
    )
  })

  it('values of any free sets, summed over their components, and with a nim heap beside', () => {
    fc.assert(
      fc.property(freeSet(1, 7), ([n, squares, x]) => {
        const plain = plainFor(n)
        const free = asString(squares)
        for (const options of settings) {
          const engine = new GameEngine(n, options)
          const g = engine.value(bits(n, squares))
          // The value is g exactly when the sum with a heap of g is lost, and no smaller heap is.
          expect(plain.wins(free, g)).toBe(false)
          for (let y = 0; y < g; y++) expect(plain.wins(free, y)).toBe(true)
          expect(engine.wins(bits(n, squares), x)).toBe(plain.wins(free, x))
        }
      }),
      params,
    )
  })
})

describe('lines', () => {
  it.each([7, 8, 9])('n = %i: a full row, column or diagonal is worth 1, on any engine', (n) => {
    const lines = [
      (i: number) => 3 * n + i,
      (i: number) => i * n + 2,
      (i: number) => i * n + i,
      (i: number) => i * n + n - 1 - i,
    ]
    for (const line of lines) {
      const squares = Array.from({ length: n * n }, () => false)
      for (let i = 0; i < n; i++) squares[line(i)] = true
      for (const options of settings) {
        const engine = new GameEngine(n, options)
        expect(engine.value(bits(n, squares))).toBe(1)
        expect([0, 1, 2].map((x) => engine.wins(bits(n, squares), x))).toEqual([true, false, true])
      }
    }
  })

  it('n = 9: seven squares of a row and a square apart are two components, worth 1 + 1 = 0', () => {
    const squares = Array.from({ length: 81 }, (_, s) => s < 7 || s === 17)
    expect(plainFor(9).wins(asString(squares))).toBe(false)
    for (const options of settings)
      expect(new GameEngine(9, options).value(bits(9, squares))).toBe(0)
  })

  it('n = 16: two rows of seven squares that attack nothing of the other are worth 1 + 1 = 0', () => {
    const squares = Array.from({ length: 256 }, (_, s) => s < 7 || (s >= 24 && s < 31))
    expect(plainFor(16).wins(asString(squares))).toBe(false)
    for (const options of settings)
      expect(new GameEngine(16, options).value(bits(16, squares))).toBe(0)
  })
})

describe('the values of small graphs', () => {
  it('a path of 4 is 0, a star of 3 rays 1, a triangle with a tail 2, a 4-cycle 0', () => {
    const t = smallTables()[4]
    // Pairs (0,1) (0,2) (1,2) (0,3) (1,3) (2,3) are bits 0 … 5.
    expect(t[0b100101]).toBe(0) // 0–1, 1–2, 2–3
    expect(t[0b001011]).toBe(1) // 0–1, 0–2, 0–3
    expect(t[0b100111]).toBe(2) // 0–1, 0–2, 1–2, 2–3
    expect(t[0b011110]).toBe(0) // 0–2, 1–2, 0–3, 1–3: the cycle 0–2–1–3
  })

  it('every table entry is the mex over its moves, by a direct recursion', () => {
    const value = (k: number, edges: (i: number, j: number) => boolean, left: number[]): number => {
      const seen = new Set<number>()
      for (const v of left)
        seen.add(
          value(
            k,
            edges,
            left.filter((u) => u !== v && !edges(u, v)),
          ),
        )
      let g = 0
      while (seen.has(g)) g++
      return g
    }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: SMALL_SQUARES }), fc.nat(), (k, seed) => {
        const key = seed % smallTables()[k].length
        const edges = (i: number, j: number) => {
          const [a, b] = i < j ? [i, j] : [j, i]
          return (key & (1 << ((b * (b - 1)) / 2 + a))) !== 0
        }
        const all = Array.from({ length: k }, (_, i) => i)
        expect(smallTables()[k][key]).toBe(value(k, edges, all))
      }),
      params,
    )
  })
})
