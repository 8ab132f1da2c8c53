/**
 * Small random regions for property tests (half the time with one-sided pieces, some chiral and
 * some with their mirror twins): in a box of up to 4 × 3 cells each cell is empty, full
 * or one of its four half-squares (the border full, half the time), so holes, corner contacts and
 * several parts all come up; the region is traced from that raster (`traceRegion`). Its pieces are a random multiset of the
 * diaboloes and their halves (or, on a board of whole cells only, the monomino to the L-tromino)
 * of exactly its area, so the brute force can count them.
 */
import fc from 'fast-check'
import type { Point } from '../shared/lattice/polygon'
import { quarterPoint, type QuarterDir } from '../shared/lattice/quarters'
import { traceRegion, type Region } from '../shared/lattice/region'
import { rect, S_TETROMINO } from './shapes'

export interface RegionPiece {
  readonly name: string
  readonly polygon: readonly Point[]
  readonly count: number
  /** The fewest copies, for a count range (`rangedArbitrary`). */
  readonly min?: number
  /** False for a one-sided piece. */
  readonly flip?: boolean
}

export interface RandomRegion {
  readonly region: Region
  readonly pieces: readonly RegionPiece[]
}

/** A cell's content: empty, full, or the half-square at the SW, SE, NE or NW corner. */
type Fill = 'empty' | 'full' | 0 | 1 | 2 | 3
const HALF_QUARTERS: readonly (readonly [QuarterDir, QuarterDir])[] = [
  [3, 2],
  [3, 0],
  [1, 0],
  [1, 2],
]

const SHAPES: Record<string, { polygon: Point[]; area: number; cells: boolean }> = {
  monomino: { polygon: rect(0, 0, 1, 1), area: 2, cells: true },
  domino: { polygon: rect(0, 0, 2, 1), area: 4, cells: true },
  'L tromino': {
    polygon: [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
    ],
    area: 6,
    cells: true,
  },
  'half-square': {
    polygon: [
      [0, 0],
      [1, 0],
      [0, 1],
    ],
    area: 1,
    cells: false,
  },
  'big triangle': {
    polygon: [
      [0, 0],
      [2, 0],
      [1, 1],
    ],
    area: 2,
    cells: false,
  },
  parallelogram: {
    polygon: [
      [0, 0],
      [1, 0],
      [2, 1],
      [1, 1],
    ],
    area: 2,
    cells: false,
  },
  // Chiral pieces, each the other's mirror twin.
  'mirror parallelogram': {
    polygon: [
      [1, 0],
      [2, 0],
      [1, 1],
      [0, 1],
    ],
    area: 2,
    cells: false,
  },
  'S tetromino': {
    polygon: [...S_TETROMINO],
    area: 8,
    cells: true,
  },
  'Z tetromino': {
    polygon: [
      [1, 0],
      [3, 0],
      [3, 1],
      [2, 1],
      [2, 2],
      [0, 2],
      [0, 1],
      [1, 1],
    ],
    area: 8,
    cells: true,
  },
}

function rasterOf(fills: readonly Fill[], width: number): Int32Array {
  const out: number[] = []
  fills.forEach((f, i) => {
    const [cx, cy] = [i % width, Math.floor(i / width)]
    const dirs: QuarterDir[] =
      f === 'empty' ? [] : f === 'full' ? [0, 1, 2, 3] : [...HALF_QUARTERS[f]]
    for (const d of dirs) out.push(...quarterPoint(cx, cy, d))
  })
  return Int32Array.from(out)
}

/** Pieces of exactly `area` half-squares, drawn in the order `picks` names them. */
function piecesFor(
  area: number,
  cellsOnly: boolean,
  oneSided: boolean,
  picks: readonly number[],
): RegionPiece[] {
  const names = Object.keys(SHAPES).filter((n) => !cellsOnly || SHAPES[n].cells)
  const counts = new Map<string, number>()
  let left = area
  for (const k of picks) {
    const name = names[k % names.length]
    if (SHAPES[name].area > left) continue
    counts.set(name, (counts.get(name) ?? 0) + 1)
    left -= SHAPES[name].area
  }
  // The largest pieces that still fit fill what is left, the smallest (a monomino, a half-square)
  // last: few copies keep the brute force quick.
  for (const name of [...names].sort((a, b) => SHAPES[b].area - SHAPES[a].area)) {
    const n = Math.floor(left / SHAPES[name].area)
    if (n > 0) counts.set(name, (counts.get(name) ?? 0) + n)
    left -= n * SHAPES[name].area
  }
  return [...counts].map(([name, count]) => ({
    name,
    polygon: SHAPES[name].polygon,
    count,
    ...(oneSided ? { flip: false } : {}),
  }))
}

export function regionArbitrary(): fc.Arbitrary<RandomRegion> {
  const fill = fc.constantFrom<Fill>('empty', 'full', 'full', 'full', 0, 1, 2, 3)
  return (
    fc
      .record({
        width: fc.integer({ min: 1, max: 4 }),
        height: fc.integer({ min: 1, max: 3 }),
        cellsOnly: fc.boolean(),
        // Every piece one-sided: turned, never turned over.
        oneSided: fc.boolean(),
        // A full border round the box, so that what lies inside makes holes.
        framed: fc.boolean(),
        fills: fc.array(fill, { minLength: 12, maxLength: 12 }),
        picks: fc.array(fc.nat(7), { minLength: 0, maxLength: 8 }),
      })
      .map(({ cellsOnly, oneSided, framed, fills, picks, ...box }) => {
        const width = framed ? Math.max(3, box.width) : box.width
        const height = framed ? 3 : box.height
        const border = (i: number) =>
          i % width === 0 || i % width === width - 1 || i < width || i >= width * (height - 1)
        const used = fills
          .slice(0, width * height)
          .map((f, i): Fill => (framed && border(i) ? 'full' : f))
          .map((f) => (cellsOnly && f !== 'empty' ? 'full' : f))
        return { width, cellsOnly, oneSided, used, picks }
      })
      .filter(({ used }) => used.some((f) => f !== 'empty'))
      .map(({ width, cellsOnly, oneSided, used, picks }) => {
        const raster = rasterOf(used, width)
        return {
          region: traceRegion(raster),
          pieces: piecesFor(raster.length / 4, cellsOnly, oneSided, picks),
        }
      })
      // The brute force tries every packing of the copies: a few copies keep it quick.
      .filter((r) => r.pieces.reduce((n, p) => n + p.count, 0) <= MAX_COPIES)
  )
}

const MAX_COPIES = 7

/**
 * A random region with count ranges: each kind of its set may be used from fewer copies (down to
 * none) to more than the region needs, and a kind the region does not need may come in as
 * {"min": 0, "max": 1}; the region's own counts stay one choice in the ranges.
 */
export function rangedArbitrary(): fc.Arbitrary<RandomRegion> {
  const widen = fc.record({ less: fc.nat(2), more: fc.nat(1) })
  return fc
    .record({
      r: regionArbitrary(),
      widen: fc.array(widen, { minLength: 4, maxLength: 4 }),
      extra: fc.option(fc.constantFrom(...Object.keys(SHAPES)), { nil: undefined }),
    })
    .map(({ r, widen, extra }) => {
      const pieces = r.pieces.map((p, i) => {
        const min = Math.max(0, p.count - widen[i % 4].less)
        const count = p.count + widen[i % 4].more
        return { ...p, count, ...(min < count ? { min } : {}) }
      })
      const oneSided = r.pieces[0]?.flip === false ? { flip: false } : {}
      if (extra && !pieces.some((p) => p.name === extra))
        pieces.push({ name: extra, polygon: SHAPES[extra].polygon, count: 1, min: 0, ...oneSided })
      return { region: r.region, pieces }
    })
    .filter((r) => r.pieces.reduce((n, p) => n + p.count, 0) <= MAX_COPIES + 1)
}
