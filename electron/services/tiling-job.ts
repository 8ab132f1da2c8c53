import { createHash } from 'node:crypto'
import { z } from 'zod'
import { InputError, SearchTooLargeError } from '../../shared/errors'
import type { D4 } from '../../shared/lattice/d4'
import type { Point } from '../../shared/lattice/polygon'
import {
  aboutCount,
  durationRange,
  NodeTally,
  RATE_SPREAD,
  type EstimateSummary,
  type FigureEstimate,
} from '../../shared/tiling/estimate'
import { addPartStats } from '../../shared/tiling/jobs'
import type { PlacedPiece } from '../../shared/tiling/problem'
import {
  headlineCount,
  type SymmetryMode,
  type TilingCounts,
  type TilingStats,
} from '../../shared/tiling/search'
import type { TilingInput, TilingItem, TilingResult, TilingSetup } from '../worker/protocol'
import type { CheckpointSpec } from './farm/checkpoint'
import { runFarm, type FarmTask } from './farm/farm'
import type { FarmTransport } from './farm/transport'
import { plural } from '../../shared/plural'

/**
 * A tiling run on the task farm, over a list of figures (one figure for `tile`, every outline for
 * `convex`). Each figure's first task plans it in a worker (electron/worker/tasks/tilings.ts):
 * rules it out, or estimates its search and searches it whole or splits it into parts, which
 * become tasks of their own. Here the results are added up per figure, in one place, so counts,
 * statistics and progress do not depend on how the work was split or where it ran; this process
 * builds no problem and stays small and responsive, however many figures there are.
 */
export interface RunFigure {
  readonly name: string
  readonly polygon: readonly Point[]
}

export interface RunOptions {
  /** The piece set as file JSON (congruent pieces merged), for the workers. */
  readonly setJson: unknown
  readonly figures: readonly RunFigure[]
  readonly mode: SymmetryMode
  /** Stream the tilings as they are found, and keep them (`FigureOutcome.tilings`). */
  readonly list: boolean
  /** Stop each figure after its first tiling (Program 1: "can it be built?"). */
  readonly firstOnly?: boolean
  /** Where the tasks run; its worker count sizes the parts and reckons a refused search's time. */
  readonly transport: FarmTransport
  /** Run even a search estimated to take days. */
  readonly force?: boolean
  /** Record every finished task here, and resume from it. */
  readonly checkpoint?: string
  readonly signal?: AbortSignal
  readonly onProgress?: (p: RunProgress) => void
  /** Each tiling as soon as it is found (from whichever part, in whatever order the parts end). */
  readonly onSolution?: (figure: number, pieces: readonly PlacedPiece[], classSize: number) => void
  /** Each figure once it is decided: ruled out, searched, or (at the end of a stopped run) not. */
  readonly onFigureDone?: (figure: number, outcome: FigureOutcome) => void
  /** A worker that died, its task run again: one line. */
  readonly onNotice?: (line: string) => void
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
  /** Knuth's estimate of the search's nodes, for the figures planned so far. */
  readonly estimatedNodes: number
  /** Its spread, a factor (`NodeTally`). */
  readonly estimatedSpread: number
  readonly figuresPlanned: number
}

export type FoundTiling = TilingItem

export interface FigureOutcome {
  readonly counts: TilingCounts
  readonly stats: TilingStats
  readonly rejected?: string
  /** Knuth's estimate of the search's size in nodes (before it ran). */
  readonly estimatedNodes: number
  /** Its spread, a factor (absent when it was searched whole while planned: then it is exact). */
  readonly estimatedSpread?: number
  readonly complete: boolean
  /** With `list`: the figure's tilings in search order (the order one unsplit search finds them). */
  readonly tilings?: readonly FoundTiling[]
  /**
   * With `list`, when onSolution delivered the figure's tilings out of search order (parts end in
   * any order): for each tiling in search order, its index in delivery order.
   */
  readonly order?: readonly number[]
}

export interface RunOutcome {
  readonly figures: readonly FigureOutcome[]
  readonly complete: boolean
  readonly cancelled: boolean
  /** A worker failed twice, or the checkpoint could not be written; what was found stays. */
  readonly error?: string
  /** Tasks whose results came from the checkpoint. */
  readonly resumed: number
  readonly elapsedMs: number
}

/** Above this many nodes (days of work on a few processes) a run is refused without force. */
const REFUSE_FROM_NODES = 2e12
/** What one process searches in a second, about (docs/ESTIMATES.md): the refusal's time. */
const NODES_PER_SECOND = 3e6
/** Estimated nodes per part: a fraction of a second, so that the last parts to end are short. */
const PART_NODES = 1e6
/**
 * Parts are no larger than the run's estimate over this many tasks per worker: a small run is
 * split finely enough to keep every worker busy to its end, a large one no finer than
 * PART_NODES (each part costs a rank, a weight, and its problem built where it runs).
 */
const TASKS_PER_WORKER = 16
const MAX_PARTS = 4096
/** Planning tasks go out before any part: the rule-outs and estimates show first. */
const PLAN_FIRST = Number.MAX_VALUE

/** A figure's tasks: they share its problem, which each process that runs one builds. */
const figureGroup = (i: number) => `f${i}`

const figureTask = (i: number): FarmTask<TilingInput> => ({
  id: `f${i}`,
  input: { figure: i },
  weight: 0,
  priority: PLAN_FIRST,
  group: figureGroup(i),
})

const emptyStats = (): TilingStats => ({
  tried: 0,
  placements: 0,
  symmetryPrunedPlacements: 0,
  symmetryRejectedCovers: 0,
})

export async function runTilings(o: RunOptions): Promise<RunOutcome> {
  const n = o.figures.length
  const outcomes: FigureOutcome[] = o.figures.map(() => ({
    counts: { solutions: 0, fixed: 0 },
    stats: emptyStats(),
    estimatedNodes: 0,
    complete: false,
  }))
  /** Parts of each figure not yet ended (undefined: not planned yet). */
  const partsLeft: (number | undefined)[] = o.figures.map(() => undefined)
  /** Tilings as found, with the part of each (0 for a figure searched whole; parts from 1). */
  const found: { tiling: FoundTiling; part: number }[][] = o.figures.map(() => [])
  // Placements and tilings: of tasks ended, and of running tasks (`running`) as far as they came.
  let placements = 0
  let solutions = 0
  /** A running task's tilings, kept for the checkpoint. */
  const taskTilings = new Map<string, FoundTiling[]>()
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
    partsLeft[i] = 0
    o.onFigureDone?.(i, outcomes[i])
  }
  /** Adds a figure's search, or (`part`) one part of it. */
  const add = (
    i: number,
    r: { counts: TilingCounts; stats: TilingStats; complete: boolean },
    part: boolean,
  ) => {
    const prev = outcomes[i]
    outcomes[i] = {
      ...prev,
      counts: {
        solutions: prev.counts.solutions + r.counts.solutions,
        fixed: prev.counts.fixed + r.counts.fixed,
      },
      stats: part ? addPartStats(prev.stats, r.stats) : r.stats,
      complete: part ? prev.complete && r.complete : r.complete,
    }
    placements += r.stats.placements
    solutions += headlineCount(r.counts, o.mode)
  }
  const partOf = (task: FarmTask<TilingInput>) => Number(task.id.split('.')[1] ?? 0)
  const foundTiling = (task: FarmTask<TilingInput>, tiling: FoundTiling) => {
    const i = task.input.figure
    found[i].push({ tiling, part: partOf(task) })
    o.onSolution?.(i, tiling.pieces, tiling.classSize)
  }

  const running = new Map<string, { placements: number; solutions: number }>()
  const tally = new NodeTally()
  /** Figures planned: ruled out, searched whole, or estimated (to be split). */
  let planned = 0
  /**
   * The work of the figures planned, as weighed (searched whole, or split into weighed parts) and
   * as still to weigh (estimated, not yet split: Knuth's estimate stands for it): what share of
   * the whole the farm's known weights are.
   */
  let weighedWork = 0
  let unweighedWork = 0
  /** Figures estimated whose split has not come back: their work is not weighed yet. */
  let unsplit = 0
  const knownShare = () => {
    const work = weighedWork + unweighedWork
    return (planned / n) * (work > 0 ? weighedWork / work : 1)
  }

  /**
   * Splits of figures too big to search whole, held until every figure is planned: a run that is
   * not forced goes on only if its whole estimate stays under a day, and never pays for a split
   * it would not search.
   */
  let held: { figure: number; nodes: number }[] = []
  /**
   * A figure's second task: split into parts of PART_NODES, finer when the run is small beside
   * its workers (TASKS_PER_WORKER), or searched whole if that makes one part. Splits go out
   * first, so that the whole run is weighed early (its time left is estimated from then on);
   * a figure searched whole weighs its estimate from the start and goes among the parts by it,
   * heaviest first, its progress counting as it runs (these searches are a large share of some
   * runs: 23 of 58 s of work in `convex tetraboloes`).
   */
  const splitTask = (i: number, nodes: number): FarmTask<TilingInput> => {
    const size = Math.min(
      PART_NODES,
      tally.nodes / (TASKS_PER_WORKER * Math.max(1, o.transport.workers())),
    )
    const parts = Math.min(MAX_PARTS, Math.max(1, Math.round(nodes / size)))
    const weight = parts === 1 ? Math.max(1, nodes) : 0
    unweighedWork -= weight > 0 ? nodes : 0
    weighedWork += weight
    if (weight === 0) unsplit++
    return {
      id: `f${i}.s`,
      input: { figure: i, split: nodes, parts },
      weight,
      priority: weight > 0 ? weight : PLAN_FIRST,
      group: figureGroup(i),
    }
  }
  /** The held splits, once the last figure is planned (the estimate passed no refusal). */
  const release = (next: FarmTask<TilingInput>[] = []): FarmTask<TilingInput>[] => {
    if (planned < n || held.length === 0) return next
    const all = [...held.map((h) => splitTask(h.figure, h.nodes)), ...next]
    held = []
    return all
  }

  /**
   * A figure searched whole: what it weighs beyond `weight`, the weight it went out with. A search
   * whole weighs the placements it made, not its estimate: in `convex tetraboloes` the figures
   * searched whole made 1.9 times their estimates, the parts of the split ones 0.86 times, and the
   * heaviest go first, so counted by their estimates the search looked slower at first than it
   * was. (A part's estimate is left as it is: a split figure's heaviest parts go first too, and
   * overestimated, so once done by their placements the rest would look smaller than it is.)
   */
  const searchedWhole = (
    i: number,
    r: Extract<TilingResult, { type: 'searched' }>,
    weight = 0,
  ): number => {
    add(i, r, false)
    figureDone(i)
    const more = Math.max(1, r.stats.placements) - weight
    weighedWork += more
    return more
  }

  const onResult = (
    task: FarmTask<TilingInput>,
    r: TilingResult,
    resumed: boolean,
  ): { next?: FarmTask<TilingInput>[]; weight?: number } | void => {
    const i = task.input.figure
    running.delete(task.id)
    if (resumed && o.list && (r.type === 'searched' || r.type === 'part'))
      for (const t of r.tilings ?? []) foundTiling(task, t)
    if (r.type === 'part') {
      add(i, r, true)
      if (--partsLeft[i]! === 0) figureDone(i)
      return
    }
    if (task.input.split === undefined) {
      // A figure planned: ruled out, searched whole, or estimated (gone on with by a task of its own).
      planned++
      if (r.type === 'ruled-out') {
        outcomes[i] = { ...outcomes[i], rejected: r.reason, complete: true }
        figureDone(i)
        return { next: release() }
      }
      tally.add(r.nodes, r.type === 'estimated' ? r.spread : undefined)
      if (r.type === 'estimated') unweighedWork += r.nodes
      outcomes[i] = {
        ...outcomes[i],
        estimatedNodes: r.nodes,
        ...(r.type === 'estimated' ? { estimatedSpread: r.spread } : {}),
      }
      if (!o.force && !o.firstOnly && tally.nodes > REFUSE_FROM_NODES) {
        const more = planned < n ? ' or more' : ''
        const seconds = tally.nodes / NODES_PER_SECOND / Math.max(1, o.transport.workers())
        throw new SearchTooLargeError(
          `this search would visit ${aboutCount(tally.nodes, 'nodes', tally.spread)}${more}, roughly ${durationRange(seconds, tally.spread * RATE_SPREAD)}`,
          tally.nodes,
          tally.spread,
        )
      }
      if (r.type === 'searched') return { weight: searchedWhole(i, r), next: release() }
      if (r.type === 'estimated') {
        // Forced, or split before (its split may be in the checkpoint): split it now.
        if (o.force || resumed) return { next: release([splitTask(i, r.nodes)]) }
        held.push({ figure: i, nodes: r.nodes })
        return { next: release() }
      }
    }
    // Its second task: searched whole (weighed when it went out), or split.
    if (r.type === 'searched' && task.weight > 0)
      return { weight: searchedWhole(i, r, task.weight) }
    if (task.input.split !== undefined) {
      unweighedWork -= task.input.split
      unsplit--
    }
    if (r.type === 'searched') return { weight: searchedWhole(i, r) }
    if (r.type !== 'split') throw new Error(`task ${task.id} of a tiling run gave a ${r.type}`)
    // The parts' weights (medians of their probes, which run low: the parts of pentominoes'
    // f23 summed to a seventh of the figure's estimate, f40's to under half) share out the
    // figure's estimate, the mean of many more probes: so a figure weighs the same split or
    // whole, and as much beside the others as their estimates say.
    const weights = r.parts.reduce((w, part) => w + part.weight, 0)
    const scale = weights > 0 && r.nodes > 0 ? r.nodes / weights : 1
    weighedWork += weights * scale
    // Split (in a checkpoint of an older run, by the planning task itself): the statistics of the
    // nodes above the parts, then the parts.
    add(i, { counts: { solutions: 0, fixed: 0 }, stats: r.stats, complete: true }, false)
    partsLeft[i] = r.parts.length
    if (r.parts.length === 0) return figureDone(i)
    return {
      next: r.parts.map((part, k) => ({
        id: `f${i}.${k + 1}`,
        input: { figure: i, prefix: part.prefix },
        weight: part.weight * scale,
        priority: part.rank,
        group: figureGroup(i),
      })),
    }
  }

  const setup = tilingSetup(o)
  const farm = await runFarm(
    {
      kind: 'tilings',
      setup,
      tasks: o.figures.map((_, i) => figureTask(i)),
      onResult,
      onItem: (task, item) => {
        foundTiling(task, item)
        if (o.checkpoint) taskTilings.set(task.id, [...(taskTilings.get(task.id) ?? []), item])
      },
      record: (task, r) => {
        // A listing run's checkpoint keeps each task's tilings, to hand them on when it resumes.
        const tilings = taskTilings.get(task.id)
        taskTilings.delete(task.id)
        return o.list && (r.type === 'searched' || r.type === 'part') ? { ...r, tilings } : r
      },
      onTaskProgress: (task, _, detail) => detail && running.set(task.id, detail),
      known: knownShare,
      // Planning and splitting do none of the weighed work: the time left is measured once
      // every figure's work is weighed.
      settled: () => planned === n && held.length === 0 && unsplit === 0,
    },
    {
      transport: o.transport,
      signal: o.signal,
      checkpoint: o.checkpoint
        ? { path: o.checkpoint, spec: tilingCheckpoint, plan: tilingPlan(setup) }
        : undefined,
      onNotice: o.onNotice,
      onProgress: (p) => {
        let placed = placements
        let tilings = solutions
        for (const r of running.values()) {
          placed += r.placements
          tilings += r.solutions
        }
        o.onProgress?.({
          fraction: p.fraction,
          placements: placed,
          solutions: tilings,
          elapsedMs: p.elapsedMs,
          etaSeconds: p.etaSeconds,
          estimatedNodes: tally.nodes,
          estimatedSpread: tally.spread,
          figuresPlanned: planned,
        })
      },
    },
  )
  if (farm.error instanceof InputError) throw farm.error
  // A run that ended early still hands over what it found: the figures not finished are marked
  // incomplete, with the tilings their parts reported.
  outcomes.forEach((f, i) => {
    if (partsLeft[i] === 0) return
    outcomes[i] = { ...f, complete: false }
    figureDone(i)
  })
  return {
    figures: outcomes,
    complete: farm.complete,
    cancelled: farm.cancelled,
    error: farm.error?.message,
    resumed: farm.resumed,
    elapsedMs: farm.elapsedMs,
  }
}

export interface TilingEstimate extends EstimateSummary {
  /** Per figure, once estimated. */
  readonly each: readonly (FigureEstimate | undefined)[]
}

export interface EstimateOptions extends Pick<
  RunOptions,
  'setJson' | 'figures' | 'mode' | 'transport' | 'signal'
> {
  /** As figures are estimated, a few times a second: the summary and the figures new since. */
  readonly onProgress?: (
    e: EstimateSummary,
    fresh: readonly { figure: number; estimate: FigureEstimate }[],
  ) => void
}

/** How often an estimate reports, at most. */
const ESTIMATE_REPORT_MS = 100

/**
 * The search's size before it runs, as information: every figure planned in the workers as a run
 * plans it (rule-outs, Knuth's estimate), with a short search that measures the speed of its
 * nodes here. The time on N processes (here, or on a queue's workers) is `seconds / N`
 * (`estimateTimes`).
 */
export async function estimateTilings(
  o: EstimateOptions,
): Promise<TilingEstimate & { complete: boolean; cancelled: boolean }> {
  const each: (FigureEstimate | undefined)[] = o.figures.map(() => undefined)
  let estimated = 0
  let ruledOut = 0
  const tally = new NodeTally()
  // Figures too small to time go at the mean speed of those timed.
  let timedSeconds = 0
  let timedNodes = 0
  const summary = (): EstimateSummary => {
    const { nodes, spread } = tally
    const seconds =
      timedSeconds > 0 ? (nodes / timedNodes) * timedSeconds : nodes === 0 ? 0 : undefined
    return { estimated, figures: o.figures.length, ruledOut, nodes, spread, seconds }
  }
  let fresh: { figure: number; estimate: FigureEstimate }[] = []
  let last = 0
  const report = () => {
    last = Date.now()
    o.onProgress?.(summary(), fresh)
    fresh = []
  }
  const outcome = await runFarm(
    {
      kind: 'tilings',
      setup: {
        set: o.setJson,
        figures: o.figures.map((f) => f.polygon),
        mode: o.mode,
        goal: 'estimate',
        list: false,
      },
      tasks: o.figures.map((_, i) => figureTask(i)),
      onResult: (task, r) => {
        const i = task.input.figure
        let e: FigureEstimate
        if (r.type === 'ruled-out') {
          ruledOut++
          e = { rejected: r.reason, nodes: 0 }
        } else if (r.type === 'estimated') {
          tally.add(r.nodes, r.spread)
          if (r.rate) {
            timedSeconds += r.nodes / r.rate
            timedNodes += r.nodes
          }
          e = {
            nodes: r.nodes,
            ...(r.spread ? { spread: r.spread } : {}),
            ...(r.rate ? { rate: r.rate } : {}),
          }
        } else throw new Error(`a ${r.type} result in an estimate`)
        estimated++
        each[i] = e
        fresh.push({ figure: i, estimate: e })
        if (Date.now() - last > ESTIMATE_REPORT_MS) report()
      },
    },
    { transport: o.transport, signal: o.signal },
  )
  if (fresh.length > 0) report()
  if (outcome.error) throw outcome.error
  return {
    ...summary(),
    each,
    complete: outcome.complete,
    cancelled: outcome.cancelled,
  }
}

/** What a tiling checkpoint belongs to: the set, its figures and the run's kind, by a hash. */
export interface TilingPlan {
  readonly set: string
  readonly figures: number
  readonly mode: SymmetryMode
  /** SHA-256 of the set, the figures and what is done with them. */
  readonly run: string
}

type RunWhat = Pick<RunOptions, 'setJson' | 'figures' | 'mode' | 'list' | 'firstOnly'>

function tilingSetup(o: RunWhat): TilingSetup {
  return {
    set: o.setJson,
    figures: o.figures.map((f) => f.polygon),
    mode: o.mode,
    goal: o.firstOnly ? 'first' : 'count',
    list: o.list,
  }
}

const runHash = (setup: TilingSetup) =>
  createHash('sha256').update(JSON.stringify(setup)).digest('hex')

/** What a run is, as a hash: the same set, figures and goal give the same checkpoint. */
export const tilingRunId = (o: RunWhat): string => runHash(tilingSetup(o))

function tilingPlan(setup: TilingSetup): TilingPlan {
  const name = (setup.set as { name?: unknown } | null)?.name
  return {
    set: typeof name === 'string' ? name : 'piece set',
    figures: setup.figures.length,
    mode: setup.mode,
    run: runHash(setup),
  }
}

const whole = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
const countsSchema = z.strictObject({ solutions: whole, fixed: whole })
const statsSchema = z.strictObject({
  tried: whole,
  placements: whole,
  symmetryPrunedPlacements: whole,
  symmetryRejectedCovers: whole,
})
const tilingsSchema = z
  .array(
    z.strictObject({
      pieces: z.array(
        z.strictObject({
          piece: whole,
          g: z
            .number()
            .int()
            .min(0)
            .max(7)
            .transform((g) => g as D4),
          dx: z.number().int(),
          dy: z.number().int(),
        }),
      ),
      classSize: z.number().int().min(1).max(8),
    }),
  )
  .optional()
const searched = {
  counts: countsSchema,
  stats: statsSchema,
  complete: z.boolean(),
  tilings: tilingsSchema,
}
const nodes = z.number().min(0)

export const tilingCheckpoint: CheckpointSpec<TilingPlan, TilingResult> = {
  kind: 'tilings',
  label: 'tiling',
  plan: z.strictObject({
    set: z.string().max(200),
    figures: z.number().int().min(1),
    mode: z.enum(['reduce', 'raw']),
    run: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  result: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('ruled-out'), reason: z.string().max(1000) }),
    z.strictObject({
      type: z.literal('estimated'),
      nodes,
      spread: z.number().min(1).optional(),
      rate: z.number().min(0).optional(),
    }),
    z.strictObject({ type: z.literal('searched'), nodes, ...searched }),
    z.strictObject({
      type: z.literal('split'),
      nodes,
      stats: statsSchema,
      parts: z
        .array(
          z.strictObject({
            prefix: z.array(whole).max(64),
            weight: z.number().min(0),
            rank: z.number().min(0),
          }),
        )
        .max(100_000),
    }),
    z.strictObject({ type: z.literal('part'), ...searched }),
  ]),
  describe: (p) =>
    `${p.set} (${plural(p.figures, 'figure')}, ${p.mode === 'raw' ? 'fixed' : 'up to symmetry'}, run ${p.run.slice(0, 8)})`,
  check: (id, r) => {
    const split = id.endsWith('.s')
    const part = id.includes('.') && !split
    if (part !== (r.type === 'part') || (split && r.type !== 'split' && r.type !== 'searched'))
      return `a ${r.type} result cannot be task ${id}'s`
    if (r.type === 'ruled-out' || r.type === 'split' || r.type === 'estimated') return undefined
    const { solutions, fixed } = r.counts
    // Every class of tilings has 1 to 8 members.
    if (fixed < solutions || fixed > 8 * solutions)
      return `${fixed} tilings cannot make ${solutions} classes`
    return undefined
  },
}
