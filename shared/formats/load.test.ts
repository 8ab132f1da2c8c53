import { describe, expect, it } from 'vitest'
import { InputError } from '../errors'
import { parseFigure, parsePieceSet, pieceSetToJson, formatJson } from './load'

const set = (pieces: unknown, extra: object = {}) =>
  JSON.stringify({ name: 'test', pieces, ...extra })
const piece = (polygon: unknown, extra: object = {}) => ({ name: 'p', polygon, ...extra })
const tri = [
  [0, 0],
  [1, 0],
  [0, 1],
]

function error(text: string, parse: (t: string, s: string) => unknown = parsePieceSet): string {
  try {
    parse(text, 'f.json')
  } catch (e) {
    expect(e).toBeInstanceOf(InputError)
    return (e as Error).message
  }
  throw new Error('expected an error')
}

describe('piece-set files', () => {
  it('load the documented minimal form, with defaults', () => {
    const s = parsePieceSet(set([piece(tri)]), 'f.json')
    expect(s.pieces[0]).toMatchObject({ name: 'p', count: 1, polygon: tri })
    expect(s.pieces[0].shape.area).toBe(1)
  })

  it('round-trip through their JSON form', () => {
    const s = parsePieceSet(
      set([piece(tri, { count: 2, color: '#aabbcc' })], { description: 'd' }),
      'f.json',
    )
    expect(parsePieceSet(formatJson(pieceSetToJson(s)), 'g.json')).toMatchObject({
      name: 'test',
      description: 'd',
      pieces: [{ count: 2, color: '#aabbcc' }],
    })
  })

  it.each([
    ['{"name": "x",\n  "pieces": [}', 'f.json: line 2, column 14: not valid JSON (unexpected "}")'],
    [
      '{"name": "x", "pieces": [tru]}',
      'f.json: line 1, column 29: not valid JSON (unexpected "]")',
    ],
    ['', 'f.json: not valid JSON (the text ends too early)'],
    [
      set([piece(tri)], { colour: 'red' }),
      'f.json: unknown field "colour" (did you mean "color"?)',
    ],
    [
      set([piece(tri, { colour: '#ffffff' })]),
      'f.json: piece 1 "p": unknown field "colour" (did you mean "color"?)',
    ],
    [set([piece(tri, { count: 'two' })]), 'f.json: piece 1 "p": count must be a number'],
    [set([piece(tri, { count: 0 })]), 'f.json: piece 1 "p": count must be at least 1'],
    [set([piece(tri, { color: 'red' })]), 'f.json: piece 1 "p": color must look like "#e4572e"'],
    [set([{ polygon: tri }]), 'f.json: piece 1: missing field "name"'],
    [set([piece('square')]), 'f.json: piece 1 "p": polygon must be a list of vertices'],
    [
      set([piece([[0, 0], [1, 0], [0]])]),
      'f.json: piece 1 "p", vertex 3: a vertex must be a pair [x, y]',
    ],
    [
      set([
        piece([
          [0, 0],
          [0.5, 0],
          [0, 1],
        ]),
      ]),
      'f.json: piece 1 "p": vertex 2 (0.5, 0) is off the lattice',
    ],
    [
      set([
        piece([
          [0, 0],
          [2, 1],
          [0, 1],
        ]),
      ]),
      'f.json: piece 1 "p": edge 1 from (0, 0) to (2, 1) is not horizontal, vertical or diagonal at 45°',
    ],
    [
      set([
        piece([
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 2],
        ]),
      ]),
      'f.json: piece 1 "p": edges 1 and 3 cross at (1, 1)',
    ],
    [
      set([
        piece([
          [0, 0],
          [2, 0],
          [1, 1],
          [2, 2],
          [0, 2],
          [1, 1],
        ]),
      ]),
      'touches itself at (1, 1)',
    ],
    [
      set([
        piece([
          [0, 0],
          [1, 1],
          [2, 2],
        ]),
      ]),
      'doubles back on itself',
    ],
    [set([piece(tri), piece(tri)]), 'f.json: pieces 1 and 2 are both named "p"; names must differ'],
    [set([]), 'f.json: a piece set needs at least one piece'],
    [set([piece(tri)], { version: 7 }), 'written by a newer version of the workbench'],
    [
      JSON.stringify({ format: 'puzzle-workbench/figure', polygon: tri }),
      'f.json: this is a figure file, not a piece set',
    ],
    [
      set([
        piece([
          [0, 0],
          [9000, 0],
          [9000, 9000],
          [0, 9000],
        ]),
      ]),
      'beyond what the workbench can search',
    ],
  ])('%s → %s', (text, message) => {
    expect(error(text)).toContain(message)
  })
})

describe('figure files', () => {
  it('load a polygon and report problems with it', () => {
    expect(
      parseFigure(
        JSON.stringify({
          name: 'sq',
          polygon: [
            [0, 0],
            [2, 0],
            [2, 2],
            [0, 2],
          ],
        }),
        'f.json',
      ).polygon,
    ).toHaveLength(4)
    expect(
      error(
        JSON.stringify({
          polygon: [
            [0, 0],
            [3, 1],
            [0, 2],
          ],
        }),
        parseFigure,
      ),
    ).toBe(
      'f.json: the figure edge 1 from (0, 0) to (3, 1) is not horizontal, vertical or diagonal at 45°',
    )
    expect(
      error(
        JSON.stringify({
          name: 't',
          polygon: [
            [0, 0],
            [1, 0],
            [0, 1],
          ],
          pieces: [],
        }),
        parseFigure,
      ),
    ).toContain('unknown field "pieces"')
  })
})
