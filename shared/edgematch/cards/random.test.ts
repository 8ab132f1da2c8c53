import { describe, expect, it } from 'vitest'
import { bruteForceCards } from '../../../testing/brute/cards'
import { edgeAt, isFrameEdge, type CardBoard, type CardPuzzle } from './puzzle'
import { BUDGETS } from '../generate'
import { FRAME_FIGURE, generateUniqueCards, randomCardPuzzle, uniquenessProblem } from './random'
import { countSolutions } from './solve'
import { verifyCardBoard } from './verify'

/** The figures on the board's inner edges: those running into the frame, and the others. */
function innerFigures(puzzle: CardPuzzle, board: CardBoard) {
  const { rows, cols } = puzzle
  const shown = (cell: number, side: number) => {
    const p = board[cell]
    return edgeAt(puzzle.cards[p.card], p.turns, side)
  }
  const intoFrame = new Set<unknown>()
  const others = new Set<unknown>()
  for (let cell = 0; cell < rows * cols; cell++) {
    const r = Math.floor(cell / cols)
    const c = cell % cols
    const east = shown(cell, 3)
    const south = shown(cell, 2)
    if (c + 1 < cols && !isFrameEdge(east))
      (r === 0 || r === rows - 1 ? intoFrame : others).add(east[0])
    if (r + 1 < rows && !isFrameEdge(south))
      (c === 0 || c === cols - 1 ? intoFrame : others).add(south[0])
  }
  return { intoFrame, others }
}

describe('random card puzzles', () => {
  it('are reproducible from their seed, shuffled and turned', () => {
    const a = randomCardPuzzle(5, 4, 3, 2, 42)
    expect(randomCardPuzzle(5, 4, 3, 2, 42)).toEqual(a)
    expect(randomCardPuzzle(5, 4, 3, 2, 43).puzzle.cards).not.toEqual(a.puzzle.cards)
    expect(a.solution.some((p, cell) => p.card !== cell)).toBe(true)
    expect(a.solution.some((p) => p.turns !== 0)).toBe(true)
    expect(verifyCardBoard(a.puzzle, a.solution)).toBeUndefined()
  })

  it('Eternity-style: frame outside, frame colours where edges run into the frame, inner colours elsewhere', () => {
    const { puzzle, solution } = randomCardPuzzle(6, 6, 5, 3, 1, 'same')
    expect(puzzle.frame).toBe(FRAME_FIGURE)
    expect(verifyCardBoard(puzzle, solution)).toBeUndefined()
    const { intoFrame, others } = innerFigures(puzzle, solution)
    expect([...intoFrame].sort()).toEqual([6, 7, 8])
    expect([...others].sort()).toEqual([1, 2, 3, 4, 5])
    // Without frame colours, edges into the frame take the inner figures.
    const plain = randomCardPuzzle(6, 6, 5, 0, 1, 'same')
    const { intoFrame: f0, others: o0 } = innerFigures(plain.puzzle, plain.solution)
    expect([...new Set([...f0, ...o0])].sort()).toEqual([1, 2, 3, 4, 5])
  })

  it.each([
    [3, 3, 4, undefined, 1],
    [4, 4, 3, 2, 7],
    [2, 3, 3, undefined, 3],
  ] as const)(
    'generateUniqueCards(%i, %i, %i, %s, %i) gives one solution up to turning, by the brute force too',
    (rows, cols, figures, frame, seed) => {
      const g = generateUniqueCards(rows, cols, figures, frame, seed, BUDGETS.cards)
      if (!g.ok) throw new Error(`ran out of ${g.ranOut}`)
      expect(g.draws).toBeGreaterThanOrEqual(1)
      expect(g.nodes).toBeGreaterThan(0)
      expect(verifyCardBoard(g.puzzle, g.solution)).toBeUndefined()
      const brute = bruteForceCards(g.puzzle)
      expect(brute.upToRotation).toBe(1n)
      expect(brute.fixed).toBe(rows === cols ? 4n : 2n)
      expect(countSolutions(g.puzzle)).toMatchObject({ upToRotation: 1n, complete: true })
    },
  )

  it('generateUniqueCards gives up when the draws are spent', () => {
    // One figure, one half: every card is the same card, so swapping any two is another solution.
    const budget = { draws: 5, nodes: 1e9 }
    const g = generateUniqueCards(2, 2, 1, undefined, 1, budget, { match: 'same' })
    expect(g).toMatchObject({ ok: false, ranOut: 'draws', draws: 5 })
  })

  it('says up front when too few figures force alike cards, which can swap places', () => {
    expect(uniquenessProblem(8, 8, 1, undefined)).toBe(
      '8 × 8 cards with 1 figure cannot have exactly one solution: there are only 6 different cards, so some of the 64 are alike, and alike cards can swap places; use at least 2 figures',
    )
    // One figure makes 6 different cards: 6 cards may all differ; 8 make two pairs at least, whose
    // 2! · 2! = 4 boards showing the same are more than the 2 turns of an oblong board.
    expect(uniquenessProblem(2, 3, 1, undefined)).toBeUndefined()
    expect(uniquenessProblem(2, 4, 1, undefined)).toMatch(/^2 × 4 cards with 1 figure cannot/)
    expect(uniquenessProblem(3, 3, 1, undefined)).toMatch(/use at least 2 figures$/)
    expect(uniquenessProblem(2, 2, 1, undefined, 'same')).toMatch(/there is only 1 kind of card/)
    expect(uniquenessProblem(8, 8, 2, undefined)).toBeUndefined()
    expect(uniquenessProblem(8, 8, 1, 1)).toBeUndefined()
  })

  it('refuses only what is impossible: no draw of a board it refuses has one solution', () => {
    for (const [rows, cols, match] of [
      [2, 2, 'same'],
      [2, 4, 'halves'],
      [3, 3, 'halves'],
      [4, 4, 'halves'],
    ] as const) {
      expect(uniquenessProblem(rows, cols, 1, undefined, match)).toBeDefined()
      for (let seed = 0; seed < 30; seed++) {
        const { puzzle } = randomCardPuzzle(rows, cols, 1, undefined, seed, match)
        expect(countSolutions(puzzle, 2).upToRotation).toBe(2n)
      }
    }
  })
})
