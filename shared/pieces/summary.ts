import { convexOutlineCount } from '../convex/outlines'
import type { PieceData } from '../formats/load'

/** What the lists of piece sets show: pieces (copies counted), kinds, area, convex outlines. */
export interface SetSummary {
  readonly name: string
  readonly description?: string
  readonly pieces: number
  readonly kinds: number
  /** Half-square triangles. */
  readonly area: number
  /** Convex outlines of that area: the figures Programs 2 and 3 try. */
  readonly outlines: number
}

export function setSummary(set: {
  readonly name: string
  readonly description?: string
  readonly pieces: readonly Pick<PieceData, 'count' | 'area'>[]
}): SetSummary {
  const area = set.pieces.reduce((s, p) => s + p.area * p.count, 0)
  return {
    name: set.name,
    ...(set.description ? { description: set.description } : {}),
    pieces: set.pieces.reduce((s, p) => s + p.count, 0),
    kinds: set.pieces.length,
    area,
    outlines: convexOutlineCount(area),
  }
}
