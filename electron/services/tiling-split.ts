import { SearchTooLargeError } from '../../shared/errors'
import { aboutCount, durationRange, NodeTally, RATE_SPREAD } from '../../shared/tiling/estimate'
import type { TilingPart } from '../worker/protocol'
import { splitTask, type TilingTask } from './tiling-tasks'

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

/** The parts a figure of `nodes` estimated nodes is split into, in a run of `runNodes` on `workers`. */
export function partsFor(nodes: number, runNodes: number, workers: number): number {
  const size = Math.min(PART_NODES, runNodes / (TASKS_PER_WORKER * Math.max(1, workers)))
  return Math.min(MAX_PARTS, Math.max(1, Math.round(nodes / size)))
}

/**
 * How a tiling run splits its figures and weighs its work. Each figure is planned first (its
 * estimate); splits of figures too big to search whole are held until every figure is planned:
 * a run that is not forced goes on only if its whole estimate stays under a day, and never pays
 * for a split it would not search. Splits go out first, so that the whole run is weighed early
 * (its time left is estimated from then on); a figure searched whole weighs its estimate from the
 * start and goes among the parts by it, heaviest first, its progress counting as it runs (these
 * searches are a large share of some runs: 23 of 58 s of work in `convex tetraboloes`).
 */
export class SplitPolicy {
  /** Knuth's estimates of the figures planned so far. */
  readonly estimate = new NodeTally()
  /** Figures planned: ruled out, searched whole, or estimated (to be split). */
  planned = 0
  /**
   * The work of the figures planned, as weighed (searched whole, or split into weighed parts) and
   * as still to weigh (estimated, not yet split: Knuth's estimate stands for it).
   */
  private weighed = 0
  private unweighed = 0
  /** Figures estimated whose split has not come back: their work is not weighed yet. */
  private unsplit = 0
  private held: { figure: number; nodes: number }[] = []

  constructor(
    private readonly figures: number,
    private readonly o: {
      /** Where the tasks run: its worker count, read as it changes, sizes the parts. */
      readonly transport: { workers(): number }
      readonly force?: boolean
      readonly firstOnly?: boolean
    },
  ) {}

  /**
   * A figure planned: ruled out (no estimate), or estimated, to be split (`toSplit`) or searched
   * whole. A run not forced is refused once its estimate passes days of work.
   */
  plan(estimate?: { nodes: number; spread?: number; toSplit: boolean }): void {
    this.planned++
    if (!estimate) return
    this.estimate.add(estimate.nodes, estimate.spread)
    if (estimate.toSplit) this.unweighed += estimate.nodes
    const { nodes, spread } = this.estimate
    if (this.o.force || this.o.firstOnly || nodes <= REFUSE_FROM_NODES) return
    const more = this.planned < this.figures ? ' or more' : ''
    const seconds = nodes / NODES_PER_SECOND / Math.max(1, this.o.transport.workers())
    throw new SearchTooLargeError(
      `this search would visit ${aboutCount(nodes, 'nodes', spread)}${more}, roughly ${durationRange(seconds, spread * RATE_SPREAD)}`,
      nodes,
      spread,
    )
  }

  /**
   * A figure to split (into parts, or one: searched whole): at once (`now`: a forced run, or one
   * resumed), else held until every figure is planned. The splits that can go out now.
   */
  split(figure: number, nodes: number, now: boolean): TilingTask[] {
    if (now) return this.release([this.splitTask(figure, nodes)])
    this.held.push({ figure, nodes })
    return this.release()
  }

  /** The held splits, once the last figure is planned (the estimate passed no refusal). */
  release(next: TilingTask[] = []): TilingTask[] {
    if (this.planned < this.figures || this.held.length === 0) return next
    const all = [...this.held.map((h) => this.splitTask(h.figure, h.nodes)), ...next]
    this.held = []
    return all
  }

  private splitTask(figure: number, nodes: number): TilingTask {
    const parts = partsFor(nodes, this.estimate.nodes, this.o.transport.workers())
    const weight = parts === 1 ? Math.max(1, nodes) : 0
    if (weight > 0) {
      this.unweighed -= nodes
      this.weighed += weight
    } else this.unsplit++
    return splitTask(figure, nodes, parts, weight)
  }

  /** A split that went out to be split came back: its work is weighed by its parts now. */
  splitEnded(nodes: number): void {
    this.unweighed -= nodes
    this.unsplit--
  }

  /**
   * The parts' weights (medians of their probes, which run low: the parts of pentominoes' f23
   * summed to a seventh of the figure's estimate, f40's to under half) share out the figure's
   * estimate, the mean of many more probes: so a figure weighs the same split or whole, and as
   * much beside the others as their estimates say. The factor their weights are scaled by.
   */
  weighParts(parts: readonly TilingPart[], nodes: number): number {
    const weights = parts.reduce((w, part) => w + part.weight, 0)
    const scale = weights > 0 && nodes > 0 ? nodes / weights : 1
    this.weighed += weights * scale
    return scale
  }

  /**
   * A figure searched whole: what it weighs beyond `weight`, the weight it went out with. A search
   * whole weighs the placements it made, not its estimate: in `convex tetraboloes` the figures
   * searched whole made 1.9 times their estimates, the parts of the split ones 0.86 times, and the
   * heaviest go first, so counted by their estimates the search looked slower at first than it
   * was. (A part's estimate is left as it is: a split figure's heaviest parts go first too, and
   * overestimated, so once done by their placements the rest would look smaller than it is.)
   */
  weighWhole(placements: number, weight: number): number {
    const more = Math.max(1, placements) - weight
    this.weighed += more
    return more
  }

  /** What share of the whole run the farm's known weights are. */
  knownShare(): number {
    const work = this.weighed + this.unweighed
    return (this.planned / this.figures) * (work > 0 ? this.weighed / work : 1)
  }

  /** Every figure's work weighed: planning and splitting do none of it. */
  settled(): boolean {
    return this.planned === this.figures && this.held.length === 0 && this.unsplit === 0
  }
}
