import type { WorkbenchDocument } from '../document/document'
import { layoutContent, type Sheet, type SheetOptions } from '../drawing/sheet'
import { drawSolution } from '../drawing/solution'
import type { Point } from '../lattice/polygon'
import type { PlacedPiece } from '../tiling/problem'
import type { XPoint } from '../exact/geometry'
import { pointFromText } from '../pentagons/wire'
import { isExact, type PuzzleFigure } from './offlattice'
import { exactSilhouetteDrawing, exactTilingDrawing, silhouetteDrawing } from './drawing'
import { plural } from '../plural'

/**
 * A booklet of silhouette puzzles: the figures to build first, each a filled silhouette, easiest
 * first; their solutions on pages of their own at the back, numbered alike. Laid out by the one
 * sheet writer, so it prints as SVG and PDF like every other sheet.
 */
export type BookletFigure = {
  /** Search nodes of its count: the difficulty. */
  readonly nodes: number
  readonly solutions: number
} & (
  | {
      readonly polygon: readonly Point[]
      /** Its tiling to show at the back (for a figure with several, one of them). */
      readonly tiling: readonly PlacedPiece[]
    }
  | {
      /** A figure off the lattice (pieces at 45°): its exact outline and a tiling. */
      readonly corners: readonly XPoint[]
      readonly tiling: readonly { readonly piece: number; readonly corners: readonly XPoint[] }[]
    }
)

/** A figure found, as the booklet takes it: its tiling shown (one of them, if several). */
export function bookletFigure(f: PuzzleFigure): BookletFigure {
  const rated = { nodes: f.nodes, solutions: f.counts.solutions }
  if (!isExact(f)) return { ...rated, polygon: f.polygon, tiling: f.tilings[0] }
  return {
    ...rated,
    corners: f.corners.map(pointFromText),
    tiling: f.tiling.map((p) => ({ piece: p.piece, corners: p.corners.map(pointFromText) })),
  }
}

/** The figure as a puzzle, and as solved, by the gap the sheet leaves round it. */
function drawings(document: WorkbenchDocument, f: BookletFigure) {
  if ('corners' in f)
    return {
      puzzle: (gap: number) => exactSilhouetteDrawing(f.corners, gap),
      solved: (gap: number) => exactTilingDrawing(document, f.corners, f.tiling, gap),
      frame: (gap: number) => exactTilingDrawing(document, f.corners, [], gap).bounds,
    }
  return {
    puzzle: (gap: number) => silhouetteDrawing(f.polygon, gap),
    solved: (gap: number) => drawSolution(document, f.polygon, f.tiling, { gap }),
    frame: (gap: number) => drawSolution(document, f.polygon, [], { gap }).bounds,
  }
}

export function bookletSheet(
  document: WorkbenchDocument,
  figures: readonly BookletFigure[],
  options: SheetOptions,
): Sheet {
  const copies = document.pieces.reduce((n, p) => n + p.count, 0)
  const drawn = figures.map((f) => drawings(document, f))
  const unique = figures.every((f) => f.solutions === 1)
  return layoutContent(
    {
      title: `${document.name} — puzzles`,
      subtitle:
        `${plural(figures.length, 'figure')} to build from all ${copies} pieces` +
        (unique ? ', each in exactly one way' : '') +
        '; easiest first, solutions at the back',
      groups: [
        {
          heading: 'Puzzles',
          // At true size (a unit given) each puzzle is built on its own page.
          onePerPage: options.unit !== undefined,
          entries: drawn.map((d, i) => ({
            caption: String(i + 1),
            draw: d.puzzle,
            frame: d.frame,
          })),
        },
        {
          heading: 'Solutions',
          newPage: true,
          entries: figures.map((f, i) => ({
            caption: f.solutions === 1 ? String(i + 1) : `${i + 1} (one of ${f.solutions})`,
            draw: drawn[i].solved,
            frame: drawn[i].frame,
          })),
        },
      ],
      pieces: document.pieces,
    },
    options,
  )
}
