import { addPartStats } from '../../shared/tiling/jobs'
import { headlineCount, type TilingCounts, type TilingStats } from '../../shared/tiling/search'
import type { TilingDetail, TilingInput } from '../worker/protocol'
import type { FigureOutcome, FoundTiling, RunOptions } from './tiling-job'

type Searched = { counts: TilingCounts; stats: TilingStats; complete: boolean }

/**
 * A tiling run's results added up per figure, in one place, so that counts and statistics do not
 * depend on how the work was split or where it ran; and the run's placements and tilings so far,
 * those of the tasks still running as far as they came.
 */
export class FigureTally {
  private readonly outcomes: FigureOutcome[]
  /** Parts of each figure not yet ended (undefined: not planned yet; 0: done). */
  private readonly partsLeft: (number | undefined)[]
  /** Tilings as found, with the part of each (0 for a figure searched whole; parts from 1). */
  private readonly found: { tiling: FoundTiling; part: number }[][]
  /** Placements and tilings of the tasks ended. */
  private placements = 0
  private solutions = 0
  /** Of the tasks running, as far as they came. */
  private readonly running = new Map<string, TilingDetail>()

  constructor(
    figures: number,
    private readonly o: Pick<RunOptions, 'mode' | 'list' | 'onSolution' | 'onFigureDone'>,
  ) {
    this.outcomes = Array.from({ length: figures }, () => ({
      counts: { solutions: 0, fixed: 0 },
      stats: { tried: 0, placements: 0, symmetryPrunedPlacements: 0, symmetryRejectedCovers: 0 },
      estimatedNodes: 0,
      complete: false,
    }))
    this.partsLeft = this.outcomes.map(() => undefined)
    this.found = this.outcomes.map(() => [])
  }

  ruledOut(i: number, reason: string): void {
    this.outcomes[i] = { ...this.outcomes[i], rejected: reason, complete: true }
    this.done(i)
  }

  /** Knuth's estimate of its search (with no spread: it was searched whole, so it is exact). */
  estimated(i: number, nodes: number, spread?: number): void {
    this.outcomes[i] = {
      ...this.outcomes[i],
      estimatedNodes: nodes,
      ...(spread === undefined ? {} : { estimatedSpread: spread }),
    }
  }

  /** A figure searched whole. */
  searched(i: number, r: Searched): void {
    this.add(i, r, false)
    this.done(i)
  }

  /** A figure split into `parts`: the statistics of the nodes above them. */
  split(i: number, stats: TilingStats, parts: number): void {
    this.add(i, { counts: { solutions: 0, fixed: 0 }, stats, complete: true }, false)
    this.partsLeft[i] = parts
    if (parts === 0) this.done(i)
  }

  part(i: number, r: Searched): void {
    this.add(i, r, true)
    if (--this.partsLeft[i]! === 0) this.done(i)
  }

  /** A tiling found by a task (from whichever part, in whatever order the parts end). */
  tiling(task: TilingInput, tiling: FoundTiling): void {
    this.found[task.figure].push({ tiling, part: task.step === 'part' ? task.part : 0 })
    this.o.onSolution?.(task.figure, tiling.pieces, tiling.classSize)
  }

  /** A running task's placements and tilings so far. */
  progress(task: string, detail: TilingDetail): void {
    this.running.set(task, detail)
  }

  ended(task: string): void {
    this.running.delete(task)
  }

  /** Placements fitted and tilings found so far, the running tasks' as far as they came. */
  totals(): TilingDetail {
    let { placements, solutions } = this
    for (const r of this.running.values()) {
      placements += r.placements
      solutions += r.solutions
    }
    return { placements, solutions }
  }

  /**
   * Every figure's outcome. A run that ended early still hands over what it found: the figures
   * not finished are marked incomplete, with the tilings their parts reported.
   */
  finish(): readonly FigureOutcome[] {
    this.outcomes.forEach((f, i) => {
      if (this.partsLeft[i] === 0) return
      this.outcomes[i] = { ...f, complete: false }
      this.done(i)
    })
    return this.outcomes
  }

  /** Adds a figure's search, or (`part`) one part of it. */
  private add(i: number, r: Searched, part: boolean): void {
    const prev = this.outcomes[i]
    this.outcomes[i] = {
      ...prev,
      counts: {
        solutions: prev.counts.solutions + r.counts.solutions,
        fixed: prev.counts.fixed + r.counts.fixed,
      },
      stats: part ? addPartStats(prev.stats, r.stats) : r.stats,
      complete: part ? prev.complete && r.complete : r.complete,
    }
    this.placements += r.stats.placements
    this.solutions += headlineCount(r.counts, this.o.mode)
  }

  private done(i: number): void {
    const found = this.found[i]
    if (this.o.list) {
      // A stable sort by part puts the tilings in search order.
      const order = found.map((_, d) => d).sort((a, b) => found[a].part - found[b].part)
      this.outcomes[i] = {
        ...this.outcomes[i],
        tilings: order.map((d) => found[d].tiling),
        ...(order.some((d, k) => d !== k) ? { order } : {}),
      }
      this.found[i] = []
    }
    this.partsLeft[i] = 0
    this.o.onFigureDone?.(i, this.outcomes[i])
  }
}
