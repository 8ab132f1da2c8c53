/** What the edge-matching commands (cards, triangle) share around their one-go searches. */
import { plural } from '../../shared/plural'
import { searchClock } from '../../shared/edgematch/progress'
import { activityLine, searchBar } from './progress'

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
