import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { seededRandom } from '../../random'
import { bruteForceCards, placedKey, type BruteResult } from '../../../testing/brute/cards'
import type { Card, CardBoard, CardPuzzle, MatchRule } from './puzzle'
import { randomCardPuzzle } from './random'
import { countSolutions, firstSolution, solveCards } from './solve'
import { verifyCardBoard } from './verify'

const SEED = 20_250_705
const params = { seed: SEED, numRuns: 300 }

interface Case {
  readonly puzzle: CardPuzzle
  /** The board the cards were cut from, unless an edge was changed afterwards. */
  readonly planted?: CardBoard
  readonly brute: BruteResult
}

/**
 * Few figures, so that many solutions exist, but enough that the brute force stays quick: a 3 × 3
 * board with one figure and no frame has 9! boards.
 */
function fewestFigures(cells: number, match: MatchRule, framed: boolean): number {
  if (framed || cells <= 4) return 1
  if (cells <= 6) return match === 'halves' ? 2 : 3
  return match === 'halves' ? 3 : 5
}

const caseArbitrary = fc
  .record({
    rows: fc.integer({ min: 1, max: 3 }),
    cols: fc.integer({ min: 1, max: 3 }),
    more: fc.integer({ min: 0, max: 1 }),
    frame: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined, freq: 2 }),
    match: fc.constantFrom<MatchRule>('halves', 'same'),
    seed: fc.integer({ min: 1, max: 1_000_000 }),
    change: fc.boolean(),
  })
  .map((c) => ({
    ...c,
    figures: fewestFigures(c.rows * c.cols, c.match, c.frame !== undefined) + c.more,
  }))

// fast-check draws the same cases for every property (same seed): build and brute-force once.
const cache = new Map<string, Case>()
function draw(c: {
  rows: number
  cols: number
  figures: number
  frame?: number
  match: MatchRule
  seed: number
  change: boolean
}): Case {
  const key = JSON.stringify(c)
  let hit = cache.get(key)
  if (!hit) {
    const { puzzle, solution } = randomCardPuzzle(
      c.rows,
      c.cols,
      c.figures,
      c.frame,
      c.seed,
      c.match,
    )
    let p = puzzle
    if (c.change) {
      // One inner label replaced by a random one: the puzzle may have no solution left.
      const rand = seededRandom(c.seed + 1)
      const k = Math.floor(rand() * p.cards.length)
      const side = Math.floor(rand() * 4)
      const edge = p.cards[k][side]
      if (Array.isArray(edge)) {
        const card = [...p.cards[k]] as unknown as (typeof edge)[]
        card[side] = [
          1 + Math.floor(rand() * c.figures),
          c.match === 'halves' && rand() < 0.5 ? 1 : 0,
        ]
        p = { ...p, cards: p.cards.map((x, i) => (i === k ? (card as unknown as Card) : x)) }
      }
    }
    hit = { puzzle: p, planted: p === puzzle ? solution : undefined, brute: bruteForceCards(p) }
    cache.set(key, hit)
  }
  return hit
}

function emitted(puzzle: CardPuzzle, identicalAsOne: boolean) {
  const boards: { board: CardBoard; canonical: boolean; classSize: number }[] = []
  const result = solveCards(puzzle, {
    identicalAsOne,
    onSolution: (board, info) => void boards.push({ board, ...info }),
  })
  return { boards, result }
}

describe('card solver against a plain brute force', () => {
  it('cards told apart: the same boards, the same classes, every board valid', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { puzzle, planted, brute } = draw(c)
        const { boards, result } = emitted(puzzle, false)
        expect(result.complete).toBe(true)
        expect(result.counts).toEqual({ fixed: brute.fixed, upToRotation: brute.upToRotation })
        for (const b of boards) expect(verifyCardBoard(puzzle, b.board)).toBeUndefined()
        expect(boards.map((b) => placedKey(puzzle, b.board)).sort()).toEqual(brute.boards)
        const canonical = boards.filter((b) => b.canonical)
        expect(canonical).toHaveLength(Number(brute.upToRotation))
        expect(canonical.reduce((s, b) => s + b.classSize, 0)).toBe(Number(brute.fixed))
        if (planted) expect(brute.boards).toContain(placedKey(puzzle, planted))
      }),
      params,
    )
  })

  it("identical cards as one: the brute force's counts of what the boards show, each board once", () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { puzzle, brute } = draw(c)
        const { boards, result } = emitted(puzzle, true)
        expect(result.counts).toEqual(brute.identicalAsOne)
        for (const b of boards) expect(verifyCardBoard(puzzle, b.board)).toBeUndefined()
        // Distinct and valid, and as many as the brute force's: the same set of boards.
        expect(new Set(boards.map((b) => placedKey(puzzle, b.board, false))).size).toBe(
          boards.length,
        )
        expect(boards.length).toBe(Number(brute.identicalAsOne.fixed))
        const canonical = boards.filter((b) => b.canonical)
        expect(canonical).toHaveLength(Number(brute.identicalAsOne.upToRotation))
        expect(canonical.reduce((s, b) => s + b.classSize, 0)).toBe(
          Number(brute.identicalAsOne.fixed),
        )
      }),
      params,
    )
  })

  it('countSolutions with limit 2 decides uniqueness; firstSolution finds a board iff one exists', () => {
    fc.assert(
      fc.property(caseArbitrary, (c) => {
        const { puzzle, brute } = draw(c)
        const apart = countSolutions(puzzle, 2)
        expect(apart.upToRotation).toBe(brute.upToRotation < 2n ? brute.upToRotation : 2n)
        expect(apart.complete).toBe(brute.upToRotation < 2n)
        const asOne = countSolutions(puzzle, 2, { identicalAsOne: true })
        if (brute.identicalAsOne.upToRotation < 2n) {
          expect(asOne).toMatchObject({ ...brute.identicalAsOne, complete: true })
        } else {
          expect(asOne.complete).toBe(false)
          expect(asOne.upToRotation).toBeGreaterThanOrEqual(2n)
        }
        const first = firstSolution(puzzle)
        expect(first === undefined).toBe(brute.fixed === 0n)
        if (first) expect(verifyCardBoard(puzzle, first)).toBeUndefined()
      }),
      params,
    )
  })
})
