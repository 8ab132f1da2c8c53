/**
 * How far a depth-first search has come, for the edge-matching solvers (cards, triangle), whose
 * one search has no parts to weigh: at each level of the path it stands on, the branches before
 * the one it is in are done, each taken as an equal share of its parent (the usual reading of a
 * backtracking tree's position, Knuth's equal-subtree assumption). The share only grows as the
 * search goes on, since a level's branches all lie within one branch of the level above, and is 1
 * when the search ends.
 */
export interface SearchProgress {
  /** Of the search tree, in [0, 1]. */
  readonly fraction: number
  /** Search nodes so far. */
  readonly nodes: number
  readonly elapsedMs: number
  /** From the rate of the share done (`searchProgress`). */
  readonly etaSeconds?: number
}

/**
 * The share of the tree done, levels 0 … `levels` − 1 of the path: at level d the branch in
 * progress is `at(d)` of the candidates `from(d)` … `to(d)` − 1.
 */
export function treeFraction(
  levels: number,
  at: (d: number) => number,
  from: (d: number) => number,
  to: (d: number) => number,
): number {
  let fraction = 0
  let share = 1
  for (let d = 0; d < levels; d++) {
    const width = to(d) - from(d)
    if (width <= 0) break
    share /= width
    fraction += share * (at(d) - from(d))
  }
  return Math.min(1, fraction)
}

/**
 * A search's progress at `elapsedMs`, with the time left from the rate of the share done, once a
 * second has gone: a share of the tree however small says something (a board of 16 × 16 random
 * cards shows 10⁻¹² done after a minute: about 10⁵ years left), so none is waited for.
 */
export const searchProgress = (
  fraction: number,
  nodes: number,
  elapsedMs: number,
): SearchProgress => ({
  fraction,
  nodes,
  elapsedMs,
  ...(elapsedMs >= MIN_MS && fraction > 0
    ? { etaSeconds: ((elapsedMs / fraction) * (1 - fraction)) / 1000 }
    : {}),
})

const MIN_MS = 1000

/** "37 %", or with two significant figures below 1 %: "0.0012 %". */
export const formatShare = (fraction: number): string =>
  fraction >= 0.01 || fraction === 0
    ? `${Math.floor(fraction * 100)} %`
    : `${Number((fraction * 100).toPrecision(2))} %`
