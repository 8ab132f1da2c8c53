import type { ExactCoverProblem } from '../exactcover/dlx'
import { D4_ELEMENTS, d4Apply, type D4 } from '../lattice/d4'
import { LIMITS } from '../limits'
import {
  halfSquares,
  normalizeQuarters,
  quarterExtent,
  quartersKey,
  transformQuarters,
  type Quarters,
} from '../lattice/quarters'
import { rasterizeShape, type FigureShape } from '../lattice/region'
import type { Orientation, Shape } from '../pieces/shape'
import { InputError } from '../errors'

export interface PieceKind {
  readonly name: string
  readonly shape: Shape
  /** The most copies a tiling uses. */
  readonly count: number
  /** The fewest, if fewer (a count range: 0 lets a tiling leave the piece out); else `count`. */
  readonly min?: number
}

/** The fewest copies of a kind a tiling uses. */
export const leastCopies = (p: PieceKind): number => p.min ?? p.count

/** Whether some kind's count is a range, so a tiling may use fewer copies than the most. */
export const hasRanges = (pieces: readonly PieceKind[]): boolean =>
  pieces.some((p) => leastCopies(p) < p.count)

/**
 * A placement: orientation `orientation` of piece `piece`, its raster origin at cell (tx, ty) of
 * the normalised figure raster.
 */
export interface Placement {
  readonly piece: number
  readonly orientation: number
  readonly tx: number
  readonly ty: number
}

/**
 * A placed piece in the figure's own coordinates: the piece's polygon mapped by the symmetry g
 * about the origin, then translated by (dx, dy). This is what the verifier re-checks.
 */
export interface PlacedPiece {
  readonly piece: number
  readonly g: D4
  readonly dx: number
  readonly dy: number
}

/**
 * The exact-cover model of "build this figure from these pieces". Items are the figure's quarter
 * triangles, merged where every placement covers them together (the four quarters of a cell in a
 * polyomino problem become one item), then one item per piece kind: primary for a single piece,
 * a multiplicity item for identical copies.
 */
export interface TilingProblem {
  readonly figure: FigureRaster
  readonly pieces: readonly PieceKind[]
  readonly placements: readonly Placement[]
  /**
   * Options of the cover beyond the placements (indices placements.length and on): those that
   * leave copies of a ranged kind out (see `omissionOptions`); they place nothing.
   */
  readonly omissions: number
  /** Quarter indices (into the figure raster) covered by each placement. */
  readonly placementQuarters: readonly Int32Array[]
  readonly cover: ExactCoverProblem
  /** Quarter index → merged item index. */
  readonly itemOfQuarter: Int32Array
  /** For each of the figure's symmetries, the image of every placement. */
  readonly placementImage: ReadonlyMap<D4, Int32Array>
  /** Why the problem has no solution, found before any search; undefined if none found. */
  readonly obstruction?: string
}

/**
 * The target figure as the search sees it: its raster normalised to start at cell (0, 0) (shifted
 * by `shift` cells from the figure's own coordinates), its extent in cells, its area in
 * half-squares, and its symmetries, each with the shift that brings the turned raster back. The
 * symmetries are the raster's, so those of a region with its holes and parts.
 */
export interface FigureRaster {
  readonly shape: FigureShape
  readonly quarters: Quarters
  readonly shift: readonly [number, number]
  readonly width: number
  readonly height: number
  readonly area: number
  readonly symmetry: readonly D4[]
  readonly symmetryShift: ReadonlyMap<D4, readonly [number, number]>
}

export function rasterizeFigure(shape: FigureShape): FigureRaster {
  const { quarters, dx, dy } = normalizeQuarters(rasterizeShape(shape))
  const ext = quarterExtent(quarters)
  const W = ext.maxCX + 1
  const H = ext.maxCY + 1
  const index = quarterIndex(quarters, W, H)
  const symmetry: D4[] = []
  const symmetryShift = new Map<D4, readonly [number, number]>()
  for (const g of D4_ELEMENTS) {
    const t = transformQuarters(quarters, g)
    const e = quarterExtent(t)
    const sx = -e.minCX
    const sy = -e.minCY
    if (e.maxCX + sx !== W - 1 || e.maxCY + sy !== H - 1) continue
    let same = true
    for (let k = 0; same && k < t.length; k += 2)
      same = index[quarterSlot(t[k] + 4 * sx, t[k + 1] + 4 * sy, W)] >= 0
    if (same) {
      symmetry.push(g)
      symmetryShift.set(g, [sx, sy])
    }
  }
  return {
    shape,
    quarters,
    shift: [dx, dy],
    width: W,
    height: H,
    area: halfSquares(quarters),
    symmetry,
    symmetryShift,
  }
}

/** Dense index of a normalised raster: (cy·W + cx)·4 + dir → quarter index or −1. */
export function quarterIndex(fq: Quarters, W: number, H: number): Int32Array {
  const index = new Int32Array(W * H * 4).fill(-1)
  for (let k = 0; k < fq.length / 2; k++) index[quarterSlot(fq[2 * k], fq[2 * k + 1], W)] = k
  return index
}

export function totalPieceArea(pieces: readonly PieceKind[]): number {
  return pieces.reduce((s, p) => s + p.shape.area * p.count, 0)
}

/** Every area (in half-squares) the pieces cover with some choice of counts in their ranges. */
export function reachableAreas(pieces: readonly PieceKind[]): number[] {
  let reach = new Uint8Array(totalPieceArea(pieces) + 1)
  reach[pieces.reduce((s, p) => s + p.shape.area * leastCopies(p), 0)] = 1
  for (const p of pieces) {
    for (let copy = leastCopies(p); copy < p.count; copy++) {
      const next = reach.slice()
      for (let a = 0; a + p.shape.area < reach.length; a++) if (reach[a]) next[a + p.shape.area] = 1
      reach = next
    }
  }
  return [...reach.keys()].filter((a) => reach[a] === 1)
}

/** Why the pieces cannot tile a figure of `figureArea` by area, if no choice of counts can. */
export function areaMismatch(pieces: readonly PieceKind[], figureArea: number): string | undefined {
  if (!hasRanges(pieces)) {
    const area = totalPieceArea(pieces)
    return area === figureArea
      ? undefined
      : `the pieces cover ${area} half-squares, the figure ${figureArea}`
  }
  const areas = reachableAreas(pieces)
  if (areas.includes(figureArea)) return undefined
  const shown = areas.length > 12 ? [...areas.slice(0, 6), '…', ...areas.slice(-5)] : areas
  return `the figure covers ${figureArea} half-squares; with the counts' ranges the pieces cover ${shown.join(', ')}`
}

/** A figure no choice of counts fills by area, as an input error (one figure asked about). */
export function checkArea(pieces: readonly PieceKind[], figureArea: number, set?: string): void {
  const mismatch = areaMismatch(pieces, figureArea)
  if (!mismatch) return
  const where = set === undefined ? '' : `set "${set}": `
  const rule = hasRanges(pieces) ? '' : ': a tiling must use every piece exactly its count'
  throw new InputError(`${where}${mismatch}${rule}`)
}

/** Number of placements the matrix would hold, computed without building it. */
export function estimatePlacements(figure: FigureRaster, pieces: readonly PieceKind[]): number {
  let n = 0
  for (const p of pieces) {
    for (const o of p.shape.orientations) {
      n += Math.max(0, figure.width - o.width + 1) * Math.max(0, figure.height - o.height + 1)
    }
  }
  return n
}

export function buildTilingProblem(
  figureShape: FigureShape,
  pieces: readonly PieceKind[],
): TilingProblem {
  const raster = rasterizeFigure(figureShape)
  // The symmetries of the count: those of the figure that map the set to itself.
  const images = new Map<D4, PieceImage[][]>()
  for (const g of raster.symmetry) {
    const image = setImage(pieces, g)
    if (image) images.set(g, image)
  }
  const figure = { ...raster, symmetry: raster.symmetry.filter((g) => images.has(g)) }
  checkArea(pieces, figure.area)
  const estimate = estimatePlacements(figure, pieces)
  if (estimate > LIMITS.maxPlacements) {
    throw new InputError(
      `too large: about ${estimate.toLocaleString('en')} candidate placements (limit ${LIMITS.maxPlacements.toLocaleString('en')}); use a smaller figure or fewer pieces`,
    )
  }
  const fq = figure.quarters
  const W = figure.width
  const H = figure.height
  const index = quarterIndex(fq, W, H)
  const nq = fq.length / 2

  const placements: Placement[] = []
  const placementQuarters: Int32Array[] = []
  let nodes = 0
  pieces.forEach((piece, pi) => {
    piece.shape.orientations.forEach((o, oi) => {
      const q = o.quarters
      const m = q.length / 2
      const local = new Int32Array(m)
      for (let ty = 0; ty + o.height <= H; ty++) {
        for (let tx = 0; tx + o.width <= W; tx++) {
          if (!coverAt(index, W, q, tx, ty, local)) continue
          const ids = Int32Array.from(local).sort()
          placements.push({ piece: pi, orientation: oi, tx, ty })
          placementQuarters.push(ids)
          nodes += m + 1
          if (nodes > LIMITS.maxMatrixNodes) {
            throw new InputError(
              `too large: the exact-cover matrix would exceed ${LIMITS.maxMatrixNodes.toLocaleString('en')} nodes (about ${Math.round((nodes * estimate) / placements.length / 1e6)} million); use a smaller figure or fewer pieces`,
            )
          }
        }
      }
    })
  })

  // Placement images under the figure's symmetries, by arithmetic on orientations: if g maps
  // orientation o onto o' shifted by d, it maps the placement (o, t) to (o', g·t + d + s), where s
  // is the shift that brings the turned figure back onto itself.
  const orientBase: number[] = []
  let orientCount = 0
  for (const p of pieces) {
    orientBase.push(orientCount)
    orientCount += p.shape.orientations.length
  }
  const at = new Int32Array(orientCount * W * H).fill(-1)
  placements.forEach(
    (pl, p) => (at[((orientBase[pl.piece] + pl.orientation) * H + pl.ty) * W + pl.tx] = p),
  )
  const placementImage = new Map<D4, Int32Array>()
  placementImage.set(0, Int32Array.from(placements.keys()))
  for (const g of figure.symmetry) {
    if (g === 0) continue
    const [sdx, sdy] = figure.symmetryShift.get(g)!
    const img = new Int32Array(placements.length)
    const image = images.get(g)!
    placements.forEach((pl, p) => {
      const im = image[pl.piece][pl.orientation]
      const [gx, gy] = d4Apply(g, pl.tx, pl.ty)
      const tx = gx + im.dx + sdx
      const ty = gy + im.dy + sdy
      const target =
        tx >= 0 && ty >= 0 && tx < W && ty < H
          ? at[((orientBase[im.piece] + im.o) * H + ty) * W + tx]
          : -1
      if (target < 0)
        throw new Error('internal: a symmetry of the figure maps a placement outside it')
      img[p] = target
    })
    placementImage.set(g, img)
  }

  const { itemOfQuarter, itemCount: cellItems } = mergeItems(scanOrder(fq, W, H), placementQuarters)
  const obstruction = findObstruction(nq, placementQuarters, placements, pieces, fq, figure.shift)

  // Spare cells after the figure's: one for each copy a range may leave out (see omissionOptions).
  const spare = pieces.map((p) => p.count - leastCopies(p))
  const cellCount = cellItems + spare.reduce((a, b) => a + b, 0)
  // Piece items: a single piece is primary, identical copies (or a range) one multiplicity item.
  const single = pieces.map((p, i) => p.count === 1 && spare[i] === 0)
  const pieceItem = new Int32Array(pieces.length)
  let next = cellCount
  pieces.forEach((_, i) => {
    if (single[i]) pieceItem[i] = next++
  })
  const primaryCount = next
  const multiplicity: number[] = []
  pieces.forEach((p, i) => {
    if (!single[i]) {
      pieceItem[i] = next++
      multiplicity.push(p.count)
    }
  })
  // Each option: its items ascending (cells first, then the piece's item).
  const options: Int32Array[] = placementQuarters.map((ids, p) => {
    const items = new Int32Array(ids.length)
    for (let k = 0; k < ids.length; k++) items[k] = itemOfQuarter[ids[k]]
    items.sort()
    let m = 0
    for (let k = 0; k < items.length; k++)
      if (k === 0 || items[k] !== items[k - 1]) items[m++] = items[k]
    const out = new Int32Array(m + 1)
    out.set(items.subarray(0, m))
    out[m] = pieceItem[placements[p].piece]
    return out
  })
  const omissions = omissionOptions(spare, cellItems, pieceItem)
  return {
    figure,
    pieces,
    placements,
    omissions: omissions.length,
    placementQuarters,
    cover: {
      itemCount: next,
      primaryCount,
      multiplicity,
      options: [...options, ...omissions],
      cellCount,
    },
    itemOfQuarter,
    placementImage,
    obstruction,
  }
}

/**
 * Options that leave copies out: a kind with a range min..max counts max copies on its item, and
 * has max − min spare cells s1…sk after the figure's. Each spare cell is covered either by "leave
 * a copy out" (sj and the kind's item) or by "leave no more out" (sj…sk at once), so a tiling that
 * places c copies covers its spare cells one way only: s1…s(max−c) left out, the rest at once.
 * Copies left out are never told apart, as identical pieces are not.
 */
function omissionOptions(
  spare: readonly number[],
  firstSpare: number,
  pieceItem: Int32Array,
): Int32Array[] {
  const out: Int32Array[] = []
  let cell = firstSpare
  spare.forEach((k, i) => {
    for (let j = 0; j < k; j++) {
      out.push(Int32Array.of(cell + j, pieceItem[i]))
      out.push(Int32Array.from({ length: k - j }, (_, t) => cell + j + t))
    }
    cell += k
  })
  return out
}

/** Where a move of the square takes a piece's orientation: a kind, its orientation and a shift. */
interface PieceImage {
  readonly piece: number
  readonly o: number
  readonly dx: number
  readonly dy: number
}

/**
 * What g does to every orientation of every piece, if it maps the set onto itself: a free piece
 * onto itself; a one-sided piece (turned only) onto itself if g is a turn, else onto its mirror
 * twin, a one-sided piece of the same count. Undefined if some piece has no such image: then g
 * is no symmetry of the count (a tiling's mirror image would need a piece the set lacks).
 */
function setImage(pieces: readonly PieceKind[], g: D4): PieceImage[][] | undefined {
  // Every orientation by its raster, made only for a one-sided piece's twin: a free piece is its
  // own image, and most sets have only those (keying every orientation of every piece cost many a
  // small figure more than its search).
  let where: Map<string, { piece: number; o: number }> | undefined
  const orientationOf = (q: Quarters) => {
    if (!where) {
      const made = new Map<string, { piece: number; o: number }>()
      pieces.forEach((p, piece) =>
        p.shape.orientations.forEach((or, o) => made.set(quartersKey(or.quarters), { piece, o })),
      )
      where = made
    }
    return where.get(quartersKey(q))
  }
  const out: PieceImage[][] = []
  for (const [i, p] of pieces.entries()) {
    const row: PieceImage[] = []
    for (const [o, or] of p.shape.orientations.entries()) {
      const own = p.shape.image[o * 8 + g]
      if (own.o >= 0) {
        row.push({ piece: i, ...own })
        continue
      }
      const t = normalizeQuarters(transformQuarters(or.quarters, g))
      const twin = orientationOf(t.quarters)
      const other = pieces[twin?.piece ?? i]
      if (
        !twin ||
        other.count !== p.count ||
        leastCopies(other) !== leastCopies(p) ||
        other.shape.flip
      )
        return undefined
      row.push({ ...twin, dx: -t.dx, dy: -t.dy })
    }
    out.push(row)
  }
  return out
}

/**
 * Whether the raster q, moved by (tx, ty) cells, lies inside the figure whose dense index is
 * `index` (W cells wide); if so and `out` is given, the figure's quarter indices it covers.
 */
function coverAt(
  index: Int32Array,
  W: number,
  q: Quarters,
  tx: number,
  ty: number,
  out?: Int32Array,
): boolean {
  for (let k = 0; k < q.length / 2; k++) {
    const id = index[quarterSlot(q[2 * k] + 4 * tx, q[2 * k + 1] + 4 * ty, W)]
    if (id < 0) return false
    if (out) out[k] = id
  }
  return true
}

/** A figure ready for asking which pieces fit in it: its quarters, size in cells and index. */
export interface FigureFit {
  readonly quarters: Quarters
  readonly W: number
  readonly H: number
  readonly index: Int32Array
}

/** The cheap part of `rasterizeFigure`: no symmetries, no cell table. */
export function figureFit(shape: FigureShape): FigureFit {
  const { quarters } = normalizeQuarters(rasterizeShape(shape))
  const ext = quarterExtent(quarters)
  const W = ext.maxCX + 1
  const H = ext.maxCY + 1
  return { quarters, W, H, index: quarterIndex(quarters, W, H) }
}

/** Whether a piece, in one of its orientations, fits somewhere inside the figure. */
export function fitsSomewhere(fit: FigureFit, orientations: readonly Orientation[]): boolean {
  const { W, H } = fit
  for (const o of orientations) {
    for (let ty = 0; ty + o.height <= H; ty++) {
      for (let tx = 0; tx + o.width <= W; tx++) {
        if (coverAt(fit.index, W, o.quarters, tx, ty)) return true
      }
    }
  }
  return false
}

/** Where a quarter of a normalised raster W cells wide sits in `quarterIndex`. */
function quarterSlot(qx: number, qy: number, W: number): number {
  const cx = qx >> 2
  const cy = qy >> 2
  const lx = qx & 3
  const ly = qy & 3
  const d = lx === 3 ? 0 : ly === 3 ? 1 : lx === 1 ? 2 : 3
  return (cy * W + cx) * 4 + d
}

/**
 * The figure's quarters in scan order: column by column across the short side (a 6 × 10
 * rectangle is read in columns of 6), cells bottom to top within a column. A search that always
 * fills the first free item then works along a short front, as a person filling a box would.
 */
function scanOrder(fq: Int32Array, W: number, H: number): Int32Array {
  const nq = fq.length / 2
  const rank = (k: number) => {
    const cx = fq[2 * k] >> 2
    const cy = fq[2 * k + 1] >> 2
    const slot = quarterSlot(fq[2 * k], fq[2 * k + 1], W) & 3
    const [major, minor] = W >= H ? [cx, cy] : [cy, cx]
    return (major * Math.max(W, H) + minor) * 4 + QUARTER_RANK[slot]
  }
  return Int32Array.from({ length: nq }, (_, k) => k).sort((a, b) => rank(a) - rank(b))
}

/** Order of the quarters within a cell: south, west, east, north (lower and leading first). */
const QUARTER_RANK = [2, 3, 1, 0]

/**
 * Merges quarters that every placement covers together or not at all: they are one item as far
 * as exact cover is concerned, and fewer items make every cover step cheaper. Items are numbered
 * in the given order of quarters.
 */
function mergeItems(
  order: Int32Array,
  placementQuarters: readonly Int32Array[],
): { itemOfQuarter: Int32Array; itemCount: number } {
  const nq = order.length
  // Signature of a quarter: the placements covering it, in order, hashed on two lanes.
  const lists: number[][] = Array.from({ length: nq }, () => [])
  const h1 = new Int32Array(nq)
  const h2 = new Int32Array(nq)
  placementQuarters.forEach((ids, p) => {
    const a = Math.imul(p + 1, 0x9e3779b1)
    const b = Math.imul(p + 1, 0x85ebca77) ^ (a >>> 15)
    for (const q of ids) {
      lists[q].push(p)
      h1[q] = (h1[q] + a) | 0
      h2[q] = (h2[q] ^ b) + 0x632be5ab
    }
  })
  const itemOfQuarter = new Int32Array(nq)
  const seen = new Map<number, number[]>()
  const representative: number[] = []
  let itemCount = 0
  for (const q of order) {
    const key = h1[q] * 4294967296 + (h2[q] >>> 0)
    const candidates = lists[q].length > 0 ? seen.get(key) : undefined
    const match = candidates?.find((item) => sameList(lists[representative[item]], lists[q]))
    if (match !== undefined) itemOfQuarter[q] = match
    else {
      itemOfQuarter[q] = itemCount
      representative.push(q)
      if (lists[q].length > 0) {
        if (candidates) candidates.push(itemCount)
        else seen.set(key, [itemCount])
      }
      itemCount++
    }
  }
  return { itemOfQuarter, itemCount }
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Cheap reasons for impossibility: a piece that fits nowhere, a triangle nothing covers. */
function findObstruction(
  nq: number,
  placementQuarters: readonly Int32Array[],
  placements: readonly Placement[],
  pieces: readonly PieceKind[],
  fq: Int32Array,
  [fdx, fdy]: readonly [number, number],
): string | undefined {
  const perPiece = new Array<number>(pieces.length).fill(0)
  for (const p of placements) perPiece[p.piece]++
  const missing = pieces.findIndex((p, i) => perPiece[i] === 0 && leastCopies(p) > 0)
  if (missing >= 0) return `the piece "${pieces[missing].name}" fits nowhere in the figure`
  const covered = new Uint8Array(nq)
  for (const ids of placementQuarters) for (const q of ids) covered[q] = 1
  const hole = covered.indexOf(0)
  if (hole >= 0) {
    const x = Math.floor(fq[2 * hole] / 4) - fdx
    const y = Math.floor(fq[2 * hole + 1] / 4) - fdy
    return `no piece can cover the part of the figure in the cell at (${x}, ${y})`
  }
  return undefined
}

/** The piece placed by a placement, in the figure's own coordinates. */
export function placedPiece(problem: TilingProblem, placement: number): PlacedPiece {
  const pl = problem.placements[placement]
  const o = problem.pieces[pl.piece].shape.orientations[pl.orientation]
  return {
    piece: pl.piece,
    g: o.g,
    dx: o.dx + pl.tx - problem.figure.shift[0],
    dy: o.dy + pl.ty - problem.figure.shift[1],
  }
}
