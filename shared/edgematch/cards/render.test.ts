import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseCards } from './format'
import type { CardPuzzle } from './puzzle'
import { renderBoard } from './render'
import { firstSolution } from './solve'
import { verifyCardBoard } from './verify'

describe('text rendering', () => {
  it('draws each card with the edges it shows, its number and its turns', () => {
    const puzzle: CardPuzzle = {
      rows: 1,
      cols: 2,
      match: 'halves',
      frame: 'F',
      cards: [
        ['F', 'F', ['a', 1], 'F'],
        ['F', 'F', 'F', ['a', 0]],
      ],
    }
    // Card 2 lies west, unturned; card 1, turned three quarter turns, brings its south edge west.
    const board = [
      { card: 1, turns: 0 },
      { card: 0, turns: 3 },
    ]
    expect(verifyCardBoard(puzzle, board)).toBeUndefined()
    expect(renderBoard(puzzle, board)).toBe(
      [
        '+------------+------------+',
        '|     F      |     F      |',
        '| F #2↺0 a/0 | a/1 #1↺3 F |',
        '|     F      |     F      |',
        '+------------+------------+',
      ].join('\n'),
    )
  })

  it('lays out a 3 × 3 board in equal boxes', () => {
    const hib = parseCards(readFileSync('resources/cards/hib-smiley.json', 'utf8'), 'hib')
    const lines = renderBoard(hib, firstSolution(hib)!).split('\n')
    expect(lines).toHaveLength(13)
    expect(new Set(lines.map((l) => l.length)).size).toBe(1)
    expect(lines.filter((l) => l.startsWith('+'))).toHaveLength(4)
  })
})
