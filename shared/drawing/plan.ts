/**
 * Pen path planning: the order a plotter draws polylines in. Pen-down length is fixed by the
 * drawing; what planning saves is pen-up travel. Per pen:
 *  1. join strokes that meet end to end into longer polylines (fewer pen lifts);
 *  2. order them greedily, always going to the nearest free end (either end of an open path, any
 *     vertex of a closed loop, entering where it is nearest);
 *  3. improve the order by 2-opt over a window: reversing a run of paths (each drawn backwards)
 *     when that shortens the two moves around it.
 * Pens are drawn in increasing order, each starting where the previous one ended.
 */
export type XY = readonly [number, number]

export interface Stroke {
  readonly pen: number
  readonly points: readonly XY[]
}

export interface PenPlan {
  readonly paths: readonly Stroke[]
  readonly penDown: number
  readonly penUp: number
}

const dist = (a: XY, b: XY): number => Math.hypot(a[0] - b[0], a[1] - b[1])
const last = <T>(a: readonly T[]): T => a[a.length - 1]
const isClosed = (p: readonly XY[]): boolean => p.length > 2 && dist(p[0], last(p)) < 1e-9

export function strokeLength(points: readonly XY[]): number {
  let s = 0
  for (let i = 1; i < points.length; i++) s += dist(points[i - 1], points[i])
  return s
}

/** Pen-down and pen-up length of drawing the strokes in the given order from `start`. */
export function measurePlan(strokes: readonly Stroke[], start: XY = [0, 0]): PenPlan {
  let penUp = 0
  let penDown = 0
  let at = start
  for (const s of strokes) {
    if (s.points.length === 0) continue
    penUp += dist(at, s.points[0])
    penDown += strokeLength(s.points)
    at = last(s.points)
  }
  return { paths: strokes, penDown, penUp }
}

export function planPaths(strokes: readonly Stroke[], start: XY = [0, 0], window = 40): PenPlan {
  const pens = [...new Set(strokes.map((s) => s.pen))].sort((a, b) => a - b)
  const out: Stroke[] = []
  let at = start
  for (const pen of pens) {
    const joined = joinStrokes(strokes.filter((s) => s.pen === pen && s.points.length > 1))
    const ordered = twoOpt(greedyOrder(joined, at), at, window)
    for (const points of ordered) out.push({ pen, points })
    if (ordered.length > 0) at = last(last(ordered))
  }
  return measurePlan(out, start)
}

const keyOf = (p: XY): string => `${Math.round(p[0] * 1e6)},${Math.round(p[1] * 1e6)}`

/**
 * Joins open strokes into chains through shared endpoints, starting chains at vertices of odd
 * degree (where a chain must end anyway). Closed strokes stay as they are.
 */
export function joinStrokes(strokes: readonly Stroke[]): XY[][] {
  const loops: XY[][] = []
  const edges: XY[][] = []
  for (const s of strokes) (isClosed(s.points) ? loops : edges).push([...s.points])
  const at = new Map<string, number[]>()
  const add = (k: string, i: number): void => {
    const list = at.get(k)
    if (list) list.push(i)
    else at.set(k, [i])
  }
  edges.forEach((e, i) => {
    add(keyOf(e[0]), i)
    add(keyOf(last(e)), i)
  })
  const used = new Uint8Array(edges.length)
  const degree = (k: string): number => (at.get(k) ?? []).filter((i) => !used[i]).length
  const chains: XY[][] = []
  const walk = (first: number, fromStart: boolean): void => {
    const chain: XY[] = fromStart ? [...edges[first]] : [...edges[first]].reverse()
    used[first] = 1
    for (;;) {
      const k = keyOf(last(chain))
      const next = (at.get(k) ?? []).find((i) => !used[i])
      if (next === undefined) break
      used[next] = 1
      const e = edges[next]
      const forward = keyOf(e[0]) === k
      const pts = forward ? e : [...e].reverse()
      for (let j = 1; j < pts.length; j++) chain.push(pts[j])
    }
    chains.push(chain)
  }
  // Odd vertices first: a chain started there ends at another odd vertex, not in the middle.
  for (let i = 0; i < edges.length; i++) {
    if (used[i]) continue
    const a = keyOf(edges[i][0])
    const b = keyOf(last(edges[i]))
    if (degree(a) % 2 === 1) walk(i, true)
    else if (degree(b) % 2 === 1) walk(i, false)
  }
  for (let i = 0; i < edges.length; i++) if (!used[i]) walk(i, true)
  return [...loops, ...chains]
}

/** A closed loop re-entered at vertex k (same loop, same direction). */
function rotateLoop(p: readonly XY[], k: number): XY[] {
  const ring = p.slice(0, -1)
  const r = [...ring.slice(k), ...ring.slice(0, k)]
  r.push(r[0])
  return r
}

function greedyOrder(paths: readonly XY[][], start: XY): XY[][] {
  const left = new Set(paths.keys())
  const out: XY[][] = []
  let at = start
  while (left.size > 0) {
    let best = -1
    let bestD = Infinity
    let entry = 0 // vertex index for loops; 0 = forward, -1 = reversed for open paths
    for (const i of left) {
      const p = paths[i]
      if (isClosed(p)) {
        for (let k = 0; k < p.length - 1; k++) {
          const d = dist(at, p[k])
          if (d < bestD) [best, bestD, entry] = [i, d, k]
        }
      } else {
        const d0 = dist(at, p[0])
        if (d0 < bestD) [best, bestD, entry] = [i, d0, 0]
        const d1 = dist(at, last(p))
        if (d1 < bestD) [best, bestD, entry] = [i, d1, -1]
      }
    }
    left.delete(best)
    const p = paths[best]
    const chosen = isClosed(p) ? rotateLoop(p, entry) : entry === -1 ? [...p].reverse() : p
    out.push(chosen)
    at = last(chosen)
  }
  return out
}

/**
 * 2-opt on the sequence: reversing paths i..j (i = j flips one path) (and each path's direction) replaces the moves
 * end(i-1)→start(i) and end(j)→start(j+1) by end(i-1)→end(j) and start(i)→start(j+1).
 * Limited to runs of `window` paths so that it stays near linear on big sheets.
 */
function twoOpt(paths: XY[][], start: XY, window: number): XY[][] {
  const seq = paths.slice()
  const endOf = (i: number): XY => (i < 0 ? start : last(seq[i]))
  for (let pass = 0; pass < 8; pass++) {
    let improved = false
    for (let i = 0; i < seq.length; i++) {
      for (let j = i; j < Math.min(seq.length, i + window); j++) {
        const before = endOf(i - 1)
        const after = j + 1 < seq.length ? seq[j + 1][0] : undefined
        const old = dist(before, seq[i][0]) + (after ? dist(last(seq[j]), after) : 0)
        const now = dist(before, last(seq[j])) + (after ? dist(seq[i][0], after) : 0)
        if (now < old - 1e-9) {
          const run = seq.slice(i, j + 1).reverse()
          for (let k = 0; k < run.length; k++) seq[i + k] = [...run[k]].reverse()
          improved = true
        }
      }
    }
    if (!improved) break
  }
  return seq
}
