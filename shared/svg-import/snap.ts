import { applyIsometry, type XPoint } from '../exact/geometry'
import { add, fromInt, HALF_SQRT2, mul, root2, sub, toNumber, type Root2 } from '../exact/root2'
import type { FloatPoint } from './svg-shapes'

/**
 * Snapping drawn (floating-point) geometry to exact numbers a + b√2, in the set's units: a
 * direction to the nearest multiple of 45°, a length to the nearest sum of the set's edge lengths
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
 * The lengths a + b√2 (a, b ≥ 0 whole) that sums of the set's edge lengths reach, each given as
 * (a, b): every edge of a lattice piece is n (along an axis) or n√2 (diagonally).
 */
export class LengthSums {
  private readonly generators: readonly (readonly [number, number])[]

  constructor(edges: readonly (readonly [number, number])[]) {
    const seen = new Set<string>()
    this.generators = edges.filter(([a, b]) => {
      const key = `${a},${b}`
      if (seen.has(key) || (a === 0 && b === 0)) return false
      seen.add(key)
      return true
    })
  }

  /** The reachable length nearest to `length` (0 included), and its value as a number. */
  nearest(length: number): { value: Root2; float: number } {
    const amax = Math.floor(length + 1)
    const bmax = Math.floor((length + 1) / Math.SQRT2)
    // reach[a][b]: a + b√2 is a sum of generators. Lengths are a few units, so this is small.
    const reach = Array.from({ length: amax + 1 }, () => new Array<boolean>(bmax + 1).fill(false))
    let best = { a: 0, b: 0, error: length }
    for (let a = 0; a <= amax; a++)
      for (let b = 0; b <= bmax; b++) {
        reach[a][b] =
          (a === 0 && b === 0) ||
          this.generators.some(([ga, gb]) => a >= ga && b >= gb && reach[a - ga][b - gb])
        const error = Math.abs(a + b * Math.SQRT2 - length)
        if (reach[a][b] && error < best.error) best = { a, b, error }
      }
    return { value: root2(BigInt(best.a), BigInt(best.b)), float: best.a + best.b * Math.SQRT2 }
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
