import { convexCases, type OutlineCase } from '../convex/convex'
import { InputError } from '../errors'
import type { Point } from '../lattice/polygon'
import type { PieceKind } from '../tiling/problem'
import { prepareFigure, ruleOuts, type RuleOuts } from '../tiling/rule-out'
import { TilingSearch, type TilingCounts } from '../tiling/search'

/**
 * Piece sets compared (issue 14): every convex outline of their common area, counted for each
 * set (tilings up to the outline's symmetries, and of the fixed figure), so that a designer sees
 * which outlines only one set makes, which all do, and how many ways each has. Each count is a
 * task of its own on the task farm (electron/services/compare-run.ts).
 */
export interface ComparedSet {
  readonly name: string
  readonly pieces: readonly PieceKind[]
}

export interface ComparedOutline {
  readonly number: number
  readonly name: string
  readonly polygon: readonly Point[]
  /** Per set, in the order given: its counts ({0, 0}: it does not make the outline). */
  readonly counts: readonly TilingCounts[]
}

export interface CompareProgress {
  /** Outline × set counts finished, of all. */
  readonly done: number
  readonly total: number
}

export interface Comparison {
  readonly area: number
  readonly outlines: readonly ComparedOutline[]
}

/** Sets compared at most side by side. */
export const MAX_COMPARED = 8

/**
 * The outlines the sets are compared on (the convex outlines of their common area), or a
 * one-line refusal: too few or too many sets, areas that differ.
 */
export function comparePlan(sets: readonly ComparedSet[]): { area: number; cases: OutlineCase[] } {
  if (sets.length < 2 || sets.length > MAX_COMPARED)
    throw new InputError(`compare 2 to ${MAX_COMPARED} sets, not ${sets.length}`)
  const areas = sets.map((s) => s.pieces.reduce((n, p) => n + p.shape.area * p.count, 0))
  if (areas.some((a) => a !== areas[0]))
    throw new InputError(
      `sets compare only when they cover the same area: ${sets.map((s, i) => `${s.name} ${areas[i]}`).join(', ')} half-squares`,
    )
  return convexCases(sets[0].pieces)
}

/** A set's counts of one outline ({0, 0}: it does not make it). */
export function countOutline(
  polygon: readonly Point[],
  pieces: readonly PieceKind[],
  rules: RuleOuts,
): TilingCounts {
  const { problem, rejected } = prepareFigure(polygon, pieces, rules)
  if (!problem || rejected) return { solutions: 0, fixed: 0 }
  const search = new TilingSearch(problem, 'reduce')
  while (search.step(Infinity) !== 'done');
  return { ...search.counts }
}

/** The comparison in one go, in this process: what the task farm's run (compare-run.ts) equals. */
export function compareSets(sets: readonly ComparedSet[]): Comparison {
  const { area, cases } = comparePlan(sets)
  const rules = sets.map((s) => ruleOuts(s.pieces))
  return {
    area,
    outlines: cases.map((c) => ({
      number: c.number,
      name: c.name,
      polygon: c.polygon,
      counts: sets.map((s, i) => countOutline(c.polygon, s.pieces, rules[i])),
    })),
  }
}

/** Who makes an outline: the indices of the sets with a tiling of it. */
export const makers = (o: ComparedOutline): number[] =>
  o.counts.flatMap((c, i) => (c.solutions > 0 ? [i] : []))

/** A set's part in a comparison: the outlines it makes, those no other set makes, its tilings. */
export interface SetTotals {
  readonly outlines: number
  readonly only: number
  /** Of all the outlines, each up to its symmetries. */
  readonly tilings: number
}

/** Per set of the `sets` compared, in their order: what it makes of the outlines. */
export function compareTotals(c: Comparison, sets: number): SetTotals[] {
  const made = c.outlines.map(makers)
  return Array.from({ length: sets }, (_, i) => ({
    outlines: made.filter((m) => m.includes(i)).length,
    only: made.filter((m) => m.length === 1 && m[0] === i).length,
    tilings: c.outlines.reduce((n, o) => n + o.counts[i].solutions, 0),
  }))
}
