import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bruteForceOffLattice } from '../../testing/offlattice-bruteforce'
import { growFigure, TANS } from '../../testing/offlattice-figures'
import { fromLattice } from '../exact/geometry'
import { parseRoot2, type Root2 } from '../exact/root2'
import { seededRandom } from '../random'
import { expectVerified } from '../../testing/offlattice-verify'
import { OffLatticeSearch } from './search'

const tan = (name: string) => {
  const t = TANS.find((x) => x.name === name)!
  return { name, corners: fromLattice(t.polygon), flip: true }
}
const parse = (poly: readonly (readonly (number | string)[])[]) =>
  poly.map((p) => p.map((c) => parseRoot2(String(c))!) as unknown as readonly [Root2, Root2])

describe('the exact search off the lattice against the brute force', () => {
  it.each([
    [
      'a unit square from two small triangles',
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ],
      [['small triangle', 2]],
    ],
    [
      'the unit square turned by 45°, from two small triangles',
      [
        [0, 0],
        ['√2/2', '√2/2'],
        [0, '√2'],
        ['-√2/2', '√2/2'],
      ],
      [['small triangle', 2]],
    ],
    [
      'a 1 × 2 rectangle turned by 45°, from the square and two small triangles',
      [
        [0, 0],
        ['√2', '√2'],
        ['√2/2', '3√2/2'],
        ['-√2/2', '√2/2'],
      ],
      [
        ['square', 1],
        ['small triangle', 2],
      ],
    ],
    [
      'a large triangle turned by 45°, from the medium and two small triangles',
      [
        [0, 0],
        ['√2', '√2'],
        ['-√2', '√2'],
      ],
      [
        ['medium triangle', 1],
        ['small triangle', 2],
      ],
    ],
    [
      'a 2 × 2 square from the two large triangles',
      [
        [0, 0],
        [2, 0],
        [2, 2],
        [0, 2],
      ],
      [['large triangle', 2]],
    ],
  ] as const)('%s', (_, outline, set) => {
    const parts = [{ outline: parse(outline), holes: [] }]
    const pieces = set.map(([name, count]) => ({ ...tan(name), count }))
    const result = new OffLatticeSearch(parts, pieces).run({ list: 'all' })
    const brute = bruteForceOffLattice([parts[0].outline], [], pieces)
    expect({ fixed: result.fixed, classes: result.classes }).toEqual(brute)
    expect(result.fixed).toBeGreaterThan(0)
    expectVerified(parts, pieces, result.tilings)
  })

  // The brute force takes seconds on four tans: many small figures, a few of four.
  it.each([
    [2, 3, 25],
    [4, 4, 3],
  ])(
    'counts every random figure grown from %i–%i tans at 45° as the brute force does, each tiling verified',
    (least, most, runs) => {
      fc.assert(
        fc.property(
          fc.shuffledSubarray([...TANS.keys()], { minLength: least, maxLength: most }),
          fc.integer({ min: 0, max: 2 ** 31 - 1 }),
          (chosen, seed) => {
            const grown = growFigure(chosen, seededRandom(seed))
            const search = new OffLatticeSearch(grown.parts, grown.pieces)
            const result = search.run({ list: 'all' })
            const brute = bruteForceOffLattice(
              grown.parts.map((p) => p.outline),
              grown.parts.flatMap((p) => p.holes),
              grown.pieces,
            )
            expect({ fixed: result.fixed, classes: result.classes }).toEqual(brute)
            // The pieces as laid are a tiling, so there is one at least.
            expect(result.fixed).toBeGreaterThan(0)
            expectVerified(grown.parts, grown.pieces, result.tilings)
          },
        ),
        { numRuns: runs },
      )
    },
    600_000,
  )
})
