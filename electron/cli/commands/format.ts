import type { Piece } from '../../../shared/formats/load'
import { formatPoint } from '../../../shared/lattice/polygon'
import { placedPieceJson } from '../../../shared/tiling/output'
import type { PlacedPiece } from '../../../shared/tiling/problem'

/** One line per placed piece: its name and its polygon's vertices. */
export function formatTiling(pieces: readonly Piece[], tiling: readonly PlacedPiece[]): string {
  return tiling
    .map((p) => {
      const j = placedPieceJson(pieces, p)
      return `  ${j.piece}: ${j.polygon.map((v) => formatPoint(v)).join(' ')}`
    })
    .join('\n')
}
