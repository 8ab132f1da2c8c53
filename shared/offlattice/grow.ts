import {
  applyIsometry,
  ISOMETRIES,
  normalizeOrientation,
  translate,
  type XPoint,
} from '../exact/geometry'
import { sub } from '../exact/root2'
import { outlineOf } from './outline'
import type { OffPart, OffPiece } from './search'
import { scalePolygon } from './scale'
import { polygonImage, regionKey } from './symmetry'
import { overlaps, zpolygon } from './zgeometry'

/**
 * Figures grown at random from pieces turned by any multiple of 45° and mirrored (issue 25): each
 * piece after the first laid with one of its corners on a corner of those laid, where it overlaps
 * none of them, and mostly where it touches them along an edge, as in the tangram books. The
 * figure is the outline of what was laid (a region: pinches and holes may appear); the pieces as
 * laid are one tiling of it. The Puzzles view's and `puzzles --turns 45`'s figures, and the
 * tests' random figures off the lattice.
 */
export interface LaidPiece {
  readonly name: string
  readonly corners: readonly XPoint[]
}

export interface GrownFigure {
  readonly parts: OffPart[]
  /** The pieces as laid: one tiling of the figure. */
  readonly laid: LaidPiece[]
}

/**
 * The scale that makes every corner whole in a + b√2 for pieces with whole (lattice) corners,
 * turned and moved onto each other's corners: a turn by 45° brings in halves of √2.
 */
const SCALE = 2n
/** Tries to lay a piece before it is left out (the draw then makes no figure of the whole set). */
const ATTEMPTS = 40
/** Of those, the first ones take only places where the piece shares part of an edge. */
const EDGE_ATTEMPTS = 30

/** Lays the pieces in the order given, each as `random` (in [0, 1)) chooses; some may not fit. */
export function growFigure(shapes: readonly LaidPiece[], random: () => number): GrownFigure {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]
  const laid: LaidPiece[] = []
  const zs: ReturnType<typeof zpolygon>[] = []
  for (const piece of shapes) {
    const g = pick(ISOMETRIES)
    const shape = normalizeOrientation(piece.corners.map((p) => applyIsometry(g, p)))
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      let corners = shape
      if (laid.length > 0) {
        const target = pick(pick(laid).corners)
        const own = pick(shape)
        corners = translate(shape, sub(target[0], own[0]), sub(target[1], own[1]))
      }
      const z = zpolygon(scalePolygon(corners, SCALE, piece.name))
      if (zs.some((q) => overlaps(z, q))) continue
      const joined = [...laid.map((l) => l.corners), corners]
      if (attempt < EDGE_ATTEMPTS && laid.length > 0 && outlineOf(joined).length > 1) continue
      laid.push({ name: piece.name, corners })
      zs.push(z)
      break
    }
  }
  return { parts: outlineOf(laid.map((l) => l.corners)), laid }
}

/** Every copy of every piece of the set, in the set's order: what a figure of the set lays. */
export function copiesOf(pieces: readonly OffPiece[]): LaidPiece[] {
  return pieces.flatMap((p) => Array.from({ length: p.count }, () => p))
}

/**
 * A figure of one outline grown from every copy of the set's pieces, or undefined when a piece
 * did not fit or the outline pinched or enclosed a hole: a silhouette puzzle is one solid shape.
 */
export function growSilhouette(
  pieces: readonly OffPiece[],
  random: () => number,
): GrownFigure | undefined {
  const copies = copiesOf(pieces)
  const grown = growFigure(copies, random)
  if (grown.laid.length < copies.length) return undefined
  if (grown.parts.length !== 1 || grown.parts[0].holes.length > 0) return undefined
  return grown
}

/**
 * A key equal for congruent figures (any of the 16 isometries, then a translation): the least of
 * the translation keys (`regionKey`) of its images. Taken at one scale for every figure, so that
 * keys of figures of one set compare.
 */
export function congruenceKey(parts: readonly OffPart[]): string {
  // Each ring counter-clockwise, as the images keep it: a mirror image given reads the same.
  const rings = parts
    .flatMap((p) => [p.outline, ...p.holes])
    .map((r) => scalePolygon(normalizeOrientation(r), SCALE, 'the figure'))
  let least: string | undefined
  for (const g of ISOMETRIES) {
    const key = regionKey(rings.map((r) => polygonImage(g, r))).key
    if (least === undefined || key < least) least = key
  }
  return least!
}
