import {
  comparePoints,
  direction,
  onSegment,
  pointEq,
  pointKey,
  type XPoint,
  type XPolygon,
} from '../exact/geometry'
import { toNumber } from '../exact/root2'
import type { Point } from '../lattice/polygon'
import {
  assembleDrawing,
  centroid,
  type DrawnLine,
  type DrawnPiece,
  type DrawOptions,
  type SolutionDrawing,
} from './solution'

/**
 * A figure with exact corners (numbers a + b√2) cut into parts, such as a non-snug tangram
 * pentagon and its dissection, or a tiling of a figure off the lattice (a region: parts, holes), as the same vector drawing `drawSolution` makes of a lattice
 * tiling: the canvas, SVG, PDF and HPGL all draw it alike.
 *
 * An edge shared by two parts is drawn once. Two parts on lattices turned by 45° against each
 * other share no unit steps, so edges are compared exactly instead: every edge (of the parts and
 * of the outline) is split at the corners lying on it, the pieces are deduplicated by their exact
 * endpoints, those on the outline dropped, and collinear runs of one part joined again. Only then
 * are the coordinates turned into floats, for drawing; nothing is snapped to a grid.
 */
export interface ExactPart {
  /** The piece's index in the set (for its pen when pens follow colours). */
  readonly piece: number
  readonly name: string
  readonly color: string
  readonly corners: XPolygon
}

/** A figure of several parts, or with holes: each part an outline and its holes. */
export type XRegion = readonly { readonly outline: XPolygon; readonly holes: readonly XPolygon[] }[]

const float = (p: XPoint): Point => [toNumber(p[0]), toNumber(p[1])]

export function drawDissection(
  figure: XPolygon | XRegion,
  parts: readonly ExactPart[],
  opts: DrawOptions = {},
): SolutionDrawing {
  // A polygon's first element is a point (an array), a region's a part.
  const region: XRegion =
    figure.length > 0 && !Array.isArray(figure[0])
      ? (figure as XRegion)
      : [{ outline: figure as XPolygon, holes: [] }]
  const rings = region.flatMap((p) => [p.outline, ...p.holes])
  const pieces = parts.map((part): DrawnPiece => {
    const polygon = part.corners.map(float)
    return {
      piece: part.piece,
      name: part.name,
      color: part.color,
      polygon,
      label: centroid(polygon),
    }
  })
  const corners = new Map<string, Corner>()
  for (const p of [...rings, ...parts.map((part) => part.corners)].flat())
    corners.set(pointKey(p), { exact: p, at: float(p) })
  const edges = innerEdges(rings, parts, [...corners.values()])
  const shape = region.map((p) => ({
    outline: p.outline.map(float),
    holes: p.holes.map((h) => h.map(float)),
  }))
  return assembleDrawing(shape, pieces, edges, opts)
}

/**
 * A corner, and where it is in floats: only to skip the exact test for edges far from it (the
 * margin is far above rounding errors, so no corner on an edge is skipped).
 */
interface Corner {
  readonly exact: XPoint
  readonly at: Point
}

/** A piece of an edge between two corners, from the lower-then-leftmost end. */
interface Piece {
  readonly from: XPoint
  readonly to: XPoint
  /** Its direction from `from`, 0 … 3 (east, north-east, north, north-west). */
  readonly dir: number
}

const pieceKey = (from: XPoint, to: XPoint) => `${pointKey(from)}>${pointKey(to)}`

/** The edges of a polygon, each cut at the corners lying on it. */
function* edgePieces(poly: XPolygon, corners: readonly Corner[]): Generator<Piece> {
  const near = (v: number, lo: number, hi: number) =>
    Math.min(lo, hi) - 1e-6 <= v && v <= Math.max(lo, hi) + 1e-6
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]
    const b = poly[(i + 1) % poly.length]
    const [fa, fb] = [float(a), float(b)]
    const cuts = [a, b]
    for (const { exact: c, at } of corners)
      if (
        near(at[0], fa[0], fb[0]) &&
        near(at[1], fa[1], fb[1]) &&
        !cuts.some((q) => pointEq(q, c)) &&
        onSegment(c, a, b)
      )
        cuts.push(c)
    // Points on one segment are ordered along it by their y, then x.
    cuts.sort(comparePoints)
    // An edge in none of the 8 directions (no figure of ours has one) joins nothing.
    for (let k = 1; k < cuts.length; k++)
      yield { from: cuts[k - 1], to: cuts[k], dir: direction(cuts[k - 1], cuts[k]) ?? -1 }
  }
}

function innerEdges(
  rings: readonly XPolygon[],
  parts: readonly ExactPart[],
  corners: readonly Corner[],
): DrawnLine[] {
  const onOutline = new Set<string>()
  for (const ring of rings)
    for (const s of edgePieces(ring, corners)) onOutline.add(pieceKey(s.from, s.to))
  // Each piece once, with the first part that has it; looked up by either end.
  const owner = new Map<string, { part: number; piece: Piece }>()
  parts.forEach((part, i) => {
    for (const s of edgePieces(part.corners, corners)) {
      const key = pieceKey(s.from, s.to)
      if (!onOutline.has(key) && !owner.has(key)) owner.set(key, { part: i, piece: s })
    }
  })
  const byStart = new Map<string, string>()
  const byEnd = new Map<string, string>()
  for (const [key, { piece }] of owner) {
    byStart.set(`${pointKey(piece.from)}/${piece.dir}`, key)
    byEnd.set(`${pointKey(piece.to)}/${piece.dir}`, key)
  }
  const used = new Set<string>()
  const lines: DrawnLine[] = []
  for (const [key, { part, piece }] of owner) {
    if (used.has(key)) continue
    // Walk back to the start of this straight run, then forward to its end (one part's pieces
    // only, so that an edge drawn in a part's colour does not run into its neighbour's).
    const next = (index: Map<string, string>, at: XPoint) => {
      const k = index.get(`${pointKey(at)}/${piece.dir}`)
      const o = k === undefined ? undefined : owner.get(k)
      return k !== undefined && o && !used.has(k) && o.part === part ? { k, p: o.piece } : undefined
    }
    let start = piece
    for (let back = next(byEnd, start.from); back; back = next(byEnd, start.from)) start = back.p
    let end = start
    used.add(pieceKey(start.from, start.to))
    for (let on = next(byStart, end.to); on; on = next(byStart, end.to)) {
      used.add(on.k)
      end = on.p
    }
    lines.push({
      kind: 'edge',
      points: [float(start.from), float(end.to)],
      piece: parts[part].piece,
    })
  }
  return lines
}
