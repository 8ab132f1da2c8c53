import { area2, cross, direction, onSegment, pointKey, type XPoint } from '../exact/geometry'
import { sign } from '../exact/root2'
import { toFloat } from './snap'

/**
 * The outline of polygons that meet only along their sides (pieces laid side by side, or a
 * silhouette's outlines and holes), exactly: every side is cut at the corners lying on it, a
 * piece of side run both ways (by two neighbours) is inside and dropped, and the rest is walked
 * into rings, turning as far left as possible where rings meet at a point, so that two parts
 * touching at a corner stay two rings. Outlines come out counter-clockwise, holes clockwise.
 * Throws `Overlap` when two polygons run along a side the same way or their outlines cross.
 */
export class Overlap extends Error {}

interface Segment {
  readonly from: XPoint
  readonly to: XPoint
  readonly dir: number
}

/** `rings`: outlines counter-clockwise, holes clockwise. */
export function exactUnion(rings: readonly (readonly XPoint[])[]): XPoint[][] {
  const corners = new Map<string, XPoint>()
  for (const ring of rings) for (const p of ring) corners.set(pointKey(p), p)
  const all = [...corners.values()].map((p) => ({ p, at: toFloat(p) }))
  const kept = new Map<string, Segment>()
  for (const ring of rings)
    for (let i = 0; i < ring.length; i++)
      for (const s of cutAtCorners(ring[i], ring[(i + 1) % ring.length], all)) {
        const reverse = `${pointKey(s.to)}>${pointKey(s.from)}`
        const key = `${pointKey(s.from)}>${pointKey(s.to)}`
        if (kept.has(reverse)) kept.delete(reverse)
        else if (kept.has(key)) throw new Overlap(key)
        else kept.set(key, s)
      }
  const outline = walk([...kept.values()])
  if (ringsCross(outline)) throw new Overlap('sides cross')
  return outline
}

/** Does a side of one ring cross a side of another (inside both, not at an end)? */
function ringsCross(rings: readonly (readonly XPoint[])[]): boolean {
  const sides = rings.flatMap((ring, r) =>
    ring.map((a, i) => ({ r, a, b: ring[(i + 1) % ring.length] })),
  )
  for (let i = 0; i < sides.length; i++)
    for (let j = i + 1; j < sides.length; j++) {
      const s = sides[i]
      const t = sides[j]
      if (s.r === t.r) continue
      const d1 = sign(cross(t.a, t.b, s.a))
      const d2 = sign(cross(t.a, t.b, s.b))
      const d3 = sign(cross(s.a, s.b, t.a))
      const d4 = sign(cross(s.a, s.b, t.b))
      if (d1 * d2 < 0 && d3 * d4 < 0) return true
    }
  return false
}

function cutAtCorners(
  a: XPoint,
  b: XPoint,
  corners: readonly { p: XPoint; at: readonly [number, number] }[],
): Segment[] {
  const fa = toFloat(a)
  const fb = toFloat(b)
  const [lx, hx] = [Math.min(fa[0], fb[0]) - 1e-6, Math.max(fa[0], fb[0]) + 1e-6]
  const [ly, hy] = [Math.min(fa[1], fb[1]) - 1e-6, Math.max(fa[1], fb[1]) + 1e-6]
  const ka = pointKey(a)
  const kb = pointKey(b)
  const inner = corners
    .filter(({ p, at }) => {
      if (at[0] < lx || at[0] > hx || at[1] < ly || at[1] > hy) return false
      const k = pointKey(p)
      return k !== ka && k !== kb && onSegment(p, a, b)
    })
    .sort(
      (u, v) =>
        Math.hypot(u.at[0] - fa[0], u.at[1] - fa[1]) - Math.hypot(v.at[0] - fa[0], v.at[1] - fa[1]),
    )
    .map((c) => c.p)
  const points = [a, ...inner, b]
  const dir = direction(a, b)!
  return points.slice(1).map((to, i) => ({ from: points[i], to, dir }))
}

/** Left turn from d1 to d2 in 45° steps, −3 … 3; turning back is the least, −4. */
function leftTurn(d1: number, d2: number): number {
  const t = (((d2 - d1) % 8) + 8) % 8
  return t === 4 ? -4 : t > 4 ? t - 8 : t
}

function walk(segments: readonly Segment[]): XPoint[][] {
  const from = new Map<string, Segment[]>()
  for (const s of segments) {
    const k = pointKey(s.from)
    from.set(k, [...(from.get(k) ?? []), s])
  }
  const used = new Set<Segment>()
  const rings: XPoint[][] = []
  for (const first of segments) {
    if (used.has(first)) continue
    const ring: XPoint[] = []
    let s = first
    for (;;) {
      used.add(s)
      ring.push(s.from)
      if (pointKey(s.to) === pointKey(first.from)) break
      const options = (from.get(pointKey(s.to)) ?? []).filter((o) => !used.has(o))
      if (options.length === 0) break
      const dir = s.dir
      s = options.reduce((best, o) => (leftTurn(dir, o.dir) > leftTurn(dir, best.dir) ? o : best))
    }
    rings.push(withoutStraightCorners(ring))
  }
  return rings
}

/** The corners where the ring runs straight on, dropped (the ring's way kept). */
function withoutStraightCorners(ring: readonly XPoint[]): XPoint[] {
  return ring.filter((p, i) => {
    const prev = ring[(i + ring.length - 1) % ring.length]
    const next = ring[(i + 1) % ring.length]
    return sign(cross(prev, p, next)) !== 0
  })
}

export const isOutline = (ring: readonly XPoint[]): boolean => sign(area2(ring)) > 0
