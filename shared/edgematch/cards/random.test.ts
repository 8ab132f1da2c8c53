import { describe, expect, it } from 'vitest'
import { bruteForceCards } from './brute'
import { edgeAt, isFrameEdge, type CardBoard, type CardPuzzle } from './puzzle'
import { FRAME_FIGURE, generateUniqueCards, randomCardPuzzle } from './random'
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
      const g = generateUniqueCards(rows, cols, figures, frame, seed)!
      expect(g).toBeDefined()
      expect(g.draws).toBeGreaterThanOrEqual(1)
      expect(g.nodes).toBeGreaterThan(0)
      expect(verifyCardBoard(g.puzzle, g.solution)).toBeUndefined()
      const brute = bruteForceCards(g.puzzle)
      expect(brute.upToRotation).toBe(1n)
      expect(brute.fixed).toBe(rows === cols ? 4n : 2n)
      expect(countSolutions(g.puzzle)).toMatchObject({ upToRotation: 1n, complete: true })
    },
  )

  it('generateUniqueCards gives up when no draw can be unique', () => {
    // One figure, one half: every card is the same card, so swapping any two is another solution.
    expect(generateUniqueCards(2, 2, 1, undefined, 1, 5, 'same')).toBeUndefined()
  })
})
