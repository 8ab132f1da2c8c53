import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../random'
import { TriangleBrute, type BruteResult } from '../../../testing/brute/triangle'
import type { Solution, TrianglePuzzle } from './puzzle'
import { randomPuzzle } from './random'
import { countSolutions, solveAll, solveFirst } from './solve'
import { verifyTriangleSolution } from './verify'

const params = { seed: 20_250_705, numRuns: 150 }

interface Case {
  readonly rows: number
  readonly figures: number
  readonly origin: 'built' | 'symmetric' | 'loose'
  readonly seed: number
}

// Few figures make boards with thousands of solutions; many make unsolvable loose puzzles.
const caseArbitrary = fc.record({
  rows: fc.integer({ min: 1, max: 3 }),
  figures: fc.integer({ min: 1, max: 6 }),
  origin: fc.constantFrom<Case['origin']>('built', 'symmetric', 'loose'),
  seed: fc.nat(),
})

interface Prepared {
  readonly puzzle: TrianglePuzzle
  readonly brute: TriangleBrute
  readonly expected: BruteResult
}

// fast-check draws the same cases for every property (same seed): solve each once.
const cache = new Map<string, Prepared>()
function prepare(c: Case): Prepared {
  const key = JSON.stringify(c)
  let hit = cache.get(key)
  if (!hit) {
    const puzzle = randomPuzzle(c.rows, c.figures, c.origin, seededRandom(c.seed))
    const brute = new TriangleBrute(puzzle.rows, puzzle.pieces)
    hit = { puzzle, brute, expected: brute.solve() }
    cache.set(key, hit)
  }
  return hit
}

const verify = (p: TrianglePuzzle, b: Solution) => verifyTriangleSolution(p.rows, p.pieces, b)

describe('triangle solver against a plain brute force', () => {
  it('emits exactly the brute force’s boards, each verified, and counts them alike', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { puzzle, brute, expected } = prepare(c)
        const boards: Solution[] = []
        const { counts } = solveAll(puzzle, (s) => boards.push(s))
        for (const b of boards) expect(verify(puzzle, b)).toBeUndefined()
        expect(boards.map((b) => brute.describe(b)).sort()).toEqual(expected.pictures)
        expect(counts).toEqual({
          fixed: expected.fixed,
          upToRotation: expected.upToRotation,
          labelled: BigInt(expected.labelled),
        })
      }),
      params,
    )
  })

  it('built puzzles are solvable; symmetric ones have a board equal to its own turn', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { expected } = prepare(c)
        if (c.origin !== 'loose') expect(expected.fixed).toBeGreaterThan(0)
        // Burnside: 3 · orbits − boards = 2 · boards equal to their 120° turn.
        if (c.origin === 'symmetric')
          expect(3 * expected.upToRotation - expected.fixed).toBeGreaterThan(0)
      }),
      params,
    )
  })

  it('the first board and the limited count agree with the brute force', () => {
    fc.assert(
      fc.property(caseArbitrary, fc.integer({ min: 1, max: 5 }), (c, limit) => {
        const { puzzle, brute, expected } = prepare(c)
        const { solution } = solveFirst(puzzle)
        expect(solution !== undefined).toBe(expected.fixed > 0)
        if (solution) expect(expected.pictures).toContain(brute.describe(solution))
        const counted = countSolutions(puzzle, limit)
        expect(counted.count).toBe(Math.min(limit, expected.fixed))
        expect(counted.complete).toBe(expected.fixed < limit)
      }),
      params,
    )
  })

  it('the verifier accepts a board exactly when the brute force found its picture', () => {
    const seen = { accepted: 0, rejected: 0 }
    fc.assert(
      fc.property(
        caseArbitrary,
        fc.array(fc.nat(), { minLength: 9, maxLength: 9 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 9, maxLength: 9 }),
        fc.boolean(),
        (c, shuffle, turns, fromSolution) => {
          const { puzzle, brute, expected } = prepare(c)
          const n = puzzle.pieces.length
          // A solved board with a few changes, or pieces dealt at random.
          const solved = fromSolution ? solveFirst(puzzle).solution : undefined
          const order = Array.from({ length: n }, (_, k) => k)
          for (let k = n - 1; k > 0; k--) {
            const j = shuffle[k] % (k + 1)
            if (!solved || shuffle[k] % 3 === 0) [order[k], order[j]] = [order[j], order[k]]
          }
          const board = order.map((from, cell) => ({
            piece: solved ? solved[from].piece : from,
            turn: solved && turns[cell] !== 0 ? solved[from].turn : turns[cell],
          }))
          const accepted = verify(puzzle, board) === undefined
          expect(accepted).toBe(expected.pictures.includes(brute.describe(board)))
          seen[accepted ? 'accepted' : 'rejected']++
        },
      ),
      params,
    )
    // Both answers were put to the test.
    expect(seen.accepted).toBeGreaterThan(10)
    expect(seen.rejected).toBeGreaterThan(10)
  })
})
