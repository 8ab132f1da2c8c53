import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  area2,
  direction,
  edgeLength,
  fromLattice,
  normalizeOrientation,
  type XPoint,
} from '../exact/geometry'
import { add, cmp, div, eq, mul, root2, sub, toNumber, ZERO, type Root2 } from '../exact/root2'
import { quarterPoint, traceOutline, type QuarterDir } from '../lattice/quarters'
import type { Point } from '../lattice/polygon'
import { offsetArea2, offsetOutline } from './offset'

/**
 * Random small lattice figures: in a box of up to 3 × 3 cells each cell empty, full or one of its
 * four half-squares, kept when the raster traces to one simple outline (no holes, no corner
 * contacts). With `cells` only whole cells: polyominoes.
 */
const HALVES: readonly (readonly [QuarterDir, QuarterDir])[] = [
  [3, 2],
  [3, 0],
  [1, 0],
  [1, 2],
]
function figure(fills: readonly number[], cols: number): Point[] | undefined {
  const q: number[] = []
  fills.forEach((f, i) => {
    const [cx, cy] = [i % cols, Math.floor(i / cols)]
    const dirs: readonly QuarterDir[] = f === 1 ? [0, 1, 2, 3] : f >= 2 ? HALVES[f - 2] : []
    for (const d of dirs) q.push(...quarterPoint(cx, cy, d))
  })
  const t = traceOutline(Int32Array.from(q))
  return t.ok && t.polygons.length === 1 ? t.polygons[0] : undefined
}
const figures = (cells: boolean) =>
  fc
    .integer({ min: 1, max: 3 })
    .chain((cols) =>
      fc
        .array(fc.integer({ min: 0, max: cells ? 1 : 5 }), { minLength: cols, maxLength: 3 * cols })
        .map((fills) => figure(fills.slice(0, cols * Math.floor(fills.length / cols)), cols)),
    )
    .filter((p): p is Point[] => p !== undefined)

/** Offsets below a half unit, where no notch of a figure of whole cells closes. */
const halfKerfs = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 20, max: 40 }))
  .map(([a, b]) => root2(BigInt(a), 0n, BigInt(b)))

/**
 * The brute force for polyominoes: a mitred offset of a figure of whole cells by h is the union of
 * its cells each grown by h on every side; its area by cutting the plane along every grown cell's
 * sides and adding up the little rectangles some grown cell covers.
 */
function grownCellsArea(poly: readonly Point[], h: Root2): Root2 {
  const xs = poly.map((p) => p[0])
  const ys = poly.map((p) => p[1])
  const inside = (x: number, y: number) => {
    // Ray casting through the cell's centre: exact on lattice outlines.
    let c = false
    for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
      const [xi, yi] = poly[i]
      const [xj, yj] = poly[j]
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c
    }
    return c
  }
  const cells: [number, number][] = []
  for (let x = Math.min(...xs); x < Math.max(...xs); x++)
    for (let y = Math.min(...ys); y < Math.max(...ys); y++)
      if (inside(x + 0.5, y + 0.5)) cells.push([x, y])
  const at = (v: number, plus: boolean) =>
    plus ? add(root2(BigInt(v + 1)), h) : sub(root2(BigInt(v)), h)
  const cutsX = [
    ...new Map(
      cells.flatMap(([x]) => [at(x, false), at(x, true)]).map((v) => [`${v.a},${v.b},${v.d}`, v]),
    ).values(),
  ].sort(cmp)
  const cutsY = [
    ...new Map(
      cells.flatMap(([, y]) => [at(y, false), at(y, true)]).map((v) => [`${v.a},${v.b},${v.d}`, v]),
    ).values(),
  ].sort(cmp)
  let area = ZERO
  for (let i = 0; i + 1 < cutsX.length; i++)
    for (let j = 0; j + 1 < cutsY.length; j++) {
      const [x0, x1, y0, y1] = [cutsX[i], cutsX[i + 1], cutsY[j], cutsY[j + 1]]
      const covered = cells.some(
        ([cx, cy]) =>
          cmp(at(cx, false), x0) <= 0 &&
          cmp(x1, at(cx, true)) <= 0 &&
          cmp(at(cy, false), y0) <= 0 &&
          cmp(y1, at(cy, true)) <= 0,
      )
      if (covered) area = add(area, mul(sub(x1, x0), sub(y1, y0)))
    }
  return area
}

/** The offset worked out plainly in floating point: each edge's line moved by h, neighbours met. */
function floatOffsetArea(poly: readonly Point[], h: number): number {
  const p = normalizeOrientation(fromLattice(poly)).map(([x, y]) => [toNumber(x), toNumber(y)])
  const n = p.length
  const lines = p.map((a, i) => {
    const b = p[(i + 1) % n]
    const len = Math.hypot(b[0] - a[0], b[1] - a[1])
    const [nx, ny] = [(b[1] - a[1]) / len, -(b[0] - a[0]) / len]
    return { a: [a[0] + nx * h, a[1] + ny * h], d: [b[0] - a[0], b[1] - a[1]] }
  })
  const corners = lines.map((l2, i) => {
    const l1 = lines[(i + n - 1) % n]
    const det = l1.d[0] * l2.d[1] - l1.d[1] * l2.d[0]
    const t = ((l2.a[0] - l1.a[0]) * l2.d[1] - (l2.a[1] - l1.a[1]) * l2.d[0]) / det
    return [l1.a[0] + t * l1.d[0], l1.a[1] + t * l1.d[1]]
  })
  let s = 0
  for (let i = 0; i < n; i++) {
    const [a, b] = [corners[i], corners[(i + 1) % n]]
    s += a[0] * b[1] - b[0] * a[1]
  }
  return s / 2
}

/** Distance of point q from the line through a and b (whose direction is one of the 8), exactly. */
function lineDistance(q: XPoint, a: XPoint, b: XPoint): Root2 {
  const c = sub(mul(sub(b[0], a[0]), sub(q[1], a[1])), mul(sub(b[1], a[1]), sub(q[0], a[0])))
  return div(cmp(c, ZERO) < 0 ? sub(ZERO, c) : c, edgeLength(a, b))
}

describe('offsetOutline', () => {
  it('grows a square by h on every side, corners sharp', () => {
    const r = offsetOutline(
      fromLattice([
        [0, 0],
        [2, 0],
        [2, 2],
        [0, 2],
      ]),
      root2(1n, 0n, 4n),
    )
    expect(r.ok && r.polygon.map(([x, y]) => [toNumber(x), toNumber(y)])).toEqual([
      [-0.25, -0.25],
      [2.25, -0.25],
      [2.25, 2.25],
      [-0.25, 2.25],
    ])
  })

  it('moves a half-square triangle’s hypotenuse by h along its normal: corners in Q(√2)', () => {
    const r = offsetOutline(
      fromLattice([
        [0, 0],
        [1, 0],
        [0, 1],
      ]),
      root2(1n, 0n, 10n),
    )
    expect(r.ok).toBe(true)
    if (!r.ok) return
    // The 45° corner's mitre reaches (1 + √2)·h along the leg.
    expect(eq(r.polygon[1][0], add(root2(1n), mul(root2(1n, 1n), root2(1n, 0n, 10n))))).toBe(true)
    expect(
      eq(
        area2(r.polygon),
        offsetArea2(
          fromLattice([
            [0, 0],
            [1, 0],
            [0, 1],
          ]),
          root2(1n, 0n, 10n),
        ),
      ),
    ).toBe(true)
  })

  it('polyominoes: the area equals the brute force of grown cells and A + P·h + h²·Σtan(τ/2)', () => {
    fc.assert(
      fc.property(figures(true), halfKerfs, (poly, h) => {
        const r = offsetOutline(fromLattice(poly), h)
        expect(r.ok).toBe(true)
        if (!r.ok) return
        const area = div(area2(r.polygon), root2(2n))
        expect(eq(area, grownCellsArea(poly, h))).toBe(true)
        expect(eq(area2(r.polygon), offsetArea2(fromLattice(poly), h))).toBe(true)
      }),
      { numRuns: 200 },
    )
  })

  it('figures with diagonals: each edge moved parallel by exactly h, area as the formula and the float brute force', () => {
    fc.assert(
      fc.property(figures(false), fc.integer({ min: 1, max: 12 }), (poly, k) => {
        const h = root2(BigInt(k), 0n, 100n)
        const x = normalizeOrientation(fromLattice(poly))
        const r = offsetOutline(x, h)
        if (!r.ok) return // a notch narrower than 2h closes: refused, tested below
        const n = x.length
        for (let i = 0; i < n; i++) {
          const [a, b] = [x[i], x[(i + 1) % n]]
          const [c, d] = [r.polygon[i], r.polygon[(i + 1) % n]]
          expect(direction(c, d)).toBe(direction(a, b))
          expect(eq(lineDistance(c, a, b), h)).toBe(true)
          expect(eq(lineDistance(d, a, b), h)).toBe(true)
        }
        expect(eq(area2(r.polygon), offsetArea2(x, h))).toBe(true)
        const plain = floatOffsetArea(poly, k / 100)
        expect(Math.abs(toNumber(area2(r.polygon)) / 2 - plain)).toBeLessThan(1e-9)
      }),
      { numRuns: 300 },
    )
  })

  it('refuses an offset that closes a notch', () => {
    // A U of cells: its slot is one unit wide, closed by h ≥ 1/2.
    const u = fromLattice([
      [0, 0],
      [3, 0],
      [3, 2],
      [2, 2],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
    ])
    expect(offsetOutline(u, root2(2n, 0n, 5n)).ok).toBe(true)
    const r = offsetOutline(u, root2(1n, 0n, 2n))
    expect(r.ok ? '' : r.problem).toMatch(/vanishes|crosses|touches/)
  })
})
