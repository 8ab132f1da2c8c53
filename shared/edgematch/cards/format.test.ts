import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { cardsFromJson, formatCards, parseCards } from './format'
import { randomCardPuzzle } from './random'

/** The card list exactly as the source prints it for copying ("zum Herauskopieren"). */
const SOURCE_LIST = `karten = [ ("rot",0), ("gelb",1), ("blau",1), ("gruen",0) ],
           [ ("rot",1), ("blau",1), ("gelb",0), ("gruen",0) ],
           [ ("gelb",0), ("blau",0), ("gruen",1), ("rot",1) ],
           [ ("rot",1), ("gelb",0), ("rot",0), ("gruen",1) ],
           [ ("rot",0), ("gruen",1), ("blau",1), ("gelb",0) ],
           [ ("blau",1), ("rot",1), ("gruen",0), ("gelb",0) ],
           [ ("gruen",0), ("blau",0), ("gelb",1), ("blau",1) ],
           [ ("rot",1), ("gelb",0), ("blau",0), ("gruen",1) ],
           [ ("gruen",0), ("gelb",1), ("rot",1), ("blau",0) ] ]`

const HIB = readFileSync('resources/cards/hib-smiley.json', 'utf8')

describe('card files', () => {
  it('the bundled HIB set is the source list, card for card and edge for edge', () => {
    const labels = [...SOURCE_LIST.matchAll(/\("(\w+)",([01])\)/g)].map((m) => [m[1], Number(m[2])])
    const fromSource = Array.from({ length: 9 }, (_, k) => labels.slice(4 * k, 4 * k + 4))
    const puzzle = parseCards(HIB, 'hib-smiley.json')
    expect(puzzle).toMatchObject({ rows: 3, cols: 3, match: 'halves' })
    expect(puzzle.frame).toBeUndefined()
    expect(puzzle.cards).toEqual(fromSource)
  })

  it('reads past a byte-order mark, and still names the right line', () => {
    expect(parseCards('\uFEFF' + HIB, 'hib.json')).toEqual(parseCards(HIB, 'hib.json'))
    const broken = '\uFEFF' + HIB.replace('["rot", 0]', '["rot", 2]')
    expect(() => parseCards(broken, 'hib.json')).toThrow(
      'hib.json: line 10: card 1, north edge: the half must be 0 or 1, not 2',
    )
  })

  it('formatCards writes what parseCards reads back, frames, numbers and rules included', () => {
    for (const [frame, match] of [
      [undefined, 'halves'],
      [2, 'same'],
      [0, 'halves'],
    ] as const) {
      const { puzzle } = randomCardPuzzle(3, 4, 3, frame, 11, match)
      expect(parseCards(formatCards(puzzle), 'x.json')).toEqual(puzzle)
    }
    const hib = parseCards(HIB, 'hib-smiley.json')
    expect(parseCards(formatCards(hib), 'x.json')).toEqual(hib)
  })

  const card = '[["a", 0], ["b", 1], ["a", 1], ["b", 0]]'
  const twoByOne = (second: string, extra = '') =>
    `{\n  "rows": 1,\n  "cols": 2,${extra}\n  "cards": [\n    ${card},\n    ${second}\n  ]\n}`

  it.each([
    [
      twoByOne('[["a", 0], ["b", 2], ["a", 1], ["b", 0]]'),
      'line 6: card 2, west edge: the half must be 0 or 1, not 2',
    ],
    [
      twoByOne('[["a", 0], ["b", 1], ["a", 1]]'),
      'line 6: card 2: a card is a list of its four edges [north, west, south, east]',
    ],
    [
      twoByOne('["grau", ["b", 1], ["a", 1], ["b", 0]]'),
      'line 6: card 2, north edge: "grau" alone would be a frame edge, but the file sets no "frame"; write [figure, half]',
    ],
    [
      twoByOne('[["a", 0], ["b", 1], ["a", 1], ["grau", 0]]', '\n  "frame": "grau",'),
      'line 7: card 2, east edge: the frame figure "grau" is written alone, without a half',
    ],
    [
      twoByOne('[["a", 0], ["b", 1], ["a", 1], "rot"]', '\n  "frame": "grau",'),
      'line 7: card 2, east edge: "rot" is not the frame figure "grau"; write [figure, half]',
    ],
    [
      twoByOne('[["a", 0], [true, 1], ["a", 1], ["b", 0]]'),
      'line 6: card 2, west edge: an edge is [figure, half], like ["rot", 0], not [true,1]',
    ],
    [
      twoByOne('[["a", 0], ["", 1], ["a", 1], ["b", 0]]'),
      'line 6: card 2, west edge: an edge is [figure, half], like ["rot", 0], not ["",1]',
    ],
    [
      `{\n  "rows": 2,\n  "cols": 2,\n  "cards": [\n    ${card}\n  ]\n}`,
      'line 4: the board has 2 × 2 = 4 cells but the file lists 1 card',
    ],
    ['{"rows": 0, "cols": 2, "cards": []}', 'line 1: rows must be a whole number from 1 to 32'],
    ['{"rows": 1, "cols": 2.5, "cards": []}', 'line 1: cols must be a whole number from 1 to 32'],
    ['{"cols": 2, "cards": []}', 'line 1: missing field "rows"'],
    ['{"rows": 1, "cols": 1, "colour": 1, "cards": []}', 'line 1: unknown field "colour"'],
    [
      '{"rows": 1, "cols": 1, "match": "equal", "cards": []}',
      'line 1: match must be "halves" or "same"',
    ],
    ['[1, 2]', 'line 1: a card file is an object with "rows", "cols" and "cards"'],
    ['{"rows": 1,\n "cols": 1,\n "cards": [\n', 'not valid JSON (the text ends too early)'],
  ])('%s is refused: %s', (text, message) => {
    expect(() => parseCards(text, 'x.json')).toThrow(`x.json: ${message}`)
  })

  it('without the text at hand the message names no line', () => {
    expect(() => cardsFromJson({ rows: 1, cols: 1, cards: [[1, 2, 3, 4]] }, 'set')).toThrow(
      /^set: card 1, north edge: 1 alone would be a frame edge/,
    )
  })
})
