import { describe, expect, it } from 'vitest'
import { InputError } from '../errors'
import { LIMITS } from '../limits'
import { documentFromSet, documentProblems, documentToJson } from '../document/document'
import { isRegion, shapeArea } from '../lattice/region'
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
  it('take figures with holes and parts, as "polygons" or "cells", and write them back', () => {
    const box = (x0: number, y0: number, x1: number, y1: number) => [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ]
    const s = parsePieceSet(
      set([piece(tri)], {
        figures: [
          { name: 'holed', polygons: [{ outline: box(0, 0, 4, 4), holes: [box(1, 1, 3, 3)] }] },
          { name: 'two parts', cells: ['#..', '..#'] },
          { name: 'plain', polygon: box(0, 0, 2, 1) },
        ],
      }),
      'f.json',
    )
    expect(s.figures.map((f) => shapeArea(f.polygon))).toEqual([24, 4, 4])
    expect(isRegion(s.figures[0].polygon) && s.figures[0].polygon[0].holes).toHaveLength(1)
    expect(isRegion(s.figures[1].polygon) && s.figures[1].polygon).toHaveLength(2)
    const written = pieceSetToJson(s) as { figures: object[] }
    expect(Object.keys(written.figures[0])).toEqual(['name', 'polygons'])
    expect(Object.keys(written.figures[2])).toEqual(['name', 'polygon'])
    const again = parsePieceSet(formatJson(written), 'g.json')
    expect(again.figures).toEqual(s.figures)
    // A document keeps them, and saves them as they were.
    const doc = documentFromSet(s)
    expect(documentProblems(doc).size).toBe(0)
    expect(parsePieceSet(JSON.stringify(documentToJson(doc)), 'h.json').figures).toEqual(s.figures)
  })

  it('name the figure and the ring of a bad region in a set', () => {
    const bad = set([piece(tri)], {
      figures: [
        {
          name: 'bad',
          polygons: [
            {
              outline: [
                [0, 0],
                [2, 0],
                [2, 2],
                [0, 2],
              ],
              holes: [
                [
                  [3, 3],
                  [4, 3],
                  [4, 4],
                ],
              ],
            },
          ],
        },
      ],
    })
    expect(error(bad)).toMatch(/^f\.json: figure 1 "bad": figure, hole 1 /)
    expect(error(set([piece(tri)], { figures: [{ name: 'rows', cells: ['##', '#'] }] }))).toBe(
      'f.json: figure 1 "rows": figure, cells: row 2 has 1 characters, row 1 has 2: every row must be as long (use "." for no cell)',
    )
  })

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

/** A staircase of 2k + 2 vertices and area 2k² + 2k half-squares. */
function stairs(k: number): number[][] {
  const v: number[][] = []
  for (let i = 0; i < k; i++) v.push([i, i], [i + 1, i])
  v.push([k, k], [0, k])
  return v
}

describe('files too large, or too deep, to be puzzles', () => {
  it('refuse a file over 2 MB at once, naming it and its size', () => {
    const text = set([piece(tri)], { description: 'x'.repeat(LIMITS.maxFileBytes) })
    expect(error(text)).toBe(
      'f.json: too large (2.0 MB); the workbench reads files of at most 2 MB',
    )
  })

  it('refuse more figures than the app holds, and more vertices in all than it checks', () => {
    const figures = Array.from({ length: LIMITS.maxFigures + 1 }, (_, i) => ({
      name: `f${i}`,
      polygon: tri,
    }))
    expect(error(set([piece(tri)], { figures }))).toBe(
      'f.json: 1,001 figures; at most 1,000 are supported',
    )
    // The file, cut to fit in 2 MB: 17 staircases of 9,998 vertices each.
    const steps = Array.from({ length: 17 }, (_, i) => ({ name: `s${i}`, polygon: stairs(4998) }))
    expect(error(set([piece(tri)], { figures: steps }))).toBe(
      'f.json: 169,969 vertices in all; at most 100,000 are supported',
    )
    // 10 of them are within bounds, and every one is a simple polygon.
    const ten = parsePieceSet(set([piece(tri)], { figures: steps.slice(0, 10) }), 'f.json')
    expect(ten.figures.map((f) => f.polygon.length)).toEqual(new Array(10).fill(9998))
  })

  it('name where nesting ends too early, however deep, and read past a byte-order mark', () => {
    expect(error('['.repeat(200_000))).toBe('f.json: not valid JSON (the text ends too early)')
    expect(error('['.repeat(200_000) + '}')).toBe(
      'f.json: line 1, column 200001: not valid JSON (unexpected "}")',
    )
    expect(parsePieceSet('\uFEFF' + set([piece(tri)]), 'f.json').pieces).toHaveLength(1)
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
