import { describe, expect, it } from 'vitest'
import { freeSquares, gameBoard, type Square } from './board'
import { GameEngine } from './engine'
import { PlainSolver, plainFree } from '../../../testing/brute/queens-game'
import { publishedWinner } from './published'
import { bestMove, hint, isWon, legalMoves, sharedEngine, solveQueensGame } from './solve'

/** Small tables and the board-level search down to 8 squares, so that small boards use it too. */
const ON_THE_BOARD = { ttBits: 8, graphBits: 6, endgame: 7, canonical: 0 }

function plainSolve(n: number): { winner: string; winningMoves: [number, number][] } {
  const plain = new PlainSolver(n)
  const free = plainFree(n, [])
  const winningMoves: [number, number][] = []
  for (let s = 0; s < n * n; s++)
    if (free[s] === '1' && !plain.wins(plain.after(free, s)))
      winningMoves.push([Math.floor(s / n), s % n])
  return { winner: winningMoves.length ? 'first' : 'second', winningMoves }
}

describe('solveQueensGame', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'n = %i: the same winner and winning first moves as the plain solver',
    (n) => {
      const want = plainSolve(n)
      for (const engine of [new GameEngine(n), new GameEngine(n, ON_THE_BOARD)]) {
        const got = solveQueensGame(n, { useTheorem: false, engine })
        expect({ winner: got.winner, winningMoves: got.winningMoves }).toEqual(want)
        expect(got.byTheorem).toBe(false)
      }
    },
  )

  it.each([2, 4, 6, 8, 10, 12])('n = %i: the published winner', (n) => {
    const got = solveQueensGame(n, { engine: new GameEngine(n) })
    expect(got.winner).toBe(publishedWinner(n))
    expect(got.byTheorem).toBe(false)
    // Up to n = 4 the table of small positions answers everything.
    if (n >= 6) expect(got.nodes).toBeGreaterThan(0)
  })

  it('n = 8: the first player wins by the four middle squares only', () => {
    expect(solveQueensGame(8).winningMoves).toEqual([
      [3, 3],
      [3, 4],
      [4, 3],
      [4, 4],
    ])
  })

  it.each([1, 3, 5, 7, 9, 11])(
    'n = %i: the search agrees with the theorem, the centre among the winning moves',
    (n) => {
      const theorem = solveQueensGame(n)
      const m = (n - 1) / 2
      expect(theorem).toMatchObject({ winner: 'first', winningMoves: [[m, m]], byTheorem: true })
      const searched = solveQueensGame(n, { useTheorem: false, engine: new GameEngine(n) })
      expect(searched.winner).toBe('first')
      expect(searched.byTheorem).toBe(false)
      expect(searched.winningMoves).toContainEqual([m, m])
    },
  )

  it('rejects boards it cannot hold', () => {
    expect(() => solveQueensGame(0)).toThrow()
    expect(() => solveQueensGame(17)).toThrow()
    expect(() => solveQueensGame(2.5)).toThrow()
    expect(() => solveQueensGame(6, { engine: new GameEngine(5) })).toThrow()
  })
})

describe('positions', () => {
  it('legal moves are the squares no queen attacks', () => {
    expect(legalMoves(4, [[0, 1]])).toEqual([
      [1, 3],
      [2, 0],
      [2, 2],
      [3, 0],
      [3, 2],
      [3, 3],
    ])
    expect(legalMoves(1, [[0, 0]])).toEqual([])
  })

  it('rejects queens off the board or attacked when placed', () => {
    expect(() => isWon(4, [[4, 0]])).toThrow()
    expect(() => isWon(4, [[0, -1]])).toThrow()
    expect(() => isWon(4, [[0, 0.5]])).toThrow()
    expect(() =>
      hint(4, [
        [0, 0],
        [1, 1],
      ]),
    ).toThrow()
    expect(() =>
      bestMove(4, [
        [0, 0],
        [0, 0],
      ]),
    ).toThrow()
  })

  it('no move left: lost, and no move to suggest', () => {
    const full: Square[] = [
      [0, 0],
      [1, 2],
    ]
    expect(legalMoves(3, full)).toEqual([])
    expect(hint(3, full)).toEqual({ won: false, move: undefined })
  })

  it('n = 12: answers the second player at once after any first move, from the table', () => {
    const solved = solveQueensGame(12)
    for (const first of [
      [0, 0],
      [5, 6],
      [2, 9],
    ] as Square[]) {
      // Counted in positions searched, not milliseconds (the time is in npm run bench).
      const nodes = sharedEngine(12).nodes
      const h = hint(12, [first])
      expect(sharedEngine(12).nodes - nodes).toBeLessThan(solved.nodes / 100)
      expect(h.won).toBe(true)
      expect(isWon(12, [first, h.move!])).toBe(false)
    }
  })

  it('odd n: the reflecting answer, and the position after it lost', () => {
    const n = 7
    expect(bestMove(n, [])).toEqual([3, 3])
    const queens: Square[] = [
      [3, 3],
      [0, 1],
    ]
    expect(hint(n, queens)).toEqual({ won: true, move: [6, 5] })
    expect(isWon(n, [...queens, [6, 5]])).toBe(false)
    // The engine, which knows no theorem, agrees.
    const engine = new GameEngine(n)
    expect(engine.wins(freeSquares(gameBoard(n), [...queens, [6, 5]]))).toBe(false)
  })
})
