import type { WorkbenchDocument } from '../document/document'
import { layoutContent, type Sheet, type SheetOptions } from '../drawing/sheet'
import { drawSolution } from '../drawing/solution'
import type { Point } from '../lattice/polygon'
import type { PlacedPiece } from '../tiling/problem'
import { silhouetteDrawing } from './drawing'
import { plural } from '../plural'

/**
 * A booklet of silhouette puzzles: the figures to build first, each a filled silhouette, easiest
 * first; their solutions on pages of their own at the back, numbered alike. Laid out by the one
 * sheet writer, so it prints as SVG and PDF like every other sheet.
 */
export interface BookletFigure {
  readonly polygon: readonly Point[]
  /** Its tiling to show at the back (for a figure with several, one of them). */
  readonly tiling: readonly PlacedPiece[]
  /** Search nodes of its count: the difficulty. */
  readonly nodes: number
  readonly solutions: number
}

export function bookletSheet(
  document: WorkbenchDocument,
  figures: readonly BookletFigure[],
  options: SheetOptions,
): Sheet {
  const copies = document.pieces.reduce((n, p) => n + p.count, 0)
  const frame = (f: BookletFigure) => (gap: number) =>
    drawSolution(document, f.polygon, [], { gap }).bounds
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
          entries: figures.map((f, i) => ({
            caption: String(i + 1),
            draw: (gap) => silhouetteDrawing(f.polygon, gap),
            frame: frame(f),
          })),
        },
        {
          heading: 'Solutions',
          newPage: true,
          entries: figures.map((f, i) => ({
            caption: f.solutions === 1 ? String(i + 1) : `${i + 1} (one of ${f.solutions})`,
            draw: (gap) => drawSolution(document, f.polygon, f.tiling, { gap }),
            frame: frame(f),
          })),
        },
      ],
      pieces: document.pieces,
    },
    options,
  )
}
