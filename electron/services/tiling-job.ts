import { createHash } from 'node:crypto'
import { z } from 'zod'
import { InputError } from '../../shared/errors'
import type { D4 } from '../../shared/lattice/d4'
import type { FigureShape } from '../../shared/lattice/region'
import type { SetWire } from '../../shared/pieces/solvable'
import { NodeTally, type EstimateSummary, type FigureEstimate } from '../../shared/tiling/estimate'
import type { PlacedPiece } from '../../shared/tiling/problem'
import type { SymmetryMode, TilingCounts, TilingStats } from '../../shared/tiling/search'
import type { TilingInput, TilingItem, TilingResult, TilingSetup } from '../worker/protocol'
import type { CheckpointSpec } from './farm/checkpoint'
import { runFarm } from './farm/farm'
import type { FarmTransport } from './farm/transport'
import { plural } from '../../shared/plural'
import { SplitPolicy } from './tiling-split'
import { FigureTally } from './tiling-tally'
import { partTasks, planTask, stepOfCheckpointId, type TilingTask } from './tiling-tasks'

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
  /** One polygon, or a region of parts with holes. */
  readonly polygon: FigureShape
}

export interface RunOptions {
  /** The piece set, as the workers take it (`SolvableSet.wire`). */
  readonly set: SetWire
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

type SearchedResult = Extract<TilingResult, { type: 'searched' }>
type SplitResult = Extract<TilingResult, { type: 'split' }>
type SplitInput = Extract<TilingInput, { step: 'split' }>
type Effect = { next?: TilingTask[]; weight?: number } | void

const wrongResult = (task: TilingTask, r: TilingResult) =>
  new Error(`task ${task.id} of a tiling run gave a ${r.type}`)

export async function runTilings(o: RunOptions): Promise<RunOutcome> {
  const n = o.figures.length
  const tally = new FigureTally(n, o)
  const policy = new SplitPolicy(n, o)
  /** A running task's tilings, kept for the checkpoint. */
  const taskTilings = new Map<string, FoundTiling[]>()

  /** A figure searched whole: what it weighs beyond `weight`, the weight it went out with. */
  const searchedWhole = (i: number, r: SearchedResult, weight = 0): number => {
    tally.searched(i, r)
    return policy.weighWhole(r.stats.placements, weight)
  }
  /** A figure split: its parts go out as tasks of their own. */
  const splitInto = (i: number, r: SplitResult): Effect => {
    const scale = policy.weighParts(r.parts, r.nodes)
    tally.split(i, r.stats, r.parts.length)
    return r.parts.length > 0 ? { next: partTasks(i, r.parts, scale) } : undefined
  }
  /** A figure planned: ruled out, searched whole, or estimated (gone on with by its split). */
  const planned = (task: TilingTask, r: TilingResult, resumed: boolean): Effect => {
    const i = task.input.figure
    if (r.type === 'ruled-out') {
      policy.plan()
      tally.ruledOut(i, r.reason)
      return { next: policy.release() }
    }
    if (r.type === 'part') throw wrongResult(task, r)
    const spread = r.type === 'estimated' ? r.spread : undefined
    tally.estimated(i, r.nodes, spread)
    policy.plan({ nodes: r.nodes, spread, toSplit: r.type === 'estimated' })
    if (r.type === 'searched') return { weight: searchedWhole(i, r), next: policy.release() }
    // Split by the planning task itself, in the checkpoint of an older run.
    if (r.type === 'split') return splitInto(i, r)
    // Forced, or split before (its split may be in the checkpoint): split it now.
    return { next: policy.split(i, r.nodes, Boolean(o.force) || resumed) }
  }
  /** A figure's second task: searched whole (weighed when it went out), or split. */
  const split = (task: TilingTask, input: SplitInput, r: TilingResult): Effect => {
    const i = input.figure
    if (r.type === 'searched' && task.weight > 0)
      return { weight: searchedWhole(i, r, task.weight) }
    policy.splitEnded(input.nodes)
    if (r.type === 'searched') return { weight: searchedWhole(i, r) }
    if (r.type !== 'split') throw wrongResult(task, r)
    return splitInto(i, r)
  }

  const onResult = (task: TilingTask, r: TilingResult, resumed: boolean): Effect => {
    const { input } = task
    tally.ended(task.id)
    if (resumed && o.list && (r.type === 'searched' || r.type === 'part'))
      for (const t of r.tilings ?? []) tally.tiling(input, t)
    if (input.step === 'plan') return planned(task, r, resumed)
    if (input.step === 'split') return split(task, input, r)
    if (r.type !== 'part') throw wrongResult(task, r)
    tally.part(input.figure, r)
  }

  const setup = tilingSetup(o)
  const farm = await runFarm(
    {
      kind: 'tilings',
      setup,
      tasks: o.figures.map((_, i) => planTask(i)),
      onResult,
      onItem: (task, item) => {
        tally.tiling(task.input, item)
        if (o.checkpoint) taskTilings.set(task.id, [...(taskTilings.get(task.id) ?? []), item])
      },
      record: (task, r) => {
        // A listing run's checkpoint keeps each task's tilings, to hand them on when it resumes.
        const tilings = taskTilings.get(task.id)
        taskTilings.delete(task.id)
        return o.list && (r.type === 'searched' || r.type === 'part') ? { ...r, tilings } : r
      },
      onTaskProgress: (task, _, detail) => detail && tally.progress(task.id, detail),
      known: () => policy.knownShare(),
      // Planning and splitting do none of the weighed work: the time left is measured once
      // every figure's work is weighed.
      settled: () => policy.settled(),
    },
    {
      transport: o.transport,
      signal: o.signal,
      checkpoint: o.checkpoint
        ? { path: o.checkpoint, spec: tilingCheckpoint, plan: tilingPlan(setup) }
        : undefined,
      onNotice: o.onNotice,
      onProgress: (p) =>
        o.onProgress?.({
          fraction: p.fraction,
          ...tally.totals(),
          elapsedMs: p.elapsedMs,
          etaSeconds: p.etaSeconds,
          estimatedNodes: policy.estimate.nodes,
          estimatedSpread: policy.estimate.spread,
          figuresPlanned: policy.planned,
        }),
    },
  )
  if (farm.error instanceof InputError) throw farm.error
  return {
    figures: tally.finish(),
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
  'set' | 'figures' | 'mode' | 'transport' | 'signal'
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
        set: o.set,
        figures: o.figures.map((f) => f.polygon),
        mode: o.mode,
        goal: 'estimate',
        list: false,
      },
      tasks: o.figures.map((_, i) => planTask(i)),
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

type RunWhat = Pick<RunOptions, 'set' | 'figures' | 'mode' | 'list' | 'firstOnly'>

function tilingSetup(o: RunWhat): TilingSetup {
  return {
    set: o.set,
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
  return {
    set: setup.set.name,
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
    const step = stepOfCheckpointId(id)
    if (step === undefined) return `${id} is not a task of a tiling run`
    const split = step === 'split'
    if (
      (step === 'part') !== (r.type === 'part') ||
      (split && r.type !== 'split' && r.type !== 'searched')
    )
      return `a ${r.type} result cannot be task ${id}'s`
    if (r.type === 'ruled-out' || r.type === 'split' || r.type === 'estimated') return undefined
    const { solutions, fixed } = r.counts
    // Every class of tilings has 1 to 8 members.
    if (fixed < solutions || fixed > 8 * solutions)
      return `${fixed} tilings cannot make ${solutions} classes`
    return undefined
  },
}
