import { InputError } from '../errors'
import {
  applyIsometry,
  edgeLength,
  direction,
  normalizeOrientation,
  placePoint,
  xpoint,
  type Isometry,
  type Placement,
  type XPoint,
} from '../exact/geometry'
import { add, fromInt, keyOf, mul, sign, sub, toNumber, type Root2 } from '../exact/root2'
import type { ExactRegionFigure } from '../formats/exact-figure'
import { outlineOf } from '../offlattice/outline'
import { commonScale, scalePolygon } from '../offlattice/scale'
import { overlaps, zpolygon } from '../offlattice/zgeometry'

/**
 * Composing a figure from a set's pieces, as in tangram apps (issue 25): each piece (every copy
 * on its own) lies in the tray or on the board, turned by k · 45° and mirrored unless one-sided,
 * at an exact position. A piece dropped at a position in floats (where the pointer left it) is
 * snapped exactly: one of its corners onto a corner of a piece on the board, or onto an edge of
 * one at a distance from the edge's end that the set's edge lengths add up to (so lengths stay
 * in Z[√2]), or, with no piece near, onto a grid point; never where it would overlap a piece
 * (decided exactly, touching allowed). The pieces on the board make the figure: their union as
 * an exact region (`outlineOf`: parts, holes, corner contacts).
 */
export interface ComposePiece {
  readonly name: string
  /** Counter-clockwise, as the set gives it. */
  readonly corners: readonly XPoint[]
  /** False for a one-sided piece: turned, never turned over. */
  readonly flip: boolean
}

/** Each piece's placement on the board, or undefined while it lies in the tray. */
export type Composition = readonly (Placement | undefined)[]

/** The piece turned and mirrored by g, counter-clockwise, not yet moved. */
export function posed(piece: ComposePiece, g: Isometry): XPoint[] {
  return normalizeOrientation(piece.corners.map((p) => applyIsometry(g, p)))
}

/** The piece where the placement puts it, counter-clockwise. */
export function placedCorners(piece: ComposePiece, t: Placement): XPoint[] {
  return normalizeOrientation(piece.corners.map((p) => placePoint(t, p)))
}

/** The isometry after g, turned by a further 45° counter-clockwise. */
export function turned(g: Isometry): Isometry {
  return { turn: (g.turn + 1) % 8, mirror: g.mirror }
}

/**
 * The isometry after g, mirrored in the vertical axis: M·R(t)·M₀ = R(−t)·M·M₀, so the turn
 * changes sign and the mirror toggles.
 */
export function flipped(g: Isometry): Isometry {
  return { turn: (8 - g.turn) % 8, mirror: !g.mirror }
}

/** Do the two polygons' interiors meet? Exact; touching along edges or at corners is allowed. */
export function piecesOverlap(p: readonly XPoint[], q: readonly XPoint[]): boolean {
  try {
    const scale = commonScale([...p, ...q])
    return overlaps(
      zpolygon(scalePolygon(p, scale, 'piece')),
      zpolygon(scalePolygon(q, scale, 'piece')),
    )
  } catch (e) {
    // Coordinates beyond the exact search's range: too far out to be placed, as an overlap is.
    if (e instanceof InputError) return true
    throw e
  }
}

/** What `snap` is asked: where the dragged piece, turned by g, was dropped. */
export interface SnapRequest {
  readonly pieces: readonly ComposePiece[]
  readonly composition: Composition
  /** The piece dropped (its own placement, if any, is not an obstacle). */
  readonly index: number
  readonly g: Isometry
  /** The translation the drop gives the posed piece, in floats (lattice units). */
  readonly at: readonly [number, number]
  /** How far a contact may pull the piece (lattice units: the pixel tolerance over the zoom). */
  readonly tolerance: number
}

interface Candidate {
  /** Float distance from the drop. */
  readonly distance: number
  /** The exact translation, computed only for candidates tried. */
  readonly exact: () => readonly [Root2, Root2]
}

const float = (p: XPoint): [number, number] => [toNumber(p[0]), toNumber(p[1])]

/** The unit vector of direction d (0 … 7, counter-clockwise from east), exact. */
const unit = (d: number): XPoint => applyIsometry({ turn: d, mirror: false }, xpoint(1, 0))

/**
 * Lengths a corner may slide along an edge, from either end: each edge length of the set, and
 * each sum of two, so that a piece's side can meet another's at the end of a third piece's side.
 */
export function slideLengths(pieces: readonly ComposePiece[]): Root2[] {
  const single = new Map<string, Root2>()
  for (const p of pieces)
    for (let i = 0; i < p.corners.length; i++) {
      const l = edgeLength(p.corners[i], p.corners[(i + 1) % p.corners.length])
      single.set(keyOf(l), l)
    }
  const all = new Map(single)
  for (const a of single.values())
    for (const b of single.values()) {
      const s = add(a, b)
      all.set(keyOf(s), s)
    }
  return [...all.values()]
}

/**
 * Points strictly inside the edge ab at a slide length from a or from b, with their float
 * positions.
 */
function pointsAlong(a: XPoint, b: XPoint, lengths: readonly Root2[]): XPoint[] {
  const d = direction(a, b)!
  const length = edgeLength(a, b)
  const u = unit(d)
  const out: XPoint[] = []
  for (const l of lengths) {
    if (sign(sub(length, l)) <= 0) continue
    out.push([add(a[0], mul(l, u[0])), add(a[1], mul(l, u[1]))])
    out.push([sub(b[0], mul(l, u[0])), sub(b[1], mul(l, u[1]))])
  }
  return out
}

const edges = (poly: readonly XPoint[]): [XPoint, XPoint][] =>
  poly.map((p, i) => [p, poly[(i + 1) % poly.length]])

/**
 * The exact placement nearest the drop that puts a corner of the piece on a corner or edge of a
 * piece on the board (or a corner of one on an edge of the piece) within the tolerance, else one
 * of its corners on the nearest grid point; of these, nearest first, the first that overlaps no
 * piece. Undefined if every one overlaps.
 */
export function snap(req: SnapRequest): Placement | undefined {
  const { pieces, composition, index, g, at, tolerance } = req
  const shape = posed(pieces[index], g)
  const others: XPoint[][] = []
  composition.forEach((t, i) => {
    if (t && i !== index) others.push(placedCorners(pieces[i], t))
  })
  const lengths = slideLengths(pieces)
  const contacts: Candidate[] = []
  // A contact of the piece's point `own` (unmoved) with the board's point `target`.
  const contact = (own: XPoint, target: XPoint) => {
    const [ox, oy] = float(own)
    const [tx, ty] = float(target)
    const distance = Math.hypot(tx - ox - at[0], ty - oy - at[1])
    if (distance <= tolerance)
      contacts.push({ distance, exact: () => [sub(target[0], own[0]), sub(target[1], own[1])] })
  }
  const boardCorners = others.flat()
  for (const c of shape) for (const q of boardCorners) contact(c, q)
  for (const other of others)
    for (const [a, b] of edges(other))
      for (const p of pointsAlong(a, b, lengths)) for (const c of shape) contact(c, p)
  for (const [a, b] of edges(shape))
    for (const p of pointsAlong(a, b, lengths)) for (const q of boardCorners) contact(p, q)
  const grid = shape.map((c): Candidate => {
    const [cx, cy] = float(c)
    const gx = Math.round(cx + at[0])
    const gy = Math.round(cy + at[1])
    return {
      distance: Math.hypot(gx - cx - at[0], gy - cy - at[1]),
      exact: () => [sub(fromInt(gx), c[0]), sub(fromInt(gy), c[1])],
    }
  })
  const byDistance = (x: Candidate, y: Candidate) => x.distance - y.distance
  for (const candidate of [...contacts.sort(byDistance), ...grid.sort(byDistance)]) {
    const [dx, dy] = candidate.exact()
    const t: Placement = { g, dx, dy }
    const corners = placedCorners(pieces[index], t)
    if (!others.some((o) => piecesOverlap(corners, o))) return t
  }
  return undefined
}

/** The pieces on the board, each counter-clockwise where its placement puts it. */
export function boardPieces(
  pieces: readonly ComposePiece[],
  composition: Composition,
): { index: number; corners: XPoint[] }[] {
  const out: { index: number; corners: XPoint[] }[] = []
  composition.forEach((t, index) => {
    if (t) out.push({ index, corners: placedCorners(pieces[index], t) })
  })
  return out
}

/**
 * The figure the pieces on the board make: their union as an exact region, each ring
 * counter-clockwise as a figure file reads it. Refused in one line with no piece on the board.
 */
export function compositionFigure(
  pieces: readonly ComposePiece[],
  composition: Composition,
  name: string,
): ExactRegionFigure {
  const laid = boardPieces(pieces, composition)
  if (laid.length === 0) throw new InputError('the board is empty: place pieces on it first')
  const parts = outlineOf(laid.map((l) => l.corners)).map((p) => ({
    outline: normalizeOrientation(p.outline),
    holes: p.holes.map((h) => normalizeOrientation(h)),
  }))
  return { name, parts }
}
