import { InputError } from '../errors'
import { ISOMETRIES, type Isometry, type XPoint } from '../exact/geometry'
import { root2, type Root2 } from '../exact/root2'
import { LIMIT } from './zgeometry'

/**
 * One scale for a figure and a set: 2 × the least common denominator of all their coordinates.
 * Every corner of every piece turned by a multiple of 45° (a turn by 45° brings in √2/2) and every
 * corner of the figure then has coordinates a + b√2 with whole a and b; so has every position the
 * search reaches (corners plus differences of corners).
 */
export function commonScale(points: Iterable<XPoint>): bigint {
  let l = 1n
  const gcd = (x: bigint, y: bigint): bigint => (y === 0n ? x : gcd(y, x % y))
  for (const p of points) for (const c of p) l = (l / gcd(l, c.d)) * c.d
  return 2n * l
}

/** The scaled coordinate as its a and b parts, or an InputError if too large for exact signs. */
export function scaled(x: Root2, s: bigint, what: string): [number, number] {
  const a = (x.a * s) / x.d
  const b = (x.b * s) / x.d
  const big = BigInt(LIMIT)
  if (a >= big || a <= -big || b >= big || b <= -big)
    throw new InputError(
      `${what}: the coordinates are too large or their denominators too many for the exact search (at most ${LIMIT.toLocaleString('en')} in the common unit)`,
    )
  return [Number(a), Number(b)]
}

/** A polygon's corners, scaled, as flat a, b pairs (x then y). */
export function scalePolygon(poly: readonly XPoint[], s: bigint, what: string): number[] {
  const out: number[] = []
  for (const [x, y] of poly) out.push(...scaled(x, s, what), ...scaled(y, s, what))
  return out
}

/** Back from the scaled integers: (a + b√2) / s. */
export function unscaled(a: number, b: number, s: bigint): Root2 {
  return root2(BigInt(a), BigInt(b), s)
}

/** The isometries a piece may take: all 16, or the 8 turns of a one-sided piece. */
export function isometriesOf(flip: boolean): readonly Isometry[] {
  return flip ? ISOMETRIES : ISOMETRIES.filter((g) => !g.mirror)
}
