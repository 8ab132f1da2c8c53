import {
  add,
  cmp,
  eq,
  fromInt,
  HALF_SQRT2,
  keyOf,
  mul,
  neg,
  sign,
  SQRT2,
  sub,
  ZERO,
  type Root2,
} from './root2'

/**
 * Points and polygons with coordinates in Q(√2), and the decisions about them: area, simplicity,
 * corners, convexity, interior angles, and congruence under the 16 isometries that keep the 8
 * directions (turns by multiples of 45°, with or without a mirror) plus translation.
 *
 * Every edge of such a figure runs in one of the 8 directions, numbered 0 … 7 counter-clockwise
 * from east in steps of 45°, so an interior angle is a multiple of 45°.
 */
export type XPoint = readonly [Root2, Root2]
export type XPolygon = readonly XPoint[]

export function xpoint(x: number | bigint, y: number | bigint): XPoint {
  return [fromInt(x), fromInt(y)]
}

/** A lattice polygon (integer vertices) as an exact one. */
export function fromLattice(poly: readonly (readonly number[])[]): XPoint[] {
  return poly.map(([x, y]) => xpoint(x, y))
}

export function pointEq(p: XPoint, q: XPoint): boolean {
  return eq(p[0], q[0]) && eq(p[1], q[1])
}

export function pointKey(p: XPoint): string {
  return `${keyOf(p[0])};${keyOf(p[1])}`
}

/** (a − o) × (b − o): positive when o, a, b turn counter-clockwise. */
export function cross(o: XPoint, a: XPoint, b: XPoint): Root2 {
  return sub(mul(sub(a[0], o[0]), sub(b[1], o[1])), mul(sub(a[1], o[1]), sub(b[0], o[0])))
}

/** Twice the signed area (positive counter-clockwise). */
export function area2(poly: XPolygon): Root2 {
  let s = ZERO
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]
    const q = poly[(i + 1) % poly.length]
    s = add(s, sub(mul(p[0], q[1]), mul(q[0], p[1])))
  }
  return s
}

/**
 * The direction 0 … 7 of the vector from p to q, or undefined if it is none of the 8 (or the
 * points are equal).
 */
export function direction(p: XPoint, q: XPoint): number | undefined {
  const dx = sub(q[0], p[0])
  const dy = sub(q[1], p[1])
  const sx = sign(dx)
  const sy = sign(dy)
  if (sx === 0 && sy === 0) return undefined
  if (sy === 0) return sx > 0 ? 0 : 4
  if (sx === 0) return sy > 0 ? 2 : 6
  if (!eq(dx, sy === sx ? dy : neg(dy))) return undefined
  return sx > 0 ? (sy > 0 ? 1 : 7) : sy > 0 ? 3 : 5
}

/** Length of an edge in one of the 8 directions: |dx| + |dy| along an axis, |dx|·√2 diagonally. */
export function edgeLength(p: XPoint, q: XPoint): Root2 {
  const dx = sub(q[0], p[0])
  const dy = sub(q[1], p[1])
  const ax = sign(dx) < 0 ? neg(dx) : dx
  const ay = sign(dy) < 0 ? neg(dy) : dy
  if (sign(ax) === 0 || sign(ay) === 0) return add(ax, ay)
  return mul(ax, SQRT2)
}

/** The turn from direction d1 to d2 in steps of 45°, in −3 … 4 (4: back on itself). */
function turn(d1: number, d2: number): number {
  const t = (((d2 - d1) % 8) + 8) % 8
  return t > 4 ? t - 8 : t
}

/** Does the point lie on the closed segment ab (exactly)? */
export function onSegment(p: XPoint, a: XPoint, b: XPoint): boolean {
  if (sign(cross(a, b, p)) !== 0) return false
  const within = (v: Root2, lo: Root2, hi: Root2) =>
    cmp(lo, hi) <= 0 ? cmp(lo, v) <= 0 && cmp(v, hi) <= 0 : cmp(hi, v) <= 0 && cmp(v, lo) <= 0
  return within(p[0], a[0], b[0]) && within(p[1], a[1], b[1])
}

/** Do the closed segments ab and cd meet? */
export function segmentsMeet(a: XPoint, b: XPoint, c: XPoint, d: XPoint): boolean {
  const d1 = sign(cross(c, d, a))
  const d2 = sign(cross(c, d, b))
  const d3 = sign(cross(a, b, c))
  const d4 = sign(cross(a, b, d))
  if (d1 * d2 < 0 && d3 * d4 < 0) return true
  return (
    (d1 === 0 && onSegment(a, c, d)) ||
    (d2 === 0 && onSegment(b, c, d)) ||
    (d3 === 0 && onSegment(c, a, b)) ||
    (d4 === 0 && onSegment(d, a, b))
  )
}

/**
 * What is wrong with the polygon as a figure, as a sentence, or undefined: fewer than 3 vertices,
 * an edge in none of the 8 directions, a corner where the outline runs straight on or back on
 * itself, two edges that meet other than at their shared corner, zero area. Vertices are counted
 * from 1 in the message, as a person counts them.
 */
export function polygonProblem(poly: XPolygon): string | undefined {
  const n = poly.length
  if (n < 3) return `has ${n} vertices; a polygon needs at least 3`
  const dirs: number[] = []
  for (let i = 0; i < n; i++) {
    const d = direction(poly[i], poly[(i + 1) % n])
    if (d === undefined)
      return pointEq(poly[i], poly[(i + 1) % n])
        ? `vertex ${i + 1} repeats vertex ${((i + 1) % n) + 1}`
        : `the edge from vertex ${i + 1} to vertex ${((i + 1) % n) + 1} runs in none of the 8 directions (horizontal, vertical, diagonal)`
    dirs.push(d)
  }
  for (let i = 0; i < n; i++) {
    const t = turn(dirs[(i + n - 1) % n], dirs[i])
    if (t === 0) return `vertex ${i + 1} lies on a straight edge (its sides are collinear)`
    if (t === 4) return `at vertex ${i + 1} the outline turns back on itself`
  }
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++) {
      const adjacent = j === i + 1 || (i === 0 && j === n - 1)
      if (adjacent) continue
      if (segmentsMeet(poly[i], poly[(i + 1) % n], poly[j], poly[(j + 1) % n]))
        return `the edge from vertex ${i + 1} crosses or touches the edge from vertex ${j + 1}`
    }
  if (sign(area2(poly)) === 0) return 'has zero area'
  return undefined
}

/** Counter-clockwise, with the vertices where the outline runs straight on removed. */
export function normalizeOrientation(poly: XPolygon): XPoint[] {
  const ccw = sign(area2(poly)) < 0 ? [...poly].reverse() : [...poly]
  return ccw.filter((p, i) => {
    const prev = ccw[(i + ccw.length - 1) % ccw.length]
    const next = ccw[(i + 1) % ccw.length]
    return sign(cross(prev, p, next)) !== 0
  })
}

/** Interior angles in degrees (multiples of 45), at each corner of a counter-clockwise polygon. */
export function interiorAngles(poly: XPolygon): number[] {
  const n = poly.length
  const dirs = poly.map((p, i) => direction(p, poly[(i + 1) % n])!)
  return dirs.map((d, i) => 180 - 45 * turn(dirs[(i + n - 1) % n], d))
}

export function isConvexPolygon(poly: XPolygon): boolean {
  return interiorAngles(normalizeOrientation(poly)).every((a) => a < 180)
}

/**
 * The 16 isometries that keep the 8 directions: a mirror in the y-axis (if `mirror`), then a turn
 * by `turn` · 45° counter-clockwise about the origin.
 */
export interface Isometry {
  readonly turn: number
  readonly mirror: boolean
}

export const ISOMETRIES: readonly Isometry[] = Array.from({ length: 16 }, (_, k) => ({
  turn: k % 8,
  mirror: k >= 8,
}))

// cos and sin of k · 45°.
const C = [1, 'h', 0, '-h', -1, '-h', 0, 'h'] as const
const S = [0, 'h', 1, 'h', 0, '-h', -1, '-h'] as const
const trig = (v: (typeof C)[number]): Root2 =>
  v === 'h' ? HALF_SQRT2 : v === '-h' ? neg(HALF_SQRT2) : fromInt(v)

export function applyIsometry(g: Isometry, p: XPoint): XPoint {
  const x = g.mirror ? neg(p[0]) : p[0]
  const y = p[1]
  const c = trig(C[g.turn])
  const s = trig(S[g.turn])
  return [sub(mul(c, x), mul(s, y)), add(mul(s, x), mul(c, y))]
}

export function translate(poly: XPolygon, dx: Root2, dy: Root2): XPoint[] {
  return poly.map(([x, y]) => [add(x, dx), add(y, dy)] as const)
}

/** Orders points by y, then x: the lowest-then-leftmost point comes first. */
export function comparePoints(p: XPoint, q: XPoint): number {
  return cmp(p[1], q[1]) || cmp(p[0], q[0])
}

/** Where `congruenceForm` put a polygon: the isometry, then the translation. */
export interface Placement {
  readonly g: Isometry
  readonly dx: Root2
  readonly dy: Root2
}

export function placePoint(t: Placement, p: XPoint): XPoint {
  const [x, y] = applyIsometry(t.g, p)
  return [add(x, t.dx), add(y, t.dy)]
}

/** The same figure, the isometry `g` applied and made counter-clockwise again. */
export function transformPolygon(poly: XPolygon, g: Isometry): XPoint[] {
  return normalizeOrientation(poly.map((p) => applyIsometry(g, p)))
}

/**
 * The polygon's normal form under the isometries (all 16 unless fewer are given) and
 * translation: of its images, each made counter-clockwise, moved so that its lowest-then-leftmost
 * vertex is the origin and listed from it, the one with the least key, and how it was placed.
 * Under all 16, congruent polygons, and only they, have the same key.
 */
export function congruenceForm(
  poly: XPolygon,
  isometries: readonly Isometry[] = ISOMETRIES,
): { key: string; polygon: XPoint[]; placement: Placement } {
  let best: { key: string; polygon: XPoint[]; placement: Placement } | undefined
  const base = normalizeOrientation(poly)
  for (const g of isometries) {
    // What transformPolygon gives, without its tests: the base runs counter-clockwise without
    // straight-on corners, a turn keeps it so and a mirror image runs clockwise.
    const image = base.map((p) => applyIsometry(g, p))
    if (g.mirror) image.reverse()
    const { polygon, dx, dy } = anchored(image)
    const key = polygon.map(pointKey).join('|')
    if (!best || key < best.key) best = { key, polygon, placement: { g, dx, dy } }
  }
  return best!
}

/** Moved so that the lowest-then-leftmost vertex is the origin, and listed from it. */
export function anchored(poly: XPolygon): { polygon: XPoint[]; dx: Root2; dy: Root2 } {
  let start = 0
  for (let i = 1; i < poly.length; i++) if (comparePoints(poly[i], poly[start]) < 0) start = i
  const dx = neg(poly[start][0])
  const dy = neg(poly[start][1])
  const rotated = [...poly.slice(start), ...poly.slice(0, start)]
  return { polygon: translate(rotated, dx, dy), dx, dy }
}
