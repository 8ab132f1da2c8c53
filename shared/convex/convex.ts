import { LIMITS } from '../limits'
import { InputError } from '../errors'
import type { Point } from '../lattice/polygon'
import { coloringObstruction } from '../tiling/coloring'
import {
  buildTilingProblem,
  totalPieceArea,
  type PieceKind,
  type TilingProblem,
} from '../tiling/problem'
import {
  convexOutlines,
  describePolygon,
  outlinePolygon,
  outlineSymmetryOrder,
  type ConvexOutline,
} from './outlines'

/**
 * Programs 2 and 3 of the paper: every convex figure a piece set makes, grouped by outline. As in
 * Program 3 the outlines of the set's area come first; each is then an ordinary tiling problem.
 * Outlines that cannot work are rejected by cheap arguments before any search: a piece that fits
 * nowhere (the large triangle in the 1 × 8 rectangle), a part of the outline no piece reaches,
 * a colouring argument.
 */
export interface OutlineCase {
  /** Position in the list of outlines, from 1. */
  readonly number: number
  readonly outline: ConvexOutline
  readonly polygon: readonly Point[]
  /** "right trapezoid 2, 5, 2√2, 3" */
  readonly name: string
  /** Symmetries of the square that map the outline onto itself. */
  readonly symmetryOrder: number
}

/** The outlines a set's convex figures can have: one per congruence class of its area. */
export function convexCases(pieces: readonly PieceKind[]): { area: number; cases: OutlineCase[] } {
  const area = totalPieceArea(pieces)
  return { area, cases: outlineCases(area) }
}

/** The convex outlines of an area, numbered. */
export function outlineCases(area: number): OutlineCase[] {
  if (area > LIMITS.maxOutlineArea) {
    throw new InputError(
      `the pieces cover ${area} half-squares; listing convex outlines stops at ${LIMITS.maxOutlineArea} (there would be about ${estimateOutlineCount(area).toLocaleString('en')})`,
    )
  }
  return convexOutlines(area).map((outline, i) => {
    const polygon = outlinePolygon(outline)
    return {
      number: i + 1,
      outline,
      polygon,
      name: describePolygon(polygon),
      symmetryOrder: outlineSymmetryOrder(outline),
    }
  })
}

/** The tiling problem of one outline and, if a cheap argument settles it, why it has no tiling. */
export function prepareCase(
  c: OutlineCase,
  pieces: readonly PieceKind[],
): { problem: TilingProblem; rejected?: string } {
  const problem = buildTilingProblem(c.polygon, pieces)
  return { problem, rejected: problem.obstruction ?? coloringObstruction(problem) }
}

/** The outlines as figures to tile, each prepared (built, and settled if it can be) on demand. */
export function outlineFigures(cases: readonly OutlineCase[], pieces: readonly PieceKind[]) {
  return cases.map((c) => ({
    name: c.name,
    polygon: c.polygon,
    prepare: () => prepareCase(c, pieces),
  }))
}

/**
 * Rough number of convex outlines of area F, fitted to the exact counts (4 490 for F = 1 000,
 * 86 576 for F = 5 000); used only to explain a refusal.
 */
export function estimateOutlineCount(F: number): number {
  return Math.round(4490 * (F / 1000) ** 1.84)
}
