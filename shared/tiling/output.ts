import type { D4 } from '../lattice/d4'
import { plural } from '../plural'
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

/** A kind a tiling leaves out copies of (a count range allows it), and how many. */
export interface LeftOut {
  readonly piece: string
  readonly copies: number
}

/** The copies a tiling leaves out: of each kind, its most copies less those placed. */
export function leftOut(
  pieces: readonly { name: string; count: number }[],
  tiling: readonly PlacedPiece[],
): LeftOut[] {
  const placed = pieces.map(() => 0)
  for (const p of tiling) placed[p.piece]++
  return pieces.flatMap((p, i) =>
    placed[i] < p.count ? [{ piece: p.name, copies: p.count - placed[i] }] : [],
  )
}

/** "T, X ×2" (or "none"): what a tiling leaves out, for the text output. */
export function leftOutText(left: readonly LeftOut[]): string {
  return left.length === 0
    ? 'none'
    : left.map((l) => (l.copies > 1 ? `${l.piece} ×${l.copies}` : l.piece)).join(', ')
}

/** What a count (or a list of tilings) made in `mode` counts, in words, for files and screens. */
export function conventionText(mode: SymmetryMode): string {
  return mode === 'raw'
    ? 'every tiling of the fixed figure; identical pieces not told apart'
    : "up to the figure's symmetries and swaps of identical pieces, the paper's convention"
}

/**
 * A figure's count in both conventions, as `tile` prints it, the one asked for first: "1 tiling
 * (up to …); 8 on the fixed figure".
 */
export function bothCountsText(classes: number, fixed: number, mode: SymmetryMode): string {
  const [shown, other] = mode === 'raw' ? [fixed, classes] : [classes, fixed]
  return `${plural(shown, 'tiling')} (${conventionText(mode)}); ${other.toLocaleString('en')} ${mode === 'raw' ? "up to the figure's symmetries" : 'on the fixed figure'}`
}
