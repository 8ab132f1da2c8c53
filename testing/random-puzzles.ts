/**
 * Small random tiling puzzles for property tests. Pieces are edge-connected unions of 1–4
 * half-square triangles; figures are either built from the pieces themselves (so at least one
 * tiling exists) or convex outlines of the same area (which may have none). Everything is drawn
 * from a seeded generator, so a failing case is reproduced by its parameters alone; the
 * fast-check arbitrary shrinks those parameters (fewer kinds, less area).
 */
import fc from 'fast-check'
import { convexOutlines, outlinePolygon } from '../shared/convex/outlines'
import { D4_ELEMENTS, d4Matrix } from '../shared/lattice/d4'
import { areaInHalfSquares, type Point } from '../shared/lattice/polygon'
import {
  normalizeQuarters,
  quarterCell,
  quarterExtent,
  quarterPoint,
  rasterizePolygon,
  traceOutline,
  transformQuarters,
  type QuarterDir,
} from '../shared/lattice/quarters'
import { seededRandom } from '../shared/random'

export interface PuzzlePiece {
  readonly name: string
  readonly polygon: readonly Point[]
  readonly count: number
}

export interface RandomPuzzle {
  readonly figure: readonly Point[]
  readonly pieces: readonly PuzzlePiece[]
  /** 'built': assembled from the pieces, so it has a tiling; 'convex': may have none. */
  readonly origin: 'built' | 'convex'
}

export interface PuzzleParams {
  readonly seed: number
  /** Piece kinds wanted (2–4). */
  readonly kinds: number
  /** Most half-squares the pieces may cover together. */
  readonly maxArea: number
  readonly origin: 'built' | 'convex'
}

type Random = () => number

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]
const between = (rand: Random, lo: number, hi: number): number =>
  lo + Math.floor(rand() * (hi - lo + 1))

/** The half-squares of a cell as pairs of quarter directions: SW, SE, NE, NW. */
const HALVES: readonly (readonly [QuarterDir, QuarterDir])[] = [
  [3, 2],
  [3, 0],
  [1, 0],
  [1, 2],
]
const SIDE: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
]

type Half = readonly [number, number, number]

const quarterKey = (cx: number, cy: number, d: number): string => `${cx},${cy},${d}`

/** Half-squares sharing a whole edge with h: its complement across the diagonal, and across each leg. */
function edgeNeighbours([cx, cy, h]: Half): Half[] {
  const out: Half[] = [[cx, cy, (h + 2) % 4]]
  for (const d of HALVES[h]) {
    const [ox, oy] = SIDE[d]
    const opposite = (d + 2) % 4
    HALVES.forEach((pair, k) => {
      if (pair.includes(opposite as QuarterDir)) out.push([cx + ox, cy + oy, k])
    })
  }
  return out
}

/** Quarter points (lattice/quarters convention) of a set of half-squares. */
function halvesToQuarters(halves: readonly Half[]): Int32Array {
  return Int32Array.from(
    halves.flatMap(([cx, cy, h]) => HALVES[h].flatMap((d) => quarterPoint(cx, cy, d))),
  )
}

/**
 * A random piece of `size` half-squares grown edge to edge, as a polygon in a random orientation
 * and position (so that the solvers do not see pieces only in a normal position).
 */
export function randomPiece(rand: Random, size: number): Point[] {
  for (;;) {
    const halves: Half[] = [[0, 0, between(rand, 0, 3)]]
    const taken = new Set(HALVES[halves[0][2]].map((d) => quarterKey(0, 0, d)))
    while (halves.length < size) {
      const options = halves
        .flatMap(edgeNeighbours)
        .filter(([cx, cy, h]) => HALVES[h].every((d) => !taken.has(quarterKey(cx, cy, d))))
      const next = pick(rand, options)
      halves.push(next)
      for (const d of HALVES[next[2]]) taken.add(quarterKey(next[0], next[1], d))
    }
    const traced = traceOutline(normalizeQuarters(halvesToQuarters(halves)).quarters)
    if (!traced.ok) continue // parts meeting at a point only: draw again
    return moveAtRandom(rand, traced.polygons[0], 3)
  }
}

function moveAtRandom(rand: Random, poly: readonly Point[], reach: number): Point[] {
  const [a, b, c, d] = d4Matrix(pick(rand, D4_ELEMENTS))
  const dx = between(rand, -reach, reach)
  const dy = between(rand, -reach, reach)
  return poly.map(([x, y]) => [a * x + b * y + dx, c * x + d * y + dy] as const)
}

/** Quarters sharing an edge with quarter (qx, qy): across its cell side and its half-diagonals. */
function quarterNeighbours(qx: number, qy: number): string[] {
  const [cx, cy, d] = quarterCell(qx, qy)
  const [ox, oy] = SIDE[d]
  return [
    quarterPoint(cx + ox, cy + oy, ((d + 2) % 4) as QuarterDir),
    quarterPoint(cx, cy, ((d + 1) % 4) as QuarterDir),
    quarterPoint(cx, cy, ((d + 3) % 4) as QuarterDir),
  ].map(([x, y]) => `${x},${y}`)
}

/**
 * A figure tiled by the given copies: each copy goes, in a random orientation, to a random spot
 * that touches what is already there along an edge without overlapping it. Returns undefined if
 * the union has a hole or a pinch (the caller draws again).
 */
function assemble(rand: Random, copies: readonly Point[][]): Point[] | undefined {
  const board = new Set<string>()
  let box = { minCX: 0, minCY: 0, maxCX: -1, maxCY: -1 }
  for (const poly of shuffle(rand, copies)) {
    const base = rasterizePolygon(poly)
    const candidates: number[][] = []
    for (const g of D4_ELEMENTS) {
      const q = normalizeQuarters(transformQuarters(base, g)).quarters
      const ext = quarterExtent(q)
      if (board.size === 0) {
        candidates.push(Array.from(q))
        break
      }
      // Every shift that keeps the piece's box within one cell of the board's box.
      for (let tx = box.minCX - ext.maxCX - 1; tx <= box.maxCX + 1; tx++) {
        for (let ty = box.minCY - ext.maxCY - 1; ty <= box.maxCY + 1; ty++) {
          const pts: number[] = []
          for (let k = 0; k < q.length; k += 2) pts.push(q[k] + 4 * tx, q[k + 1] + 4 * ty)
          const keys = pts.flatMap((_, k) => (k % 2 === 0 ? [`${pts[k]},${pts[k + 1]}`] : []))
          if (keys.some((key) => board.has(key))) continue
          const touches = keys.some((_, k) =>
            quarterNeighbours(pts[2 * k], pts[2 * k + 1]).some((n) => board.has(n)),
          )
          if (touches) candidates.push(pts)
        }
      }
    }
    if (candidates.length === 0) return undefined
    const chosen = pick(rand, candidates)
    for (let k = 0; k < chosen.length; k += 2) board.add(`${chosen[k]},${chosen[k + 1]}`)
    const all = Int32Array.from([...board].flatMap((key) => key.split(',').map(Number)))
    box = quarterExtent(all)
  }
  const all = Int32Array.from([...board].flatMap((key) => key.split(',').map(Number)))
  const traced = traceOutline(normalizeQuarters(all).quarters)
  return traced.ok ? traced.polygons[0] : undefined
}

function shuffle<T>(rand: Random, items: readonly T[]): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1))
    ;[out[i], out[j]] = [out[j], out[i]]
  }
  return out
}

export function randomPuzzle(params: PuzzleParams): RandomPuzzle {
  const rand = seededRandom(params.seed)
  const kinds = Math.max(1, Math.min(params.kinds, params.maxArea))
  for (;;) {
    // Counts and sizes drawn kind by kind, leaving at least one half-square for each later kind.
    let budget = params.maxArea
    const pieces: PuzzlePiece[] = []
    for (let i = 0; i < kinds; i++) {
      const avail = budget - (kinds - 1 - i)
      const count = avail >= 2 && rand() < 0.5 ? 2 : 1
      // Half the time as large as allowed, so that figures near the area bound are common.
      const cap = Math.min(4, Math.floor(avail / count))
      const size = rand() < 0.5 ? cap : between(rand, 1, cap)
      budget -= count * size
      pieces.push({ name: `p${i}`, polygon: randomPiece(rand, size), count })
    }
    const area = params.maxArea - budget
    let figure: Point[] | undefined
    if (params.origin === 'built') {
      const copies = pieces.flatMap((p) => Array.from({ length: p.count }, () => [...p.polygon]))
      for (let attempt = 0; attempt < 20 && !figure; attempt++) figure = assemble(rand, copies)
    } else {
      const outlines = convexOutlines(area)
      if (outlines.length > 0) figure = outlinePolygon(pick(rand, outlines))
    }
    if (figure) return { figure: moveAtRandom(rand, figure, 2), pieces, origin: params.origin }
  }
}

/** Random puzzles of at most `maxArea` half-squares (default 12): mostly built, some convex. */
export function puzzleArbitrary(maxArea = 12): fc.Arbitrary<RandomPuzzle> {
  return fc
    .record({
      seed: fc.integer({ min: 0, max: 0x7fffffff }),
      kinds: fc.integer({ min: 2, max: 4 }),
      maxArea: fc.oneof(
        fc.integer({ min: 2, max: maxArea }),
        fc.integer({ min: Math.max(2, maxArea - 4), max: maxArea }),
      ),
      origin: fc.oneof(
        { arbitrary: fc.constant('built' as const), weight: 3 },
        { arbitrary: fc.constant('convex' as const), weight: 1 },
      ),
    })
    .map(randomPuzzle)
}

/**
 * Random polyomino puzzles: 1–3 kinds of pieces of 1–3 square cells grown side to side, once or
 * twice each, and a convex outline of their area: half the time a rectangle, else any (most have
 * diagonal sides, which square-cell pieces never make). For the rule-outs, which have more to say about these than about
 * `puzzleArbitrary`'s pieces of half-squares.
 */
export function polyominoArbitrary(maxCells = 8): fc.Arbitrary<RandomPuzzle> {
  return fc.integer({ min: 0, max: 0x7fffffff }).map((seed) => {
    const rand = seededRandom(seed)
    for (;;) {
      let budget = between(rand, 2, maxCells)
      const pieces: PuzzlePiece[] = []
      while (budget > 0) {
        const count = budget >= 2 && rand() < 0.3 ? 2 : 1
        const size = between(rand, 1, Math.min(4, Math.floor(budget / count)))
        budget -= count * size
        pieces.push({ name: `p${pieces.length}`, polygon: randomPolyomino(rand, size), count })
      }
      const area = pieces.reduce((s, p) => s + p.count * areaInHalfSquares(p.polygon), 0)
      const outlines = convexOutlines(area).map(outlinePolygon)
      // Half the time a rectangle, where square-cell pieces may fit and parity decides.
      const rectangles = outlines.filter((o) =>
        o.every((a, i) => {
          const b = o[(i + 1) % o.length]
          return a[0] === b[0] || a[1] === b[1]
        }),
      )
      const choice = rectangles.length > 0 && rand() < 0.5 ? rectangles : outlines
      if (choice.length > 0)
        return {
          figure: moveAtRandom(rand, pick(rand, choice), 2),
          pieces,
          origin: 'convex' as const,
        }
    }
  })
}

function randomPolyomino(rand: Random, size: number): Point[] {
  const cells: [number, number][] = [[0, 0]]
  const taken = new Set(['0,0'])
  while (cells.length < size) {
    const options = cells
      .flatMap(([x, y]) => SIDE.map(([dx, dy]) => [x + dx, y + dy] as [number, number]))
      .filter(([x, y]) => !taken.has(`${x},${y}`))
    const next = pick(rand, options)
    cells.push(next)
    taken.add(`${next[0]},${next[1]}`)
  }
  const quarters = Int32Array.from(
    cells.flatMap(([x, y]) => ([0, 1, 2, 3] as const).flatMap((d) => quarterPoint(x, y, d))),
  )
  const traced = traceOutline(normalizeQuarters(quarters).quarters)
  if (!traced.ok) throw new Error(`a polyomino grown side to side: ${traced.problem}`)
  return moveAtRandom(rand, traced.polygons[0], 3)
}
