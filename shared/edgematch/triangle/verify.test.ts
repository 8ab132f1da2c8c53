import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseTrianglePuzzle } from './parse'
import { solveFirst } from './solve'
import { verifyTriangleSolution } from './verify'

const puzzle = parseTrianglePuzzle(
  readFileSync('shared/edgematch/triangle/examples/puzzle3.txt', 'utf8'),
  'puzzle3.txt',
)
const board = solveFirst(puzzle).solution!
const check = (b: readonly { piece: number; turn: number }[]) =>
  verifyTriangleSolution(puzzle.rows, puzzle.pieces, b)
const change = (cell: number, p: { piece: number; turn: number }) =>
  board.map((q, k) => (k === cell ? p : q))

describe('the independent verifier', () => {
  it('accepts the solved board', () => {
    expect(check(board)).toBeUndefined()
  })

  it('names the two cells that no longer match when the apex piece is turned', () => {
    // The apex cell 0 meets only the cell pointing down below it, cell 2 (row 1: cells 1, 2, 3);
    // turn the apex piece so that its bottom (side 2) shows another half.
    const { piece, turn } = board[0]
    const bottom = (t: number) => puzzle.pieces[piece][(2 + t) % 3]
    const other = [0, 1, 2].find((t) => bottom(t) !== bottom(turn))!
    expect(check(change(0, { piece, turn: other }))).toMatch(
      /^cells 0 and 2 meet with -?\d+ and -?\d+, not k and −k$/,
    )
  })

  it.each([
    [() => board.slice(1), 'the board has 8 placements for 9 cells'],
    [() => change(4, { piece: 9, turn: 0 }), 'cell 4 holds piece 9, which does not exist'],
    [() => change(4, { piece: 1.5, turn: 0 }), 'cell 4 holds piece 1.5'],
    [() => change(4, { piece: board[4].piece, turn: 3 }), 'cell 4 turns its piece by 3'],
    [
      () => change(4, { piece: board[5].piece, turn: 0 }),
      /^piece \d+ is used [02] times, not once$/,
    ],
  ])('rejects a broken board (%#): %s', (make, message) => {
    expect(check(make())).toMatch(message)
  })

  it('rejects a piece count that does not fill the rows', () => {
    expect(verifyTriangleSolution(2, puzzle.pieces, board)).toBe(
      'a triangle of 2 rows has 4 cells, but there are 9 pieces',
    )
  })
})
