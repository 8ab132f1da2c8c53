import { describe, expect, it } from 'vitest'
import { analyzeShape, congruenceKey } from '../pieces/shape'
import { areaInHalfSquares, isConvex } from '../lattice/polygon'
import {
  canonicalOutline,
  convexOutlineCount,
  convexOutlines,
  describePolygon,
  outlineArea,
  outlinePolygon,
  outlineSymmetryOrder,
  type ConvexOutline,
} from './outlines'

/** The plain search over every box and every four corner cuts, as the paper states it. */
function plainOutlines(F: number): Set<string> {
  const found = new Set<string>()
  for (let a = 1; a <= F; a++) {
    for (let b = 1; b <= F; b++) {
      for (let c1 = 0; c1 <= Math.min(a, b); c1++)
        for (let c3 = 0; c1 + c3 <= a && c3 <= b; c3++)
          for (let c5 = 0; c3 + c5 <= b && c5 <= a; c5++)
            for (let c7 = 0; c5 + c7 <= a && c1 + c7 <= b; c7++) {
              const o: ConvexOutline = { s2: a, s4: b, s1: c1, s3: c3, s5: c5, s7: c7 }
              if (outlineArea(o) === F) found.add(congruenceKey(analyzeShape(outlinePolygon(o))))
            }
    }
  }
  return found
}

describe('convex outlines', () => {
  it('agree with the plain search over all boxes and cuts, F ≤ 24', () => {
    for (let F = 1; F <= 24; F++) {
      const fast = convexOutlines(F).map((o) => congruenceKey(analyzeShape(outlinePolygon(o))))
      expect(new Set(fast).size).toBe(fast.length)
      expect(new Set(fast)).toEqual(plainOutlines(F))
    }
  })

  it('are convex lattice polygons of the right area, in canonical form', () => {
    for (const o of convexOutlines(56)) {
      const p = outlinePolygon(o)
      expect(areaInHalfSquares(p)).toBe(56)
      expect(isConvex(p)).toBe(true)
      expect(canonicalOutline(o)).toEqual(o)
      expect(outlineSymmetryOrder(o)).toBe(analyzeShape(p).symmetry.length)
    }
  })

  it('are named as the paper names them', () => {
    const names = convexOutlines(16).map((o) => describePolygon(outlinePolygon(o)))
    expect(names).toContain('square 2√2')
    expect(names).toContain('right trapezoid 2, 5, 2√2, 3')
    expect(names).toContain('rectangle 1 × 8')
    expect(names).toContain('parallelogram 4√2, 2, 4√2, 2')
  })
})

describe('counting the outlines without listing them', () => {
  it('gives the length of the list for every area up to 300, and for the hexominoes’ 420', () => {
    for (let F = 1; F <= 300; F++)
      expect(convexOutlineCount(F), `F = ${F}`).toBe(convexOutlines(F).length)
    expect(convexOutlineCount(420)).toBe(1125)
    expect(convexOutlineCount(0)).toBe(0)
  })
})
