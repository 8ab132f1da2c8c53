import type { Polygon } from './polygon'

/**
 * Where a closed lattice outline meets itself, in O(n log n) rather than by testing every pair of
 * its n edges (a 10,000-vertex outline took a second, a file of them a minute).
 *
 * Every edge runs in one of 4 directions, and along each a linear form is constant: y along a
 * horizontal edge, x along a vertical one, x − y along a diagonal, x + y along an anti-diagonal.
 * Two edges of the same direction meet only on the same line, where they are intervals; two of
 * different directions P and Q become a horizontal and a vertical segment in the coordinates
 * (form of Q, form of P), a linear map that keeps every meeting point, so a sweep with a Fenwick
 * tree counts them. All arithmetic is on integers.
 *
 * The outline must have distinct consecutive vertices, edges in the 8 directions, and must not
 * double back (neighbouring edges then share only their common vertex).
 */

/** The form constant along each direction at (x, y): y, x, x − y, x + y. */
const form = (f: number, x: number, y: number): number =>
  f === 0 ? y : f === 1 ? x : f === 2 ? x - y : x + y

const direction = (dx: number, dy: number): number =>
  dy === 0 ? 0 : dx === 0 ? 1 : dx === dy ? 2 : 3

/**
 * Two edges (numbered from 0, edge i from vertex i to i + 1) that are not neighbours along the
 * outline and share a point, or undefined.
 */
export function selfContact(p: Polygon): readonly [number, number] | undefined {
  const n = p.length
  const next = (i: number) => (i + 1 === n ? 0 : i + 1)
  const neighbours = (i: number, j: number) => next(i) === j || next(j) === i
  const pair = (i: number, j: number) => (i < j ? ([i, j] as const) : ([j, i] as const))

  // A vertex visited twice: the edges leaving it both times share it.
  const seen = new Map<number, number>()
  for (let i = 0; i < n; i++) {
    // Exact for |x|, |y| < 2^26, far beyond the lattice's bounds.
    const key = p[i][0] * 2 ** 27 + p[i][1]
    const earlier = seen.get(key)
    if (earlier !== undefined) return [earlier, i]
    seen.set(key, i)
  }

  // at[f · n + v]: form f at vertex v; dir[i], line[i]: edge i's direction and its form's value.
  const at = new Float64Array(4 * n)
  for (let v = 0; v < n; v++) for (let f = 0; f < 4; f++) at[f * n + v] = form(f, p[v][0], p[v][1])
  const dir = new Int8Array(n)
  const line = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    dir[i] = direction(p[next(i)][0] - p[i][0], p[next(i)][1] - p[i][1])
    line[i] = at[dir[i] * n + i]
  }
  const low = (f: number, i: number) => Math.min(at[f * n + i], at[f * n + next(i)])
  const high = (f: number, i: number) => Math.max(at[f * n + i], at[f * n + next(i)])

  // Edges of one direction on one line are intervals of a form that varies along them (any other
  // direction's): sorted by start, each is checked against the one reaching furthest before it.
  const along = (i: number) => (dir[i] + 2) % 4
  const edges = Array.from({ length: n }, (_, i) => i)
  edges.sort((i, j) => dir[i] - dir[j] || line[i] - line[j] || low(along(i), i) - low(along(j), j))
  let reach = -1
  for (const k of edges) {
    if (reach >= 0 && (dir[reach] !== dir[k] || line[reach] !== line[k])) reach = -1
    if (reach >= 0 && low(along(k), k) <= high(along(reach), reach) && !neighbours(reach, k))
      return pair(reach, k)
    if (reach < 0 || high(along(k), k) > high(along(reach), reach)) reach = k
  }

  // Edges of directions P and Q: P's as horizontal segments, Q's as vertical ones.
  for (let P = 0; P < 4; P++) {
    for (let Q = P + 1; Q < 4; Q++) {
      const hit = crossing(P, Q)
      if (hit) return hit
    }
  }
  return undefined

  function crossing(P: number, Q: number): readonly [number, number] | undefined {
    const horizontal = edges.filter((i) => dir[i] === P)
    const vertical = edges.filter((i) => dir[i] === Q)
    if (horizontal.length === 0 || vertical.length === 0) return undefined
    const heights = Float64Array.from(new Set(horizontal.map((i) => line[i]))).sort()
    // Events along the sweep, enter (0) before ask (1) before leave (2) so that touching ends
    // meet: packed as (position · 3 + kind) · n + edge, exact below 2^53.
    const events = new Float64Array(2 * horizontal.length + vertical.length)
    let e = 0
    for (const i of horizontal) {
      events[e++] = (low(Q, i) * 3 + 0) * n + i
      events[e++] = (high(Q, i) * 3 + 2) * n + i
    }
    for (const k of vertical) events[e++] = (line[k] * 3 + 1) * n + k
    events.sort()
    const tree = new Fenwick(heights.length)
    for (const event of events) {
      const i = ((event % n) + n) % n
      const kind = ((((event - i) / n) % 3) + 3) % 3
      if (kind !== 1) {
        tree.add(lowerBound(heights, line[i]), kind === 0 ? 1 : -1)
        continue
      }
      const lo = low(P, i)
      const hi = high(P, i)
      let met = tree.count(lowerBound(heights, lo), lowerBound(heights, hi + 1))
      // A neighbour along the outline in direction P always meets the edge at their vertex.
      if (dir[next(i)] === P) met--
      if (dir[(i + n - 1) % n] === P) met--
      if (met > 0) {
        const other = horizontal.find(
          (j) =>
            !neighbours(i, j) &&
            low(Q, j) <= line[i] &&
            line[i] <= high(Q, j) &&
            lo <= line[j] &&
            line[j] <= hi,
        )
        return pair(i, other!)
      }
    }
    return undefined
  }
}

/** The first index whose value is at least v, in a sorted array. */
function lowerBound(sorted: Float64Array, v: number): number {
  let lo = 0
  let hi = sorted.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (sorted[mid] < v) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Counts per slot with prefix sums in O(log n). */
class Fenwick {
  private readonly t: Int32Array
  constructor(size: number) {
    this.t = new Int32Array(size + 1)
  }
  add(slot: number, d: number): void {
    for (let i = slot + 1; i < this.t.length; i += i & -i) this.t[i] += d
  }
  /** The total over slots from ≤ s < to. */
  count(from: number, to: number): number {
    return this.prefix(to) - this.prefix(from)
  }
  private prefix(to: number): number {
    let s = 0
    for (let i = to; i > 0; i -= i & -i) s += this.t[i]
    return s
  }
}
