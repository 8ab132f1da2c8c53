import type { EngineKind } from '../exactcover/engine'
import {
  headlineCount,
  planSearch,
  TilingSearch,
  type SearchSetup,
  type SymmetryMode,
  type TilingCounts,
  type TilingSolution,
  type TilingStats,
} from './search'
import type { TilingProblem } from './problem'

/**
 * A search split into independent parts: each part forces a prefix of placements (options of the
 * search, after symmetry planning) and explores what lies below. The parts partition the search
 * tree, so their counts add up; they run in any order, in any process, as long as each process
 * builds the same problem (building is deterministic). Listed in the search's own order: the
 * tilings of part 0, then those of part 1, … come in the order one unsplit search finds them.
 */
export interface SearchPart {
  readonly prefix: readonly number[]
}

export interface SplitSearch {
  readonly parts: readonly SearchPart[]
  /**
   * The statistics of the nodes the split expanded itself, above the parts (whose statistics
   * cover only what lies below their prefixes): with every part's added (`addPartStats`), those
   * of the unsplit search.
   */
  readonly stats: TilingStats
}

export interface PartOutcome {
  readonly counts: TilingCounts
  readonly stats: TilingStats
}

/**
 * Splits the search into at least `parts` parts where the tree allows, by expanding the
 * shallowest parts first (the branches of the first free cell, then theirs).
 */
export function splitSearch(
  problem: TilingProblem,
  mode: SymmetryMode,
  parts: number,
  setup?: SearchSetup,
): SplitSearch {
  const plan = setup ?? planSearch(problem, mode)
  const stats: TilingStats = {
    tried: 0,
    placements: 0,
    symmetryPrunedPlacements: plan.pruned,
    symmetryRejectedCovers: 0,
  }
  let frontier: SearchPart[] = [{ prefix: [] }]
  for (let depth = 0; depth < 6 && frontier.length < parts; depth++) {
    const next: SearchPart[] = []
    let expanded = false
    for (const part of frontier) {
      const branch = new TilingSearch(problem, mode, part.prefix, 'bits', plan).branch()
      if (branch === undefined) next.push(part)
      else {
        expanded = true
        stats.tried += branch.tried
        stats.placements += branch.options.length
        for (const b of branch.options) next.push({ prefix: [...part.prefix, b] })
      }
    }
    frontier = next
    if (!expanded) break
  }
  return { parts: frontier, stats }
}

/** A split search's statistics with one more part's added. */
export function addPartStats(total: TilingStats, part: TilingStats): TilingStats {
  return {
    tried: total.tried + part.tried,
    placements: total.placements + part.placements,
    // Done once, before the search: every part reports the same number.
    symmetryPrunedPlacements: total.symmetryPrunedPlacements,
    symmetryRejectedCovers: total.symmetryRejectedCovers + part.symmetryRejectedCovers,
  }
}

/** How far a running part has come. */
export interface PartProgress {
  /** Placements that fitted so far (the part's `stats.placements`). */
  readonly placements: number
  /** Tilings emitted so far: the count the mode stands for (`headlineCount`). */
  readonly solutions: number
  /** Position in the part's tree, in [0, 1]: one over the branching at each level of the path. */
  readonly fraction: number
}

export interface RunPartHooks {
  readonly onSolution?: (s: TilingSolution) => void
  /**
   * Called about every `stepBudget` placements; a returned promise is awaited before the search
   * goes on (to let the process's messages through).
   */
  readonly onProgress?: (p: PartProgress) => void | Promise<void>
  /** Polled between steps; returning true ends the part early (its outcome is then partial). */
  readonly shouldStop?: () => boolean
  readonly stepBudget?: number
  readonly engine?: EngineKind
  readonly setup?: SearchSetup
}

/**
 * Runs one part to its end (or until told to stop), streaming its solutions: the one way a part
 * is searched, in a worker process or in the caller's.
 */
export async function runPart(
  problem: TilingProblem,
  mode: SymmetryMode,
  part: SearchPart,
  hooks: RunPartHooks = {},
): Promise<PartOutcome & { complete: boolean }> {
  const search = new TilingSearch(problem, mode, part.prefix, hooks.engine ?? 'bits', hooks.setup)
  const budget = hooks.stepBudget ?? 200_000
  // Placements since the last report: a part rich in tilings reports as often as any other.
  let spent = 0
  for (;;) {
    const before = search.stats().placements
    const status = search.step(budget - spent)
    spent += search.stats().placements - before
    if (status === 'done') return { counts: search.counts, stats: search.stats(), complete: true }
    if (status === 'solution') hooks.onSolution?.(search.solution())
    if (status === 'paused' || spent >= budget) {
      spent = 0
      await hooks.onProgress?.({
        placements: search.stats().placements,
        solutions: headlineCount(search.counts, mode),
        fraction: search.progress(),
      })
    }
    if (hooks.shouldStop?.())
      return { counts: search.counts, stats: search.stats(), complete: false }
  }
}

/**
 * Knuth's estimate of a search's nodes from 8 groups of 32 random probes (seeds 1 to 8): their
 * mean (all 256 probes), their median, and their spread. The plain mean is unbiased but
 * heavy-tailed: now and then a probe runs down a long branch and inflates it tenfold (or ten
 * thousandfold on the pentaboloes' lopsided trees, docs/ESTIMATES.md). The spread is the factor
 * √(largest ÷ smallest group mean): how far estimates of the same search stray between seeds.
 */
export function knuthEstimate(search: TilingSearch): {
  mean: number
  median: number
  spread: number
} {
  const means = Array.from({ length: 8 }, (_, k) => search.estimateNodes(32, k + 1)).sort(
    (a, b) => a - b,
  )
  const mean = means.reduce((t, m) => t + m, 0) / means.length
  const spread = means[0] > 0 ? Math.sqrt(means[7] / means[0]) : 1
  return { mean, median: (means[3] + means[4]) / 2, spread }
}

/**
 * A part's weight, for progress and the time left: Knuth's estimate of its nodes, as the median
 * of the means of 8 groups of 32 random probes (`knuthEstimate`): the plain mean's heavy tail
 * made the weights of the parts done stray far from the work done (on the 6 × 10 pentomino
 * rectangle in 64 parts, their running sum strayed by up to 0.64 of the whole with 16 probes a
 * part, 0.19 with 64; the median of means of 8 × 8, 0.11). The median runs low, but alike for
 * every part, and only ratios of weights are used. Groups of 32: below the breaking piece placed
 * first the parts are fewer and larger (5 × 12: 10 parts; groups of 8 strayed by 0.34, of 32 by
 * 0.14).
 */
export function partWeight(
  problem: TilingProblem,
  mode: SymmetryMode,
  part: SearchPart,
  setup?: SearchSetup,
): number {
  return knuthEstimate(new TilingSearch(problem, mode, part.prefix, 'bits', setup)).median
}
