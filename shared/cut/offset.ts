import {
  applyIsometry,
  area2,
  direction,
  edgeLength,
  normalizeOrientation,
  polygonProblem,
  type XPoint,
  type XPolygon,
} from '../exact/geometry'
import { add, div, fromInt, mul, ONE, root2, sub, ZERO, type Root2 } from '../exact/root2'

/**
 * A piece's outline offset outward by a distance h, exactly and with sharp (mitred) corners: the
 * cut line of a laser or knife whose kerf is 2h, so the piece comes out at its true size. Every
 * edge of a lattice figure runs in one of the 8 directions, so each unit normal has coordinates
 * in {0, ±1, ±√2/2} and every offset corner lies in Q(√2) (for a rational h): no rounding.
 */

/** The unit vector of direction k (k · 45° counter-clockwise from east). */
const unit = (k: number): XPoint =>
  applyIsometry({ turn: ((k % 8) + 8) % 8, mirror: false }, [ONE, ZERO])

/**
 * tan of half the turn t · 45° (t in −3 … 3): the area a mitred corner adds per h², negative at a
 * reflex corner.
 */
const HALF_TURN_TAN: Readonly<Record<number, Root2>> = {
  1: root2(-1n, 1n),
  2: ONE,
  3: root2(1n, 1n),
}

function turnOf(d1: number, d2: number): number {
  const t = (((d2 - d1) % 8) + 8) % 8
  return t > 4 ? t - 8 : t
}

export type OffsetResult =
  | { readonly ok: true; readonly polygon: XPoint[] }
  | { readonly ok: false; readonly problem: string }

/**
 * The outline moved outward by h ≥ 0, each corner where its two moved edges meet. Refused when
 * an edge would vanish or turn round, or the outline would cross itself (a notch closing up):
 * then no cut line of that kerf gives the piece.
 */
export function offsetOutline(poly: XPolygon, h: Root2): OffsetResult {
  const p = normalizeOrientation(poly)
  const n = p.length
  const dirs = p.map((q, i) => direction(q, p[(i + 1) % n]))
  if (dirs.some((d) => d === undefined))
    return { ok: false, problem: 'has an edge in none of the 8 directions' }
  const out: XPoint[] = p.map((v, i) => {
    // Outward on a counter-clockwise outline is to the right of each edge: its direction − 90°.
    const n1 = unit(dirs[(i + n - 1) % n]! - 2)
    const n2 = unit(dirs[i]! - 2)
    // The corner c = v + m with m · n1 = m · n2 = h: m = h (n1 + n2) / (1 + n1 · n2).
    const k = div(h, add(ONE, add(mul(n1[0], n2[0]), mul(n1[1], n2[1]))))
    return [add(v[0], mul(k, add(n1[0], n2[0]))), add(v[1], mul(k, add(n1[1], n2[1])))]
  })
  for (let i = 0; i < n; i++)
    if (direction(out[i], out[(i + 1) % n]) !== dirs[i])
      return { ok: false, problem: `its edge ${i + 1} vanishes at this offset` }
  const problem = polygonProblem(out)
  if (problem) return { ok: false, problem: `its offset outline ${problem}` }
  return { ok: true, polygon: out }
}

/**
 * What the offset's area must be, from the outline alone: A + P·h + h²·Σ tan(τ/2) over the
 * corners' turns τ (Steiner's formula for a mitred polygon). For the tests, and a check apart
 * from the corners computed above.
 */
export function offsetArea2(poly: XPolygon, h: Root2): Root2 {
  const p = normalizeOrientation(poly)
  const n = p.length
  let perimeter = ZERO
  let corners = ZERO
  for (let i = 0; i < n; i++) {
    perimeter = add(perimeter, edgeLength(p[i], p[(i + 1) % n]))
    const t = turnOf(direction(p[(i + n - 1) % n], p[i])!, direction(p[i], p[(i + 1) % n])!)
    const tan = HALF_TURN_TAN[Math.abs(t)]
    corners = t > 0 ? add(corners, tan) : sub(corners, tan)
  }
  const two = fromInt(2)
  return add(area2(p), mul(two, add(mul(perimeter, h), mul(mul(h, h), corners))))
}
