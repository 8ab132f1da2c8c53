import { SearchTooLargeError } from '../../shared/errors'
import type { Point } from '../../shared/lattice/polygon'
import { splitSearch } from '../../shared/tiling/jobs'
import {
  buildTilingProblem,
  type PieceKind,
  type PlacedPiece,
  type TilingProblem,
} from '../../shared/tiling/problem'
import {
  planSearch,
  TilingSearch,
  type SearchSetup,
  type SymmetryMode,
  type TilingCounts,
  type TilingStats,
} from '../../shared/tiling/search'
import { runOnWorkers, type WorkerSource } from './solver-pool'

/**
 * One tiling run over a list of figures (one figure for `tile`, every outline for `convex`):
 * plans each search, estimates its size, runs it in this process when it is small and on worker
 * processes, split into parts, when it is not, and adds the parts up per figure. Solutions come
 * out grouped by figure and in a fixed order, whichever process found them.
 */
export interface RunFigure {
  readonly name: string
  readonly polygon: readonly Point[]
  /**
   * Builds the figure's problem and may settle it by a cheap argument (then it is not searched);
   * default: build the problem, no further argument. Called once, in order, before any search.
   */
  readonly prepare?: () => { problem: TilingProblem; rejected?: string }
}

export interface RunOptions {
  readonly pieces: readonly PieceKind[]
  /** The piece set as file JSON, for the worker processes. */
  readonly setJson: unknown
  readonly figures: readonly RunFigure[]
  readonly mode: SymmetryMode
  /** Stream the tilings (otherwise only counts). */
  readonly list: boolean
  /** Stop each figure after its first tiling (Program 1: "can it be built?"). */
  readonly firstOnly?: boolean
  readonly workers: number
  /** Worker processes; without them every search runs in this process. */
  readonly source?: WorkerSource
  /** Run even a search estimated to take days. */
  readonly force?: boolean
  /** Estimated nodes from which a run goes to worker processes (default 5 million). */
  readonly parallelFrom?: number
  readonly signal?: AbortSignal
  readonly onProgress?: (p: RunProgress) => void
  readonly onSolution?: (figure: number, pieces: readonly PlacedPiece[], classSize: number) => void
  readonly onFigureDone?: (figure: number, outcome: FigureOutcome) => void
}

export interface RunProgress {
  /** Estimated fraction done, in [0, 1]. */
  readonly fraction: number
  readonly placements: number
  readonly solutions: number
  readonly elapsedMs: number
  /** Seconds left, once it can be estimated. */
  readonly etaSeconds?: number
}

export interface FigureOutcome {
  readonly counts: TilingCounts
  readonly stats: TilingStats
  readonly rejected?: string
  /** Knuth's estimate of the search's size in nodes (before it ran). */
  readonly estimatedNodes: number
  readonly complete: boolean
}

export interface RunOutcome {
  readonly figures: readonly FigureOutcome[]
  readonly complete: boolean
  readonly cancelled: boolean
  readonly error?: string
  readonly parallel: boolean
  readonly elapsedMs: number
}

/** Parts per figure at the least when a run is split. */
const MIN_PARTS = 6
/** Below this many estimated nodes a run stays in this process (starting workers costs more). */
const PARALLEL_FROM_NODES = 5e6
/** Above this many (about a day at 20 million nodes a second) a run is refused without --force. */
const REFUSE_FROM_NODES = 2e12
const NODES_PER_SECOND = 2e7

const emptyStats = (): TilingStats => ({
  tried: 0,
  placements: 0,
  updates: 0,
  symmetryPrunedPlacements: 0,
  symmetryRejectedCovers: 0,
})

export async function runTilings(o: RunOptions): Promise<RunOutcome> {
  const started = Date.now()
  // Build and estimate figure by figure, so that a hopeless run is refused as soon as it shows.
  const prepared: (
    { problem: TilingProblem; setup: SearchSetup; estimate: number; rejected?: string } | undefined
  )[] = []
  let totalEstimate = 0
  for (const f of o.figures) {
    // Preparing many outlines takes a while: let the host's other work (IPC, cancel) through.
    await new Promise((resolve) => setImmediate(resolve))
    if (o.signal?.aborted) break
    const { problem, rejected } = f.prepare
      ? f.prepare()
      : { problem: buildTilingProblem(f.polygon, o.pieces) }
    const settled = rejected ?? problem.obstruction
    const setup = planSearch(problem, o.mode)
    const estimate = settled
      ? 0
      : new TilingSearch(problem, o.mode, [], 'bits', setup).estimateNodes(256)
    prepared.push({ problem, setup, estimate, rejected: settled })
    totalEstimate += estimate
    if (!o.force && !o.firstOnly && totalEstimate > REFUSE_FROM_NODES) {
      const more = prepared.length < o.figures.length ? ' or more' : ''
      const time = formatDuration(totalEstimate / NODES_PER_SECOND / Math.max(1, o.workers))
      throw new SearchTooLargeError(
        `this search would visit about ${formatCount(totalEstimate)} nodes${more}, roughly ${time}`,
        totalEstimate,
      )
    }
  }
  // A run cancelled while preparing has figures it never prepared: those are not complete.
  const outcomes: FigureOutcome[] = o.figures.map((_, i) => ({
    counts: { solutions: 0, fixed: 0 },
    stats: emptyStats(),
    rejected: prepared[i]?.rejected,
    estimatedNodes: prepared[i]?.estimate ?? 0,
    complete: prepared[i] !== undefined,
  }))
  const weight = (i: number) =>
    totalEstimate > 0 ? (prepared[i]?.estimate ?? 0) / totalEstimate : 1 / o.figures.length
  let solutions = 0
  let placements = 0
  const report = (fraction: number) => {
    const elapsedMs = Date.now() - started
    const f = Math.min(1, Math.max(0, fraction))
    o.onProgress?.({
      fraction: f,
      placements,
      solutions,
      elapsedMs,
      etaSeconds: f > 0.02 && elapsedMs > 500 ? ((elapsedMs / f) * (1 - f)) / 1000 : undefined,
    })
  }
  // Cancelled already: no workers to start (the loop below ends at once).
  const parallel =
    !o.signal?.aborted &&
    !o.firstOnly &&
    o.source !== undefined &&
    totalEstimate >= (o.parallelFrom ?? PARALLEL_FROM_NODES)
  if (!parallel) {
    let base = 0
    for (let i = 0; i < o.figures.length; i++) {
      const p = prepared[i]
      if (!p || p.rejected || o.signal?.aborted) {
        if (p && !p.rejected) outcomes[i] = { ...outcomes[i], complete: false }
        o.onFigureDone?.(i, outcomes[i])
        continue
      }
      const search = new TilingSearch(p.problem, o.mode, [], 'bits', p.setup)
      const before = placements
      for (;;) {
        const status = search.step(200_000)
        placements = before + search.stats().placements
        if (status === 'done') break
        if (status === 'solution') {
          solutions++
          o.onSolution?.(i, search.solution().pieces, search.solution().classSize)
          if (o.firstOnly) break
        } else report(base + weight(i) * search.progress())
        if (o.signal?.aborted) break
      }
      outcomes[i] = {
        ...outcomes[i],
        counts: { ...search.counts },
        stats: search.stats(),
        complete: search.isDone(),
      }
      base += weight(i)
      report(base)
      o.onFigureDone?.(i, outcomes[i])
    }
    const cancelled = o.signal?.aborted ?? false
    return {
      figures: outcomes,
      complete: !cancelled,
      cancelled,
      parallel: false,
      elapsedMs: Date.now() - started,
    }
  }

  // In parallel: split every figure's search into parts (at least a few each, more for figures
  // estimated to be large: the estimates can be far off), estimate each part, and hand the largest
  // out first, so that no part holds up the end of the run.
  const target = o.workers * 32
  const parts: { figure: number; prefix: readonly number[] }[] = []
  const partEstimate: number[] = []
  const partShare: number[] = []
  const partsOf: number[][] = o.figures.map(() => [])
  prepared.forEach((p, i) => {
    if (!p || p.rejected) return
    const want = Math.max(MIN_PARTS, Math.round(target * weight(i)))
    for (const part of splitSearch(p.problem, o.mode, want, p.setup)) {
      partsOf[i].push(parts.length)
      parts.push({ figure: i, prefix: part.prefix })
      partShare.push(part.share)
      partEstimate.push(
        new TilingSearch(p.problem, o.mode, part.prefix, 'bits', p.setup).estimateNodes(16),
      )
    }
  })
  const order = parts.map((_, k) => k).sort((a, b) => partEstimate[b] - partEstimate[a])
  const partFraction = new Float64Array(parts.length)
  const partPlacements = new Float64Array(parts.length)
  const partDone = new Uint8Array(parts.length)
  const partSolutions = new Float64Array(parts.length)
  const tally = () => {
    placements = partPlacements.reduce((a, b) => a + b, 0)
    solutions = partSolutions.reduce((a, b) => a + b, 0)
  }
  const found: { pieces: readonly PlacedPiece[]; classSize: number }[][] = parts.map(() => [])
  const remaining = o.figures.map((_, i) => partsOf[i].length)
  // Progress by position in the search trees, as in one process: a part is a known share of its
  // figure's tree, a figure weighs its estimate. (Estimates of single parts are too rough to weigh
  // parts by; they only decide the order.)
  const progress = () =>
    parts.reduce(
      (s, p, k) => s + weight(p.figure) * partShare[k] * (partDone[k] ? 1 : partFraction[k]),
      0,
    ) + o.figures.reduce((s, _, i) => s + (partsOf[i].length === 0 ? weight(i) : 0), 0)
  let lastReport = 0
  const maybeReport = () => {
    const now = Date.now()
    if (now - lastReport > 100) {
      lastReport = now
      report(progress())
    }
  }
  // Figures that need no search are done at once, in order, ahead of the rest.
  o.figures.forEach((_, i) => {
    if (partsOf[i].length === 0) o.onFigureDone?.(i, outcomes[i])
  })
  const pool = runOnWorkers(
    {
      set: o.setJson,
      figures: o.figures.map((f) => f.polygon),
      mode: o.mode,
      list: o.list,
      parts,
      order,
      onSolution: (part, pieces, classSize) => found[part].push({ pieces, classSize }),
      onProgress: (part, placed, tilings, fraction) => {
        partFraction[part] = fraction
        partPlacements[part] = placed
        partSolutions[part] = tilings
        tally()
        maybeReport()
      },
      onPartDone: (part, counts, stats) => {
        partDone[part] = 1
        partPlacements[part] = stats.placements
        partSolutions[part] = counts.solutions
        tally()
        const i = parts[part].figure
        const prev = outcomes[i]
        outcomes[i] = {
          ...prev,
          counts: {
            solutions: prev.counts.solutions + counts.solutions,
            fixed: prev.counts.fixed + counts.fixed,
          },
          stats: {
            tried: prev.stats.tried + stats.tried,
            placements: prev.stats.placements + stats.placements,
            updates: prev.stats.updates + stats.updates,
            symmetryPrunedPlacements: stats.symmetryPrunedPlacements,
            symmetryRejectedCovers:
              prev.stats.symmetryRejectedCovers + stats.symmetryRejectedCovers,
          },
        }
        if (--remaining[i] === 0) {
          for (const k of partsOf[i])
            for (const s of found[k]) o.onSolution?.(i, s.pieces, s.classSize)
          for (const k of partsOf[i]) found[k] = []
          o.onFigureDone?.(i, outcomes[i])
        }
        maybeReport()
      },
    },
    o.workers,
    o.source!,
  )
  const abort = () => pool.cancel()
  o.signal?.addEventListener('abort', abort)
  const result = await pool.done
  o.signal?.removeEventListener('abort', abort)
  // A run that ended early still hands over what it found: the tilings of unfinished figures
  // (from the parts that reported them), with the figure marked incomplete.
  o.figures.forEach((_, i) => {
    if (remaining[i] === 0) return
    outcomes[i] = { ...outcomes[i], complete: false }
    for (const k of partsOf[i]) for (const t of found[k]) o.onSolution?.(i, t.pieces, t.classSize)
    o.onFigureDone?.(i, outcomes[i])
  })
  if (result.complete) report(1)
  return {
    figures: outcomes,
    complete: result.complete,
    cancelled: result.cancelled,
    error: result.error,
    parallel: true,
    elapsedMs: Date.now() - started,
  }
}

export function formatCount(n: number): string {
  if (n < 1e6) return Math.round(n).toLocaleString('en')
  if (n >= 1e18) {
    const [m, e] = n.toExponential(1).split('e+')
    return `${m}·10^${e}`
  }
  const units: [number, string][] = [
    [1e15, 'quadrillion'],
    [1e12, 'trillion'],
    [1e9, 'billion'],
    [1e6, 'million'],
  ]
  const [scale, name] = units.find(([v]) => n >= v)!
  const x = n / scale
  return `${x < 10 ? x.toFixed(1) : Math.round(x).toLocaleString('en')} ${name}`
}

export function formatDuration(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`
  if (seconds < 5400) return `${Math.round(seconds / 60)} minutes`
  if (seconds < 3 * 86400) return `${Math.round(seconds / 3600)} hours`
  if (seconds < 3 * 365 * 86400) return `${Math.round(seconds / 86400)} days`
  return `${formatCount(seconds / (365 * 86400))} years`
}
