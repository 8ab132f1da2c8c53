import { d4Apply, type D4 } from './d4'
import { LIMITS } from '../limits'
import { selfContact } from './self-contact'

/** A point of the integer lattice, [x, y]. */
export type Point = readonly [number, number]
/** A closed polygon given by its vertices in order (the last joins the first). */
export type Polygon = readonly Point[]

export function formatPoint(p: readonly number[]): string {
  const f = (v: number) => (Number.isInteger(v) ? String(v) : String(Math.round(v * 1000) / 1000))
  return `(${f(p[0])}, ${f(p[1])})`
}

/**
 * Twice the signed area (shoelace sum). On the lattice this is exactly the area measured in
 * elementary half-square triangles, the paper's unit: a unit square has 2.
 */
export function signedArea2(poly: Polygon): number {
  let s = 0
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i]
    const [x2, y2] = poly[(i + 1) % poly.length]
    s += x1 * y2 - x2 * y1
  }
  return s
}

/** Area in half-square triangles. */
export function areaInHalfSquares(poly: Polygon): number {
  return Math.abs(signedArea2(poly))
}

function cross(o: Point, a: Point, b: Point): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

function onSegment(p: Point, a: Point, b: Point): boolean {
  return (
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  )
}

/** A point the closed segments ab and cd share, or undefined if they are disjoint. */
function segmentContact(a: Point, b: Point, c: Point, d: Point): Point | undefined {
  const d1 = cross(c, d, a)
  const d2 = cross(c, d, b)
  const d3 = cross(a, b, c)
  const d4 = cross(a, b, d)
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) {
    const t = d1 / (d1 - d2)
    return [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])]
  }
  if (d1 === 0 && onSegment(a, c, d)) return a
  if (d2 === 0 && onSegment(b, c, d)) return b
  if (d3 === 0 && onSegment(c, a, b)) return c
  if (d4 === 0 && onSegment(d, a, b)) return d
  return undefined
}

/**
 * Checks that the vertices describe a simple lattice polygon whose edges run horizontally,
 * vertically or diagonally at 45°. Returns the first problem as a sentence, or undefined.
 * Vertices are numbered from 1 in messages, as a user counts them.
 */
export function latticePolygonProblem(
  vertices: readonly (readonly number[])[],
  ring: 'piece' | 'figure' | 'hole' = 'piece',
): string | undefined {
  let pts = vertices
  if (pts.length >= 2) {
    const first = pts[0]
    const last = pts[pts.length - 1]
    if (first[0] === last[0] && first[1] === last[1]) pts = pts.slice(0, -1)
  }
  if (pts.length < 3) return `has ${pts.length} vertices; a polygon needs at least 3`
  if (pts.length > LIMITS.maxVertices)
    return `has ${pts.length} vertices; at most ${LIMITS.maxVertices} are supported`
  for (let i = 0; i < pts.length; i++) {
    const [x, y] = pts[i]
    if (!Number.isInteger(x) || !Number.isInteger(y))
      return `vertex ${i + 1} ${formatPoint(pts[i])} is off the lattice: coordinates must be whole numbers`
    if (Math.abs(x) > LIMITS.maxCoordinate || Math.abs(y) > LIMITS.maxCoordinate)
      return `vertex ${i + 1} ${formatPoint(pts[i])} is too far out: coordinates must lie within ±${LIMITS.maxCoordinate}`
  }
  const n = pts.length
  const p = pts as Polygon
  const noun = ring === 'hole' ? 'hole' : 'outline'
  for (let i = 0; i < n; i++) {
    const a = p[i]
    const b = p[(i + 1) % n]
    const dx = b[0] - a[0]
    const dy = b[1] - a[1]
    if (dx === 0 && dy === 0)
      return `vertex ${((i + 1) % n) + 1} repeats vertex ${i + 1} ${formatPoint(a)}`
    if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy))
      return `edge ${i + 1} from ${formatPoint(a)} to ${formatPoint(b)} is not horizontal, vertical or diagonal at 45°`
  }
  // All on one line: the ring doubles back somewhere, and encloses nothing.
  const flat = p.every((v) => cross(p[0], p[1], v) === 0) ? 'has zero area: ' : ''
  for (let i = 0; i < n; i++) {
    const a = p[i]
    const b = p[(i + 1) % n]
    const c = p[(i + 2) % n]
    // Adjacent edges share a vertex; they must not run back over each other.
    if (cross(a, b, c) === 0 && (b[0] - a[0]) * (c[0] - b[0]) + (b[1] - a[1]) * (c[1] - b[1]) < 0)
      return `${flat}the ${noun} doubles back on itself at vertex ${((i + 1) % n) + 1} ${formatPoint(b)}`
  }
  const contact = selfContact(p)
  if (contact) {
    const [i, j] = contact
    const hit = segmentContact(p[i], p[(i + 1) % n], p[j], p[(j + 1) % n])!
    const touch = hit.every(Number.isInteger) && pts.some((v) => v[0] === hit[0] && v[1] === hit[1])
    if (!touch)
      return `edges ${i + 1} and ${j + 1} cross at ${formatPoint(hit)}: the ${noun} intersects itself`
    const where = `the ${noun} touches itself at ${formatPoint(hit)} (edges ${i + 1} and ${j + 1})`
    return ring === 'piece'
      ? `${where}; a piece must be one simple polygon, without holes or pinches`
      : ring === 'figure'
        ? `${where}; write a figure with holes or parts as "polygons" (outlines with "holes", which may touch at corners) or as "cells"`
        : `${where}; write it as holes that touch at that corner`
  }
  if (signedArea2(p) === 0) return 'has zero area'
  return undefined
}

/**
 * The same polygon, counter-clockwise, without repeated closing vertex or vertices in the middle
 * of a straight edge, starting at its lowest-then-leftmost vertex. Assumes a valid polygon.
 */
export function normalizePolygon(vertices: readonly (readonly number[])[]): Point[] {
  let pts: Point[] = vertices.map((v) => [v[0], v[1]] as const)
  const f = pts[0]
  const l = pts[pts.length - 1]
  if (pts.length > 1 && f[0] === l[0] && f[1] === l[1]) pts.pop()
  if (signedArea2(pts) < 0) pts.reverse()
  const out: Point[] = []
  for (let i = 0; i < pts.length; i++) {
    const prev = pts[(i + pts.length - 1) % pts.length]
    const next = pts[(i + 1) % pts.length]
    if (cross(prev, pts[i], next) !== 0) out.push(pts[i])
  }
  let start = 0
  for (let i = 1; i < out.length; i++) {
    const [x, y] = out[i]
    const [bx, by] = out[start]
    if (y < by || (y === by && x < bx)) start = i
  }
  pts = [...out.slice(start), ...out.slice(0, start)]
  return pts
}

export function translatePolygon(poly: Polygon, dx: number, dy: number): Point[] {
  return poly.map(([x, y]) => [x + dx, y + dy] as const)
}

/** Applies a symmetry of the square (about the origin); keeps the counter-clockwise orientation. */
export function transformPolygon(poly: Polygon, g: D4): Point[] {
  const out = poly.map(([x, y]) => d4Apply(g, x, y) as Point)
  if (signedArea2(out) < 0) out.reverse()
  return out
}

export function boundingBox(poly: Polygon): {
  minX: number
  minY: number
  maxX: number
  maxY: number
} {
  let minX = Infinity
  let minY = Infinity
  let maxX = -Infinity
  let maxY = -Infinity
  for (const [x, y] of poly) {
    if (x < minX) minX = x
    if (y < minY) minY = y
    if (x > maxX) maxX = x
    if (y > maxY) maxY = y
  }
  return { minX, minY, maxX, maxY }
}

/** True if the polygon is convex (all turns counter-clockwise after normalisation). */
export function isConvex(poly: Polygon): boolean {
  const p = normalizePolygon(poly)
  for (let i = 0; i < p.length; i++) {
    if (cross(p[i], p[(i + 1) % p.length], p[(i + 2) % p.length]) < 0) return false
  }
  return true
}

/** Length of an 8-direction edge as a + b·√2, for captions such as "3, 2, 5, 2√2". */
function edgeLength(a: Point, b: Point): { units: number; diagonalUnits: number } {
  const dx = Math.abs(b[0] - a[0])
  const dy = Math.abs(b[1] - a[1])
  return dx === 0 || dy === 0
    ? { units: dx + dy, diagonalUnits: 0 }
    : { units: 0, diagonalUnits: dx }
}

export function formatEdgeLength(a: Point, b: Point): string {
  const { units, diagonalUnits } = edgeLength(a, b)
  if (diagonalUnits === 0) return String(units)
  return diagonalUnits === 1 ? '√2' : `${diagonalUnits}√2`
}
