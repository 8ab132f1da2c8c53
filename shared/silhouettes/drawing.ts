import type { WorkbenchDocument } from '../document/document'
import { drawDissection } from '../drawing/dissection'
import {
  assembleDrawing,
  centroid,
  drawSolution,
  UNKNOWN_COLOR,
  type SolutionDrawing,
} from '../drawing/solution'
import type { XPoint } from '../exact/geometry'
import { toNumber } from '../exact/root2'
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

/** A figure off the lattice (pieces at 45°) as a puzzle shows it: its exact outline, drawn. */
export function exactSilhouetteDrawing(corners: readonly XPoint[], gap = 0): SolutionDrawing {
  return silhouetteDrawing(
    corners.map(([x, y]) => [toNumber(x), toNumber(y)]),
    gap,
  )
}

/** A tiling of a figure off the lattice, each piece in its kind's colour (pieces index the set). */
export function exactTilingDrawing(
  document: WorkbenchDocument,
  corners: readonly XPoint[],
  tiling: readonly { readonly piece: number; readonly corners: readonly XPoint[] }[],
  gap = 0,
): SolutionDrawing {
  const parts = tiling.map((p) => {
    const source = document.pieces[p.piece]
    return {
      piece: p.piece,
      name: source?.name ?? `piece ${p.piece + 1}`,
      color: source?.color ?? UNKNOWN_COLOR,
      corners: p.corners,
    }
  })
  return drawDissection(corners, parts, { gap })
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
