import type { WorkbenchDocument } from '../../../shared/document/document'
import { drawSolution, type SolutionDrawing } from '../../../shared/drawing/solution'
import { boundingBox, type Point } from '../../../shared/lattice/polygon'
import { shapeRings, type FigureShape } from '../../../shared/lattice/region'
import type { PlacedPiece } from '../../../shared/tiling/problem'

/**
 * A tiling turned into screen data: the shared solution drawing (shared/drawing/solution.ts, the
 * one every export uses too) as flat x, y lists (y flipped, lattice units times `cell`, shifted so
 * that the figure's bounding box starts at (x, y)), ready for Konva lines or a canvas path. Pure,
 * so that the gallery can compute it once per tiling and cache it.
 */
export interface DrawnPiece {
  readonly points: number[]
  readonly color: string
  readonly name: string
  /** Index into the document's pieces. */
  readonly piece: number
}

export interface TilingDrawing {
  /**
   * The figure's rings: each part's outline and each hole's (one for a figure of one outline);
   * filled even-odd, so that a hole stays empty.
   */
  readonly rings: number[][]
  /** The second outline of each ring, `gap` pixels outside the figure (none without a gap). */
  readonly outer: number[][]
  /** Edges between pieces, each once. */
  readonly edges: number[][]
  readonly pieces: DrawnPiece[]
  /** Size of the figure's bounding box, in pixels. */
  readonly width: number
  readonly height: number
}

export interface LegendEntry {
  readonly piece: number
  readonly name: string
  readonly color: string
  readonly count: number
}

/** A figure's bounding box in lattice units (of a figure off the lattice: in floats). */
export type Box = ReturnType<typeof boundingBox>

/** Pixel size of the figure's bounding box at `cell` pixels per lattice unit. */
export function drawingSize(
  figure: FigureShape | Box,
  cell: number,
): { width: number; height: number } {
  const b = boxOf(figure)
  if (!b) return { width: 0, height: 0 }
  return { width: (b.maxX - b.minX) * cell, height: (b.maxY - b.minY) * cell }
}

/**
 * Room, px, a drawing needs around its figure's box for the outline's double `gap` px outside,
 * stroked `width` px wide with mitred corners: at the sharpest corner of a polyabolo outline,
 * 45°, the double's tip and its miter stand out 1/sin(22.5°) (2.6) times the gap and half-width.
 */
export function outlinePad(gap: number, width: number): number {
  return Math.ceil((gap + width / 2) / Math.sin(Math.PI / 8))
}

/** The largest cell size (pixels per lattice unit) at which the figure fits the box. */
export function fitCell(
  figure: FigureShape | Box,
  maxWidth: number,
  maxHeight: number,
  maxCell = Infinity,
): number {
  const b = boxOf(figure)
  if (!b) return 1
  const w = Math.max(1, b.maxX - b.minX)
  const h = Math.max(1, b.maxY - b.minY)
  return Math.max(0.5, Math.min(maxWidth / w, maxHeight / h, maxCell))
}

/** A tiling (or the pieces placed so far in a search trace) in the figure's screen frame. */
export function drawTiling(
  document: WorkbenchDocument,
  figure: FigureShape,
  tiling: { readonly pieces: readonly PlacedPiece[] } | readonly PlacedPiece[],
  cell: number,
  x = 0,
  y = 0,
  gap = 0,
): TilingDrawing {
  const placed = 'pieces' in tiling ? tiling.pieces : tiling
  return onScreen(drawSolution(document, figure, placed, { gap: gap / cell }), cell, x, y)
}

/**
 * A solution drawing (a lattice tiling's, or a dissection's with exact corners, already in
 * floats) in its figure's screen frame: y flipped, lattice units times `cell`, the figure's
 * bounding box starting at (x, y).
 */
export function onScreen(d: SolutionDrawing, cell: number, x = 0, y = 0): TilingDrawing {
  const b = drawingBox(d)
  if (!b) return { rings: [], outer: [], edges: [], pieces: [], width: 0, height: 0 }
  const flat = (poly: readonly (readonly [number, number])[]): number[] => {
    const out = new Array<number>(poly.length * 2)
    for (let i = 0; i < poly.length; i++) {
      out[2 * i] = x + (poly[i][0] - b.minX) * cell
      out[2 * i + 1] = y + (b.maxY - poly[i][1]) * cell
    }
    return out
  }
  return {
    rings: d.rings.map(flat),
    outer: d.lines
      .filter((l) => l.kind === 'outline-outer')
      .map((l) => flat(l.points.slice(0, -1))),
    edges: d.lines.filter((l) => l.kind === 'edge').map((l) => flat(l.points)),
    pieces: d.pieces.map((p) => ({
      points: flat(p.polygon),
      color: p.color,
      name: p.name,
      piece: p.piece,
    })),
    width: (b.maxX - b.minX) * cell,
    height: (b.maxY - b.minY) * cell,
  }
}

/** The bounding box of a drawing's figure (its rings); none for an empty one. */
export function drawingBox(d: SolutionDrawing): Box | undefined {
  const points: Point[] = d.rings.flat()
  return points.length > 0 ? boundingBox(points) : undefined
}

const boxOf = (f: FigureShape | Box): Box | undefined => ('minX' in f ? f : figureBox(f))

/** The bounding box of every ring of the figure; none for an empty one. */
function figureBox(figure: FigureShape): Box | undefined {
  const points = shapeRings(figure).flat()
  return points.length > 0 ? boundingBox(points) : undefined
}

/** What a path is traced into: a canvas 2D context, or Konva's wrapper of one. */
export interface PathSink {
  moveTo(x: number, y: number): void
  lineTo(x: number, y: number): void
  closePath(): void
}

/**
 * Traces rings given as flat x, y lists into the current path of a 2D context, each closed:
 * filled with 'evenodd', a hole stays empty (as Konva's sceneFunc or the gallery's canvas draw).
 */
export function traceRings(c: PathSink, rings: readonly (readonly number[])[]): void {
  for (const r of rings) {
    if (r.length < 2) continue
    c.moveTo(r[0], r[1])
    for (let i = 2; i < r.length; i += 2) c.lineTo(r[i], r[i + 1])
    c.closePath()
  }
}

/**
 * A Konva shape's config that fills `rings` even-odd (a hole stays empty) with `style` (its fill,
 * stroke …): for `<v-shape>`.
 */
export function ringsShape(
  rings: readonly (readonly number[])[],
  style: Record<string, unknown>,
): Record<string, unknown> {
  return {
    ...style,
    fillRule: 'evenodd',
    sceneFunc: (
      c: PathSink & { beginPath(): void; fillStrokeShape(s: unknown): void },
      shape: unknown,
    ) => {
      c.beginPath()
      traceRings(c, rings)
      c.fillStrokeShape(shape)
    },
  }
}

/** The pieces a drawing shows, in the set's order, with how many copies of each. */
export function pieceLegend(
  pieces: readonly Pick<DrawnPiece, 'piece' | 'name' | 'color'>[],
): LegendEntry[] {
  const byPiece = new Map<number, LegendEntry>()
  for (const p of pieces) {
    const seen = byPiece.get(p.piece)
    byPiece.set(p.piece, {
      piece: p.piece,
      name: p.name,
      color: p.color,
      count: (seen?.count ?? 0) + 1,
    })
  }
  return [...byPiece.values()].sort((a, b) => a.piece - b.piece)
}
