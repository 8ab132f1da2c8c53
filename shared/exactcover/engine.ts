import type { Branch, RunStatus, SearchStats } from './dlx'

/** What the tiling layer needs from an exact-cover search; both engines provide it. */
export interface ExactCoverEngine {
  readonly stats: SearchStats
  run(budget: number): RunStatus
  solution(): number[]
  progress(): number
  branch(): Branch | undefined
  isDone(): boolean
  /** Knuth's random-probe estimate of the nodes the search will visit (before running). */
  estimateNodes?(probes: number, random: () => number): number
}

/**
 * 'bits' fills the first free item using bitmask fit tests; 'dlx' is dancing links with the
 * minimum-remaining-values rule. Both solve the same problems and are cross-checked in tests.
 */
export type EngineKind = 'bits' | 'dlx'
