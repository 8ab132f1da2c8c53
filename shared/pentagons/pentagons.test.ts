import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fromLattice, translate, type XPoint } from '../exact/geometry'
import { fromInt, sub, toNumber } from '../exact/root2'
import { parsePieceSet } from '../formats/load'
import type { Point } from '../lattice/polygon'
import { latticeKey, latticePolygons, type Root2Bound } from './lattice'
import { findPentagons } from './pentagons'
import { verifyDissection, type VerifyPart } from './verify'

const tangram = parsePieceSet(
  readFileSync(new URL('../../resources/sets/tangram.json', import.meta.url), 'utf8'),
  'tangram.json',
)
const setForVerifier = tangram.pieces.map((p) => ({
  name: p.name,
  corners: fromLattice(p.polygon),
  count: p.count,
}))
const result = findPentagons(tangram.pieces)

describe('TANGRAM-5: the pentagons of the tangram', () => {
  it('are 53: 22 snug and 31 not (Takeuchi & Okuno), 2 convex and 51 not (Pohl & Richter)', () => {
    const { pentagons } = result
    expect(pentagons).toHaveLength(53)
    expect(pentagons.filter((p) => p.snug)).toHaveLength(22)
    expect(pentagons.filter((p) => !p.snug)).toHaveLength(31)
    expect(pentagons.filter((p) => p.convex)).toHaveLength(2)
    expect(pentagons.filter((p) => p.convex).every((p) => p.snug)).toBe(true)
    expect(new Set(pentagons.map((p) => p.key)).size).toBe(53)
  })

  it('each has five corners, angles adding up to 540°, sides that close, the tangram’s area', () => {
    for (const p of result.pentagons) {
      expect(p.corners).toHaveLength(5)
      expect(p.angles.reduce((a, b) => a + b, 0)).toBe(540)
      expect(p.angles.every((a) => a % 45 === 0 && a > 0 && a < 360)).toBe(true)
      expect(p.convex).toBe(p.angles.every((a) => a < 180))
      // Non-snug pentagons have a corner off the lattice of their first corner.
      const onLattice = p.corners.every(
        ([x, y]) => x.b === 0n && x.d === 1n && y.b === 0n && y.d === 1n,
      )
      if (p.snug) expect(onLattice).toBe(true)
      expect(p.sides.map(toNumber).every((s) => s > 0)).toBe(true)
    }
  })

  it('each comes with a dissection the independent verifier accepts', () => {
    for (const p of result.pentagons)
      expect(verifyDissection(p.corners, p.dissection, setForVerifier), p.key).toBeUndefined()
  })

  it('counts the tilings of every snug pentagon, in both conventions', () => {
    for (const p of result.pentagons) {
      if (!p.snug) {
        expect(p.tilings).toBeUndefined()
        continue
      }
      expect(p.tilings!.classes).toBeGreaterThan(0)
      expect(p.tilings!.fixed).toBeGreaterThanOrEqual(p.tilings!.classes)
    }
    // The two convex pentagons are symmetric: each class holds two fixed tilings.
    const convex = result.pentagons.filter((p) => p.convex).map((p) => p.tilings)
    expect(convex).toContainEqual({ fixed: 16, classes: 8 })
  })
})

describe('the dissection verifier', () => {
  const p = result.pentagons.find((q) => !q.snug)!
  const check = (parts: readonly VerifyPart[]) => verifyDissection(p.corners, parts, setForVerifier)
  const parts = p.dissection

  it('rejects a part moved, a part swapped for another piece, a part missing or doubled', () => {
    expect(check(parts)).toBeUndefined()
    const moved = parts.map((part, i) =>
      i === 2 ? { ...part, corners: translate(part.corners, fromInt(1), fromInt(0)) } : part,
    )
    expect(check(moved)).toMatch(/part 3 reaches outside the figure|overlap/)
    const large = parts.findIndex((q) => q.piece === 'large triangle')
    const small = parts.findIndex((q) => q.piece === 'small triangle')
    const swapped = parts.map((part, i) =>
      i === large
        ? { ...part, piece: 'small triangle' }
        : i === small
          ? { ...part, piece: 'large triangle' }
          : part,
    )
    expect(check(swapped)).toMatch(/is not congruent to the piece/)
    expect(check(parts.slice(1))).toMatch(/the set has .* the dissection uses/)
    expect(check([...parts, parts[0]])).toMatch(/the set has .* the dissection uses/)
    // Two parts trading places: each is still a piece, but they no longer fit the figure.
    const squareAt = parts.findIndex((q) => q.piece === 'square')
    const traded = parts.map((part, i) =>
      i === squareAt ? { ...part, corners: moveTo(part.corners, parts[large].corners[0]) } : part,
    )
    expect(check(traded)).toMatch(/overlap|outside/)
  })
})

/** The polygon moved so that its first corner is at `to`. */
function moveTo(corners: readonly XPoint[], to: XPoint): XPoint[] {
  return translate(corners, sub(to[0], corners[0][0]), sub(to[1], corners[0][1]))
}

/**
 * The plain brute force: from the origin, k − 1 edges in any of the 8 directions with any lengths
 * up to the bound, closed by a last edge if that runs in one of the 8 directions; kept if it is a
 * polygon with k real corners, no crossing, the area and the perimeter bound.
 */
const STEPS: readonly Point[] = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
]

function brute(k: number, bound: Root2Bound): Map<number, Set<string>> {
  const limit = bound.a + bound.b * Math.SQRT2 + 1e-9
  const byArea = new Map<number, Set<string>>()
  const poly: Point[] = [[0, 0]]
  const go = (length: number) => {
    if (poly.length === k) {
      const area = polygonOk(poly, bound)
      if (area > 0) {
        if (!byArea.has(area)) byArea.set(area, new Set())
        byArea.get(area)!.add(latticeKey(poly))
      }
      return
    }
    const [x, y] = poly[poly.length - 1]
    for (const [sx, sy] of STEPS)
      for (let len = 1; length + len * Math.hypot(sx, sy) <= limit; len++) {
        poly.push([x + sx * len, y + sy * len])
        go(length + len * Math.hypot(sx, sy))
        poly.pop()
      }
  }
  go(0)
  return byArea
}

/** The polygon's area in half-squares if it is one the enumeration should find, else 0. */
function polygonOk(poly: readonly Point[], bound: Root2Bound): number {
  const n = poly.length
  let a = 0
  let axis = 0
  let diag = 0
  for (let i = 0; i < n; i++) {
    const [x1, y1] = poly[i]
    const [x2, y2] = poly[(i + 1) % n]
    const dx = Math.abs(x2 - x1)
    const dy = Math.abs(y2 - y1)
    if (dx !== 0 && dy !== 0 && dx !== dy) return 0
    if (dx !== 0 && dy !== 0) diag += dx
    else axis += dx + dy
    a += x1 * y2 - x2 * y1
    const [x0, y0] = poly[(i + n - 1) % n]
    if ((x1 - x0) * (y2 - y0) - (y1 - y0) * (x2 - x0) === 0) return 0
  }
  // Perimeter axis + diag·√2 ≤ bound.a + bound.b·√2, compared in floating point with a margin
  // far below the smallest nonzero gap (|m + n√2| ≥ 1/(|m| + |n|√2) for small integers).
  if (axis + diag * Math.SQRT2 > bound.a + bound.b * Math.SQRT2 + 1e-9) return 0
  for (let i = 0; i < n; i++)
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue
      if (segmentsTouch(poly[i], poly[i + 1], poly[j], poly[(j + 1) % n])) return 0
    }
  return Math.abs(a)
}

function segmentsTouch(a: Point, b: Point, c: Point, d: Point): boolean {
  // Sampled on a fine grid: 8-direction segments between lattice points meet, if at all, at a
  // point with coordinates in halves.
  const pts = (p: Point, q: Point) => {
    const steps = 2 * Math.max(Math.abs(q[0] - p[0]), Math.abs(q[1] - p[1]))
    return Array.from(
      { length: steps + 1 },
      (_, s) =>
        `${p[0] * 2 + ((q[0] - p[0]) * 2 * s) / steps},${p[1] * 2 + ((q[1] - p[1]) * 2 * s) / steps}`,
    )
  }
  const first = new Set(pts(a, b))
  return pts(c, d).some((p) => first.has(p))
}

describe('the lattice polygons', () => {
  it('are those a plain brute force finds, for small areas and bounds', () => {
    const bounds: Root2Bound[] = [
      { a: 8, b: 3 },
      { a: 4, b: 6 },
    ]
    let compared = 0
    for (const bound of bounds)
      for (const k of [3, 4, 5]) {
        const found = brute(k, bound)
        for (const area of [...found.keys(), 5, 7, 16]) {
          const ours = latticePolygons(k, area, bound).map((p) => latticeKey(p))
          expect(new Set(ours).size).toBe(ours.length)
          expect(new Set(ours), `k = ${k}, area ${area}, bound ${bound.a} + ${bound.b}√2`).toEqual(
            found.get(area) ?? new Set(),
          )
          compared += ours.length
        }
      }
    expect(compared).toBeGreaterThan(300)
  })

  it('are keyed alike when congruent', () => {
    const poly: Point[] = [
      [0, 0],
      [4, 0],
      [4, 1],
      [1, 1],
      [0, 2],
    ]
    const turned: Point[] = poly.map(([x, y]) => [-y + 7, x - 3])
    expect(latticeKey(turned)).toBe(latticeKey(poly))
    expect(latticeKey([...poly].reverse().map(([x, y]) => [-x, y]))).toBe(latticeKey(poly))
  })
})
