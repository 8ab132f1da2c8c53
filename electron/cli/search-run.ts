/** What the edge-matching commands (cards, triangle) share around their searches on the farm. */
import type { MatchBoard, MatchResult } from '../../shared/api/run'
import { plural } from '../../shared/plural'
import { formatDuration } from '../../shared/tiling/estimate'
import type { MatchSetup } from '../worker/protocol'
import { runMatch } from '../services/run/match-run'
import { activityLine, searchBar } from './progress'
import { withBar, withRunPlace } from './run'

export const statsLine = (stats: { placements: number; nodes: number }, ms: number): string =>
  `${plural(stats.placements, 'placement')} tried, ${plural(stats.nodes, 'search node')}, in ${ms.toFixed(1)} ms.`

/** Boards a search for all streams at most: more could not be printed anyway. */
const ALL_BOARDS = Number.MAX_SAFE_INTEGER

/**
 * An edge-matching search on the task farm: a worker process here, or the machines serving the
 * queue at `queue`. Its bar on stderr (the share of the tree done and the time left; a search for
 * one board: its nodes and time so far); each board found goes to `onBoard` (all of them, or with
 * `canonical` one per class up to turning). Null when Ctrl-C stopped it (a line says so).
 */
export async function searchOnFarm(
  setup: Omit<MatchSetup, 'keep'>,
  o: { readonly queue?: string; readonly progress?: boolean },
  signal: AbortSignal,
  onBoard: (board: MatchBoard) => void,
): Promise<MatchResult | null> {
  const t0 = performance.now()
  const enabled = o.progress !== false
  const keep = setup.goal === 'count' ? 0 : setup.goal === 'one' ? 1 : ALL_BOARDS
  const r = await withRunPlace({ jobs: '1', queue: o.queue }, ({ transport }) =>
    withBar(setup.goal === 'one' ? activityLine(enabled) : searchBar(enabled), (hooks) =>
      runMatch({
        setup: { ...setup, keep } as MatchSetup,
        transport,
        signal,
        onProgress: (p) => hooks.onProgress({ ...p, fraction: p.fraction ?? 0 }),
        onItem: onBoard,
        onNotice: hooks.onNotice,
      }),
    ),
  )
  if (!r)
    process.stderr.write(
      `stopped after ${formatDuration((performance.now() - t0) / 1000)}; nothing was printed\n`,
    )
  return r
}
