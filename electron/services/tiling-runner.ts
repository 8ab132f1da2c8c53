import { SearchTooLargeError } from '../../shared/errors'
import type { Point } from '../../shared/lattice/polygon'
import { secondsLeft } from '../../shared/time-left'
import {
  addPartStats,
  partWeight,
  runPart,
  splitSearch,
  type PartProgress,
} from '../../shared/tiling/jobs'
import { type PieceKind, type PlacedPiece, type TilingProblem } from '../../shared/tiling/problem'
import {
  prepareFigure,
  ruleOuts,
  type PreparedFigure,
  type RuleOuts,
} from '../../shared/tiling/rule-out'
import {
  headlineCount,
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
 * plans each search, estimates its size, splits it into parts weighed by their estimates, and
 * runs the parts in this process when the run is small and on worker processes when it is not.
 * Both ways run each part alike (`runPart`) and add the parts up per figure in one place, so
 * counts, statistics and progress do not depend on how the work was split or where it ran.
 */
export interface RunFigure {
  readonly name: string
  readonly polygon: readonly Point[]
  /**
   * Rules the figure out by a cheap argument (then it is not searched, and reported at once) or
   * builds its problem; default: `prepareFigure` with the run's pieces. Called once, in order,
   * before any search.
   */
  readonly prepare?: () => PreparedFigure
}

export interface RunOptions {
  readonly pieces: readonly PieceKind[]
  /** The piece set as file JSON, for the worker processes. */
  readonly setJson: unknown
  readonly figures: readonly RunFigure[]
  readonly mode: SymmetryMode
  /** Stream the tilings as they are found, and keep them (`FigureOutcome.tilings`). */
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
  /** Each tiling as soon as it is found (from whichever part, in whatever order the parts end). */
  readonly onSolution?: (figure: number, pieces: readonly PlacedPiece[], classSize: number) => void
  readonly onFigureDone?: (figure: number, outcome: FigureOutcome) => void
}

export interface RunProgress {
  /** Of the run's work, by the parts' estimated weights, in [0, 1]. */
  readonly fraction: number
  /** Placements that fitted so far: at the end, the sum of the figures' `stats.placements`. */
  readonly placements: number
  /** Tilings found so far, in the run's mode (`headlineCount`): at the end, the figures' sum. */
  readonly solutions: number
  readonly elapsedMs: number
  /** Seconds left, from the weights of the work done (`secondsLeft`), once it can be estimated. */
  readonly etaSeconds?: number
}

export interface FoundTiling {
  readonly pieces: readonly PlacedPiece[]
  readonly classSize: number
}

export interface FigureOutcome {
  readonly counts: TilingCounts
  readonly stats: TilingStats
  readonly rejected?: string
  /** Knuth's estimate of the search's size in nodes (before it ran). */
  readonly estimatedNodes: number
  readonly complete: boolean
  /** With `list`: the figure's tilings in search order (the order one unsplit search finds them). */
  readonly tilings?: readonly FoundTiling[]
  /**
   * With `list`, when onSolution delivered the figure's tilings out of search order (parts end in
   * any order on worker processes): for each tiling in search order, its index in delivery order.
   */
  readonly order?: readonly number[]
}

export interface RunOutcome {
  readonly figures: readonly FigureOutcome[]
  readonly complete: boolean
  readonly cancelled: boolean
  readonly error?: string
  readonly parallel: boolean
  readonly elapsedMs: number
}

/** Estimated nodes from which a figure is split into parts (a few milliseconds of search). */
const SPLIT_FROM_NODES = 1e5
/** Parts per figure at the least when it is split. */
const MIN_PARTS = 6
/** Parts per process a run is split into, so that the last parts to end are small. */
const PARTS_PER_WORKER = 32
/** Below this many estimated nodes a run stays in this process (starting workers costs more). */
const PARALLEL_FROM_NODES = 5e6
/** Above this many (about a day at 20 million nodes a second) a run is refused without --force. */
const REFUSE_FROM_NODES = 2e12
const NODES_PER_SECOND = 2e7
/** Least time between the progress reports of running parts (every part's end is reported). */
const REPORT_MS = 100

type Prepared =
  | { readonly rejected: string; readonly estimate: 0; readonly problem?: undefined }
  | {
      readonly problem: TilingProblem
      readonly setup: SearchSetup
      readonly estimate: number
      readonly rejected?: undefined
    }

/** A part of one figure's search, with its share of the run's work. */
interface Part {
  readonly figure: number
  readonly prefix: readonly number[]
  /** Its share of the work: `partWeight`. */
  readonly weight: number
  fraction: number
  placements: number
  solutions: number
  ended: boolean
}

/** A figure's outcome before its search: final if it was ruled out. */
function initialOutcome(p: Prepared | undefined, cancelled: boolean): FigureOutcome {
  return {
    counts: { solutions: 0, fixed: 0 },
    stats: { tried: 0, placements: 0, symmetryPrunedPlacements: 0, symmetryRejectedCovers: 0 },
    rejected: p?.rejected,
    estimatedNodes: p?.estimate ?? 0,
    complete: p?.rejected !== undefined || (p !== undefined && !cancelled),
  }
}

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve))

export async function runTilings(o: RunOptions): Promise<RunOutcome> {
  const started = Date.now()
  // Build and estimate figure by figure, so that a hopeless run is refused as soon as it shows.
  const prepared: (Prepared | undefined)[] = []
  let totalEstimate = 0
  let rules: RuleOuts | undefined
  // A figure ruled out is reported now, not once every figure is planned, and its problem let go.
  const ruledOut = (rejected: string) => {
    const p = { rejected, estimate: 0 } as const
    prepared.push(p)
    o.onFigureDone?.(prepared.length - 1, initialOutcome(p, false))
  }
  for (const f of o.figures) {
    // Preparing many outlines takes a while: let the host's other work (IPC, cancel) through.
    await yieldToEvents()
    if (o.signal?.aborted) break
    const figure =
      f.prepare?.() ?? prepareFigure(f.polygon, o.pieces, (rules ??= ruleOuts(o.pieces)))
    if (figure.problem === undefined) {
      ruledOut(figure.rejected)
      continue
    }
    const { problem } = figure
    const rejected = figure.rejected ?? problem.obstruction
    if (rejected !== undefined) {
      ruledOut(rejected)
      continue
    }
    const setup = planSearch(problem, o.mode)
    const estimate = new TilingSearch(problem, o.mode, [], 'bits', setup).estimateNodes(256)
    prepared.push({ problem, setup, estimate })
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
  // A cancel while the figures were prepared leaves every figure not settled unsearched.
  const cancelled = o.signal?.aborted ?? false
  const parallel =
    !cancelled &&
    !o.firstOnly &&
    o.source !== undefined &&
    totalEstimate >= (o.parallelFrom ?? PARALLEL_FROM_NODES)
  const outcomes = o.figures.map((_, i) => initialOutcome(prepared[i], cancelled))

  // A searched figure is split into parts unless it is small (a part then weighs more than it
  // gives) or only its first tiling is wanted (a split explores the top of the tree breadth
  // first). Large figures get more parts. The parts are listed figure by figure, in search order.
  const target = (parallel ? o.workers : 1) * PARTS_PER_WORKER
  const parts: Part[] = []
  const partsOf: number[][] = o.figures.map(() => [])
  prepared.forEach((p, i) => {
    if (p?.problem === undefined || cancelled) return
    const want =
      o.firstOnly || p.estimate < SPLIT_FROM_NODES
        ? 1
        : Math.max(MIN_PARTS, Math.round((target * p.estimate) / totalEstimate))
    const split = splitSearch(p.problem, o.mode, want, p.setup)
    outcomes[i] = { ...outcomes[i], stats: split.stats }
    for (const part of split.parts) {
      partsOf[i].push(parts.length)
      parts.push({
        figure: i,
        prefix: part.prefix,
        weight: Math.max(1, partWeight(p.problem, o.mode, part, p.setup)),
        fraction: 0,
        placements: 0,
        solutions: 0,
        ended: false,
      })
    }
  })
  const remaining = partsOf.map((k) => k.length)
  const searchOf = (i: number) => {
    const p = prepared[i]
    if (p?.problem === undefined) throw new Error('internal: a part of a figure ruled out')
    return p
  }

  // Tilings as found, with the part of each (parts are numbered in search order).
  const found: { tiling: FoundTiling; part: number }[][] = o.figures.map(() => [])
  const foundTiling = (k: number, pieces: readonly PlacedPiece[], classSize: number) => {
    const part = parts[k]
    part.solutions++
    if (!o.list) return
    found[part.figure].push({ tiling: { pieces, classSize }, part: k })
    o.onSolution?.(part.figure, pieces, classSize)
  }
  const figureDone = (i: number) => {
    if (o.list) {
      // A stable sort by part puts the tilings in search order.
      const order = found[i].map((_, d) => d).sort((a, b) => found[i][a].part - found[i][b].part)
      outcomes[i] = {
        ...outcomes[i],
        tilings: order.map((d) => found[i][d].tiling),
        ...(order.some((d, k) => d !== k) ? { order } : {}),
      }
      found[i] = []
    }
    o.onFigureDone?.(i, outcomes[i])
  }

  // Progress by the weights of the parts: a part that ended counts whole, a running one by its
  // position in its tree. The time left comes from the weight done since the search began.
  const totalWeight = parts.reduce((s, p) => s + p.weight, 0)
  // The nodes the splits expanded are done before the parts start.
  const splitPlacements = outcomes.reduce((s, f) => s + f.stats.placements, 0)
  // The time left is reckoned from when the first part started: not from the start of the run,
  // whose planning and process start-up say nothing about how fast the search goes.
  let searchStarted: number | undefined
  const partStart = () => (searchStarted ??= Date.now())
  let lastReport = 0
  const report = (throttled: boolean) => {
    const now = Date.now()
    if (throttled && now - lastReport < REPORT_MS) return
    lastReport = now
    let done = 0
    let placements = splitPlacements
    let solutions = 0
    for (const p of parts) {
      done += p.weight * (p.ended ? 1 : p.fraction)
      placements += p.placements
      solutions += p.solutions
    }
    o.onProgress?.({
      fraction: totalWeight > 0 ? Math.min(1, done / totalWeight) : 1,
      placements,
      solutions,
      elapsedMs: now - started,
      etaSeconds:
        searchStarted === undefined
          ? undefined
          : secondsLeft({ workMs: now - searchStarted, total: totalWeight, done }),
    })
  }
  const partProgress = (k: number, p: PartProgress) => {
    Object.assign(parts[k], p)
    report(true)
  }
  const partEnded = (
    k: number,
    r: { counts: TilingCounts; stats: TilingStats; complete: boolean },
  ) => {
    const part = parts[k]
    Object.assign(part, {
      ended: true,
      placements: r.stats.placements,
      solutions: headlineCount(r.counts, o.mode),
    })
    const i = part.figure
    const prev = outcomes[i]
    outcomes[i] = {
      ...prev,
      counts: {
        solutions: prev.counts.solutions + r.counts.solutions,
        fixed: prev.counts.fixed + r.counts.fixed,
      },
      stats: addPartStats(prev.stats, r.stats),
      complete: prev.complete && r.complete,
    }
    if (--remaining[i] === 0) figureDone(i)
    report(false)
  }

  // Figures that need no search are done at once, in order, ahead of the rest (those ruled out
  // were reported as they were planned).
  o.figures.forEach((_, i) => {
    if (partsOf[i].length === 0 && prepared[i]?.rejected === undefined)
      o.onFigureDone?.(i, outcomes[i])
  })
  async function runHere(): Promise<{ complete: boolean; cancelled: boolean; error?: string }> {
    const aborted = () => o.signal?.aborted ?? false
    for (let k = 0; k < parts.length && !aborted(); k++) {
      const p = searchOf(parts[k].figure)
      const firstFound = () => o.firstOnly === true && parts[k].solutions > 0
      partStart()
      const r = await runPart(p.problem, o.mode, parts[k], {
        setup: p.setup,
        onSolution: (s) => foundTiling(k, s.pieces, s.classSize),
        onProgress: (progress) => {
          partProgress(k, progress)
          return yieldToEvents()
        },
        shouldStop: () => aborted() || firstFound(),
      })
      partEnded(k, r)
    }
    return { complete: !aborted(), cancelled: aborted() }
  }

  function runParallel(): Promise<{ complete: boolean; cancelled: boolean; error?: string }> {
    // The heaviest parts go out first, so that no part holds up the end of the run. They are
    // ordered by other probes than their weights': ordered by the weights themselves, the
    // overestimated parts would go first and the work done would look larger than it is.
    const rank = parts.map((p) => {
      const { problem, setup } = searchOf(p.figure)
      return new TilingSearch(problem, o.mode, p.prefix, 'bits', setup).estimateNodes(16, 9)
    })
    const order = parts.map((_, k) => k).sort((a, b) => rank[b] - rank[a])
    const pool = runOnWorkers(
      {
        set: o.setJson,
        figures: o.figures.map((f) => f.polygon),
        mode: o.mode,
        list: o.list,
        parts,
        order,
        onPartStart: partStart,
        onSolution: foundTiling,
        onProgress: partProgress,
        onPartDone: (k, counts, stats) => partEnded(k, { counts, stats, complete: true }),
      },
      o.workers,
      o.source!,
    )
    const abort = () => pool.cancel()
    o.signal?.addEventListener('abort', abort)
    return pool.done.finally(() => o.signal?.removeEventListener('abort', abort))
  }

  const result = cancelled
    ? { complete: false, cancelled: true }
    : parallel
      ? await runParallel()
      : await runHere()
  // A run that ended early still hands over what it found: the figures not finished are marked
  // incomplete, with the tilings their parts reported.
  o.figures.forEach((_, i) => {
    if (remaining[i] === 0) return
    outcomes[i] = { ...outcomes[i], complete: false }
    figureDone(i)
  })
  report(false)
  return {
    figures: outcomes,
    complete: result.complete,
    cancelled: result.cancelled,
    error: result.error,
    parallel,
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
