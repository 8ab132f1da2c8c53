/** What the edge-matching commands (cards, triangle) share around their one-go searches. */
import type { MatchResult } from '../../shared/api/run'
import { plural } from '../../shared/plural'
import { searchClock } from '../../shared/edgematch/progress'
import { formatDuration } from '../../shared/tiling/estimate'
import type { MatchSetup } from '../worker/protocol'
import { runMatch } from '../services/run/match-run'
import { activityLine, searchBar } from './progress'
import { withBar, withRunPlace } from './run'

export const statsLine = (stats: { placements: number; nodes: number }, ms: number): string =>
  `${plural(stats.placements, 'placement')} tried, ${plural(stats.nodes, 'search node')}, in ${ms.toFixed(1)} ms.`

/**
 * The search runs in one go and cannot stop halfway, so the CLI's Ctrl-C handler (which waits for
 * a clean stop) is set aside meanwhile: Ctrl-C then ends the process at once.
 */
export function whileCtrlCQuits<T>(run: () => T): T {
  const handlers = process.listeners('SIGINT')
  process.removeAllListeners('SIGINT')
  try {
    return run()
  } finally {
    for (const h of handlers) process.on('SIGINT', h)
  }
}

/**
 * Runs a search with a progress bar on stderr (on a terminal, unless `enabled` is false): `run`
 * gets the solver's progress callback (nodes, share of the tree done). A search for the first
 * solution (`first`) shows a line of its nodes and time instead.
 */
export function withSearchBar<T>(
  enabled: boolean,
  run: (onProgress: (nodes: number, fraction: number) => void) => T,
  first = false,
): T {
  const bar = first ? activityLine(enabled) : searchBar(enabled)
  const clock = searchClock()
  const t0 = performance.now()
  try {
    return run((nodes, fraction) => bar.update(clock(fraction, nodes, performance.now() - t0)))
  } finally {
    bar.stop()
  }
}

/**
 * Counts the boards of a puzzle on the task farm: a worker process here, or the machines serving
 * the queue at `queue`, with the search's bar. Null when Ctrl-C stopped it (a line says so).
 */
export async function countOnFarm(
  setup: Omit<MatchSetup, 'goal' | 'keep'>,
  o: { readonly queue?: string; readonly progress?: boolean },
  signal: AbortSignal,
): Promise<MatchResult | null> {
  const t0 = performance.now()
  const r = await withRunPlace({ jobs: '1', queue: o.queue }, ({ transport }) =>
    withBar(searchBar(o.progress !== false), (hooks) =>
      runMatch({
        setup: { ...setup, goal: 'count', keep: 0 } as MatchSetup,
        transport,
        signal,
        onProgress: (p) => hooks.onProgress({ ...p, fraction: p.fraction ?? 0 }),
        onNotice: hooks.onNotice,
      }),
    ),
  )
  if (!r)
    process.stderr.write(
      `stopped after ${formatDuration((performance.now() - t0) / 1000)}; nothing was counted\n`,
    )
  return r
}
