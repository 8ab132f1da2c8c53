/**
 * The time left of a run whose work is split into parts weighed beforehand (Knuth's estimates of
 * their search trees): the time spent per unit of weight done so far, times the weight left. Raw
 * fractions of parts done, or positions in a search tree, say little about time when the parts'
 * weights differ by orders of magnitude; the weights do. Weight done before this run (a resumed
 * count) took no time in it and is left out of the rate.
 */
export function secondsLeft(o: {
  /** Time spent on the work in this run. */
  readonly workMs: number
  readonly total: number
  readonly done: number
  /** Of `done`, what was done before this run began. */
  readonly doneBefore?: number
}): number | undefined {
  const doneHere = o.done - (o.doneBefore ?? 0)
  // Too little to go by yet: the first moments say more about start-up (processes, the compiler
  // warming up) and the first parts' estimates than about the rate.
  if (o.workMs < MIN_WORK_MS || doneHere <= 0 || doneHere < MIN_DONE * o.total) return undefined
  return ((o.workMs / doneHere) * Math.max(0, o.total - o.done)) / 1000
}

const MIN_WORK_MS = 500
/** Of the whole weight, done in this run. */
const MIN_DONE = 0.05

/**
 * The time left of a run whose work is weighed only once some of it has run: a tiling run plans
 * its figures first (the rule-outs, Knuth's estimates, the splits into weighed parts), which takes
 * a large share of its time (measured: 5 of 30 s for `convex tetraboloes`, 2.2 of 5.3 s for
 * `convex pentominoes`, on two processes) but does none of the weighed work. A rate measured from
 * the run's start counts that time as if the search went that slowly: "16 s left" with 2.4 s to
 * go. So the rate is measured from the moment the work is settled (every figure planned), on the
 * weight done since, and nothing is said before.
 */
export class TimeLeft {
  private from: { readonly ms: number; readonly done: number } | undefined

  /** `start`: the rate is measured from there (the first task sent, the weight done before). */
  constructor(start?: { readonly ms: number; readonly done: number }) {
    this.from = start
  }

  /**
   * Seconds left at `ms` with `done` of `total` weight; `settled`: whether the work still to be
   * weighed is known (until then, undefined).
   */
  at(ms: number, done: number, total: number, settled = true): number | undefined {
    if (!settled) return undefined
    this.from ??= { ms, done }
    return secondsLeft({ workMs: ms - this.from.ms, total, done, doneBefore: this.from.done })
  }
}
