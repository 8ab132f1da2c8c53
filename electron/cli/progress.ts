import cliProgress from 'cli-progress'
import type { RunProgress } from '../services/tiling-job'
import { formatShare, timeLeftText, type SearchProgress } from '../../shared/edgematch/progress'
import { formatEstimate, formatDuration } from '../../shared/tiling/estimate'

/** What a bar shows of a run's progress: its fraction done, and the fields of its format. */
export interface BarView {
  readonly fraction: number
  readonly elapsedMs: number
  readonly fields: Record<string, string>
}

export interface Bar<P> {
  update(p: P): void
  stop(): void
}

/**
 * A progress bar on stderr for long runs: it appears only on a terminal, only after half a
 * second, and never touches stdout, which carries the program's output alone. `format` names
 * the fields of `view` as {name}.
 */
export function statusBar<P>(
  enabled: boolean,
  format: string,
  view: (p: P) => BarView,
  /** False for a search that Ctrl-C ends at once, with no time to show the cursor again. */
  hideCursor = true,
): Bar<P> {
  if (!enabled || !process.stderr.isTTY) return { update: () => {}, stop: () => {} }
  let bar: cliProgress.SingleBar | undefined
  return {
    update: (p) => {
      const v = view(p)
      if (!bar && v.elapsedMs < 500) return
      if (!bar) {
        bar = new cliProgress.SingleBar(
          { stream: process.stderr, format, hideCursor, clearOnComplete: true },
          cliProgress.Presets.shades_classic,
        )
        bar.start(1000, 0, v.fields)
      }
      bar.update(Math.round(v.fraction * 1000), v.fields)
    },
    stop: () => bar?.stop(),
  }
}

/** The bar of a tiling run. */
export const progressBar = (enabled: boolean): Bar<RunProgress> =>
  statusBar(
    enabled,
    '{bar} {percentage}% | {placements} placements | {solutions} tilings | {left} left',
    (p) => ({
      fraction: p.fraction,
      elapsedMs: p.elapsedMs,
      fields: {
        placements: formatEstimate(p.placements),
        solutions: p.solutions.toLocaleString('en'),
        left: p.etaSeconds === undefined ? '…' : formatDuration(p.etaSeconds),
      },
    }),
  )

/**
 * The bar of an edge-matching search (cards, triangle), which runs in one go: updated from inside
 * it (cli-progress draws as it is told), and Ctrl-C ends the process at once.
 */
export const searchBar = (enabled: boolean): Bar<SearchProgress> =>
  statusBar(
    enabled,
    '{bar} {share} | {nodes} search nodes | {left} left',
    (p) => ({
      fraction: p.fraction,
      elapsedMs: p.elapsedMs,
      fields: {
        share: formatShare(p.fraction),
        nodes: formatEstimate(p.nodes),
        left: timeLeftText(p),
      },
    }),
    false,
  )

/**
 * The line of a search for one solution (cards, triangle without --count or --all): how long it
 * will take is not known (it ends at the first board, wherever in the tree that lies), so no bar
 * and no time left, only that it is working: the search nodes and the time so far.
 */
export const activityLine = (enabled: boolean): Bar<SearchProgress> =>
  statusBar(
    enabled,
    'Searching for a solution… {nodes} search nodes | {elapsed} | Ctrl-C stops',
    (p) => ({
      fraction: 0,
      elapsedMs: p.elapsedMs,
      fields: {
        nodes: formatEstimate(p.nodes),
        elapsed: formatDuration(p.elapsedMs / 1000),
      },
    }),
    false,
  )
