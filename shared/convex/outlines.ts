import { d4Apply, d4Matrix, D4_ELEMENTS } from '../lattice/d4'
import type { Point } from '../lattice/polygon'
import { formatEdgeLength, normalizePolygon } from '../lattice/polygon'

/**
 * A convex lattice outline (the paper's Figure 4): the rectangle s2 × s4 with its corners cut off
 * by right isosceles triangles with legs s1, s3, s5, s7 (at the lower-left, lower-right,
 * upper-right and upper-left corner). Its area in half-squares is
 * F = 2·s2·s4 − (s1² + s3² + s5² + s7²), and the cuts fit: s1+s3 ≤ s2, s3+s5 ≤ s4, s5+s7 ≤ s2,
 * s1+s7 ≤ s4. By the paper's theorem every convex figure made of half-square triangles is such an
 * octagon (some sides possibly of length 0) placed on the lattice.
 */
export interface ConvexOutline {
  readonly s2: number
  readonly s4: number
  readonly s1: number
  readonly s3: number
  readonly s5: number
  readonly s7: number
}

export function outlineArea(o: ConvexOutline): number {
  return 2 * o.s2 * o.s4 - (o.s1 ** 2 + o.s3 ** 2 + o.s5 ** 2 + o.s7 ** 2)
}

type Tuple = [number, number, number, number, number, number]

function toTuple(o: ConvexOutline): Tuple {
  return [o.s2, o.s4, o.s1, o.s3, o.s5, o.s7]
}

/** The directions of the corners s1, s3, s5, s7 from the outline's centre. */
const CORNERS: readonly (readonly [number, number])[] = [
  [-1, -1],
  [1, -1],
  [1, 1],
  [-1, 1],
]

/**
 * Each symmetry of the square (lattice/d4.ts) on a tuple: for each entry, the entry of the
 * original it takes. A corner's cut goes where the symmetry takes the corner; a symmetry that
 * swaps the axes swaps the width and the height.
 */
const TUPLE_MAPS: readonly (readonly number[])[] = D4_ELEMENTS.map((g) => {
  const from = d4Matrix(g)[0] === 0 ? [1, 0] : [0, 1]
  CORNERS.forEach(([x, y], k) => {
    const [gx, gy] = d4Apply(g, x, y)
    from[2 + CORNERS.findIndex(([cx, cy]) => cx === gx && cy === gy)] = 2 + k
  })
  return from
})

/** The 8 images of an outline under the symmetries of the square, as tuples. */
const images = (t: Tuple): Tuple[] =>
  TUPLE_MAPS.map(([a, b, c, d, e, f]) => [t[a], t[b], t[c], t[d], t[e], t[f]])

function lexLess(x: Tuple, y: Tuple): boolean {
  for (let i = 0; i < 6; i++) if (x[i] !== y[i]) return x[i] < y[i]
  return false
}

/** The canonical representative of an outline's congruence class (lexicographically least). */
export function canonicalOutline(o: ConvexOutline): ConvexOutline {
  let best = toTuple(o)
  for (const t of images(best)) if (lexLess(t, best)) best = t
  const [s2, s4, s1, s3, s5, s7] = best
  return { s2, s4, s1, s3, s5, s7 }
}

/** Number of symmetries of the square that map the outline onto itself. */
export function outlineSymmetryOrder(o: ConvexOutline): number {
  const t = toTuple(o)
  return images(t).filter((u) => u.every((v, i) => v === t[i])).length
}

/**
 * One representative per congruence class of convex outlines of area F (half-squares), in
 * increasing order of (s2, s4, s1, s3, s5, s7). The count is OEIS A245676.
 *
 * Why this is fast: the smallest rectangle around a convex polygon lies along one of its edges
 * and has at most twice its area. Our edges run in the axis and the diagonal directions, so every
 * outline has either its axis box s2 × s4 with 2·s2·s4 ≤ 2F, or its diagonal box with p·q ≤ 2F,
 * where p and q are the widths across the two diagonals (in the frame turned by 45°, the axis
 * sides become the corner cuts: F = p·q − (h1² + h2² + h3² + h4²)/2). Both frames are searched
 * over boxes of at most that size, cuts found through a table of sums of two squares.
 */
export function convexOutlines(F: number): ConvexOutline[] {
  if (!Number.isInteger(F) || F < 1) return []
  const found = new Map<string, ConvexOutline>()
  const add = (o: ConvexOutline) => {
    const c = canonicalOutline(o)
    found.set(toTuple(c).join(','), c)
  }
  const squares = sumsOfTwoSquares(2 * F)
  // Axis frame: cuts c1..c7 with c1² + c3² + c5² + c7² = 2ab − F ≤ F.
  for (let a = 1; a * a <= F; a++) {
    for (let b = Math.max(a, Math.ceil(F / (2 * a))); a * b <= F; b++) {
      forEachCut(a, b, 2 * a * b - F, squares, (c1, c3, c5, c7) =>
        add({ s2: a, s4: b, s1: c1, s3: c3, s5: c5, s7: c7 }),
      )
    }
  }
  // Diagonal frame: the axis sides h1..h4 are the cuts of the p × q box, Σh² = 2(pq − F) ≤ 2F.
  for (let p = 1; p * p <= 2 * F; p++) {
    for (let q = Math.max(p, Math.ceil(F / p)); p * q <= 2 * F; q++) {
      forEachCut(p, q, 2 * (p * q - F), squares, (h1, h2, h3, h4) => {
        const twice = [q - h4 - h1, p - h1 - h2, q - h2 - h3, p - h3 - h4]
        if (twice.some((t) => t % 2 !== 0)) return
        const [c1, c3, c5, c7] = twice.map((t) => t / 2)
        const o = { s2: h1 + c1 + c3, s4: h2 + c3 + c5, s1: c1, s3: c3, s5: c5, s7: c7 }
        if (o.s2 > 0 && o.s4 > 0 && outlineArea(o) === F) add(o)
      })
    }
  }
  return [...found.values()].sort((x, y) => (lexLess(toTuple(x), toTuple(y)) ? -1 : 1))
}

/**
 * How many convex outlines of area F there are: `convexOutlines(F).length`, counted without
 * listing them (the listings of the bundled sets' areas at every start of `sets`). An outline
 * whose axis box has s2·s4 ≤ F is counted once in the axis frame, as the tuple that is its own
 * canonical form; only the others, found in the diagonal frame, are told apart by a key.
 */
export function convexOutlineCount(F: number): number {
  if (!Number.isInteger(F) || F < 1) return 0
  const squares = sumsOfTwoSquares(2 * F)
  let count = 0
  for (let a = 1; a * a <= F; a++) {
    for (let b = Math.max(a, Math.ceil(F / (2 * a))); a * b <= F; b++) {
      forEachCut(a, b, 2 * a * b - F, squares, (c1, c3, c5, c7) => {
        if (isCanonical(a, b, c1, c3, c5, c7)) count++
      })
    }
  }
  const diagonalOnly = new Set<string>()
  for (let p = 1; p * p <= 2 * F; p++) {
    for (let q = Math.max(p, Math.ceil(F / p)); p * q <= 2 * F; q++) {
      forEachCut(p, q, 2 * (p * q - F), squares, (h1, h2, h3, h4) => {
        const t1 = q - h4 - h1
        const t3 = p - h1 - h2
        const t5 = q - h2 - h3
        const t7 = p - h3 - h4
        if (t1 % 2 !== 0 || t3 % 2 !== 0 || t5 % 2 !== 0 || t7 % 2 !== 0) return
        const o = {
          s2: h1 + (t1 + t3) / 2,
          s4: h2 + (t3 + t5) / 2,
          s1: t1 / 2,
          s3: t3 / 2,
          s5: t5 / 2,
          s7: t7 / 2,
        }
        if (o.s2 > 0 && o.s4 > 0 && o.s2 * o.s4 > F && outlineArea(o) === F)
          diagonalOnly.add(toTuple(canonicalOutline(o)).join(','))
      })
    }
  }
  return count + diagonalOnly.size
}

/** Whether the tuple is the least of its 8 images (no arrays made: it runs for every tuple). */
function isCanonical(
  a: number,
  b: number,
  c1: number,
  c3: number,
  c5: number,
  c7: number,
): boolean {
  let w = a
  let h = b
  let k1 = c1
  let k3 = c3
  let k5 = c5
  let k7 = c7
  for (let r = 0; r < 4; r++) {
    if (less(w, h, k1, k3, k5, k7, a, b, c1, c3, c5, c7)) return false
    if (less(w, h, k3, k1, k7, k5, a, b, c1, c3, c5, c7)) return false
    const t = w
    w = h
    h = t
    const t7 = k7
    k7 = k5
    k5 = k3
    k3 = k1
    k1 = t7
  }
  return true
}

function less(
  a: number,
  b: number,
  c: number,
  d: number,
  e: number,
  f: number,
  x: number,
  y: number,
  z: number,
  u: number,
  v: number,
  w: number,
): boolean {
  if (a !== x) return a < x
  if (b !== y) return b < y
  if (c !== z) return c < z
  if (d !== u) return d < u
  if (e !== v) return e < v
  return f < w
}

/** For each v ≤ max, the pairs (x, y) of non-negative integers with x² + y² = v. */
function sumsOfTwoSquares(max: number): [number, number][][] {
  const reps: [number, number][][] = Array.from({ length: max + 1 }, () => [])
  for (let x = 0; x * x <= max; x++) {
    for (let y = 0; x * x + y * y <= max; y++) reps[x * x + y * y].push([x, y])
  }
  return reps
}

/**
 * Corner cuts of a w × h box with squares summing to R: k1 + k2 ≤ w, k2 + k3 ≤ h,
 * k3 + k4 ≤ w, k4 + k1 ≤ h (corners in counter-clockwise order from the lower left).
 */
function forEachCut(
  w: number,
  h: number,
  R: number,
  squares: [number, number][][],
  visit: (k1: number, k2: number, k3: number, k4: number) => void,
): void {
  if (R < 0 || R >= squares.length) return
  for (let k1 = 0; k1 <= w && k1 * k1 <= R; k1++) {
    for (let k2 = 0; k1 + k2 <= w && k1 * k1 + k2 * k2 <= R; k2++) {
      for (const [k3, k4] of squares[R - k1 * k1 - k2 * k2]) {
        if (k2 + k3 <= h && k3 + k4 <= w && k4 + k1 <= h) visit(k1, k2, k3, k4)
      }
    }
  }
}

/** The outline as a lattice polygon, counter-clockwise from its lowest-leftmost vertex. */
export function outlinePolygon(o: ConvexOutline): Point[] {
  const { s2: a, s4: b, s1, s3, s5, s7 } = o
  const pts: Point[] = [
    [s1, 0],
    [a - s3, 0],
    [a, s3],
    [a, b - s5],
    [a - s5, b],
    [s7, b],
    [0, b - s7],
    [0, s1],
  ]
  const dedup = pts.filter((p, i) => {
    const q = pts[(i + 1) % pts.length]
    return p[0] !== q[0] || p[1] !== q[1]
  })
  return normalizePolygon(dedup)
}

const SHAPE_NAMES = [
  '',
  '',
  '',
  'triangle',
  'quadrilateral',
  'pentagon',
  'hexagon',
  'heptagon',
  'octagon',
]

/**
 * A name a reader recognises, with the side lengths in order, as the paper writes them:
 * "right trapezoid 3, 2, 5, 2√2", "square 2√2", "rectangle 1 × 8".
 */
export function describePolygon(poly: readonly Point[]): string {
  const n = poly.length
  const sides = poly.map((p, i) => formatEdgeLength(p, poly[(i + 1) % n]))
  const dirs = poly.map((p, i) => {
    const q = poly[(i + 1) % n]
    return [Math.sign(q[0] - p[0]), Math.sign(q[1] - p[1])]
  })
  const parallel = (i: number, j: number) =>
    dirs[i][0] === -dirs[j][0] && dirs[i][1] === -dirs[j][1]
  const perpendicular = (i: number, j: number) =>
    dirs[i][0] * dirs[j][0] + dirs[i][1] * dirs[j][1] === 0
  let kind = SHAPE_NAMES[n] ?? `${n}-gon`
  if (n === 3) {
    kind =
      sides[0] === sides[1] || sides[1] === sides[2] || sides[0] === sides[2]
        ? 'right isosceles triangle'
        : 'triangle'
  } else if (n === 4) {
    const p02 = parallel(0, 2)
    const p13 = parallel(1, 3)
    const allRight = [0, 1, 2, 3].every((i) => perpendicular(i, (i + 1) % 4))
    if (allRight) kind = sides.every((s) => s === sides[0]) ? 'square' : 'rectangle'
    else if (p02 && p13) kind = 'parallelogram'
    else if (p02 || p13) {
      const rightAngle = [0, 1, 2, 3].some((i) => perpendicular(i, (i + 1) % 4))
      kind = rightAngle ? 'right trapezoid' : 'trapezoid'
    }
  }
  if (kind === 'square') return `square ${sides[0]}`
  if (kind === 'rectangle') return `rectangle ${sides[0]} × ${sides[1]}`
  return `${kind} ${sides.join(', ')}`
}
