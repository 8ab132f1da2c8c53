/**
 * Pen path planning, shared by every plotter protocol (HP-GL, G-code): the order a plotter draws
 * polylines in. Pen-down length is fixed by the drawing; what planning saves is pen-up travel.
 * Per pen:
 *  1. join strokes that meet end to end into longer polylines (fewer pen lifts);
 *  2. order them greedily, always going to the nearest free end (either end of an open path, any
 *     vertex of a closed loop, entering where it is nearest);
 *  3. improve the order by local search until none of its moves helps: 2-opt (reversing a run of
 *     paths, each drawn backwards), Or-opt (moving a run of up to three paths elsewhere, either
 *     way round) and re-entering each closed loop at its best vertex;
 *  4. join paths the order puts end to start.
 * Pens are drawn in increasing order, each starting where the previous one ended. A plan that
 * would travel further than the drawing order (possible in theory: local search is not exact)
 * gives way to the drawing order.
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

// Not Math.hypot: it guards against overflow that plotter coordinates never reach, at 10× the cost.
const dist = (a: XY, b: XY): number => {
  const dx = a[0] - b[0]
  const dy = a[1] - b[1]
  return Math.sqrt(dx * dx + dy * dy)
}
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

export function planPaths(strokes: readonly Stroke[], start: XY = [0, 0]): PenPlan {
  const pens = [...new Set(strokes.map((s) => s.pen))].sort((a, b) => a - b)
  const out: Stroke[] = []
  let at = start
  for (const pen of pens) {
    const joined = joinStrokes(strokes.filter((s) => s.pen === pen && s.points.length > 1))
    const ordered = joinTouching(improve(greedyOrder(joined, at), at))
    for (const points of ordered) out.push({ pen, points })
    if (ordered.length > 0) at = last(last(ordered))
  }
  const plan = measurePlan(out, start)
  const drawn = strokes.filter((s) => s.points.length > 1).sort((a, b) => a.pen - b.pen)
  const naive = measurePlan(drawn, start)
  return plan.penUp <= naive.penUp + 1e-9 ? plan : naive
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

const EPS = 1e-9
/** Beyond this many paths, moves reach only this far along the order, to stay near linear. */
const REACH = 600

/** A path in the order, maybe drawn backwards: reversing a run of paths copies no points. */
interface Leg {
  readonly path: readonly XY[]
  readonly flip: boolean
}
const head = (l: Leg): XY => (l.flip ? last(l.path) : l.path[0])
const tail = (l: Leg): XY => (l.flip ? l.path[0] : last(l.path))
const reversed = (run: readonly Leg[]): Leg[] =>
  run.map((l) => ({ path: l.path, flip: !l.flip })).reverse()

/** Local search on the order until no move shortens the pen-up travel. */
function improve(paths: readonly XY[][], start: XY): XY[][] {
  const seq: Leg[] = paths.map((path) => ({ path, flip: false }))
  for (let pass = 0; pass < 100; pass++) {
    const a = twoOpt(seq, start)
    const b = orOpt(seq, start)
    const c = reenterLoops(seq, start)
    if (!a && !b && !c) break
  }
  return seq.map((l) => (l.flip ? [...l.path].reverse() : l.path.slice()))
}

const endOf = (seq: readonly Leg[], i: number, start: XY): XY => (i < 0 ? start : tail(seq[i]))
/** The move from `from` to the next path's start, or none after the last path. */
const hop = (seq: readonly Leg[], from: XY, next: number): number =>
  next < seq.length ? dist(from, head(seq[next])) : 0

/**
 * Where each path of the order starts (hx, hy) and where the pen is before path k (tx[k], ty[k]:
 * `start`, then the end of path k-1), in flat arrays: the moves below test every pair of places
 * and are rebuilt only after a change.
 */
class Ends {
  readonly hx: Float64Array
  readonly hy: Float64Array
  readonly tx: Float64Array
  readonly ty: Float64Array
  constructor(seq: readonly Leg[], start: XY) {
    const n = seq.length
    this.hx = new Float64Array(n)
    this.hy = new Float64Array(n)
    this.tx = new Float64Array(n + 1)
    this.ty = new Float64Array(n + 1)
    ;[this.tx[0], this.ty[0]] = start
    seq.forEach((l, k) => {
      ;[this.hx[k], this.hy[k]] = head(l)
      ;[this.tx[k + 1], this.ty[k + 1]] = tail(l)
    })
  }
}
const hyp = (dx: number, dy: number): number => Math.sqrt(dx * dx + dy * dy)

/**
 * 2-opt: reversing paths i..j (i = j flips one path) replaces the moves end(i-1)→start(i) and
 * end(j)→start(j+1) by end(i-1)→end(j) and start(i)→start(j+1).
 */
function twoOpt(seq: Leg[], start: XY): boolean {
  let improved = false
  let e = new Ends(seq, start)
  const n = seq.length
  for (let i = 0; i < n; i++) {
    for (let j = i; j < Math.min(n, i + REACH); j++) {
      const next = j + 1 < n
      const old =
        hyp(e.tx[i] - e.hx[i], e.ty[i] - e.hy[i]) +
        (next ? hyp(e.tx[j + 1] - e.hx[j + 1], e.ty[j + 1] - e.hy[j + 1]) : 0)
      const now =
        hyp(e.tx[i] - e.tx[j + 1], e.ty[i] - e.ty[j + 1]) +
        (next ? hyp(e.hx[i] - e.hx[j + 1], e.hy[i] - e.hy[j + 1]) : 0)
      if (now < old - EPS) {
        seq.splice(i, j - i + 1, ...reversed(seq.slice(i, j + 1)))
        e = new Ends(seq, start)
        improved = true
      }
    }
  }
  return improved
}

/** Or-opt: a run of 1–3 paths taken out and put in between two others, either way round. */
function orOpt(seq: Leg[], start: XY): boolean {
  let improved = false
  let e = new Ends(seq, start)
  const n = seq.length
  for (let len = 1; len <= 3; len++) {
    for (let i = 0; i + len <= n; i++) {
      const j = i + len - 1
      // The run starts at (fx, fy) and ends at (lx, ly); the pen comes from tx[i], ty[i].
      const [fx, fy, lx, ly] = [e.hx[i], e.hy[i], e.tx[j + 1], e.ty[j + 1]]
      const after = j + 1 < n
      const saved =
        hyp(e.tx[i] - fx, e.ty[i] - fy) +
        (after
          ? hyp(lx - e.hx[j + 1], ly - e.hy[j + 1]) -
            hyp(e.tx[i] - e.hx[j + 1], e.ty[i] - e.hy[j + 1])
          : 0)
      if (saved <= EPS) continue
      let best = { k: 0, flip: false, gain: EPS }
      const lo = Math.max(-1, i - REACH)
      const hi = Math.min(n - 1, j + REACH)
      for (let k = lo; k <= hi; k++) {
        if (k >= i - 1 && k <= j) continue
        // Between the end of path k (x) and the start of path k+1 (y), if any.
        const [x, y] = [e.tx[k + 1], e.ty[k + 1]]
        let forward = hyp(x - fx, y - fy)
        let backward = hyp(x - lx, y - ly)
        if (k + 1 < n) {
          const [u, v] = [e.hx[k + 1], e.hy[k + 1]]
          const base = hyp(x - u, y - v)
          forward += hyp(lx - u, ly - v) - base
          backward += hyp(fx - u, fy - v) - base
        }
        const gain = saved - Math.min(forward, backward)
        if (gain > best.gain) best = { k, flip: backward < forward, gain }
      }
      if (best.gain <= EPS) continue
      const run = seq.splice(i, len)
      const at = best.k < i ? best.k + 1 : best.k + 1 - len
      seq.splice(at, 0, ...(best.flip ? reversed(run) : run))
      e = new Ends(seq, start)
      improved = true
    }
  }
  return improved
}

/** Each closed loop entered at the vertex nearest the moves before and after it. */
function reenterLoops(seq: Leg[], start: XY): boolean {
  let improved = false
  for (let i = 0; i < seq.length; i++) {
    const p = seq[i].path
    if (!isClosed(p)) continue
    const before = endOf(seq, i - 1, start)
    const cost = (v: XY): number => dist(before, v) + hop(seq, v, i + 1)
    let best = -1
    let bestCost = cost(head(seq[i]))
    for (let k = 0; k < p.length - 1; k++) {
      const c = cost(p[k])
      if (c < bestCost - EPS) [best, bestCost] = [k, c]
    }
    if (best >= 0) {
      // Either way round, the loop re-entered at vertex k starts and ends there.
      seq[i] = { path: rotateLoop(p, best), flip: seq[i].flip }
      improved = true
    }
  }
  return improved
}

/** Paths the order puts end to start drawn as one, without lifting the pen between them. */
function joinTouching(seq: readonly XY[][]): XY[][] {
  const out: XY[][] = []
  for (const p of seq) {
    const prev = out[out.length - 1]
    if (prev && keyOf(last(prev)) === keyOf(p[0])) out[out.length - 1] = [...prev, ...p.slice(1)]
    else out.push(p)
  }
  return out
}
