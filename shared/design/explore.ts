import type { OutlineCase } from '../convex/convex'
import { growCandidates, type Candidate, type Candidates } from './candidates'
import { evaluateSet, type MadeOutline, type SetDropped, type SetEvaluation } from './evaluate'
import type { Point } from '../lattice/polygon'
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
  /** Position among the sets offered to the ranking: the order of equal ranks. */
  readonly found: number
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

export class SetExplorer {
  readonly request: ReturnType<typeof checkDesignRequest>
  private candidates?: Candidates
  private tasks: readonly DesignTask[] = []
  private readonly ranking: TopSets<RankedSet>
  private searched = 0
  private dropped = 0
  private noDissection = 0
  private complete = false

  /** Checks the request (an InputError names the option and the problem). */
  constructor(request: DesignRequest) {
    this.request = checkDesignRequest(request)
    this.ranking = new TopSets(this.request.top)
  }

  /** The search, pausing often; `result()` tells what it found, at its end or at any pause. */
  *run(): Generator<DesignProgress, void> {
    const r = this.request
    const growth = growCandidates(r.area, r.maxPieceArea, r.from)
    let step = growth.next()
    for (; !step.done; step = growth.next()) {
      const g = step.value
      yield {
        phase: g.size === 0 ? 'outlines' : 'pieces',
        size: g.size,
        fraction: g.total > 0 ? g.done / g.total : 0,
        searched: 0,
      }
    }
    const c = (this.candidates = step.value)
    this.tasks = designTasks(c, r.area, r.pieces)
    const order = outlineOrder(c)
    const total = this.tasks.reduce((s, t) => s + Number(t.sets), 0)
    const top = Math.max(0, ...c.list.map((p) => p.fitCount))
    for (let level = top; level >= 1; level--) {
      const bar = this.ranking.threshold()
      if (bar && bar.outlines > level) break
      let done = 0
      for (const task of this.tasks) {
        const progress = (): DesignProgress => ({
          phase: 'sets',
          level,
          fraction: total > 0 ? done / total : 1,
          searched: this.searched,
          best: this.ranking.list()[0]?.outlines,
        })
        const unit = exploreTask(
          c,
          order,
          task,
          level,
          () => Math.max(1, this.ranking.threshold()?.outlines ?? 1),
          (outcome) => {
            this.searched++
            if (outcome === 'no dissection') this.noDissection++
            else if (outcome === 'out of reach') this.dropped++
            else this.ranking.offer({ ...outcome, found: this.searched })
          },
          r.from?.polygon,
        )
        while (!unit.next().done) yield progress()
        done += Number(task.sets)
      }
    }
    this.complete = true
  }

  result(): DesignResult {
    const c = this.candidates
    const candidates = new Array<number>(this.request.maxPieceArea + 1).fill(0)
    for (const p of c?.list ?? []) candidates[p.area]++
    return {
      request: this.request,
      outlines: c?.outlines ?? [],
      sets: this.ranking.list(),
      stats: {
        candidates,
        sets: this.tasks.reduce((s, t) => s + t.sets, 0n),
        searched: this.searched,
        dropped: this.dropped,
        noDissection: this.noDissection,
      },
      complete: this.complete,
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
function outlineOrder(c: Candidates): number[] {
  const fitting = c.outlines.map(
    (_, i) => c.list.filter((p: Candidate) => p.fits & (1n << BigInt(i))).length,
  )
  return c.outlines.map((_, i) => i).sort((a, b) => fitting[a] - fitting[b] || a - b)
}

export type { MadeOutline }
