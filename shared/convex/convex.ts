import { LIMITS } from '../limits'
import { InputError } from '../errors'
import type { Point } from '../lattice/polygon'
import { hasRanges, totalPieceArea, type PieceKind } from '../tiling/problem'
import { prepareFigure, ruleOuts } from '../tiling/rule-out'
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
 * Outlines that cannot work are rejected by cheap arguments before any search (`rule-out.ts`): a
 * side no piece can make, a piece that fits nowhere (the large triangle in the 1 × 8 rectangle),
 * a colouring argument; most of them before the outline's problem is even built.
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
  // The outlines are those of one area: a set whose ranges reach several is asked with `tile`.
  if (hasRanges(pieces))
    throw new InputError(
      'the convex figures are those of the whole set: give whole counts, not ranges (tile takes a board with ranges)',
    )
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

/**
 * The outlines as figures to tile, each prepared on demand (`prepareFigure`): ruled out by a cheap
 * argument where one applies, its tiling problem built only where none does.
 */
export function outlineFigures(cases: readonly OutlineCase[], pieces: readonly PieceKind[]) {
  const rules = ruleOuts(pieces)
  return cases.map((c) => ({
    name: c.name,
    polygon: c.polygon,
    prepare: () => prepareFigure(c.polygon, pieces, rules),
  }))
}

/**
 * Rough number of convex outlines of area F, fitted to the exact counts (4 490 for F = 1 000,
 * 86 576 for F = 5 000); used only to explain a refusal.
 */
export function estimateOutlineCount(F: number): number {
  return Math.round(4490 * (F / 1000) ** 1.84)
}
