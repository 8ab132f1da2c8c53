import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { convexOutlines, outlinePolygon } from '../convex/outlines'
import { fromLattice } from '../exact/geometry'
import { offLatticeJoins } from './glue'

/** Convex lattice figures of 1 to 12 half-squares, as the pentagon search's groups are. */
const figures = Array.from({ length: 12 }, (_, k) => convexOutlines(k + 1))
  .flat()
  .map((o) => fromLattice(outlinePolygon(o)))

describe('joins of two convex figures off the lattice', () => {
  it("know their union's corners without making it", () => {
    let joins = 0
    fc.assert(
      fc.property(fc.nat(figures.length - 1), fc.nat(figures.length - 1), (a, b) => {
        for (const join of offLatticeJoins(figures[a], figures[b])) {
          expect(join.corners).toBe(join.polygon.length)
          joins++
        }
      }),
      { numRuns: 400 },
    )
    expect(joins).toBeGreaterThan(1000)
  })
})
