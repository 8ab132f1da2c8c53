import { formatEdgeLength, transformPolygon, type Point } from '../lattice/polygon'
import { regionRings, shapeArea, type FigureShape } from '../lattice/region'
import {
  coloringObstruction,
  coloringReason,
  coloringWeights,
  rasterWeight,
  type ColoringWeights,
} from './coloring'
import {
  areaMismatch,
  buildTilingProblem,
  figureFit,
  fitsSomewhere,
  leastCopies,
  type PieceKind,
  type TilingProblem,
} from './problem'

/**
 * Sound rule-outs before any search: arguments that prove a figure has no tiling by the pieces
 * without building its exact-cover matrix, each with the reason shown in the tables. What they
 * need of the piece set (the directions its sides can face, the weights of its pieces under every
 * colouring and the totals those reach) is worked out once per set by `ruleOuts`; a figure then
 * costs its raster at most. In order, cheapest and plainest first:
 *
 * - another area than the pieces': a tiling uses every piece exactly its count, or within its
 *   range (so that, among a document's figures, one of the wrong area gets this verdict and the
 *   others are searched);
 * - a side of the figure that no piece can lie along: the pieces along a side of the figure have
 *   sides facing the same way, so a set of square-cell pieces makes no figure with a diagonal side;
 * - a piece that fits nowhere in the figure (one a range lets a tiling leave out excepted);
 * - a colouring argument (`coloring.ts`) with the pieces' weights anywhere in the plane.
 */
export interface RuleOut {
  /** One line for the tables: "the piece "X" fits nowhere in the figure". */
  readonly reason: string
}

/** Rules figures out for one piece set; build it once per set and ask it about every figure. */
export interface RuleOuts {
  /** Why the figure has no tiling, if a rule-out proves it; undefined if none does. */
  readonly check: (figure: FigureShape) => RuleOut | undefined
  /** The colourings' weights of the set's pieces, for `coloringObstruction` once a problem is built. */
  readonly colorings: readonly ColoringWeights[]
}

/** A figure prepared for the search: its problem, or why it has no tiling (then possibly none). */
export type PreparedFigure =
  | { readonly rejected: string; readonly problem?: undefined }
  | { readonly problem: TilingProblem; readonly rejected?: string }

/**
 * The one way a figure is prepared: the rule-outs first, and only if none applies the exact-cover
 * problem, with the arguments that need its placements (a part of the figure no piece covers,
 * colourings with the weights of the placements that fit).
 */
export function prepareFigure(
  figure: FigureShape,
  pieces: readonly PieceKind[],
  rules: RuleOuts,
): PreparedFigure {
  const ruled = rules.check(figure)
  if (ruled) return { rejected: ruled.reason }
  const problem = buildTilingProblem(figure, pieces)
  return { problem, rejected: problem.obstruction ?? coloringObstruction(problem, rules.colorings) }
}

export function ruleOuts(pieces: readonly PieceKind[]): RuleOuts {
  const facing = sideDirections(pieces)
  const squareCells = ![...facing].some(diagonal)
  const colorings = coloringWeights(pieces)
  const check = (figure: FigureShape): RuleOut | undefined => {
    const mismatch = areaMismatch(pieces, shapeArea(figure))
    if (mismatch) return { reason: mismatch }
    // Rings with the figure on their left: a hole's sides face into the hole.
    for (const ring of regionRings(figure)) {
      for (let i = 0; i < ring.length; i++) {
        const a = ring[i]
        const b = ring[(i + 1) % ring.length]
        if ((a[0] === b[0] && a[1] === b[1]) || facing.has(outwardDirection(a, b))) continue
        const side = `the side ${formatEdgeLength(a, b)} from (${a.join(', ')}) to (${b.join(', ')})`
        return {
          reason: squareCells
            ? `square-cell pieces make no diagonal side, and the figure has one: ${side}`
            : `no piece has a side that can lie along ${side}`,
        }
      }
    }
    const fit = figureFit(figure)
    const misfit = pieces.find(
      (p) => leastCopies(p) > 0 && !fitsSomewhere(fit, p.shape.orientations),
    )
    if (misfit) return { reason: `the piece "${misfit.name}" fits nowhere in the figure` }
    for (const { coloring, anywhere, reach } of colorings) {
      const target = rasterWeight(coloring, fit.quarters)
      if (!reach.has(target)) return { reason: coloringReason(coloring, target, anywhere, pieces) }
    }
    return undefined
  }
  return { check, colorings }
}

/**
 * The way the edge a → b of a counter-clockwise polygon faces (its outward normal (nx, ny), each
 * −1, 0 or 1), as the number 3·(nx + 1) + ny + 1.
 */
function outwardDirection(a: Point, b: Point): number {
  return 3 * (Math.sign(b[1] - a[1]) + 1) + 1 - Math.sign(b[0] - a[0])
}

/** Whether a direction of `outwardDirection` is diagonal: neither component 0. */
const diagonal = (direction: number) => direction % 3 !== 1 && Math.floor(direction / 3) !== 1

/** The directions some side of some piece faces, in some orientation the piece may take. */
function sideDirections(pieces: readonly PieceKind[]): Set<number> {
  const facing = new Set<number>()
  for (const p of pieces) {
    for (const o of p.shape.orientations) {
      const poly = transformPolygon(p.shape.polygon, o.g)
      poly.forEach((a, i) => facing.add(outwardDirection(a, poly[(i + 1) % poly.length])))
    }
  }
  return facing
}
