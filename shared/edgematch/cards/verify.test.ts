import { describe, expect, it } from 'vitest'
import type { CardPuzzle } from './puzzle'
import { randomCardPuzzle } from './random'
import { verifyCardBoard } from './verify'

describe('independent verifier', () => {
  it('accepts the boards random puzzles are cut from, with and without a frame', () => {
    for (const [frame, match] of [
      [undefined, 'halves'],
      [0, 'same'],
      [3, 'halves'],
    ] as const) {
      for (let seed = 1; seed <= 20; seed++) {
        const { puzzle, solution } = randomCardPuzzle(4, 3, 2, frame, seed, match)
        expect(verifyCardBoard(puzzle, solution)).toBeUndefined()
      }
    }
  })

  // A 1 × 2 board: card 1 east meets card 2 west.
  const pair: CardPuzzle = {
    rows: 1,
    cols: 2,
    match: 'halves',
    frame: 'f',
    cards: [
      ['f', 'f', 'f', ['a', 0]],
      ['f', ['a', 1], 'f', 'f'],
    ],
  }

  it.each([
    [[{ card: 0, turns: 0 }], '1 placements for 2 cells'],
    [
      [
        { card: 0, turns: 0 },
        { card: 0, turns: 0 },
      ],
      'card 1 lies twice',
    ],
    [
      [
        { card: 0, turns: 0 },
        { card: 2, turns: 0 },
      ],
      'cell 2 names no card',
    ],
    [
      [
        { card: 0, turns: 0 },
        { card: 1, turns: 4 },
      ],
      'cell 2: turns must be 0, 1, 2 or 3',
    ],
    [
      [
        { card: 0, turns: 2 },
        { card: 1, turns: 2 },
      ],
      'row 1, column 1, west: ["a",0] on the border, not the frame',
    ],
    [
      [
        { card: 1, turns: 0 },
        { card: 0, turns: 0 },
      ],
      'row 1, column 1, west: ["a",1] on the border, not the frame',
    ],
  ])('rejects %j: %s', (board, message) => {
    expect(verifyCardBoard(pair, board)).toBe(message)
  })

  it('checks the rule of the puzzle and the frame inside the board', () => {
    expect(
      verifyCardBoard(pair, [
        { card: 0, turns: 0 },
        { card: 1, turns: 0 },
      ]),
    ).toBeUndefined()
    expect(
      verifyCardBoard({ ...pair, match: 'same' }, [
        { card: 0, turns: 0 },
        { card: 1, turns: 0 },
      ]),
    ).toBe('row 1, column 1, east: ["a",0] against ["a",1]')
    const open = {
      ...pair,
      frame: undefined,
      cards: [
        [
          ['x', 0],
          ['x', 0],
          ['x', 0],
          ['x', 0],
        ],
        [
          ['x', 1],
          ['x', 1],
          ['x', 1],
          ['x', 1],
        ],
      ],
    } as CardPuzzle
    expect(
      verifyCardBoard(open, [
        { card: 0, turns: 3 },
        { card: 1, turns: 1 },
      ]),
    ).toBeUndefined()
    const frameInside = {
      ...pair,
      frame: 'x',
      cards: [
        ['x', 'x', 'x', 'x'],
        ['x', 'x', 'x', 'x'],
      ],
    } as CardPuzzle
    expect(
      verifyCardBoard(frameInside, [
        { card: 0, turns: 0 },
        { card: 1, turns: 0 },
      ]),
    ).toBe('row 1, column 1, east: the frame "x" inside the board')
  })
})
