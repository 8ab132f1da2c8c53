import type { WorkbenchDocument } from '../document/document'
import { assembleDrawing, centroid, drawSolution, type SolutionDrawing } from '../drawing/solution'
import type { Point } from '../lattice/polygon'
import type { PlacedPiece } from '../tiling/problem'

/** Silhouettes as the booklet and the app draw them, through the one drawing model. */
export const SILHOUETTE_COLOR = '#2b2b2b'
/** Pieces two tilings share, drawn back so that those that differ stand out. */
const SHARED_COLOR = '#e3e6ec'

/** The figure as a puzzle shows it: filled, no piece edges. */
export function silhouetteDrawing(polygon: readonly Point[], gap = 0): SolutionDrawing {
  const fill = { piece: -1, name: '', color: SILHOUETTE_COLOR, polygon, label: centroid(polygon) }
  return assembleDrawing(polygon, [fill], [], { gap })
}

/**
 * One of two tilings of a figure with the pieces the other lacks (`differ`, indices into the
 * tiling) in their colours and the rest greyed: what would have to change to make it unique.
 */
export function differenceDrawing(
  document: WorkbenchDocument,
  polygon: readonly Point[],
  tiling: readonly PlacedPiece[],
  differ: readonly number[],
): SolutionDrawing {
  const d = drawSolution(document, polygon, tiling)
  const marked = new Set(differ)
  return {
    ...d,
    pieces: d.pieces.map((p, i) => (marked.has(i) ? p : { ...p, color: SHARED_COLOR })),
  }
}
