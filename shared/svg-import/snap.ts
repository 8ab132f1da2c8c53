import { applyIsometry, type XPoint } from '../exact/geometry'
import { add, fromInt, HALF_SQRT2, mul, root2, sub, toNumber, type Root2 } from '../exact/root2'
import type { FloatPoint } from './svg-shapes'

/**
 * Snapping drawn (floating-point) geometry to exact numbers a + b√2, in the set's units: a
 * direction to the nearest multiple of 45°, a length to the nearest sum of the set's edge lengths (less at most one edge)
 * (whole multiples of 1 and √2 for a lattice set), a free position to the nearest p + q·√2/2.
 */

/** The unit vector of direction k (k · 45° counter-clockwise from the x-axis). */
export function unitVector(k: number): XPoint {
  return applyIsometry({ turn: ((k % 8) + 8) % 8, mirror: false }, [fromInt(1), fromInt(0)])
}

export const toFloat = (p: XPoint): FloatPoint => [toNumber(p[0]), toNumber(p[1])]

export const distance = (p: FloatPoint, q: FloatPoint): number =>
  Math.hypot(p[0] - q[0], p[1] - q[1])

/** The direction 0 … 7 nearest to the vector's. */
export function nearestDirection(v: FloatPoint): number {
  return (((Math.round(Math.atan2(v[1], v[0]) / (Math.PI / 4)) % 8) + 8) % 8) as number
}

/**
 * The lengths a side of a silhouette can have: a sum of the set's edge lengths (each n along an
 * axis or n√2 diagonally, so a sum is a + b√2), less at most one edge's worth, since a piece's
 * side may be partly covered by a neighbour's (the square on part of a triangle's leg leaves
 * √2 − 1 of it bare). Within the few units a side has, such lengths stay 0.07 apart or more.
 */
export class LengthSums {
  private readonly generators: readonly (readonly [number, number])[]
  private readonly longest: number
  /** All the set's edges end to end: no side of a silhouette is longer. */
  readonly limit: number
  /** The sums a + b√2 (as [a, b]) up to `reachedTo`, grown as longer lengths are asked for. */
  private reached: [number, number][] = []
  private reachedTo = -1

  constructor(edges: readonly (readonly [number, number])[]) {
    this.limit = edges.reduce((s, [a, b]) => s + a + b * Math.SQRT2, 0)
    const seen = new Set<string>()
    this.generators = edges.filter(([a, b]) => {
      const key = `${a},${b}`
      if (seen.has(key) || (a === 0 && b === 0)) return false
      seen.add(key)
      return true
    })
    this.longest = Math.max(0, ...this.generators.map(([a, b]) => a + b * Math.SQRT2))
  }

  /** The nearest such length to `length` (0 included), and its value as a number. */
  nearest(length: number): { value: Root2; float: number } {
    const sums = this.sumsUpTo(Math.ceil(length + this.longest + 1))
    const cuts = sums.filter(([a, b]) => a + b * Math.SQRT2 <= this.longest + 1e-9)
    let best = { a: 0, b: 0, error: length }
    // Whole sums first, so that a tie keeps the plain sum.
    for (const [ca, cb] of cuts)
      for (const [a, b] of sums) {
        const value = a - ca + (b - cb) * Math.SQRT2
        const error = Math.abs(value - length)
        if (value >= 0 && error < best.error) best = { a: a - ca, b: b - cb, error }
      }
    return { value: root2(BigInt(best.a), BigInt(best.b)), float: best.a + best.b * Math.SQRT2 }
  }

  private sumsUpTo(top: number): [number, number][] {
    if (top <= this.reachedTo) return this.reached
    const amax = top
    const bmax = Math.floor(top / Math.SQRT2)
    const reach = Array.from({ length: amax + 1 }, () => new Array<boolean>(bmax + 1).fill(false))
    const sums: [number, number][] = []
    for (let a = 0; a <= amax; a++)
      for (let b = 0; b <= bmax; b++) {
        reach[a][b] =
          (a === 0 && b === 0) ||
          this.generators.some(([ga, gb]) => a >= ga && b >= gb && reach[a - ga][b - gb])
        if (reach[a][b] && a + b * Math.SQRT2 <= top) sums.push([a, b])
      }
    // Shortest first: the cuts are a prefix, and (0, 0) comes first.
    sums.sort((u, v) => u[0] + u[1] * Math.SQRT2 - (v[0] + v[1] * Math.SQRT2))
    this.reached = sums
    this.reachedTo = top
    return sums
  }
}

/** How far a free position may reach into √2/2 steps: |q| ≤ 3 keeps candidates 0.12 apart. */
const FREE_STEPS = 3

/** The nearest p + q·√2/2 (p whole, |q| ≤ 3) to x. */
export function snapCoordinate(x: number): Root2 {
  let best: { value: Root2; error: number } | undefined
  for (let q = 0; q <= FREE_STEPS; q++)
    for (const sq of q === 0 ? [0] : [q, -q]) {
      const p = Math.round(x - (sq * Math.SQRT2) / 2)
      const error = Math.abs(p + (sq * Math.SQRT2) / 2 - x)
      if (!best || error < best.error - 1e-12)
        best = { value: add(fromInt(p), mul(fromInt(sq), HALF_SQRT2)), error }
    }
  return best!.value
}

export function addPoint(p: XPoint, q: XPoint): XPoint {
  return [add(p[0], q[0]), add(p[1], q[1])]
}

export function subPoint(p: XPoint, q: XPoint): XPoint {
  return [sub(p[0], q[0]), sub(p[1], q[1])]
}

export function scalePoint(s: Root2, p: XPoint): XPoint {
  return [mul(s, p[0]), mul(s, p[1])]
}
