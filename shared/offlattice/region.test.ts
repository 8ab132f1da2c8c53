import { describe, expect, it } from 'vitest'
import { bruteForceOffLattice } from '../../testing/offlattice-bruteforce'
import { growFigure } from '../../testing/offlattice-figures'
import { expectVerified } from '../../testing/offlattice-verify'
import { add, parseRoot2, type Root2 } from '../exact/root2'
import { exactRegionFromJson, exactRegionToJson, writeCoordinate } from '../formats/exact-figure'
import { seededRandom } from '../random'
import { exactRegionProblem } from './region'
import { OffLatticeSearch } from './search'

/** A figure file read back: "polygons" with exact corners. */
const read = (polygons: unknown) => exactRegionFromJson({ name: 'f', polygons }, 'f.json').parts
/** A square with its lower left corner at (x, y) and side s, written as figure files write it. */
const square = (x: number | string, y: number | string, s: number | string) => {
  const [a, b, c] = [x, y, s].map((v) => parseRoot2(String(v))!)
  const at = (u: Root2, v: Root2) => [writeCoordinate(u), writeCoordinate(v)]
  return [at(a, b), at(add(a, c), b), at(add(a, c), add(b, c)), at(a, add(b, c))]
}

describe('figure files off the lattice with holes and parts', () => {
  // Tans (indices into TANS) and seeds whose grown figure has several parts or a hole.
  it.each([
    [[2, 3, 5, 6], 329, 1, 1],
    [[0, 1, 2, 5], 2, 4, 0],
    [[4, 5, 6, 2], 6, 3, 0],
    [[0, 2, 5], 5, 2, 0],
  ])(
    'tans %j, seed %i: %i parts, %i holes, written and read back, counted as the brute force counts',
    (tans, seed, partCount, holeCount) => {
      const grown = growFigure(tans, seededRandom(seed))
      const parts = exactRegionFromJson(
        JSON.parse(JSON.stringify(exactRegionToJson({ name: 'grown', parts: grown.parts }))),
        'grown.json',
      ).parts
      expect(parts).toHaveLength(partCount)
      expect(parts.flatMap((p) => p.holes)).toHaveLength(holeCount)
      expect(exactRegionProblem(parts)).toBeUndefined()
      const result = new OffLatticeSearch(parts, grown.pieces).run({ list: 'all' })
      const brute = bruteForceOffLattice(
        parts.map((p) => p.outline),
        parts.flatMap((p) => p.holes),
        grown.pieces,
      )
      expect({ fixed: result.fixed, classes: result.classes }).toEqual(brute)
      expect(result.fixed).toBeGreaterThan(0)
      expectVerified(parts, grown.pieces, result.tilings)
    },
    120_000,
  )

  it('takes a part lying in the hole of another', () => {
    const parts = read([
      { outline: square(0, 0, 4), holes: [square(1, 1, 2)] },
      { outline: square('3/2', '3/2', '√2/2') },
    ])
    expect(exactRegionProblem(parts)).toBeUndefined()
  })

  it.each([
    [
      'a hole outside its outline',
      [{ outline: square(0, 0, 2), holes: [square(3, 0, 1)] }],
      'hole 1 is not inside its outline',
    ],
    [
      'a hole that opens onto the outside',
      [{ outline: square(0, 0, 2), holes: [square(0, 0, 1)] }],
      'the outline and hole 1 share a side: rings may meet at points only',
    ],
    [
      'two holes overlapping',
      [{ outline: square(0, 0, 4), holes: [square(1, 1, 1), square('3/2', '3/2', '√2')] }],
      'holes 1 and 2 overlap',
    ],
    [
      'two parts overlapping',
      [{ outline: square(0, 0, 2) }, { outline: square('1/2', '1/2', '√2') }],
      'parts 1 and 2 overlap',
    ],
    [
      'two parts that are one',
      [{ outline: square(0, 0, 1) }, { outline: square(1, 0, 1) }],
      'part 1 and part 2 share a side: rings may meet at points only',
    ],
  ])('refuses %s in one line', (_, polygons, problem) => {
    expect(exactRegionProblem(read(polygons))).toBe(problem)
  })

  it('names the part, hole and vertex of a malformed ring', () => {
    expect(() =>
      read([{ outline: square(0, 0, 2), holes: [[...square(1, 1, 1).slice(0, 3), ['2', '√3']]] }]),
    ).toThrow(/^f\.json: hole 1: vertex 4: "√3" is not an exact number/)
    expect(() => exactRegionFromJson({ polygon: square(0, 0, 1), polygons: [] }, 'f.json')).toThrow(
      'f.json: the figure gives "polygon" and "polygons"; give only one of "polygon" (an outline) or "polygons" (parts with holes)',
    )
  })
})
