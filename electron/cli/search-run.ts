/** What the edge-matching commands (cards, triangle) share around their one-go searches. */
import { plural } from '../../shared/plural'

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
