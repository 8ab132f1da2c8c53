import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { convexCases } from '../convex/convex'
import { fromLattice } from '../exact/geometry'
import { parseRoot2 } from '../exact/root2'
import { parsePieceSet } from '../formats/load'
import type { Point } from '../lattice/polygon'
import { findPentagons } from '../pentagons/pentagons'
import { buildTilingProblem } from '../tiling/problem'
import { TilingSearch } from '../tiling/search'
import { expectVerified } from '../../testing/offlattice-verify'
import { OffLatticeSearch, type OffPart } from './search'

/**
 * Counts published or found by the lattice engine, through the search off the lattice (every
 * piece in any of its 16 isometries, at any exact position).
 */
const tangram = parsePieceSet(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram')
const pieces = tangram.pieces.map((p) => ({
  name: p.name,
  corners: fromLattice(p.polygon),
  count: p.count,
  flip: true,
}))
const lattice = (polygon: readonly Point[]): OffPart[] => [
  { outline: fromLattice(polygon), holes: [] },
]

function latticeCounts(polygon: readonly Point[]) {
  const kinds = tangram.pieces.map((p) => ({ name: p.name, shape: p.shape, count: p.count }))
  const search = new TilingSearch(buildTilingProblem(polygon, kinds), 'reduce')
  const counts = search.runToEnd(() => {})
  return { fixed: counts.fixed, classes: counts.solutions }
}

describe('the search off the lattice on figures whose counts are known', () => {
  it('counts the tangram square turned by 45° as the square: 1 up to symmetry, 8 fixed', () => {
    const r = (s: string) => parseRoot2(s)!
    const turned: OffPart[] = [
      {
        outline: [
          [r('0'), r('0')],
          [r('2√2'), r('0')],
          [r('2√2'), r('2√2')],
          [r('0'), r('2√2')],
        ],
        holes: [],
      },
    ]
    const result = new OffLatticeSearch(turned, pieces).run({ list: 'all' })
    expect({ fixed: result.fixed, classes: result.classes, symmetries: result.symmetries }).toEqual(
      { fixed: 8, classes: 1, symmetries: 8 },
    )
    expectVerified(turned, pieces, result.tilings)
    const square = latticeCounts([
      [2, 0],
      [4, 2],
      [2, 4],
      [0, 2],
    ])
    expect(square).toEqual({ fixed: 8, classes: 1 })
  })

  it('finds the 142 convex tangram tilings, outline by outline as the lattice engine', () => {
    const cases = convexCases(
      tangram.pieces.map((p) => ({ name: p.name, shape: p.shape, count: p.count })),
    ).cases
    let total = 0
    for (const c of cases) {
      const polygon = c.polygon as Point[]
      const result = new OffLatticeSearch(lattice(polygon), pieces).run({ list: 'all' })
      expect({ fixed: result.fixed, classes: result.classes }, c.name).toEqual(
        latticeCounts(polygon),
      )
      expectVerified(lattice(polygon), pieces, result.tilings)
      total += result.classes
    }
    expect(total).toBe(142)
  }, 600_000)

  it('counts every snug tangram pentagon as the lattice engine did, and tiles every other one', () => {
    const { pentagons } = findPentagons(tangram.pieces)
    for (const p of pentagons) {
      const parts: OffPart[] = [{ outline: p.corners, holes: [] }]
      const result = new OffLatticeSearch(parts, pieces).run({ list: 'all' })
      if (p.snug) expect({ fixed: result.fixed, classes: result.classes }).toEqual(p.tilings)
      else expect(result.fixed).toBeGreaterThan(0)
      expectVerified(parts, pieces, result.tilings)
    }
  }, 600_000)
})
