import { d4Matrix, type D4 } from './d4'
import { boundingBox, normalizePolygon, signedArea2, type Point, type Polygon } from './polygon'

/**
 * The raster of the lattice. Both diagonals cut every unit cell into four quarter triangles; a
 * half-square triangle is two of them and a full cell four. Quarters are the exact-cover items:
 * the two halves of a cell cut along different diagonals share a quarter, so they collide, as
 * they must (half-squares themselves could not express that).
 *
 * A quarter is named by its "quarter point", four times a point inside it: in cell (cx, cy) the
 * east, north, west and south quarters have the points (4cx+3, 4cy+2), (4cx+2, 4cy+3),
 * (4cx+1, 4cy+2) and (4cx+2, 4cy+1). These points lie on no grid line or diagonal, and every
 * symmetry of the square maps them to the points of the image quarters, so the raster is
 * transformed by transforming points. A raster is an Int32Array of interleaved (qx, qy) pairs.
 */
export type Quarters = Int32Array

/** East, north, west, south: the quarter next to that side of its cell. */
export type QuarterDir = 0 | 1 | 2 | 3
const DIR_OFFSET: readonly (readonly [number, number])[] = [
  [3, 2],
  [2, 3],
  [1, 2],
  [2, 1],
]

export function quarterPoint(cx: number, cy: number, d: QuarterDir): [number, number] {
  return [4 * cx + DIR_OFFSET[d][0], 4 * cy + DIR_OFFSET[d][1]]
}

export function quarterCell(qx: number, qy: number): [number, number, QuarterDir] {
  const cx = Math.floor(qx / 4)
  const cy = Math.floor(qy / 4)
  const lx = qx - 4 * cx
  const ly = qy - 4 * cy
  const d: QuarterDir = lx === 3 ? 0 : ly === 3 ? 1 : lx === 1 ? 2 : 3
  return [cx, cy, d]
}

/** Number of half-square triangles in a raster (the paper's area unit). */
export function halfSquares(q: Quarters): number {
  return q.length / 4
}

/**
 * All quarters inside a lattice polygon, by scanlines. Edges run in the 8 lattice directions, so
 * every crossing of a scanline through quarter points is an integer in quarter units and never
 * coincides with a quarter point; no tolerance is needed.
 */
export function rasterizePolygon(poly: Polygon): Quarters {
  return rasterizeRings([poly])
}

/**
 * All quarters inside an even number of rings (a region's outlines and holes, in any
 * orientation): the scanlines cross every ring's edges and pair the crossings up, which is exact
 * where rings meet only at lattice points, as no scanline passes through one.
 */
export function rasterizeRings(rings: readonly Polygon[]): Quarters {
  let minY = Infinity
  let maxY = -Infinity
  for (const ring of rings) {
    const box = boundingBox(ring)
    minY = Math.min(minY, box.minY)
    maxY = Math.max(maxY, box.maxY)
  }
  const out: number[] = []
  const xs: number[] = []
  for (let cy = minY; cy < maxY; cy++) {
    for (let r = 1; r <= 3; r++) {
      const qy = 4 * cy + r
      xs.length = 0
      for (const poly of rings) {
        const n = poly.length
        for (let i = 0; i < n; i++) {
          const x1 = 4 * poly[i][0]
          const y1 = 4 * poly[i][1]
          const x2 = 4 * poly[(i + 1) % n][0]
          const y2 = 4 * poly[(i + 1) % n][1]
          if ((y1 < qy && qy < y2) || (y2 < qy && qy < y1)) {
            xs.push(x1 + ((qy - y1) * (x2 - x1)) / (y2 - y1))
          }
        }
      }
      xs.sort((a, b) => a - b)
      for (let k = 0; k + 1 < xs.length; k += 2) {
        // Quarter points in this row: x ≡ 2 (mod 4) in the outer rows, x ≡ 1, 3 in the middle row.
        const step = r === 2 ? 2 : 4
        const phase = r === 2 ? 1 : 2
        let qx = xs[k] + ((((phase - xs[k]) % step) + step) % step)
        if (qx === xs[k]) qx += step
        for (; qx < xs[k + 1]; qx += step) out.push(qx, qy)
      }
    }
  }
  return sortQuarters(Int32Array.from(out))
}

/** Sorts by y, then x, through one numeric key per quarter (coordinates are within ±2^20). */
function sortQuarters(q: Quarters): Quarters {
  const m = q.length / 2
  const keys = new Float64Array(m)
  for (let i = 0; i < m; i++) keys[i] = (q[2 * i + 1] + OFFSET) * SPAN + (q[2 * i] + OFFSET)
  keys.sort()
  const out = new Int32Array(q.length)
  for (let i = 0; i < m; i++) {
    out[2 * i] = (keys[i] % SPAN) - OFFSET
    out[2 * i + 1] = Math.floor(keys[i] / SPAN) - OFFSET
  }
  return out
}

const OFFSET = 1 << 20
const SPAN = 1 << 22

/** Applies a symmetry of the square about the origin. */
export function transformQuarters(q: Quarters, g: D4): Quarters {
  const [a, b, c, d] = d4Matrix(g)
  const out = new Int32Array(q.length)
  for (let i = 0; i < q.length; i += 2) {
    out[i] = a * q[i] + b * q[i + 1]
    out[i + 1] = c * q[i] + d * q[i + 1]
  }
  return out
}

/**
 * Translates the raster by whole cells so that its smallest cell coordinates are 0 and sorts it.
 * Returns the shift applied, in cells.
 */
export function normalizeQuarters(q: Quarters): { quarters: Quarters; dx: number; dy: number } {
  let minX = Infinity
  let minY = Infinity
  for (let i = 0; i < q.length; i += 2) {
    if (q[i] < minX) minX = q[i]
    if (q[i + 1] < minY) minY = q[i + 1]
  }
  const dx = -Math.floor(minX / 4)
  const dy = -Math.floor(minY / 4)
  const out = new Int32Array(q.length)
  for (let i = 0; i < q.length; i += 2) {
    out[i] = q[i] + 4 * dx
    out[i + 1] = q[i + 1] + 4 * dy
  }
  return { quarters: sortQuarters(out), dx, dy }
}

export function quartersEqual(a: Quarters, b: Quarters): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

export function quartersKey(q: Quarters): string {
  return Array.from(q).join(',')
}

/** Extent of a raster in cells: the cells it touches lie in [0, width) × [0, height) after normalising. */
export function quarterExtent(q: Quarters): {
  minCX: number
  minCY: number
  maxCX: number
  maxCY: number
} {
  let minCX = Infinity
  let minCY = Infinity
  let maxCX = -Infinity
  let maxCY = -Infinity
  for (let i = 0; i < q.length; i += 2) {
    const cx = Math.floor(q[i] / 4)
    const cy = Math.floor(q[i + 1] / 4)
    if (cx < minCX) minCX = cx
    if (cy < minCY) minCY = cy
    if (cx > maxCX) maxCX = cx
    if (cy > maxCY) maxCY = cy
  }
  return { minCX, minCY, maxCX, maxCY }
}

/** A directed side (x1, y1) → (x2, y2) in doubled coordinates. */
export type Side = [number, number, number, number]

/**
 * The sides of a raster's boundary, each with the raster on its left, keyed "x1,y1,x2,y2": each
 * quarter's three sides, counter-clockwise, less those two quarters share. Coordinates are
 * doubled, so that cell centres are lattice points too.
 */
export function boundaryEdges(q: Quarters): Map<string, Side> {
  const edges = new Map<string, Side>()
  for (let i = 0; i < q.length; i += 2) {
    const [cx, cy, d] = quarterCell(q[i], q[i + 1])
    const corners: [number, number][] = [
      [2 * cx, 2 * cy],
      [2 * cx + 2, 2 * cy],
      [2 * cx + 2, 2 * cy + 2],
      [2 * cx, 2 * cy + 2],
    ]
    // Counter-clockwise: the quarter on side d runs from corner d+1 to corner d+2 (mod 4).
    const [ax, ay] = corners[(d + 1) % 4]
    const [bx, by] = corners[(d + 2) % 4]
    const [mx, my] = [2 * cx + 1, 2 * cy + 1]
    for (const [x1, y1, x2, y2] of [
      [ax, ay, bx, by],
      [bx, by, mx, my],
      [mx, my, ax, ay],
    ]) {
      const back = `${x2},${y2},${x1},${y1}`
      if (edges.has(back)) edges.delete(back)
      else edges.set(`${x1},${y1},${x2},${y2}`, [x1, y1, x2, y2])
    }
  }
  return edges
}

export type TraceResult = { ok: true; polygons: Point[][] } | { ok: false; problem: string }

/**
 * The outline of a raster, as lattice polygons. A raster that is one piece without holes gives
 * one polygon. Problems reported: quarters that do not form half-squares, parts that touch only
 * at a corner, several parts, holes.
 */
export function traceOutline(q: Quarters): TraceResult {
  if (q.length === 0) return { ok: false, problem: 'is empty' }
  const edges = boundaryEdges(q)
  const out = new Map<string, [number, number, number, number][]>()
  for (const e of edges.values()) {
    const k = `${e[0]},${e[1]}`
    const list = out.get(k)
    if (list) list.push(e)
    else out.set(k, [e])
  }
  for (const [k, list] of out) {
    if (list.length > 1) {
      const [x, y] = k.split(',').map(Number)
      return { ok: false, problem: `has parts that meet only at the point ${formatHalf(x, y)}` }
    }
  }
  const cycles: Point[][] = []
  const used = new Set<string>()
  for (const [startKey, [first]] of out) {
    if (used.has(startKey)) continue
    const cycle: [number, number][] = []
    let e = first
    for (;;) {
      const k = `${e[0]},${e[1]}`
      if (used.has(k)) break
      used.add(k)
      cycle.push([e[0], e[1]])
      e = out.get(`${e[2]},${e[3]}`)![0]
    }
    cycles.push(cycle)
  }
  const outer = cycles.filter((c) => signedArea2(c) > 0)
  const holes = cycles.filter((c) => signedArea2(c) < 0)
  const polygons: Point[][] = []
  for (const c of cycles) {
    const p = normalizePolygon(c)
    const bad = p.find(([x, y]) => x % 2 !== 0 || y % 2 !== 0)
    if (bad)
      return {
        ok: false,
        problem: `is not made of half-square triangles near ${formatHalf(bad[0], bad[1])}`,
      }
  }
  if (holes.length > 0) {
    const h = normalizePolygon(holes[0])
    return { ok: false, problem: `has a hole at ${formatHalf(h[0][0], h[0][1])}` }
  }
  if (outer.length > 1) return { ok: false, problem: `falls apart into ${outer.length} parts` }
  for (const c of outer) polygons.push(normalizePolygon(c).map(([x, y]) => [x / 2, y / 2] as const))
  return { ok: true, polygons }
}

function formatHalf(x: number, y: number): string {
  return `(${x / 2}, ${y / 2})`
}
