import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { bruteForceCards, placedKey } from '../../../testing/brute/cards'
import { parseCards } from './format'
import { seededRandom } from '../../random'
import {
  distinctTurns,
  turnCard,
  type Card,
  type CardBoard,
  type CardPuzzle,
  type Edge,
  type Label,
} from './puzzle'
import { randomCardPuzzle } from './random'
import { countSolutions, firstSolution, PROGRESS_NODES, solveCards } from './solve'
import { identicalGroups } from './symmetry'
import { verifyCardBoard } from './verify'

/*
 * The HIB smiley puzzle (shared/seeds/002_3526314c4ba09667.txt). The source asks "Wie viele
 * Lösungen findest Du?" without printing the number; it does say that filtering out the boards
 * that differ only by turning the whole arrangement "reduziert die Gesamtanzahl auf ein Viertel",
 * that starting in the middle with that card unturned gives only distinct solutions, and that
 * there are "über 23 Milliarden" ways to lay the cards (36 × 32 × 28 × … × 8 × 4 / 4).
 */
const hib = parseCards(readFileSync('resources/cards/hib-smiley.json', 'utf8'), 'hib-smiley.json')

function everyBoard(puzzle: CardPuzzle, identicalAsOne = false) {
  const boards: { board: CardBoard; canonical: boolean; classSize: number }[] = []
  const result = solveCards(puzzle, {
    identicalAsOne,
    onSolution: (board, info) => void boards.push({ board, ...info }),
  })
  for (const { board } of boards) expect(verifyCardBoard(puzzle, board)).toBeUndefined()
  return { boards, result }
}

describe('HIB smiley puzzle', () => {
  const brute = bruteForceCards(hib)

  it('has 16 boards on the fixed board and 4 up to turning it, by the solver and by the brute force', () => {
    expect({ fixed: brute.fixed, upToRotation: brute.upToRotation }).toEqual({
      fixed: 16n,
      upToRotation: 4n,
    })
    const { boards, result } = everyBoard(hib)
    expect(result.counts).toEqual({ fixed: 16n, upToRotation: 4n })
    expect(result.complete).toBe(true)
    expect(boards.map((b) => placedKey(hib, b.board)).sort()).toEqual(brute.boards)
    expect(boards.filter((b) => b.canonical)).toHaveLength(4)
  })

  it('agrees with the source: a quarter are left up to turning; the middle card unturned picks one each', () => {
    const { boards, result } = everyBoard(hib)
    expect(result.counts.upToRotation * 4n).toBe(result.counts.fixed)
    const middleUnturned = boards.filter((b) => b.board[4].turns === 0)
    expect(middleUnturned).toHaveLength(Number(result.counts.upToRotation))
  })

  it("the source's count of ways to lay the cards is over 23 billion", () => {
    let product = 1
    for (let k = 36; k >= 4; k -= 4) product *= k
    let factorial = 1
    for (let k = 2; k <= 9; k++) factorial *= k
    expect(product / 4).toBe((factorial * 4 ** 9) / 4)
    expect(product / 4).toBeGreaterThan(23e9)
    expect(product / 4).toBeLessThan(24e9)
  })

  it('cards 3 and 8 are the same card turned; taken as one they leave 8 boards, 2 up to turning', () => {
    const groups = identicalGroups(hib.cards)
    expect(groups.map((g) => g.cards)).toEqual([[2, 7]])
    expect(turnCard(hib.cards[2], groups[0].turns[1])).toEqual(hib.cards[7])
    expect(brute.identicalAsOne).toEqual({ fixed: 8n, upToRotation: 2n })
    const { boards, result } = everyBoard(hib, true)
    expect(result.counts).toEqual(brute.identicalAsOne)
    // Each board taken as one is two boards of numbered cards (3 and 8 swapped).
    expect(result.counts.fixed * 2n).toBe(brute.fixed)
    expect(new Set(boards.map((b) => placedKey(hib, b.board, false))).size).toBe(8)
  })

  it('firstSolution gives a valid board; countSolutions stops at its limit', () => {
    expect(verifyCardBoard(hib, firstSolution(hib)!)).toBeUndefined()
    const full = countSolutions(hib)
    expect(full).toMatchObject({ fixed: 16n, upToRotation: 4n, complete: true })
    const two = countSolutions(hib, 2)
    expect(two).toMatchObject({ upToRotation: 2n, complete: false })
    expect(two.nodes).toBeLessThan(full.nodes)
    expect(countSolutions(hib, 5)).toMatchObject({ upToRotation: 4n, complete: true })
    expect(full.placements).toBeGreaterThanOrEqual(full.nodes)
  })

  it('a changed card leaves no solution, by both', () => {
    const broken: CardPuzzle = {
      ...hib,
      cards: [[['lila', 0], ...hib.cards[0].slice(1)] as unknown as Card, ...hib.cards.slice(1)],
    }
    expect(bruteForceCards(broken).fixed).toBe(0n)
    expect(solveCards(broken).counts).toEqual({ fixed: 0n, upToRotation: 0n })
    expect(firstSolution(broken)).toBeUndefined()
  })
})

describe('boards of identical cards, where counts pass 2^53', () => {
  const factorial = (k: number) => {
    let f = 1n
    for (let i = 2n; i <= BigInt(k); i++) f *= i
    return f
  }
  /** side × side copies of one card showing the same label all round, under rule 'same'. */
  const alike = (side: number): CardPuzzle => ({
    rows: side,
    cols: side,
    cards: new Array<Card>(side * side).fill([
      ['a', 0],
      ['a', 0],
      ['a', 0],
      ['a', 0],
    ]),
    match: 'same',
  })

  it.each([2, 5, 32])(
    '%i cards a side: every order of the numbered cards, (side²)! boards, a quarter up to turning',
    (side) => {
      const boards = factorial(side * side)
      expect(solveCards(alike(side)).counts).toEqual({ fixed: boards, upToRotation: boards / 4n })
      expect(solveCards(alike(side), { identicalAsOne: true }).counts).toEqual({
        fixed: 1n,
        upToRotation: 1n,
      })
      expect(countSolutions(alike(side), 2)).toMatchObject({ upToRotation: 2n, complete: false })
    },
  )

  it('2 × 2: as the brute force counts', () => {
    const brute = bruteForceCards(alike(2))
    expect(solveCards(alike(2)).counts).toEqual({
      fixed: brute.fixed,
      upToRotation: brute.upToRotation,
    })
  })
})

describe('4 × 4 boards, as the source suggests', () => {
  it.each([
    [4, undefined, 'halves', 1],
    [2, 1, 'halves', 2],
    [3, 0, 'same', 3],
  ] as const)(
    '%i figures, frame %s, rule %s, seed %i: solver and brute force agree',
    (figures, frame, match, seed) => {
      const { puzzle, solution } = randomCardPuzzle(4, 4, figures, frame, seed, match)
      const brute = bruteForceCards(puzzle)
      const { boards, result } = everyBoard(puzzle)
      expect(result.counts).toEqual({ fixed: brute.fixed, upToRotation: brute.upToRotation })
      expect(boards.map((b) => placedKey(puzzle, b.board)).sort()).toEqual(brute.boards)
      expect(brute.boards).toContain(placedKey(puzzle, solution))
      expect(everyBoard(puzzle, true).result.counts).toEqual(brute.identicalAsOne)
    },
  )
})

describe('a board whose middle card looks alike after a half turn', () => {
  it('counts each class once though two turned boards keep that card where it was', () => {
    // Card 1 (the search's marker) shows x, y, x, y and its planted place is the middle.
    const rand = seededRandom(5)
    const label = (): Label => [1 + Math.floor(rand() * 5), 0]
    const x: Label = [1, 0]
    const y: Label = [2, 0]
    const laid: Edge[][] = Array.from({ length: 9 }, () => [label(), label(), label(), label()])
    for (let cell = 0; cell < 9; cell++) {
      if (cell % 3 < 2) laid[cell + 1][1] = laid[cell][3]
      if (cell < 6) laid[cell + 3][0] = laid[cell][2]
    }
    laid[4] = [x, y, x, y]
    laid[1][2] = x
    laid[7][0] = x
    laid[3][3] = y
    laid[5][1] = y
    const order = [4, 0, 1, 2, 3, 5, 6, 7, 8]
    const puzzle: CardPuzzle = {
      rows: 3,
      cols: 3,
      match: 'same',
      cards: order.map((cell, k) => turnCard(laid[cell] as unknown as Card, k % 4)),
    }
    const planted = order.map((_, cell) => {
      const k = order.indexOf(cell)
      return { card: k, turns: (4 - (k % 4)) % distinctTurns(puzzle.cards[k]) }
    })
    expect(verifyCardBoard(puzzle, planted)).toBeUndefined()
    expect(distinctTurns(puzzle.cards[0])).toBe(2)
    const brute = bruteForceCards(puzzle)
    const { boards, result } = everyBoard(puzzle)
    expect(result.counts).toEqual({ fixed: brute.fixed, upToRotation: brute.upToRotation })
    expect(boards.map((b) => placedKey(puzzle, b.board)).sort()).toEqual(brute.boards)
  })
})

describe('progress on a slow search', () => {
  it('is reported by the clock when PROGRESS_NODES nodes take long (a clock that runs 0.1 s per read)', () => {
    // A framed board's frame check once slowed the search to a thousand nodes a second: by node
    // count alone the bar stood still, and a stop went unheard, for a minute. Any slow stretch
    // must still move the bar; here the clock, read every 256 nodes, says 0.1 s passed each time.
    let now = 0
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 100))
    try {
      const { puzzle } = randomCardPuzzle(10, 10, 16, 4, 1)
      const reports: number[] = []
      const r = solveCards(puzzle, { onProgress: (nodes) => reports.push(nodes) >= 3 })
      expect(r.complete).toBe(false)
      expect(reports).toHaveLength(3)
      for (const nodes of reports) expect(nodes).toBeLessThan(PROGRESS_NODES)
    } finally {
      clock.mockRestore()
    }
  })
})

describe('a search in many calls of its loop', () => {
  it('counts, lists and stops as in one call, wherever the calls break it off', () => {
    let crossed = 0
    let found = 0
    for (const [size, figures, frame] of [
      [5, 3, 2],
      [4, 3, undefined],
      [5, 4, 2],
    ] as const) {
      for (let seed = 1; seed <= 3; seed++) {
        const { puzzle } = randomCardPuzzle(size, size, figures, frame, seed)
        const boards = (chunkNodes: number) => {
          const found: string[] = []
          const r = solveCards(puzzle, {
            chunkNodes,
            onSolution: (b) => void found.push(JSON.stringify(b)),
          })
          return { counts: r.counts, stats: r.stats, found }
        }
        const once = boards(2 ** 40)
        crossed += Math.floor(once.stats.nodes / 7)
        found += once.found.length
        for (const chunkNodes of [1, 7, 1000]) expect(boards(chunkNodes)).toEqual(once)
        // Stopped by the limit or by progress: the same point whatever the calls.
        const stop = (chunkNodes: number) =>
          solveCards(puzzle, { chunkNodes, limit: 1, onProgress: (n) => n >= 2 * PROGRESS_NODES })
        expect(stop(7)).toEqual(stop(2 ** 40))
      }
    }
    // Boards found and calls broken off by the thousand.
    expect(crossed).toBeGreaterThan(10_000)
    expect(found).toBeGreaterThan(1000)
  })
})
