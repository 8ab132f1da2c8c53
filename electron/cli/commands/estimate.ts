import {
  estimateText,
  estimateTimes,
  formatEstimate,
  QUEUE_WORKERS,
  withSpread,
  type EstimateSummary,
} from '../../../shared/tiling/estimate'
import type { SetWire } from '../../../shared/pieces/solvable'
import type { SymmetryMode } from '../../../shared/tiling/search'
import { nodeWorkers } from '../../services/node-worker'
import { estimateTilings, type RunFigure } from '../../services/tiling-job'
import { wholeOption } from '../inputs'
import { statusBar } from '../progress'
import { workerCount } from '../jobs'
import { finish, withRunPlace, type CommonOptions } from '../run'
import { table } from '../table'

export interface EstimateOptions extends CommonOptions {
  /**
   * Workers of the queue the time is reckoned on (default: with --queue, the processes serving
   * it now; else `QUEUE_WORKERS`).
   */
  queueWorkers?: string
}

/** The biggest searches listed in the text output. */
const BIGGEST = 10

/**
 * `--estimate`: the search's size and time before any run, as the app shows it: each figure ruled
 * out or estimated in the worker processes (Knuth's estimate, and the speed of its nodes measured
 * here), the total, and the time on this machine's processes and on the workers of a queue.
 */
export async function estimateCommand(
  setName: string,
  figures: readonly (RunFigure & { number?: number })[],
  set: SetWire,
  mode: SymmetryMode,
  /** What the figures are, one and many: outlines, figures. */
  what: readonly [string, string],
  opts: EstimateOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  const workers = workerCount(opts.jobs)
  const queueWorkers =
    opts.queueWorkers !== undefined
      ? wholeOption('--queue-workers', opts.queueWorkers, 1, 100_000)
      : opts.queue !== undefined
        ? await withRunPlace({ queue: opts.queue }, async ({ transport }) => transport.workers())
        : QUEUE_WORKERS
  const bar = statusBar<EstimateSummary & { elapsedMs: number }>(
    opts.progress !== false,
    '{bar} {estimated} of {figures} estimated | {ruledOut} ruled out | {nodes} nodes',
    (e) => ({
      fraction: e.estimated / Math.max(1, e.figures),
      elapsedMs: e.elapsedMs,
      fields: {
        estimated: String(e.estimated),
        figures: String(e.figures),
        ruledOut: String(e.ruledOut),
        nodes: formatEstimate(e.nodes),
      },
    }),
  )
  const t0 = performance.now()
  let e
  try {
    e = await estimateTilings({
      set,
      figures,
      mode,
      transport: nodeWorkers(workers),
      signal,
      onProgress: (s) => bar.update({ ...s, elapsedMs: performance.now() - t0 }),
    })
  } finally {
    bar.stop()
  }
  const elapsedMs = performance.now() - t0
  const number = (i: number) => figures[i].number ?? i + 1
  const biggest = e.each
    .map((f, i) => ({ i, nodes: f?.nodes ?? 0, spread: f?.spread }))
    .filter((f) => f.nodes > 0)
    .sort((a, b) => b.nodes - a.nodes)
  const times =
    e.seconds === undefined ? undefined : estimateTimes(e.seconds, workers, queueWorkers, e.spread)
  const rate = e.seconds ? e.nodes / e.seconds : undefined
  if (opts.json) {
    write(
      JSON.stringify({
        set: setName,
        figures: figures.length,
        estimated: e.estimated,
        ruledOut: e.ruledOut,
        toSearch: e.estimated - e.ruledOut,
        nodes: e.nodes,
        ...(e.spread ? { spread: e.spread } : {}),
        ...(rate ? { nodesPerSecond: rate } : {}),
        ...(e.seconds !== undefined ? { seconds: e.seconds } : {}),
        ...(times
          ? {
              here: { workers, seconds: times.here },
              queue: { workers: queueWorkers, seconds: times.queue },
              timeSpread: times.spread,
            }
          : {}),
        each: e.each.map((f, i) => ({
          number: number(i),
          name: figures[i].name,
          ...(f === undefined
            ? { estimated: false }
            : f.rejected !== undefined
              ? { rejected: f.rejected }
              : {
                  nodes: f.nodes,
                  ...(f.spread ? { spread: f.spread } : {}),
                  ...(f.rate ? { nodesPerSecond: f.rate } : {}),
                }),
        })),
        complete: e.complete,
        elapsedMs,
      }),
    )
  } else {
    const lines = [
      `${setName}: ${figures.length} ${figures.length === 1 ? what[0] : what[1]}; ${e.ruledOut} ruled out before any search, ${e.estimated - e.ruledOut} to search`,
      `estimate: ${estimateText(e, workers, queueWorkers, what)}`,
      ...(rate
        ? [`speed here: ${formatEstimate(rate)} nodes a second per process (measured)`]
        : []),
    ]
    if (biggest.length > 0) {
      lines.push(
        '',
        `the biggest searches (Knuth's estimate of the nodes):`,
        table(
          ['#', what[0], 'nodes', 'share'],
          biggest
            .slice(0, BIGGEST)
            .map((f) => [
              number(f.i),
              figures[f.i].name,
              withSpread(f.nodes, f.spread),
              `${((100 * f.nodes) / e.nodes).toFixed(1)} %`,
            ]),
        ),
      )
    }
    lines.push('', `estimated in ${(elapsedMs / 1000).toFixed(2)} s; nothing was searched`)
    write(lines.join('\n'))
  }
  return finish(e)
}
