import type { OutlineCase } from '../convex/convex'
import { growCandidates, type Candidate, type Candidates } from './candidates'
import { evaluateSet, type MadeOutline, type SetDropped, type SetEvaluation } from './evaluate'
import type { Point } from '../lattice/polygon'
import type { GrowthProgress } from '../pieces/polyforms'
import { designTasks, setsAtLevel, type DesignTask } from './multisets'
import { TopSets } from './ranking'
import { checkDesignRequest, type DesignRequest } from './request'

/**
 * The set explorer (issue 14): every multiset of k polyaboloes of total area F, ranked by the
 * convex outlines of area F it makes, then by tilings. Exact: an outline counts only when the
 * tiling engine finds a tiling. Feasible by bounds, never by sampling:
 *  - a piece that fits nowhere in an outline rules the outline out for every set with it
 *    (a piece that fits in no outline at all is never even grown: `candidates.ts`);
 *  - so a set makes at most the outlines all its pieces fit in, and the sets are searched in
 *    order of that bound, the highest first (`multisets.ts`);
 *  - the best found so far prunes the rest: once `top` sets are found, a set whose bound is
 *    below the last of them is never searched, and one that falls below it while its outlines
 *    are decided is dropped (`evaluate.ts`). When the bound of the next level is below the
 *    last kept set, no set is left that could be listed, and the search ends.
 * Sets that make no outline at all are not listed.
 */
export interface RankedSet extends SetEvaluation {
  /** Where it was found: the order of equal ranks, whatever order the sets arrive in. */
  readonly found: FoundAt
}

/**
 * Where the explorer found a set: the bound `level` it was searched at (the highest first), the
 * task (by index in `designTasks`), and its place among the sets that unit reported. In one
 * process the sets come in this order; on the farm they come in any order, and rank as they would
 * in one process.
 */
export type FoundAt = readonly [level: number, task: number, place: number]

const foundOrder = (a: { found: FoundAt }, b: { found: FoundAt }) =>
  b.found[0] - a.found[0] || a.found[1] - b.found[1] || a.found[2] - b.found[2]

/**
 * What the explorer has found so far, from sets reported in any order: the ranking and the
 * counts of what the bounds did. `needed()` is the best so far as a bound: a set that cannot make
 * that many outlines cannot be listed.
 */
export class DesignTally {
  readonly ranking: TopSets<RankedSet>
  searched = 0
  dropped = 0
  noDissection = 0

  constructor(top: number) {
    this.ranking = new TopSets<RankedSet>(top, foundOrder)
  }

  needed(): number {
    return Math.max(1, this.ranking.threshold()?.outlines ?? 1)
  }

  add(outcome: SetEvaluation | SetDropped, found: FoundAt): void {
    this.searched++
    if (outcome === 'no dissection') this.noDissection++
    else if (outcome === 'out of reach') this.dropped++
    else this.offer(outcome, found)
  }

  offer(set: SetEvaluation, found: FoundAt): void {
    this.ranking.offer({ ...set, found })
  }
}

export interface DesignStats {
  /** Candidate pieces by area (index a: those of area a; index 0 unused). */
  readonly candidates: readonly number[]
  /** Sets of the candidates of the areas asked, in all. */
  readonly sets: bigint
  /** Sets handed to the tiling engine; the bounds removed the others without a search. */
  readonly searched: number
  /** Of those, sets dropped before every outline was decided: they fell below the best so far. */
  readonly dropped: number
  /** Of those, with a figure to cut: sets that make no tiling of it. */
  readonly noDissection: number
}

export interface DesignResult {
  readonly request: ReturnType<typeof checkDesignRequest>
  readonly outlines: readonly OutlineCase[]
  /** The best `top` sets and every set tied with the last, best first. */
  readonly sets: readonly RankedSet[]
  readonly stats: DesignStats
  /** False if the search was stopped before its end: the sets are the best found so far. */
  readonly complete: boolean
}

export interface DesignProgress {
  /**
   * Making the outlines ready, growing the candidate pieces (of `size` half-squares), or
   * searching sets (of bound `level`).
   */
  readonly phase: 'outlines' | 'pieces' | 'sets'
  readonly size?: number
  readonly level?: number
  /** How far the phase (the level) has come, in [0, 1]. */
  readonly fraction: number
  readonly searched: number
  /** The outlines the best set so far makes. */
  readonly best?: number
}

/** How far the candidates' growth has come, as the explorer's progress. */
export const growthProgress = (g: GrowthProgress): DesignProgress => ({
  phase: g.size === 0 ? 'outlines' : 'pieces',
  size: g.size,
  fraction: g.total > 0 ? g.done / g.total : 0,
  searched: 0,
})

export class SetExplorer {
  readonly request: ReturnType<typeof checkDesignRequest>
  readonly tally: DesignTally
  candidates?: Candidates
  tasks: readonly DesignTask[] = []
  private complete = false

  /** Checks the request (an InputError names the option and the problem). */
  constructor(request: DesignRequest) {
    this.request = checkDesignRequest(request)
    this.tally = new DesignTally(this.request.top)
  }

  /**
   * The candidate pieces grown, pausing often; then `tasks` and `levels` tell the units of work
   * (one task at one level each), which `run` searches here and a farm hands out.
   */
  *grow(): Generator<DesignProgress, Candidates> {
    const r = this.request
    const growth = growCandidates(r.area, r.maxPieceArea, r.from)
    let step = growth.next()
    for (; !step.done; step = growth.next()) yield growthProgress(step.value)
    return this.take(step.value)
  }

  /** The candidates as grown here or in another process (a farm task): the units follow. */
  take(c: Candidates): Candidates {
    this.candidates = c
    this.tasks = designTasks(c, this.request.area, this.request.pieces)
    return c
  }

  /** The units' levels, the highest first: the bounds a set of the candidates can have. */
  levels(): number[] {
    const top = Math.max(0, ...(this.candidates?.list ?? []).map((p) => p.fitCount))
    return Array.from({ length: top }, (_, i) => top - i)
  }

  /** The search in this process, pausing often; `result()` tells what it found, at any pause. */
  *run(): Generator<DesignProgress, void> {
    const c = yield* this.grow()
    const r = this.request
    const order = outlineOrder(c)
    const total = this.tasks.reduce((s, t) => s + Number(t.sets), 0)
    const t = this.tally
    for (const level of this.levels()) {
      if (t.needed() > level) break
      let done = 0
      for (const [i, task] of this.tasks.entries()) {
        const progress = (): DesignProgress => ({
          phase: 'sets',
          level,
          fraction: total > 0 ? done / total : 1,
          searched: t.searched,
          best: t.ranking.list()[0]?.outlines,
        })
        let place = 0
        const unit = exploreTask(
          c,
          order,
          task,
          level,
          () => t.needed(),
          (outcome) => t.add(outcome, [level, i, place++]),
          r.from?.polygon,
        )
        while (!unit.next().done) yield progress()
        done += Number(task.sets)
      }
    }
    this.complete = true
  }

  /** What it found so far; `complete` when the caller ran every unit itself (the farm). */
  result(complete = this.complete): DesignResult {
    const c = this.candidates
    const candidates = new Array<number>(this.request.maxPieceArea + 1).fill(0)
    for (const p of c?.list ?? []) candidates[p.area]++
    return {
      request: this.request,
      outlines: c?.outlines ?? [],
      sets: this.tally.ranking.list(),
      stats: {
        candidates,
        sets: this.tasks.reduce((s, t) => s + t.sets, 0n),
        searched: this.tally.searched,
        dropped: this.tally.dropped,
        noDissection: this.tally.noDissection,
      },
      complete,
    }
  }
}

/**
 * One unit of the explorer's work, independent of every other (so that it can run in any process,
 * its weight the task's `sets`): the sets of one task whose pieces all fit in exactly `level`
 * outlines, each decided and counted by `evaluateSet` against the outlines it must reach
 * (`needed`, asked afresh for each set: the best found so far, wherever it was found). `report`
 * gets what became of each set searched. Pauses (yields) every few thousand placements.
 */
export function* exploreTask(
  c: Candidates,
  order: readonly number[],
  task: DesignTask,
  level: number,
  needed: () => number,
  report: (outcome: SetEvaluation | SetDropped) => void,
  from?: readonly Point[],
): Generator<void, void> {
  for (const set of setsAtLevel(c, task, level)) {
    if (!set) {
      yield
      continue
    }
    report(yield* evaluateSet(set.pieces, set.fits, c.outlines, order, needed(), from))
  }
}

/** The explorer run to its end in one go (tests, the Papers view's worker). */
export function exploreSets(request: DesignRequest): DesignResult {
  const explorer = new SetExplorer(request)
  const run = explorer.run()
  while (!run.next().done);
  return explorer.result()
}

/**
 * The order in which a set's outlines are decided: those the fewest candidates fit in first, as
 * a set most often fails there, and a set that fails early is dropped early.
 */
export function outlineOrder(c: Candidates): number[] {
  const fitting = c.outlines.map(
    (_, i) => c.list.filter((p: Candidate) => p.fits & (1n << BigInt(i))).length,
  )
  return c.outlines.map((_, i) => i).sort((a, b) => fitting[a] - fitting[b] || a - b)
}

export type { MadeOutline }
