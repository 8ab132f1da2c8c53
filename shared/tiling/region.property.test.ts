import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { D4_ELEMENTS, d4Apply, d4Matrix, type D4 } from '../lattice/d4'
import type { Point, Polygon } from '../lattice/polygon'
import { halfSquares } from '../lattice/quarters'
import { rasterizeShape, regionProblem, shapeArea, type Region } from '../lattice/region'
import { analyzeShape } from '../pieces/shape'
import { BruteForce } from '../../testing/bruteforce'
import { regionArbitrary, type RandomRegion } from '../../testing/random-regions'
import { buildTilingProblem } from './problem'
import { ruleOuts } from './rule-out'
import { TilingSearch, type SymmetryMode } from './search'
import { verifyTiling } from './verify'

const params = { seed: 20_261_128, numRuns: 120 }

/** The pieces as the engine takes them, each turned by g (a mirror turns one-sided pieces over). */
const kinds = (r: RandomRegion, g: D4 = 0) =>
  r.pieces.map((p) => ({
    name: p.name,
    shape: analyzeShape(
      p.polygon.map(([x, y]) => d4Apply(g, x, y) as Point),
      p.flip !== false,
    ),
    count: p.count,
  }))

const rings = (region: Region): Polygon[] => region.flatMap((p) => [p.outline, ...p.holes])

/** Every tiling the engine emits, each checked by the independent verifier, as brute-force keys. */
function solve(figure: Region, r: RandomRegion, mode: SymmetryMode) {
  const brute = new BruteForce(rings(figure), r.pieces)
  const keys: string[] = []
  const canon: string[] = []
  const counts = new TilingSearch(buildTilingProblem(figure, kinds(r)), mode).runToEnd((s) => {
    const moves = s.pieces.map((p) => ({
      piece: p.piece,
      matrix: d4Matrix(p.g),
      dx: p.dx,
      dy: p.dy,
    }))
    const wrong = verifyTiling(figure, r.pieces, moves)
    if (wrong) throw new Error(`the verifier rejects an emitted tiling: ${wrong}`)
    const d = brute.describe(moves)
    keys.push(d.key)
    canon.push(d.canonical)
    expect(s.classSize).toBe(d.orbit)
  })
  return { counts, keys: keys.sort(), canon: canon.sort(), brute }
}

/** The region turned by g, moved, its parts in another order and every ring's start and direction changed. */
function moved(region: Region, g: D4, dx: number, dy: number, turn: number): Region {
  const ring = (poly: Polygon): Point[] => {
    const out = poly.map(([x, y]) => {
      const [u, v] = d4Apply(g, x, y)
      return [u + dx, v + dy] as const
    })
    const k = turn % out.length
    const shifted = [...out.slice(k), ...out.slice(0, k)]
    return turn % 2 === 0 ? shifted : shifted.reverse()
  }
  const parts = region.map((p) => ({
    outline: ring(p.outline),
    holes: p.holes.map(ring).reverse(),
  }))
  return turn % 3 === 0 ? parts : parts.reverse()
}

describe('the engine on regions (holes, corner contacts, parts) against the plain brute force', () => {
  it('the random regions have holes, several parts and rings that touch at a point', () => {
    const drawn = fc.sample(regionArbitrary(), params)
    const share = (test: (r: RandomRegion) => boolean) => drawn.filter(test).length / drawn.length
    // One-sided sets with a chiral piece, some with its mirror twin.
    const oneSided = (r: RandomRegion) =>
      r.pieces.some((p) => p.flip === false && /S|Z|par/.test(p.name))
    expect(share(oneSided)).toBeGreaterThan(0.1)
    expect(
      share(
        (r) =>
          oneSided(r) &&
          r.pieces.some((p) => /mirror|Z/.test(p.name)) &&
          r.pieces.some((p) => /^parallelogram|S/.test(p.name)),
      ),
    ).toBeGreaterThan(0.01)
    expect(share((r) => r.region.some((p) => p.holes.length > 0))).toBeGreaterThan(0.1)
    expect(share((r) => r.region.length > 1)).toBeGreaterThan(0.1)
    expect(
      share((r) => {
        const corners = rings(r.region).flatMap((ring) => ring.map((v) => v.join(',')))
        return new Set(corners).size < corners.length
      }),
    ).toBeGreaterThan(0.05)
  })

  it('a traced region is a valid region of the raster it came from', () => {
    fc.assert(
      fc.property(regionArbitrary(), (r) => {
        expect(regionProblem(r.region)).toBeUndefined()
        expect(halfSquares(rasterizeShape(r.region))).toBe(shapeArea(r.region))
        expect(shapeArea(r.region)).toBe(r.pieces.reduce((s, p) => s + kindArea(p) * p.count, 0))
      }),
      params,
    )
  })

  it("emits exactly the brute force's tilings in 'raw' mode and one per class in 'reduce' mode", () => {
    fc.assert(
      fc.property(regionArbitrary(), (r) => {
        const expected = new BruteForce(rings(r.region), r.pieces).solve()
        const raw = solve(r.region, r, 'raw')
        expect(raw.counts).toEqual({ solutions: expected.solutions, fixed: expected.fixed })
        expect(raw.keys).toEqual(expected.tilings)
        const reduce = solve(r.region, r, 'reduce')
        expect(reduce.counts).toEqual({ solutions: expected.solutions, fixed: expected.fixed })
        expect(reduce.canon).toEqual(expected.classes)
      }),
      params,
    )
  })

  it('counts the same when the region is turned, mirrored (and one-sided pieces with it), moved and its rings re-ordered', () => {
    fc.assert(
      fc.property(
        regionArbitrary(),
        fc.constantFrom(...D4_ELEMENTS),
        fc.integer({ min: -5, max: 5 }),
        fc.integer({ min: -5, max: 5 }),
        fc.nat(11),
        (r, g, dx, dy, turn) => {
          const before = new TilingSearch(buildTilingProblem(r.region, kinds(r)), 'reduce')
          const after = new TilingSearch(
            buildTilingProblem(moved(r.region, g, dx, dy, turn), kinds(r, g)),
            'reduce',
          )
          expect(after.problem.figure.symmetry.length).toBe(before.problem.figure.symmetry.length)
          expect(after.runToEnd()).toEqual(before.runToEnd())
        },
      ),
      params,
    )
  })

  it('the rule-outs never rule out a region that has a tiling', () => {
    fc.assert(
      fc.property(regionArbitrary(), (r) => {
        const ruled = ruleOuts(kinds(r)).check(r.region)
        if (ruled) expect(new BruteForce(rings(r.region), r.pieces).solve().fixed).toBe(0)
      }),
      params,
    )
  })
})

function kindArea(p: { polygon: readonly Point[] }): number {
  return analyzeShape(p.polygon).area
}
