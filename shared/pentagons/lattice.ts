import { D4_ELEMENTS, d4Matrix } from '../lattice/d4'
import type { Point } from '../lattice/polygon'

/**
 * Every simple lattice polygon with `corners` corners, edges in the 8 directions, a given area
 * and a perimeter of at most a bound, one per congruence class under the symmetries of the square
 * (translations included).
 *
 * Why the bound makes the list complete for tilings: the outline of a tiled figure is covered by
 * edges of its pieces, so its perimeter is at most the sum of the pieces' perimeters.
 *
 * How: a polygon is a cyclic sequence of directions d₀ … d_{k−1} and lengths. Going round it
 * counter-clockwise, each corner turns by τ ∈ {±45°, ±90°, ±135°} and the turns add up to 360°.
 * Every polygon has an edge that a quarter turn brings into direction 0 or 1, so d₀ ∈ {0, 1}.
 * Lengths are whole steps (a diagonal step is √2 long); the first k − 2 are chosen within the
 * perimeter bound, and the last two follow from closing the polygon (two linear equations). Area
 * and simplicity are checked last, all in integers.
 */

/** Unit steps of the 8 directions, counter-clockwise from east. */
const STEP: readonly Point[] = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
]

/** a + b·√2 with integers a, b; b ≥ 0. */
export interface Root2Bound {
  readonly a: number
  readonly b: number
}

/** Is u + v·√2 ≤ a + b·√2? In integers: the sign of (u − a) + (v − b)·√2. */
function within(u: number, v: number, bound: Root2Bound): boolean {
  const x = u - bound.a
  const y = v - bound.b
  if (x <= 0 && y <= 0) return true
  if (x >= 0 && y >= 0) return false
  // Opposite signs: x + y√2 ≤ 0 iff |x| ≤ |y|√2 when y < 0, iff x² ≥ 2y² … compare squares.
  return y < 0 ? x * x <= 2 * y * y : x * x >= 2 * y * y
}

/** The turn sequences of a simple counter-clockwise k-gon: turns in steps of 45°, summing to 8. */
function turnSequences(k: number): number[][] {
  const out: number[][] = []
  const seq: number[] = []
  const go = (sum: number) => {
    if (seq.length === k) {
      if (sum === 8) out.push([...seq])
      return
    }
    for (const t of [-3, -2, -1, 1, 2, 3]) {
      const left = k - seq.length - 1
      // The rest must still be able to reach 8.
      if (sum + t + 3 * left < 8 || sum + t - 3 * left > 8) continue
      seq.push(t)
      go(sum + t)
      seq.pop()
    }
  }
  go(0)
  return out
}

function cross(o: Point, a: Point, b: Point): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

function between(v: number, a: number, b: number): boolean {
  return Math.min(a, b) <= v && v <= Math.max(a, b)
}

/** Do the closed segments ab and cd share a point? */
function meet(a: Point, b: Point, c: Point, d: Point): boolean {
  const d1 = Math.sign(cross(c, d, a))
  const d2 = Math.sign(cross(c, d, b))
  const d3 = Math.sign(cross(a, b, c))
  const d4 = Math.sign(cross(a, b, d))
  if (d1 * d2 < 0 && d3 * d4 < 0) return true
  const on = (p: Point, s: Point, t: Point) =>
    between(p[0], s[0], t[0]) && between(p[1], s[1], t[1])
  return (
    (d1 === 0 && on(a, c, d)) ||
    (d2 === 0 && on(b, c, d)) ||
    (d3 === 0 && on(c, a, b)) ||
    (d4 === 0 && on(d, a, b))
  )
}

function simple(poly: readonly Point[]): boolean {
  const n = poly.length
  for (let i = 0; i < n; i++)
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue
      if (meet(poly[i], poly[i + 1], poly[j], poly[(j + 1) % n])) return false
    }
  return true
}

function area2(poly: readonly Point[]): number {
  let s = 0
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]
    const q = poly[(i + 1) % poly.length]
    s += p[0] * q[1] - q[0] * p[1]
  }
  return s
}

/**
 * A key equal for congruent lattice polygons (under the square's symmetries and translation):
 * the least, over the 8 images made counter-clockwise and listed from their lowest-then-leftmost
 * vertex moved to the origin, of the vertex list as text.
 */
export function latticeKey(poly: readonly Point[]): string {
  let best: string | undefined
  for (const [a, b, c, d] of D4_ELEMENTS.map(d4Matrix)) {
    let img = poly.map(([x, y]) => [a * x + b * y, c * x + d * y] as const)
    if (area2(img) < 0) img = img.reverse()
    let s = 0
    for (let i = 1; i < img.length; i++)
      if (img[i][1] < img[s][1] || (img[i][1] === img[s][1] && img[i][0] < img[s][0])) s = i
    const [ox, oy] = img[s]
    const key = [...img.slice(s), ...img.slice(0, s)]
      .map(([x, y]) => `${x - ox},${y - oy}`)
      .join(' ')
    if (best === undefined || key < best) best = key
  }
  return best!
}

/**
 * The polygons, each counter-clockwise from its lowest-then-leftmost vertex at the origin (the
 * representative whose key `latticeKey` gives), in order of their keys.
 */
export function latticePolygons(corners: number, area: number, perimeter: Root2Bound): Point[][] {
  const search = latticePolygonSearch(corners, area, perimeter)
  for (;;) {
    const step = search.next()
    if (step.done) return step.value
  }
}

/** The same, as a search that pauses after each of its parts: (parts done, parts). */
export function* latticePolygonSearch(
  corners: number,
  area: number,
  perimeter: Root2Bound,
): Generator<{ done: number; total: number }, Point[][]> {
  const found = new Map<string, Point[]>()
  const maxAxis = Math.floor(perimeter.a + perimeter.b * Math.SQRT2 + 1e-9)
  const maxDiag = Math.floor(maxAxis / Math.SQRT2 + 1e-9)
  const sequences = turnSequences(corners)
  for (const [done, turns] of sequences.entries()) {
    yield { done, total: sequences.length }
    for (const d0 of [0, 1]) {
      const dirs = [d0]
      for (let i = 0; i < corners - 1; i++) dirs.push((dirs[i] + turns[i] + 8) % 8)
      const free = corners - 2
      const u = STEP[dirs[free]]
      const w = STEP[dirs[free + 1]]
      const det = u[0] * w[1] - u[1] * w[0]
      // Parallel closing edges close no polygon of positive lengths.
      if (det === 0) continue
      const sign = det > 0 ? 1 : -1
      // |det| is 1 or 2 (unit steps): det·L and det·M are even when it is 2.
      const even = det === 2 || det === -2 ? 1 : 0
      const lengths = new Array<number>(corners).fill(0)
      const ua = dirs[free] % 2 === 0
      const wa = dirs[free + 1] % 2 === 0
      /** The polygon of the lengths chosen, kept if it has the area and is simple. */
      const close = () => {
        // Twice the area first, without building the polygon: most fail on it.
        let twice = 0
        for (let j = 0, x = 0, y = 0; j < corners - 1; j++) {
          const s = STEP[dirs[j]]
          const nx = x + s[0] * lengths[j]
          const ny = y + s[1] * lengths[j]
          twice += x * ny - nx * y
          x = nx
          y = ny
        }
        if (twice !== area) return
        const poly: Point[] = [[0, 0]]
        for (let j = 0; j < corners - 1; j++) {
          const [x, y] = poly[j]
          const s = STEP[dirs[j]]
          poly.push([x + s[0] * lengths[j], y + s[1] * lengths[j]])
        }
        if (!simple(poly)) return
        const key = latticeKey(poly)
        if (!found.has(key)) found.set(key, keyPolygon(key))
      }
      // Chooses the free lengths one by one, keeping the perimeter so far within the bound.
      const choose = (i: number, sx: number, sy: number, axis: number, diag: number) => {
        const s = STEP[dirs[i]]
        const isAxis = dirs[i] % 2 === 0
        const most = isAxis ? maxAxis : maxDiag
        if (i + 1 < free) {
          for (let len = 1; len <= most; len++) {
            const a = axis + (isAxis ? len : 0)
            const d = diag + (isAxis ? 0 : len)
            if (!within(a, d, perimeter)) break
            lengths[i] = len
            choose(i + 1, sx + s[0] * len, sy + s[1] * len, a, d)
          }
          return
        }
        // The last free length: then L·u + M·w = −(x, y) closes the polygon, and by Cramer's rule
        // det·L = cL + kL·len and det·M = cM + kM·len. L, M ≥ 1 bound len to a range; the whole
        // perimeter is linear in len too, so once past the bound it stays past when it grows.
        const cL = sy * w[0] - sx * w[1]
        const kL = s[1] * w[0] - s[0] * w[1]
        const cM = sx * u[1] - sy * u[0]
        const kM = s[0] * u[1] - s[1] * u[0]
        const l = atLeast(sign * cL, sign * kL, sign * det)
        const m = atLeast(sign * cM, sign * kM, sign * det)
        const axisSlope = (isAxis ? det : 0) + (ua ? kL : 0) + (wa ? kM : 0)
        const diagSlope = (isAxis ? 0 : det) + (ua ? 0 : kL) + (wa ? 0 : kM)
        const grows = sign * (axisSlope + diagSlope * Math.SQRT2) >= 0
        const to = Math.min(most, l[1], m[1])
        for (let len = Math.max(1, l[0], m[0]); len <= to; len++) {
          const a = axis + (isAxis ? len : 0)
          const d = diag + (isAxis ? 0 : len)
          if (!within(a, d, perimeter)) break
          const detL = cL + kL * len
          const detM = cM + kM * len
          if (((detL | detM) & even) !== 0) continue
          const L = detL / det
          const M = detM / det
          if (
            !within(a + (ua ? L : 0) + (wa ? M : 0), d + (ua ? 0 : L) + (wa ? 0 : M), perimeter)
          ) {
            if (grows) break
            continue
          }
          lengths[i] = len
          lengths[free] = L
          lengths[free + 1] = M
          close()
        }
      }
      choose(0, 0, 0, 0, 0)
    }
  }
  return [...found.keys()].sort().map((k) => found.get(k)!)
}

/** The whole n with c + k·n ≥ t, as a range [from, to] (empty when from > to). */
function atLeast(c: number, k: number, t: number): [number, number] {
  if (k > 0) return [Math.ceil((t - c) / k), Infinity]
  if (k < 0) return [-Infinity, Math.floor((c - t) / -k)]
  return c >= t ? [-Infinity, Infinity] : [Infinity, -Infinity]
}

function keyPolygon(key: string): Point[] {
  return key.split(' ').map((p) => p.split(',').map(Number) as unknown as Point)
}
