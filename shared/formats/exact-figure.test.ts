import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { congruenceForm } from '../exact/geometry'
import { findPentagons } from '../pentagons/pentagons'
import { exactFigureFromJson, exactFigureToJson, hasExactCorners } from './exact-figure'
import { figureFromJson, parsePieceSet, pieceSetFromJson } from './load'

const figure = (polygon: unknown) => ({ format: 'puzzle-workbench/figure', name: 'f', polygon })
const error = (value: unknown) => {
  try {
    exactFigureFromJson(value, 'f.json')
    return 'accepted'
  } catch (e) {
    return (e as Error).message
  }
}

describe('figure files with exact corners', () => {
  it('hold every tangram pentagon, read back congruent and the same', () => {
    const set = parsePieceSet(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram')
    for (const p of findPentagons(set.pieces).pentagons) {
      const json = exactFigureToJson({ name: 'p', corners: p.corners })
      const back = exactFigureFromJson(JSON.parse(JSON.stringify(json)), 'p.json')
      expect(congruenceForm(back.corners).key).toBe(p.key)
      // Lattice corners stay plain numbers.
      if (p.snug) expect(JSON.stringify(json)).not.toContain('√')
    }
  })

  it('refuse a malformed number, collinear or crossing sides, naming the vertex', () => {
    expect(
      error(
        figure([
          [0, 0],
          ['2', 0],
          ['2', '3-√3'],
        ]),
      ),
    ).toBe(
      'f.json: vertex 3: "3-√3" is not an exact number (write whole numbers, fractions like 1/2, or a + b√2 like "3-√2/2")',
    )
    expect(
      error(
        figure([
          [0, 0],
          [0.5, 0],
          [1, 1],
        ]),
      ),
    ).toMatch(/^f.json: vertex 2: 0.5 is not an exact number/)
    expect(
      error(
        figure([
          [0, 0],
          ['√2', 0],
          ['2√2', 0],
          ['√2', '√2'],
        ]),
      ),
    ).toBe('f.json: vertex 2 lies on a straight edge (its sides are collinear)')
    expect(
      error(
        figure([
          [0, 0],
          ['2√2', '2√2'],
          ['2√2', 0],
          [0, '2√2'],
        ]),
      ),
    ).toBe('f.json: the edge from vertex 1 crosses or touches the edge from vertex 3')
    expect(
      error(
        figure([
          [0, 0],
          [1, 0],
          [0, 2],
        ]),
      ),
    ).toMatch(/^f.json: the edge from vertex 2 to vertex 3 runs in none of the 8 directions/)
    expect(error(figure([[0, 0], [1]]))).toMatch(/^f.json: vertex 2: /)
    expect(
      error({
        ...figure([
          [0, 0],
          [1, 0],
          [0, 1],
        ]),
        extra: 1,
      }),
    ).toMatch(/^f.json: /)
  })
})

describe('the lattice formats', () => {
  it('refuse exact corners off the lattice, naming the vertex and saying where they belong', () => {
    const off = {
      name: 'off',
      pieces: [
        {
          name: 'tan',
          polygon: [
            [0, 0],
            ['√2', 0],
            [0, '√2'],
          ],
        },
      ],
    }
    expect(() => pieceSetFromJson(off, 'off.json')).toThrow(
      'off.json: piece 1 "tan", vertex 2: "√2" is off the lattice: pieces, and the figures the tiling engine builds, have whole-number corners (a figure with exact corners opens in the Pentagons view)',
    )
    const third = (v: [unknown, unknown]) => () =>
      figureFromJson(figure([[0, 0], [2, 0], v]), 'f.json')
    expect(third([1, '3-√2/2'])).toThrow(/^f.json: vertex 3: "3-√2\/2" is off the lattice/)
    expect(third(['1', 1])).toThrow(
      'f.json: vertex 3: "1": write a whole number as a number, without quotes',
    )
  })

  it('tells a figure with corners off the lattice from a lattice one by its coordinates', () => {
    const square = [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
    ]
    expect(hasExactCorners(figure(square))).toBe(false)
    expect(
      hasExactCorners(
        figure([
          [0, 0],
          ['2√2', 0],
          [0, '2√2'],
        ]),
      ),
    ).toBe(true)
    expect(
      hasExactCorners(
        figure([
          [0, 0],
          [1.5, 0],
          [0, 1.5],
        ]),
      ),
    ).toBe(true)
    const hole = [
      [1, 1],
      [1, '1+√2'],
      ['1+√2', 1],
    ]
    expect(hasExactCorners({ polygons: [{ outline: square, holes: [square] }] })).toBe(false)
    expect(hasExactCorners({ polygons: [{ outline: square, holes: [hole] }] })).toBe(true)
    // What is no figure is left to the lattice reader, which says what is wrong.
    expect(hasExactCorners('2√2')).toBe(false)
    expect(hasExactCorners({ cells: ['#'] })).toBe(false)
  })
})
