import { convexOutlineCount } from '../convex/outlines'
import type { PieceData } from '../formats/load'

/** What the lists of piece sets show: pieces (copies counted), kinds, area, convex outlines. */
export interface SetSummary {
  readonly name: string
  readonly description?: string
  /** Copies counted; with count ranges, the most a tiling uses. */
  readonly pieces: number
  readonly kinds: number
  /** Half-square triangles; with count ranges, the most a tiling covers. */
  readonly area: number
  /** With count ranges only: the fewest copies and the least area a tiling may use. */
  readonly fewest?: { readonly pieces: number; readonly area: number }
  /**
   * Convex outlines of that area: the figures Programs 2 and 3 try. Absent for a set with count
   * ranges, which those programs refuse (their outlines are of one area).
   */
  readonly outlines?: number
}

type Counted = Pick<PieceData, 'count' | 'min' | 'area'>

export function setSummary(set: {
  readonly name: string
  readonly description?: string
  readonly pieces: readonly Counted[]
}): SetSummary {
  const most = copiesAndArea(set.pieces, (p) => p.count)
  const least = copiesAndArea(set.pieces, (p) => p.min ?? p.count)
  const ranged = least.pieces !== most.pieces
  return {
    name: set.name,
    ...(set.description ? { description: set.description } : {}),
    pieces: most.pieces,
    kinds: set.pieces.length,
    area: most.area,
    ...(ranged ? { fewest: least } : { outlines: convexOutlineCount(most.area) }),
  }
}

function copiesAndArea(
  pieces: readonly Counted[],
  copies: (p: Counted) => number,
): { pieces: number; area: number } {
  return {
    pieces: pieces.reduce((s, p) => s + copies(p), 0),
    area: pieces.reduce((s, p) => s + p.area * copies(p), 0),
  }
}
