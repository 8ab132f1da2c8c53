import { convexCases } from '../convex/convex'
import { InputError } from '../errors'
import type { Point } from '../lattice/polygon'
import type { PieceKind } from '../tiling/problem'
import { prepareFigure, ruleOuts } from '../tiling/rule-out'
import { TilingSearch, type TilingCounts } from '../tiling/search'

/**
 * Piece sets compared (issue 14): every convex outline of their common area, counted for each
 * set (tilings up to the outline's symmetries, and of the fixed figure), so that a designer sees
 * which outlines only one set makes, which all do, and how many ways each has. A generator that
 * yields every few thousand placements, so that callers run it in slices and stop it at once.
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
/** Placements between two yields. */
const STEP = 20_000

export function* compareSets(sets: readonly ComparedSet[]): Generator<CompareProgress, Comparison> {
  if (sets.length < 2 || sets.length > MAX_COMPARED)
    throw new InputError(`compare 2 to ${MAX_COMPARED} sets, not ${sets.length}`)
  const areas = sets.map((s) => s.pieces.reduce((n, p) => n + p.shape.area * p.count, 0))
  if (areas.some((a) => a !== areas[0]))
    throw new InputError(
      `sets compare only when they cover the same area: ${sets.map((s, i) => `${s.name} ${areas[i]}`).join(', ')} half-squares`,
    )
  const { area, cases } = convexCases(sets[0].pieces)
  const rules = sets.map((s) => ruleOuts(s.pieces))
  const total = cases.length * sets.length
  let done = 0
  const outlines: ComparedOutline[] = []
  for (const c of cases) {
    const counts: TilingCounts[] = []
    for (const [i, set] of sets.entries()) {
      const { problem, rejected } = prepareFigure(c.polygon, set.pieces, rules[i])
      if (!problem || rejected) counts.push({ solutions: 0, fixed: 0 })
      else {
        const search = new TilingSearch(problem, 'reduce')
        while (search.step(STEP) !== 'done') yield { done, total }
        counts.push({ ...search.counts })
      }
      done++
    }
    outlines.push({ number: c.number, name: c.name, polygon: c.polygon, counts })
    yield { done, total }
  }
  return { area, outlines }
}

/** Who makes an outline: the indices of the sets with a tiling of it. */
export const makers = (o: ComparedOutline): number[] =>
  o.counts.flatMap((c, i) => (c.solutions > 0 ? [i] : []))
