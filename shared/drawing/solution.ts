import type { WorkbenchDocument } from '../document/document'
import {
  boundingBox,
  signedArea2,
  transformPolygon,
  translatePolygon,
  type Point,
} from '../lattice/polygon'
import { asRegion, shapeRings, type FigureShape } from '../lattice/region'
import type { PlacedPiece } from '../tiling/problem'

/**
 * One solution as a vector drawing, in lattice units with y up. Every output (the canvas, SVG,
 * PDF, HPGL, line-printer text) is made from this model.
 *
 * - `pieces` are the filled areas (colour, name, label point).
 * - `lines` are what a pen draws: the outline, a second outline `gap` outside it (the paper's
 *   Figure 8 strokes the outline double), and the inner edges between pieces. An edge shared by
 *   two pieces is in `lines` once: lattice edges are cut into unit steps, deduplicated, and joined
 *   again into maximal straight segments.
 * - A figure with holes or several parts has an outline per ring: each part's outline and each
 *   hole's, the second outline outside the region (into a hole); a hole is never filled (views
 *   fill `rings` even-odd).
 */
export interface DrawnPiece {
  readonly piece: number
  readonly name: string
  readonly color: string
  readonly polygon: readonly Point[]
  /** Where a label goes: the centroid of the piece. */
  readonly label: readonly [number, number]
}

export type LineKind = 'outline' | 'outline-outer' | 'edge'

export interface DrawnLine {
  readonly kind: LineKind
  /** A polyline (closed when first equals last). */
  readonly points: readonly (readonly [number, number])[]
  /** The piece whose colour an edge takes when pens follow colours (the first placed). */
  readonly piece?: number
}

export interface SolutionDrawing {
  /** The figure's rings: each part's outline and each of its holes. */
  readonly rings: readonly (readonly Point[])[]
  readonly pieces: readonly DrawnPiece[]
  readonly lines: readonly DrawnLine[]
  /** Bounds of everything drawn, the outer outline included. */
  readonly bounds: { minX: number; minY: number; maxX: number; maxY: number }
}

export interface DrawOptions {
  /** Distance of the second outline outside the first, in lattice units; 0 draws it single. */
  readonly gap?: number
}

/** A piece the document does not have (a tiling of another set). */
export const UNKNOWN_COLOR = '#9aa3b2'

/** The polygon a placed piece covers in the figure's coordinates. */
export function placedPolygon(document: WorkbenchDocument, p: PlacedPiece): Point[] {
  const source = document.pieces[p.piece]
  return source ? translatePolygon(transformPolygon(source.polygon, p.g), p.dx, p.dy) : []
}

export function drawSolution(
  document: WorkbenchDocument,
  figure: FigureShape,
  placed: readonly PlacedPiece[],
  opts: DrawOptions = {},
): SolutionDrawing {
  const pieces = placed.map((p): DrawnPiece => {
    const polygon = placedPolygon(document, p)
    const source = document.pieces[p.piece]
    return {
      piece: p.piece,
      name: source?.name ?? `piece ${p.piece + 1}`,
      color: source?.color ?? UNKNOWN_COLOR,
      polygon,
      label: centroid(polygon),
    }
  })
  return assembleDrawing(figure, pieces, innerEdges(shapeRings(figure), pieces), opts)
}

/**
 * The drawing of a figure, its pieces and the inner edges between them (each once): each ring,
 * doubled `gap` outside the region if asked (a part's outside it, a hole's into the hole), then
 * the edges; the bounds of it all. Rings may come in either orientation.
 */
export function assembleDrawing(
  figure: FigureShape,
  pieces: readonly DrawnPiece[],
  edges: readonly DrawnLine[],
  opts: DrawOptions,
): SolutionDrawing {
  const gap = opts.gap ?? 0
  const lines: DrawnLine[] = []
  const rings = asRegion(figure).flatMap((part) => [
    { ring: part.outline, out: gap },
    ...part.holes.map((ring) => ({ ring, out: -gap })),
  ])
  for (const { ring, out } of rings) {
    if (ring.length === 0) continue
    lines.push({ kind: 'outline', points: closed(ring) })
    if (gap > 0) lines.push({ kind: 'outline-outer', points: closed(offsetPolygon(ring, out)) })
  }
  lines.push(...edges)
  const all = lines.flatMap((l) => l.points)
  const b = all.length > 0 ? boundingBox(all) : { minX: 0, minY: 0, maxX: 0, maxY: 0 }
  return { rings: rings.map((r) => r.ring), pieces, lines, bounds: b }
}

function closed(poly: readonly (readonly [number, number])[]): [number, number][] {
  const pts = poly.map((p): [number, number] => [p[0], p[1]])
  if (pts.length > 0) pts.push([pts[0][0], pts[0][1]])
  return pts
}

export function centroid(poly: readonly Point[]): [number, number] {
  const a = signedArea2(poly)
  if (a === 0 || poly.length === 0) return poly.length > 0 ? [poly[0][0], poly[0][1]] : [0, 0]
  let cx = 0
  let cy = 0
  for (let i = 0; i < poly.length; i++) {
    const [x0, y0] = poly[i]
    const [x1, y1] = poly[(i + 1) % poly.length]
    const c = x0 * y1 - x1 * y0
    cx += (x0 + x1) * c
    cy += (y0 + y1) * c
  }
  return [cx / (3 * a), cy / (3 * a)]
}

/** A unit lattice step as a key independent of its direction. */
function stepKey(x0: number, y0: number, x1: number, y1: number): string {
  return x0 < x1 || (x0 === x1 && y0 < y1) ? `${x0},${y0},${x1},${y1}` : `${x1},${y1},${x0},${y0}`
}

function* unitSteps(poly: readonly Point[]): Generator<[number, number, number, number]> {
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i]
    const [bx, by] = poly[(i + 1) % poly.length]
    const n = Math.max(Math.abs(bx - ax), Math.abs(by - ay))
    const sx = Math.sign(bx - ax)
    const sy = Math.sign(by - ay)
    for (let k = 0; k < n; k++) {
      yield [ax + k * sx, ay + k * sy, ax + (k + 1) * sx, ay + (k + 1) * sy]
    }
  }
}

/**
 * The piece edges that are not on the figure's rings, each once, joined into maximal straight
 * segments. Steps are canonical (lower endpoint first), so a segment grows along its direction only.
 */
function innerEdges(
  rings: readonly (readonly Point[])[],
  pieces: readonly DrawnPiece[],
): DrawnLine[] {
  const onOutline = new Set<string>()
  for (const ring of rings) for (const s of unitSteps(ring)) onOutline.add(stepKey(...s))
  const owner = new Map<string, { piece: number; step: [number, number, number, number] }>()
  pieces.forEach((p, i) => {
    for (const s of unitSteps(p.polygon)) {
      const key = stepKey(...s)
      if (onOutline.has(key) || owner.has(key)) continue
      const canon: [number, number, number, number] =
        key === `${s[0]},${s[1]},${s[2]},${s[3]}` ? s : [s[2], s[3], s[0], s[1]]
      owner.set(key, { piece: i, step: canon })
    }
  })
  const used = new Set<string>()
  const lines: DrawnLine[] = []
  for (const [key, { piece, step }] of owner) {
    if (used.has(key)) continue
    const dx = step[2] - step[0]
    const dy = step[3] - step[1]
    // Walk back to the start of this straight run, then forward to its end (same owner only,
    // so that an edge drawn in a piece's colour does not run into its neighbour's).
    let [x0, y0] = [step[0], step[1]]
    for (;;) {
      const k = stepKey(x0 - dx, y0 - dy, x0, y0)
      const o = owner.get(k)
      if (!o || used.has(k) || o.piece !== piece) break
      x0 -= dx
      y0 -= dy
    }
    let [x1, y1] = [x0, y0]
    for (;;) {
      const k = stepKey(x1, y1, x1 + dx, y1 + dy)
      const o = owner.get(k)
      if (!o || used.has(k) || o.piece !== piece) break
      used.add(k)
      x1 += dx
      y1 += dy
    }
    lines.push({
      kind: 'edge',
      points: [
        [x0, y0],
        [x1, y1],
      ],
      piece: pieces[piece].piece,
    })
  }
  return lines
}

/**
 * The polygon moved outwards by d: each edge shifted along its outer normal, neighbours meeting at
 * the intersection of their lines (a mitre). Lattice polygons turn by multiples of 45°, so mitres
 * stay short (at most d / sin 22.5° ≈ 2.6 d).
 */
export function offsetPolygon(poly: readonly Point[], d: number): [number, number][] {
  const n = poly.length
  const ccw = signedArea2(poly) > 0 ? 1 : -1
  const shifted = poly.map((a, i) => {
    const b = poly[(i + 1) % n]
    const len = Math.hypot(b[0] - a[0], b[1] - a[1])
    // The outer normal of a counter-clockwise polygon points to the right of each edge.
    const nx = ((b[1] - a[1]) / len) * ccw * d
    const ny = (-(b[0] - a[0]) / len) * ccw * d
    return { ax: a[0] + nx, ay: a[1] + ny, bx: b[0] + nx, by: b[1] + ny }
  })
  return shifted.map((e, i) => {
    const p = shifted[(i + n - 1) % n]
    const r = [p.bx - p.ax, p.by - p.ay]
    const s = [e.bx - e.ax, e.by - e.ay]
    const den = r[0] * s[1] - r[1] * s[0]
    if (Math.abs(den) < 1e-12) return [e.ax, e.ay]
    const t = ((e.ax - p.ax) * s[1] - (e.ay - p.ay) * s[0]) / den
    return [p.ax + t * r[0], p.ay + t * r[1]]
  })
}
