import { piecesFromWire } from '../../../shared/pieces/solvable'
import { knuthEstimate, partWeight, runPart, splitSearch } from '../../../shared/tiling/jobs'
import type { PieceKind, TilingProblem } from '../../../shared/tiling/problem'
import { prepareFigure, ruleOuts, type RuleOuts } from '../../../shared/tiling/rule-out'
import { planSearch, TilingSearch, type SearchSetup } from '../../../shared/tiling/search'
import type { TilingInput, TilingResult, TilingSetup } from '../protocol'
import type { TaskHooks, WorkerKind } from './kind'

/**
 * The tasks of a tiling run. A figure's first task plans it here, in the worker: rules it out by
 * a cheap argument if one applies (`prepareFigure`, most of them before its problem is built),
 * else builds its problem, estimates its search (Knuth's random
 * probes) and then, as the run's goal says, only measures the search's speed, searches it whole
 * (a small figure, or its first tiling), or says its estimate. A second task splits a larger
 * figure into as many parts as the run asks, weighed and ranked, which go out as tasks of their
 * own, or searches it whole if one part: the split costs far more than the estimate, and a run
 * stopped at its estimate never pays it. So the process that asked for the run never builds a problem: it
 * stays responsive and small, however many outlines a set has.
 */
interface State {
  readonly setup: TilingSetup
  readonly pieces: readonly PieceKind[]
  /** What the rule-outs need of the set, worked out once per run in each worker. */
  readonly rules: RuleOuts
  /** The problems of figures whose parts run here, least recently used first. */
  readonly prepared: Map<number, Searchable>
}

/** A figure ruled out (its problem, if one was built, let go), or its problem and search plan. */
type Prepared = { readonly ruledOut: string } | Searchable

interface Searchable {
  readonly problem: TilingProblem
  readonly plan: SearchSetup
}

/**
 * Problems kept per process, by their placements: about 600 bytes each (measured: tetraboloes'
 * largest outline 1,237 placements, 1 MB; pentaboloes' 11,868, 7 MB), so about 60 MB. Parts go
 * out heaviest first, from many figures in turn (the farm sends a process the parts of figures it
 * holds when it can): a problem built again for each part would cost as much as many a part's
 * search (1–5 ms for a tetrabolo outline).
 */
const KEEP_PLACEMENTS = 100_000
/** Estimated nodes from which a figure is split into parts (a few milliseconds of search). */
export const SPLIT_FROM_NODES = 1e5
/** How long an estimate searches to measure the search's speed here. */
const TRIAL_MS = 40

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve))

/** A figure's problem: kept for its parts (`keep`), else built for one task and let go. */
function prepare(state: State, figure: number, keep: boolean): Prepared {
  const cached = state.prepared.get(figure)
  if (cached) {
    state.prepared.delete(figure)
    state.prepared.set(figure, cached)
    return cached
  }
  const { setup, pieces } = state
  const polygon = setup.figures[figure]
  if (!polygon) throw new Error(`the run has no figure ${figure}`)
  const made = prepareFigure(polygon, pieces, state.rules)
  if (made.problem === undefined) return { ruledOut: made.rejected }
  if (made.rejected !== undefined) return { ruledOut: made.rejected }
  const { problem } = made
  const prepared = { problem, plan: planSearch(problem, setup.mode) }
  if (keep) remember(state, figure, prepared)
  return prepared
}

function remember(state: State, figure: number, prepared: Searchable): void {
  state.prepared.set(figure, prepared)
  let kept = 0
  for (const p of state.prepared.values()) kept += p.problem.placements.length
  // The least recently used go first; the newest stays, however large.
  for (const [key, p] of state.prepared) {
    if (kept <= KEEP_PLACEMENTS || key === figure) break
    state.prepared.delete(key)
    kept -= p.problem.placements.length
  }
}

/** Searches below `prefix` (the whole figure without one), streaming tilings and progress. */
async function search(
  state: State,
  p: Searchable,
  prefix: readonly number[],
  hooks: TaskHooks<'tilings'>,
  stop?: (placements: number, solutions: number, ms: number) => boolean,
) {
  const t0 = performance.now()
  let solutions = 0
  let placements = 0
  return runPart(
    p.problem,
    state.setup.mode,
    { prefix },
    {
      setup: p.plan,
      onSolution: (s) => {
        solutions++
        if (state.setup.list) hooks.item({ pieces: s.pieces, classSize: s.classSize })
      },
      onProgress: (progress) => {
        placements = progress.placements
        hooks.progress(progress.fraction, {
          placements: progress.placements,
          solutions: progress.solutions,
        })
        // Messages go out while the search runs.
        return yieldToEvents()
      },
      shouldStop: stop && (() => stop(placements, solutions, performance.now() - t0)),
      stepBudget: stop ? 20_000 : undefined,
    },
  )
}

const tilings: WorkerKind<'tilings', State> = {
  prepare: (setup) => {
    const pieces = piecesFromWire(setup.set)
    return { setup, pieces, rules: ruleOuts(pieces), prepared: new Map() }
  },

  async run(state, input: TilingInput, hooks): Promise<TilingResult> {
    const { setup } = state
    // A split's or a part's problem is kept for the figure's next parts.
    const planning = input.step === 'plan'
    const p = prepare(state, input.figure, !planning)
    if ('ruledOut' in p) {
      if (!planning) throw new Error(`task of figure ${input.figure}, which is ruled out`)
      return { type: 'ruled-out', reason: p.ruledOut }
    }
    if (input.step === 'part')
      return { type: 'part', ...(await search(state, p, input.prefix, hooks)) }
    if (input.step === 'split') {
      // One part: the figure is searched whole (the run is large beside it).
      if (input.parts > 1) return split(state, p, input.nodes, input.parts)
      return { type: 'searched', nodes: input.nodes, ...(await search(state, p, [], hooks)) }
    }
    const { mean: nodes, spread } = knuthEstimate(
      new TilingSearch(p.problem, setup.mode, [], 'bits', p.plan),
    )
    if (setup.goal === 'estimate') {
      // A short search says how fast this figure's nodes go here.
      const t0 = performance.now()
      const trial = await search(
        state,
        p,
        [],
        { progress: () => {}, item: () => {} },
        (_, __, ms) => ms > TRIAL_MS,
      )
      const ms = performance.now() - t0
      // Timed if it ran long enough to say, or searched the whole figure (its time is known).
      const timed = (ms > TRIAL_MS / 2 || trial.complete) && trial.stats.placements > 0
      const rate = timed ? (trial.stats.placements / Math.max(ms, 0.01)) * 1000 : undefined
      return { type: 'estimated', nodes, spread, ...(rate ? { rate } : {}) }
    }
    if (setup.goal === 'first' || nodes < SPLIT_FROM_NODES) {
      const first = setup.goal === 'first'
      const r = await search(state, p, [], hooks, first ? (_, found) => found > 0 : undefined)
      return { type: 'searched', nodes, ...r }
    }
    // Split in a task of its own, once the run goes on; its problem is kept for that task.
    remember(state, input.figure, p)
    return { type: 'estimated', nodes, spread }
  },
}

/** Splits a figure of `nodes` estimated nodes into about `want` parts, weighed and ranked. */
function split(state: State, p: Searchable, nodes: number, want: number): TilingResult {
  const { mode } = state.setup
  const split = splitSearch(p.problem, mode, want, p.plan)
  const parts = split.parts.map((part) => ({
    prefix: part.prefix,
    weight: Math.max(1, partWeight(p.problem, mode, part, p.plan)),
    // Other probes than the weight's: ordered by the weights themselves, the overestimated
    // parts would go first and the work done would look larger than it is.
    rank: new TilingSearch(p.problem, mode, part.prefix, 'bits', p.plan).estimateNodes(16, 9),
  }))
  return { type: 'split', nodes, stats: split.stats, parts }
}
export default tilings
