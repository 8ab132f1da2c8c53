/**
 * How far a depth-first search has come, for the edge-matching solvers (cards, triangle), whose
 * one search has no parts to weigh: at each level of the path it stands on, the branches before
 * the one it is in are done, each taken as an equal share of its parent (the usual reading of a
 * backtracking tree's position, Knuth's equal-subtree assumption). Only branches the search will
 * enter count: a candidate it skips at once (a card type used up, an identical piece's copy out
 * of turn, a turn of the marker card that symmetry rules out) has no subtree, and taking it as a
 * share made the bar jump past it and then stall in the branches that hold the work (a framed
 * board's first cell: one corner of four is searched, so the bar crawled to 25 % and jumped to
 * the end). The share only grows as the search goes on, since a level's branches all lie within
 * one branch of the level above, and is 1 when the search ends.
 */
import { TimeLeft } from '../time-left'
import { formatDuration } from '../tiling/estimate'

export interface SearchProgress {
  /** Of the search tree, in [0, 1]. */
  readonly fraction: number
  /** Search nodes so far. */
  readonly nodes: number
  readonly elapsedMs: number
  /** From the rate of the share done, once it can be trusted (`searchClock`). */
  readonly etaSeconds?: number
  /**
   * Until then, the plain extrapolation from the share done so far: only its order of magnitude
   * can be trusted (early subtrees differ from later ones), but a count of years says so at once.
   */
  readonly roughSeconds?: number
}

/**
 * The share of the tree done, levels 0 … `levels` − 1 of the path: at level d, `before(d)` of
 * its `width(d)` branches are done.
 */
export function treeFraction(
  levels: number,
  before: (d: number) => number,
  width: (d: number) => number,
): number {
  let fraction = 0
  let share = 1
  for (let d = 0; d < levels; d++) {
    const w = width(d)
    if (w <= 0) break
    share /= w
    fraction += share * before(d)
  }
  return Math.min(1, fraction)
}

/**
 * A search's progress from its reports (share done, nodes) at `elapsedMs` from its start, with
 * the time left said as the tilings' is (`TimeLeft`): from the rate of the share done, not
 * before 5 % of the tree and half a second, nor while the rate of the second half of the time so
 * far is over 2x from the first's; once said, on to the end. (Subtrees of one level differ, so the
 * rate of the share changes as the search moves from one to the next, fastest in the first
 * moments.) One per search.
 */
export function searchClock(): (
  fraction: number,
  nodes: number,
  elapsedMs: number,
) => SearchProgress {
  const timeLeft = new TimeLeft({ ms: 0, done: 0 })
  return (fraction, nodes, elapsedMs) => {
    const etaSeconds = timeLeft.at(elapsedMs, fraction, 1)
    if (etaSeconds !== undefined) return { fraction, nodes, elapsedMs, etaSeconds }
    if (fraction <= 0 || fraction >= 1 || elapsedMs < ROUGH_AFTER_MS)
      return { fraction, nodes, elapsedMs }
    return {
      fraction,
      nodes,
      elapsedMs,
      roughSeconds: ((elapsedMs / 1000) * (1 - fraction)) / fraction,
    }
  }
}

/** A rough time left is said from this far into a search: the first moments run fastest. */
export const ROUGH_AFTER_MS = 2000

/** The time left as the bar and the app say it: "40 s", or "roughly 1,200 years" while rough. */
export function timeLeftText(p: Pick<SearchProgress, 'etaSeconds' | 'roughSeconds'>): string {
  if (p.etaSeconds !== undefined) return formatDuration(p.etaSeconds)
  if (p.roughSeconds !== undefined) return `roughly ${formatDuration(p.roughSeconds)}`
  return '…'
}

/** "37 %", or with two significant figures below 1 %: "0.0012 %". */
export const formatShare = (fraction: number): string =>
  fraction >= 0.01 || fraction === 0
    ? `${Math.floor(fraction * 100)} %`
    : `${Number((fraction * 100).toPrecision(2))} %`
