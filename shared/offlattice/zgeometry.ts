/**
 * The exact geometry the search off the lattice decides with, in plain integers: a coordinate is
 * a + b·√2 with whole numbers a and b (the figure and the set scaled once so that every corner of
 * every turn by 45° has such coordinates, `scale.ts`), kept as two JavaScript numbers.
 *
 * Every edge runs in one of the 8 directions (0 … 7, counter-clockwise from east), so every
 * decision is the sign of a linear combination of coordinates (no products): which side of an
 * edge's line a point lies on is the sign of dy, dx, dy − dx or dy + dx. The sign of a + b√2 with
 * a and b of opposite signs compares a² with 2b², exact while |a|, |b| < 2²⁶ (`LIMIT` keeps every
 * coordinate far below).
 *
 * Around a point, the plane is cut by the 8 directions into 8 open sectors, sector s lying
 * between directions s and s + 1. Where polygons with edges in the 8 directions meet at a point,
 * each sector lies wholly inside or outside each of them near the point: a polygon's `mask` at a
 * point is the byte of the sectors it covers there. Two such polygons overlap if and only if two
 * edges cross properly or their masks meet at a corner of one of them (the overlap, if any, has a
 * corner, and it is one of these).
 */

/** Coordinates (a and b parts) stay below this, so that every sign taken is exact. */
export const LIMIT = 2 ** 22

/** The sign of a + b√2. */
export function sgn(a: number, b: number): number {
  if (a >= 0 && b >= 0) return a > 0 || b > 0 ? 1 : 0
  if (a <= 0 && b <= 0) return -1
  return a * a > 2 * b * b ? (a > 0 ? 1 : -1) : b > 0 ? 1 : -1
}

/**
 * A polygon, counter-clockwise, as flat coordinates: vertex i at x = (v[4i], v[4i+1]),
 * y = (v[4i+2], v[4i+3]); the direction of the edge from vertex i, and the sectors its interior
 * covers at vertex i; its bounding box as [minX, maxX, minY, maxY] (a, b pairs).
 */
export interface ZPolygon {
  readonly n: number
  readonly v: readonly number[]
  readonly dir: readonly number[]
  readonly wedge: readonly number[]
  readonly box: readonly number[]
}

/** The direction 0 … 7 of the vector (dx, dy), or −1 if none of the 8. */
export function directionOf(dxa: number, dxb: number, dya: number, dyb: number): number {
  const sx = sgn(dxa, dxb)
  const sy = sgn(dya, dyb)
  if (sy === 0) return sx > 0 ? 0 : sx < 0 ? 4 : -1
  if (sx === 0) return sy > 0 ? 2 : 6
  const same = sx === sy ? dxa === dya && dxb === dyb : dxa === -dya && dxb === -dyb
  if (!same) return -1
  return sx > 0 ? (sy > 0 ? 1 : 7) : sy > 0 ? 3 : 5
}

/** Sectors d, d + 1, …, d + k − 1 (mod 8). */
export function sectors(d: number, k: number): number {
  let m = 0
  for (let i = 0; i < k; i++) m |= 1 << ((d + i) & 7)
  return m
}

/**
 * A polygon from its corners (counter-clockwise, no straight-on corners, every edge in one of
 * the 8 directions: the callers have checked that exactly).
 */
export function zpolygon(v: readonly number[]): ZPolygon {
  const n = v.length / 4
  const dir: number[] = []
  for (let i = 0; i < n; i++) {
    const j = ((i + 1) % n) * 4
    const d = directionOf(
      v[j] - v[4 * i],
      v[j + 1] - v[4 * i + 1],
      v[j + 2] - v[4 * i + 2],
      v[j + 3] - v[4 * i + 3],
    )
    if (d < 0) throw new Error('internal: an edge in none of the 8 directions')
    dir.push(d)
  }
  // Interior at vertex i: from the outgoing edge counter-clockwise to the incoming one, reversed.
  const wedge = dir.map((d, i) => sectors(d, (dir[(i + n - 1) % n] + 4 - d + 8) & 7))
  return { n, v, dir, wedge, box: boxOf(v) }
}

function boxOf(v: readonly number[]): number[] {
  const box = [v[0], v[1], v[0], v[1], v[2], v[3], v[2], v[3]]
  for (let i = 4; i < v.length; i += 4) {
    if (sgn(v[i] - box[0], v[i + 1] - box[1]) < 0) [box[0], box[1]] = [v[i], v[i + 1]]
    if (sgn(v[i] - box[2], v[i + 1] - box[3]) > 0) [box[2], box[3]] = [v[i], v[i + 1]]
    if (sgn(v[i + 2] - box[4], v[i + 3] - box[5]) < 0) [box[4], box[5]] = [v[i + 2], v[i + 3]]
    if (sgn(v[i + 2] - box[6], v[i + 3] - box[7]) > 0) [box[6], box[7]] = [v[i + 2], v[i + 3]]
  }
  return box
}

/** Is the point (flat, at offset o of p) within the closed box? */
function inBox(box: readonly number[], p: readonly number[], o: number): boolean {
  return (
    sgn(p[o] - box[0], p[o + 1] - box[1]) >= 0 &&
    sgn(p[o] - box[2], p[o + 1] - box[3]) <= 0 &&
    sgn(p[o + 2] - box[4], p[o + 3] - box[5]) >= 0 &&
    sgn(p[o + 2] - box[6], p[o + 3] - box[7]) <= 0
  )
}

/** Do the closed boxes share more than their boundary? */
function boxesOverlap(a: readonly number[], b: readonly number[]): boolean {
  return (
    sgn(a[0] - b[2], a[1] - b[3]) < 0 &&
    sgn(b[0] - a[2], b[1] - a[3]) < 0 &&
    sgn(a[4] - b[6], a[5] - b[7]) < 0 &&
    sgn(b[4] - a[6], b[5] - a[7]) < 0
  )
}

/** Which side of the line through (v at i) in direction d the point (p at o) lies on: −1, 0, 1. */
function side(v: readonly number[], i: number, d: number, p: readonly number[], o: number): number {
  const dxa = p[o] - v[i]
  const dxb = p[o + 1] - v[i + 1]
  const dya = p[o + 2] - v[i + 2]
  const dyb = p[o + 3] - v[i + 3]
  switch (d & 3) {
    case 0:
      return sgn(dya, dyb)
    case 2:
      return sgn(dxa, dxb)
    case 1:
      return sgn(dya - dxa, dyb - dxb)
    default:
      return sgn(dya + dxa, dyb + dxb)
  }
}

/** Does the point lie strictly inside edge i of the polygon (not at its ends)? */
function onEdge(P: ZPolygon, i: number, p: readonly number[], o: number): boolean {
  const v = P.v
  const a = 4 * i
  if (side(v, a, P.dir[i], p, o) !== 0) return false
  const b = 4 * ((i + 1) % P.n)
  // Strictly between the ends, along x (or y for a vertical edge).
  const k = (P.dir[i] & 3) === 2 ? 2 : 0
  return (
    sgn(p[o + k] - v[a + k], p[o + k + 1] - v[a + k + 1]) *
      sgn(v[b + k] - p[o + k], v[b + k + 1] - p[o + k + 1]) >
    0
  )
}

/** Is the point, on no edge of the polygon, inside it? A ray to the east, crossings counted. */
function inside(P: ZPolygon, p: readonly number[], o: number): boolean {
  const v = P.v
  let odd = false
  for (let i = 0; i < P.n; i++) {
    const a = 4 * i
    const b = 4 * ((i + 1) % P.n)
    const above1 = sgn(v[a + 2] - p[o + 2], v[a + 3] - p[o + 3]) > 0
    const above2 = sgn(v[b + 2] - p[o + 2], v[b + 3] - p[o + 3]) > 0
    if (above1 === above2) continue
    // Where the edge meets the ray's height: x + (y − y₁)·(dx/dy), dx/dy ∈ {0, 1, −1}.
    const d = P.dir[i]
    let xa = v[a]
    let xb = v[a + 1]
    if ((d & 3) !== 2) {
      const s = d === 1 || d === 5 ? 1 : -1
      xa += s * (p[o + 2] - v[a + 2])
      xb += s * (p[o + 3] - v[a + 3])
    }
    if (sgn(xa - p[o], xb - p[o + 1]) > 0) odd = !odd
  }
  return odd
}

/** The sectors the polygon covers near the point (flat, at offset o of p). */
export function maskAt(P: ZPolygon, p: readonly number[], o = 0): number {
  if (!inBox(P.box, p, o)) return 0
  const v = P.v
  // A ring that touches itself (a figure's outline round a hole that meets it at a point) passes
  // the point more than once, each time along other sectors: their union, as an exclusive or.
  let m = 0
  let on = false
  for (let i = 0; i < P.n; i++) {
    const a = 4 * i
    if (v[a] === p[o] && v[a + 1] === p[o + 1] && v[a + 2] === p[o + 2] && v[a + 3] === p[o + 3]) {
      m ^= P.wedge[i]
      on = true
    } else if (onEdge(P, i, p, o)) {
      m ^= sectors(P.dir[i], 4)
      on = true
    }
  }
  return on ? m : inside(P, p, o) ? 0xff : 0
}

/** Do an edge of P and an edge of Q cross at a point inside both? */
function edgesCross(P: ZPolygon, Q: ZPolygon): boolean {
  for (let i = 0; i < P.n; i++) {
    const a = 4 * i
    const b = 4 * ((i + 1) % P.n)
    for (let j = 0; j < Q.n; j++) {
      if (((P.dir[i] - Q.dir[j]) & 3) === 0) continue
      const c = 4 * j
      const d = 4 * ((j + 1) % Q.n)
      if (side(P.v, a, P.dir[i], Q.v, c) * side(P.v, a, P.dir[i], Q.v, d) >= 0) continue
      if (side(Q.v, c, Q.dir[j], P.v, a) * side(Q.v, c, Q.dir[j], P.v, b) < 0) return true
    }
  }
  return false
}

/** Do the interiors of P and Q meet? */
export function overlaps(P: ZPolygon, Q: ZPolygon): boolean {
  if (!boxesOverlap(P.box, Q.box)) return false
  if (edgesCross(P, Q)) return true
  for (let i = 0; i < P.n; i++) if (P.wedge[i] & maskAt(Q, P.v, 4 * i)) return true
  for (let j = 0; j < Q.n; j++) if (Q.wedge[j] & maskAt(P, Q.v, 4 * j)) return true
  return false
}

/**
 * A region: rings (outlines and holes, any orientation given, each made counter-clockwise here)
 * whose points inside are those an odd number of rings surround, as in figure files. Its mask at
 * a point is the exclusive or of its rings' masks.
 */
export interface ZRegion {
  readonly rings: readonly ZPolygon[]
}

export function regionMaskAt(R: ZRegion, p: readonly number[], o = 0): number {
  let m = 0
  for (const ring of R.rings) m ^= maskAt(ring, p, o)
  return m
}

/**
 * Does P lie inside the region? No edge crosses a ring's, and at each corner of P and of the
 * rings, P covers no sector the region does not.
 */
export function within(P: ZPolygon, R: ZRegion): boolean {
  for (const ring of R.rings) if (boxesOverlap(P.box, ring.box) && edgesCross(P, ring)) return false
  for (let i = 0; i < P.n; i++) if (P.wedge[i] & ~regionMaskAt(R, P.v, 4 * i)) return false
  for (const ring of R.rings)
    for (let j = 0; j < ring.n; j++) {
      const m = maskAt(P, ring.v, 4 * j)
      if (m !== 0 && m & ~regionMaskAt(R, ring.v, 4 * j)) return false
    }
  return true
}

/** Lowest, then leftmost: negative if the point at i of u comes before the one at j of w. */
export function comparePoints(
  u: readonly number[],
  i: number,
  w: readonly number[],
  j: number,
): number {
  return sgn(u[i + 2] - w[j + 2], u[i + 3] - w[j + 3]) || sgn(u[i] - w[j], u[i + 1] - w[j + 1])
}
