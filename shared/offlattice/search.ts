import { InputError } from '../errors'
import {
  area2,
  ISOMETRIES,
  normalizeOrientation,
  type Isometry,
  type XPoint,
} from '../exact/geometry'
import { add, eq, formatRoot2, sign, sub, ZERO, type Root2 } from '../exact/root2'
import { commonScale, isometriesOf, scalePolygon, unscaled } from './scale'
import { anchoredAtOrigin, polygonImage, regionKey } from './symmetry'
import {
  comparePoints,
  directionOf,
  maskAt,
  overlaps,
  regionMaskAt,
  within,
  zpolygon,
  type ZPolygon,
  type ZRegion,
} from './zgeometry'

/**
 * Every tiling of a figure with exact corners (a region: parts, holes) by a set whose pieces have
 * corners in Q(√2) and edges in the 8 directions, each piece in any of its turns by 45°, mirrored
 * unless one-sided, at any exact position.
 *
 * How: fill the lowest-then-leftmost point of what is still uncovered. That point is a corner of
 * the figure or of a placed piece (placed pieces never cross edges), and the uncovered part
 * near it is a wedge of less than 180° starting at some direction s (no uncovered sector can
 * reach back to the west, or the point would not be leftmost); the piece that covers the sector
 * just after s has a corner there whose outgoing edge runs along s. So each node tries every
 * orientation's corners whose outgoing edge runs along s and whose angle fits the wedge, moved
 * onto the point; each tiling is found once, on one path, and copies of a piece are one kind.
 *
 * What is tracked: the corners of the figure and of the pieces placed, each with the sectors the
 * figure covers there and those the pieces cover; the search's point is the least corner with a
 * sector still free. Every test is exact (zgeometry.ts), on the figure and set scaled once.
 */
export interface OffPiece {
  readonly name: string
  readonly corners: readonly XPoint[]
  readonly count: number
  /** False for a one-sided piece (turned, never turned over). */
  readonly flip: boolean
}

export interface OffPart {
  readonly outline: readonly XPoint[]
  readonly holes: readonly (readonly XPoint[])[]
}

export interface OffPlaced {
  readonly piece: number
  /** Counter-clockwise, in the figure's own coordinates. */
  readonly corners: readonly XPoint[]
}

export interface OffResult {
  /** Every tiling of the fixed figure, identical pieces never told apart. */
  readonly fixed: number
  /** Up to the figure's symmetries that map the set onto itself. */
  readonly classes: number
  /** The symmetries of the count (the identity included). */
  readonly symmetries: number
  /** The tilings asked for: none, the first, or every fixed one (one per class with `classesOnly`). */
  readonly tilings: readonly (readonly OffPlaced[])[]
  /** Nodes of the search (placements that fitted). */
  readonly placements: number
  /** Placements tried. */
  readonly tried: number
  /** Present when `maxPlacements` stopped the search before it was complete. */
  readonly cutOff?: true
}

export interface OffOptions {
  /** Stop at the first tiling. */
  readonly firstOnly?: boolean
  /**
   * Stop once more placements than this have fitted: the counts are then of the part searched,
   * and the result says so (`cutOff`). Unbounded if not given.
   */
  readonly maxPlacements?: number
  /** Keep the tilings: 'all' every fixed one, 'classes' one per class, 'none'. */
  readonly list?: 'all' | 'classes' | 'none'
}

interface Orientation {
  readonly kind: number
  /** Corners from the lowest-then-leftmost one, at the origin. */
  readonly p: ZPolygon
}

/** The figure's area, exactly (outlines less holes), each ring taken positive. */
function regionArea(parts: readonly OffPart[]): Root2 {
  let s = ZERO
  for (const part of parts) {
    s = add(s, area2Abs(part.outline))
    for (const h of part.holes) s = sub(s, area2Abs(h))
  }
  return s
}

/** Refuses a figure whose area is not the pieces' (each piece its count), in one line. */
export function checkArea(
  parts: readonly OffPart[],
  pieces: readonly OffPiece[],
  source: string,
): void {
  let pieceArea = ZERO
  for (const p of pieces)
    for (let c = 0; c < p.count; c++) pieceArea = add(pieceArea, area2Abs(p.corners))
  const figureArea = regionArea(parts)
  if (!eq(pieceArea, figureArea))
    throw new InputError(
      `${source}: the figure's area is ${formatRoot2(halve(figureArea))}, the pieces' ${formatRoot2(halve(pieceArea))}: a tiling must use every piece exactly its count`,
    )
}

/** A polygon that is only a translate of a base one: corners moved, directions shared. */
function moved(base: ZPolygon, t: readonly number[]): ZPolygon {
  const v = base.v.map((c, i) => c + t[i & 3])
  const box = base.box.map((c, i) => c + t[i < 4 ? i & 1 : 2 + (i & 1)])
  return { n: base.n, v, dir: base.dir, wedge: base.wedge, box }
}

/** Checks what the search relies on, and sets it up. */
export class OffLatticeSearch {
  private readonly scale: bigint
  private readonly region: ZRegion
  private readonly rings: number[][]
  private readonly orientations: Orientation[] = []
  /** For each direction s, the (orientation, corner) pairs whose outgoing edge runs along s. */
  private readonly byStart: { o: number; k: number }[][] = Array.from({ length: 8 }, () => [])
  /** The symmetries of the count, each with its translation and what it does to the kinds. */
  readonly group: { g: Isometry; t: number[]; kind: number[] }[] = []

  constructor(
    readonly parts: readonly OffPart[],
    readonly pieces: readonly OffPiece[],
    readonly source = 'figure',
  ) {
    const ringsExact = parts.flatMap((p) => [p.outline, ...p.holes])
    checkArea(parts, pieces, source)
    this.scale = commonScale([...ringsExact.flat(), ...pieces.flatMap((p) => p.corners)])
    this.rings = ringsExact.map((r) => ccwFlat(scalePolygon(r, this.scale, source)))
    this.region = { rings: this.rings.map(zpolygon) }
    const shapeKind = new Map<string, number>()
    pieces.forEach((piece, kind) => {
      const seen = new Set<string>()
      // Scaled by a multiple of 2, its coordinates are even, so its turns are whole (symmetry.ts).
      const base = scalePolygon(normalizeOrientation(piece.corners), this.scale, piece.name)
      for (const g of isometriesOf(piece.flip)) {
        const v = anchoredAtOrigin(polygonImage(g, base))
        const key = v.join(',')
        if (seen.has(key)) continue
        seen.add(key)
        shapeKind.set(key, kind)
        const o = this.orientations.length
        const p = zpolygon(v)
        this.orientations.push({ kind, p })
        for (let k = 0; k < p.n; k++) this.byStart[p.dir[k]].push({ o, k })
      }
    })
    this.findGroup(shapeKind)
  }

  /** The isometries that map the figure onto itself and the set onto itself. */
  private findGroup(shapeKind: ReadonlyMap<string, number>): void {
    const own = regionKey(this.rings)
    for (const g of ISOMETRIES) {
      const image = regionKey(this.rings.map((r) => polygonImage(g, r)))
      if (image.key !== own.key) continue
      const kind: number[] = []
      let ok = true
      for (const o of this.orientations) {
        const k = shapeKind.get(anchoredAtOrigin(polygonImage(g, o.p.v)).join(','))
        if (k === undefined || this.pieces[k].count !== this.pieces[o.kind].count) ok = false
        else kind[o.kind] = k
      }
      if (ok) this.group.push({ g, t: own.anchor.map((c, i) => c - image.anchor[i]), kind })
    }
  }

  run(options: OffOptions = {}): OffResult {
    const { firstOnly = false, list = 'none', maxPlacements = Infinity } = options
    const region = this.region
    const orientations = this.orientations
    const byStart = this.byStart
    const remaining = this.pieces.map((p) => p.count)
    // Tracked corners: flat coordinates, the sectors the figure covers, those covered so far.
    const pts: number[] = []
    const fig: number[] = []
    const cov: number[] = []
    const index = new Map<string, number>()
    const figureMask = new Map<string, number>()
    const track = (v: readonly number[], o: number, placed: readonly ZPolygon[]) => {
      const key = `${v[o]},${v[o + 1]},${v[o + 2]},${v[o + 3]}`
      if (index.has(key)) return false
      let f = figureMask.get(key)
      if (f === undefined) {
        f = regionMaskAt(region, v, o)
        figureMask.set(key, f)
      }
      let c = 0
      for (const q of placed) c |= maskAt(q, v, o)
      index.set(key, fig.length)
      pts.push(v[o], v[o + 1], v[o + 2], v[o + 3])
      fig.push(f)
      cov.push(c)
      return true
    }
    for (const r of this.rings) for (let i = 0; i < r.length; i += 4) track(r, i, [])
    const inFigure = new Map<string, boolean>()
    const placed: ZPolygon[] = []
    const placedOrientation: number[] = []
    const fixedTilings: { o: number; v: readonly number[] }[][] = []
    let fixed = 0
    let tried = 0
    let fitted = 0
    let stop = false
    let cutOff = false

    const go = (): void => {
      let best = -1
      for (let i = 0; i < fig.length; i++)
        if (fig[i] & ~cov[i] && (best < 0 || comparePoints(pts, 4 * i, pts, 4 * best) < 0)) best = i
      if (best < 0) {
        fixed++
        fixedTilings.push(placed.map((p, i) => ({ o: placedOrientation[i], v: p.v })))
        if (firstOnly) stop = true
        return
      }
      const free = fig[best] & ~cov[best]
      const s = 31 - Math.clz32(free & -free)
      const at = pts.slice(4 * best, 4 * best + 4)
      for (const { o, k } of byStart[s]) {
        const or = orientations[o]
        if (remaining[or.kind] === 0 || or.p.wedge[k] & ~free) continue
        tried++
        const t = [0, 1, 2, 3].map((i) => at[i] - or.p.v[4 * k + i])
        const key = `${o}:${t.join(',')}`
        const P = moved(or.p, t)
        let inside = inFigure.get(key)
        if (inside === undefined) {
          inside = within(P, region)
          inFigure.set(key, inside)
        }
        if (!inside || placed.some((Q) => overlaps(P, Q))) continue
        if (++fitted > maxPlacements) {
          cutOff = stop = true
          return
        }
        // Place: cover what P covers at every tracked corner, then track P's own corners.
        const undo: number[] = []
        const tracked = fig.length
        for (let i = 0; i < tracked; i++) {
          if (!(fig[i] & ~cov[i])) continue
          const m = maskAt(P, pts, 4 * i)
          if (m) {
            undo.push(i, cov[i])
            cov[i] |= m
          }
        }
        placed.push(P)
        placedOrientation.push(o)
        remaining[or.kind]--
        for (let i = 0; i < P.n; i++) track(P.v, 4 * i, placed)
        go()
        remaining[or.kind]++
        placed.pop()
        placedOrientation.pop()
        for (let i = fig.length - 1; i >= tracked; i--)
          index.delete(`${pts[4 * i]},${pts[4 * i + 1]},${pts[4 * i + 2]},${pts[4 * i + 3]}`)
        pts.length = 4 * tracked
        fig.length = tracked
        cov.length = tracked
        for (let u = undo.length - 2; u >= 0; u -= 2) cov[undo[u]] = undo[u + 1]
        if (stop) return
      }
    }
    go()

    const keyOf = (t: readonly { o: number; v: readonly number[] }[], j: number) => {
      const { g, t: shift, kind } = this.group[j]
      return t
        .map(({ o, v }) => {
          const image = anchoredAtOrigin(polygonImage(g, v))
          const first = fromImageLowest(g, v, shift)
          return `${kind[orientations[o].kind]}:${first.join(',')}:${image.join(',')}`
        })
        .sort()
        .join('|')
    }
    const classes = new Map<string, number>()
    fixedTilings.forEach((t, i) => {
      let min = keyOf(t, 0)
      for (let j = 1; j < this.group.length; j++) {
        const k = keyOf(t, j)
        if (k < min) min = k
      }
      if (!classes.has(min)) classes.set(min, i)
    })
    const kept =
      list === 'all' || firstOnly
        ? fixedTilings
        : list === 'classes'
          ? [...classes.values()].map((i) => fixedTilings[i])
          : []
    return {
      fixed,
      classes: classes.size,
      symmetries: this.group.length,
      tilings: kept.map((t) =>
        t.map(({ o, v }) => ({ piece: orientations[o].kind, corners: this.exact(v) })),
      ),
      placements: fitted,
      tried,
      ...(cutOff ? { cutOff: true as const } : {}),
    }
  }

  private exact(v: readonly number[]): XPoint[] {
    const out: XPoint[] = []
    for (let i = 0; i < v.length; i += 4)
      out.push([unscaled(v[i], v[i + 1], this.scale), unscaled(v[i + 2], v[i + 3], this.scale)])
    return out
  }
}

/** The lowest-then-leftmost corner of the polygon's image under g, moved by the shift. */
function fromImageLowest(g: Isometry, v: readonly number[], shift: readonly number[]): number[] {
  const image = polygonImage(g, v)
  let s = 0
  for (let i = 4; i < image.length; i += 4) if (comparePoints(image, i, image, s) < 0) s = i
  return [0, 1, 2, 3].map((i) => image[s + i] + shift[i])
}

function area2Abs(corners: readonly XPoint[]): Root2 {
  const a = area2(corners)
  return sign(a) < 0 ? sub(ZERO, a) : a
}

function halve(x: Root2): Root2 {
  return { a: x.a, b: x.b, d: x.d * 2n }
}

/** Counter-clockwise (its lowest corner turns left), as flat scaled coordinates. */
function ccwFlat(v: number[]): number[] {
  // The turns of a ring add up to +360° counter-clockwise, −360° clockwise.
  const n = v.length / 4
  const dirs: number[] = []
  for (let i = 0; i < n; i++) {
    const j = ((i + 1) % n) * 4
    dirs.push(
      directionOf(
        v[j] - v[4 * i],
        v[j + 1] - v[4 * i + 1],
        v[j + 2] - v[4 * i + 2],
        v[j + 3] - v[4 * i + 3],
      ),
    )
  }
  let turns = 0
  for (let i = 0; i < n; i++) {
    const t = (dirs[(i + 1) % n] - dirs[i] + 8) & 7
    turns += t > 4 ? t - 8 : t
  }
  return turns > 0 ? v : reverseFlat(v)
}

function reverseFlat(v: readonly number[]): number[] {
  const out: number[] = []
  for (let i = v.length - 4; i >= 0; i -= 4) out.push(v[i], v[i + 1], v[i + 2], v[i + 3])
  return out
}
