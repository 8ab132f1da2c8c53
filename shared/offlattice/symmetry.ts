import type { Isometry } from '../exact/geometry'
import { comparePoints } from './zgeometry'

/**
 * The 16 isometries on scaled coordinates (a + b√2 as a, b pairs), and the keys that tell
 * polygons, regions and tilings apart up to translation. A turn by 45° maps (x, y) to
 * ((x − y)·√2/2, (x + y)·√2/2), and (a + b√2)·√2/2 = b + (a/2)·√2: halves may appear, which
 * JavaScript numbers hold exactly; images of a figure's own corners or of a tiling of it are
 * whole again once moved back onto the figure.
 */
export function applyFlat(g: Isometry, p: readonly number[], o: number): number[] {
  let xa = g.mirror ? -p[o] : p[o]
  let xb = g.mirror ? -p[o + 1] : p[o + 1]
  let ya = p[o + 2]
  let yb = p[o + 3]
  let t = g.turn
  if (t % 2 === 1) {
    ;[xa, xb, ya, yb] = [xb - yb, (xa - ya) / 2, xb + yb, (xa + ya) / 2]
    t--
  }
  for (; t > 0; t -= 2) [xa, xb, ya, yb] = [-ya, -yb, xa, xb]
  return [xa, xb, ya, yb]
}

/** The polygon's image under g, counter-clockwise again (a mirror reverses it). */
export function polygonImage(g: Isometry, v: readonly number[]): number[] {
  const n = v.length / 4
  const out: number[] = []
  for (let k = 0; k < n; k++) {
    const i = g.mirror ? (n - k) % n : k
    out.push(...applyFlat(g, v, 4 * i))
  }
  return out
}

/** Listed from its lowest-then-leftmost corner. */
export function fromLowest(v: readonly number[]): number[] {
  const n = v.length / 4
  let s = 0
  for (let i = 1; i < n; i++) if (comparePoints(v, 4 * i, v, 4 * s) < 0) s = i
  return [...v.slice(4 * s), ...v.slice(0, 4 * s)]
}

/** The same, moved so that its first corner is the origin. */
export function anchoredAtOrigin(v: readonly number[]): number[] {
  const w = fromLowest(v)
  return w.map((c, i) => c - w[i & 3])
}

/** A key equal for the same rings moved by a translation, and the translation that anchors them. */
export function regionKey(rings: readonly (readonly number[])[]): {
  key: string
  anchor: number[]
} {
  const listed = rings.map(fromLowest)
  let a = 0
  for (let r = 1; r < listed.length; r++) if (comparePoints(listed[r], 0, listed[a], 0) < 0) a = r
  const anchor = listed[a].slice(0, 4)
  const key = listed
    .map((w) => w.map((c, i) => c - anchor[i & 3]).join(','))
    .sort()
    .join('|')
  return { key, anchor }
}
