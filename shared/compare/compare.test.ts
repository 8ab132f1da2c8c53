import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bruteForce } from '../../testing/bruteforce'
import { InputError } from '../errors'
import { parsePieceSet } from '../formats/load'
import { analyzeShape } from '../pieces/shape'
import { compareSets, makers } from './compare'

const tangram = parsePieceSet(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram').pieces
/** The tangram with its square cut into two small triangles: the same area, other figures. */
const cut = [
  ...tangram.filter((p) => p.name !== 'square' && p.name !== 'small triangle'),
  { ...tangram.find((p) => p.name === 'small triangle')!, count: 4 },
]

describe('sets compared outline by outline', () => {
  const result = compareSets([
    { name: 'Tangram', pieces: tangram },
    { name: 'Cut', pieces: cut },
  ])

  it('counts every convex outline of the area for each set as the brute force does', () => {
    expect(result.area).toBe(16)
    expect(result.outlines).toHaveLength(20)
    for (const o of result.outlines)
      [tangram, cut].forEach((pieces, i) => {
        const b = bruteForce(
          o.polygon,
          pieces.map((p) => ({ polygon: p.polygon, count: p.count })),
        )
        expect([o.counts[i].solutions, o.counts[i].fixed], o.name).toEqual([b.solutions, b.fixed])
      })
  })

  it('gives the tangram its published 13 convex figures and 142 tilings (Läuchli)', () => {
    const made = result.outlines.filter((o) => o.counts[0].solutions > 0)
    expect(made).toHaveLength(13)
    expect(made.reduce((n, o) => n + o.counts[0].solutions, 0)).toBe(142)
  })

  it('says who makes each outline: the cut set makes every outline the tangram does, and more', () => {
    const who = result.outlines.map(makers)
    const only = (i: number) => who.filter((m) => m.length === 1 && m[0] === i).length
    expect(only(0)).toBe(0)
    expect(only(1)).toBeGreaterThan(0)
    expect(who.filter((m) => m.length === 2)).toHaveLength(13)
  })

  it('refuses sets of different areas, and fewer than two, in one line', () => {
    const square = {
      name: 'square',
      shape: analyzeShape([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ]),
      count: 1,
    }
    expect(() =>
      compareSets([
        { name: 'Tangram', pieces: tangram },
        { name: 'Square', pieces: [square] },
      ]),
    ).toThrow(
      new InputError(
        'sets compare only when they cover the same area: Tangram 16, Square 2 half-squares',
      ),
    )
    expect(() => compareSets([{ name: 'Tangram', pieces: tangram }])).toThrow(
      'compare 2 to 8 sets, not 1',
    )
  })
})
