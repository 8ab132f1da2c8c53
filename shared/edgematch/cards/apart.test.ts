import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CardsApart } from './apart'
import { placedKey } from '../../../testing/brute/cards'
import { planCards } from './plan'
import { turnCard, type Card, type CardPuzzle, type Label, type MatchRule } from './puzzle'
import { randomCardPuzzle } from './random'
import { solveCards } from './solve'
import { boardRotations } from './symmetry'

const l = (figure: number): Label => [figure, 0]
const A: Card = [l(1), l(2), l(3), l(4)]
const B: Card = [l(1), l(1), l(2), l(2)]
const C: Card = [l(5), l(5), l(5), l(5)]

describe('boards of numbered cards from a board of card types', () => {
  // Cards 0 and 2 are one type (card 2 is card 0 turned), 1 is alone, 3, 4 and 5 are one type.
  const puzzle: CardPuzzle = {
    rows: 2,
    cols: 3,
    match: 'same',
    cards: [A, B, turnCard(A, 3), C, C, C],
  }
  const p = planCards(puzzle, true)
  const apart = new CardsApart(p, puzzle)
  // Any board of types: each type's first entry turned by the cell's number.
  const typeOf = [0, 1, 0, 2, 2, 2]
  const board = Int32Array.from(typeOf, (type, cell) => {
    const ways = (p.firstEntry[type + 1] ?? p.entryType.length) - p.firstEntry[type]
    return p.firstEntry[type] + (cell % ways)
  })

  it('are 2! · 1! · 3! = 12, all different, each card once, all showing what the types show', () => {
    expect(apart.perBoard).toBe(12n)
    const shows = Array.from(board, (o) =>
      JSON.stringify(turnCard(puzzle.cards[p.types[p.entryType[o]].cards[0]], p.entryTurns[o])),
    ).join('|')
    const seen = new Set<string>()
    apart.forEach(board, (cards) => {
      const placed = apart.placements(cards)
      expect(placed.map((x) => x.card).sort()).toEqual([0, 1, 2, 3, 4, 5])
      expect(placedKey(puzzle, placed, false)).toBe(shows)
      seen.add(placedKey(puzzle, placed))
      return false
    })
    expect(seen.size).toBe(12)
  })

  it('deal the cards of a type in cell order first, and stop when asked', () => {
    let visits = 0
    const stopped = apart.forEach(board, (cards) => {
      if (visits++ === 0)
        expect(apart.placements(cards).map((x) => x.card)).toEqual([0, 1, 2, 3, 4, 5])
      return visits === 5
    })
    expect(stopped).toBe(true)
    expect(visits).toBe(5)
  })

  it('turn with the board: a half turn twice gives the board back', () => {
    const [, half] = boardRotations(2, 3)
    apart.forEach(board, (cards) => {
      const once = apart.turn(half, cards, new Int32Array(6))
      expect(Array.from(apart.turn(half, once, new Int32Array(6)))).toEqual(Array.from(cards))
      return false
    })
  })
})

describe('cards told apart against taken as one', () => {
  it('every board of types stands for ∏ m! boards of numbered cards, none its own turned copy', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 2, max: 3 }),
        fc.integer({ min: 1, max: 2 }),
        fc.option(fc.integer({ min: 0, max: 1 }), { nil: undefined }),
        fc.constantFrom<MatchRule>('same', 'halves'),
        fc.integer({ min: 1, max: 100_000 }),
        (rows, cols, figures, frame, match, seed) => {
          const { puzzle } = randomCardPuzzle(rows, cols, figures, frame, seed, match)
          const perBoard = new CardsApart(planCards(puzzle, true), puzzle).perBoard
          const apart = solveCards(puzzle).counts
          const asOne = solveCards(puzzle, { identicalAsOne: true }).counts
          expect(apart.fixed).toBe(asOne.fixed * perBoard)
          expect(apart.upToRotation * BigInt(boardRotations(rows, cols).length)).toBe(apart.fixed)
        },
      ),
      { seed: 20_251_121, numRuns: 150 },
    )
  })
})
