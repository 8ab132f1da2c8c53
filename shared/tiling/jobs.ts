import type { EngineKind } from '../exactcover/engine'
import {
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
 * builds the same problem (building is deterministic).
 */
export interface SearchPart {
  readonly prefix: readonly number[]
  /**
   * The part's share of the search tree by position (one over the branching at each level of its
   * prefix); the shares of all parts add up to 1. The engines measure progress the same way.
   */
  readonly share: number
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
): SearchPart[] {
  const plan = setup ?? planSearch(problem, mode)
  let frontier: SearchPart[] = [{ prefix: [], share: 1 }]
  for (let depth = 0; depth < 6 && frontier.length < parts; depth++) {
    const next: SearchPart[] = []
    let expanded = false
    for (const part of frontier) {
      const branches = new TilingSearch(problem, mode, part.prefix, 'bits', plan).branchOptions()
      if (branches === undefined) next.push(part)
      else {
        expanded = true
        for (const b of branches)
          next.push({ prefix: [...part.prefix, b], share: part.share / branches.length })
      }
    }
    frontier = next
    if (!expanded) break
  }
  return frontier
}

export interface RunPartHooks {
  readonly onSolution?: (s: TilingSolution) => void
  /** Called every `stepBudget` placements with the part's progress so far. */
  readonly onProgress?: (placements: number, fraction: number) => void
  /** Polled between steps; returning true ends the part early (its outcome is then partial). */
  readonly shouldStop?: () => boolean
  readonly stepBudget?: number
  readonly engine?: EngineKind
  readonly setup?: SearchSetup
}

/** Runs one part to its end (or until told to stop), streaming its solutions. */
export function runPart(
  problem: TilingProblem,
  mode: SymmetryMode,
  part: SearchPart,
  hooks: RunPartHooks = {},
): PartOutcome & { complete: boolean } {
  const search = new TilingSearch(problem, mode, part.prefix, hooks.engine ?? 'bits', hooks.setup)
  const budget = hooks.stepBudget ?? 200_000
  for (;;) {
    const status = search.step(budget)
    if (status === 'done') return { counts: search.counts, stats: search.stats(), complete: true }
    if (status === 'solution') hooks.onSolution?.(search.solution())
    else hooks.onProgress?.(search.stats().placements, search.progress())
    if (hooks.shouldStop?.())
      return { counts: search.counts, stats: search.stats(), complete: false }
  }
}
