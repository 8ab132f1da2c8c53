import type { D4 } from '../lattice/d4'
import { transformPolygon, translatePolygon, type Point } from '../lattice/polygon'
import type { PlacedPiece } from './problem'
import type { SymmetryMode } from './search'

/** A placed piece as files and scripts see it: its name, its polygon, and the move that put it there. */
export interface PlacedPieceJson {
  readonly piece: string
  readonly polygon: Point[]
  readonly move: { readonly symmetry: D4; readonly dx: number; readonly dy: number }
}

export function placedPieceJson(
  pieces: readonly { name: string; polygon: readonly Point[] }[],
  p: PlacedPiece,
): PlacedPieceJson {
  const piece = pieces[p.piece]
  return {
    piece: piece.name,
    polygon: translatePolygon(transformPolygon(piece.polygon, p.g), p.dx, p.dy),
    move: { symmetry: p.g, dx: p.dx, dy: p.dy },
  }
}

/** What a count (or a list of tilings) made in `mode` counts, in words, for files and screens. */
export function conventionText(mode: SymmetryMode): string {
  return mode === 'raw'
    ? 'every tiling of the fixed figure; identical pieces not told apart'
    : "up to the figure's symmetries and swaps of identical pieces, the paper's convention"
}
