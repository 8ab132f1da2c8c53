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
 *
 * Nor is anything said while the rate cannot be trusted (measured on `convex pentominoes`, whose
 * search is a second or two: "14 s left" with 1.6 s to go):
 * - while one unfinished task weighs more than a third of the weight left, the answer hinges on
 *   its estimate alone, and one part's estimate can be off several times over (its heaviest part,
 *   39 % of the weight, did half the placements per unit of weight that the others did);
 * - while the rate over the second half of the time measured is not within 2x of the rate over
 *   all of it (the estimates by the two are not within 2x): other work on the machine comes and
 *   goes. A second half can be at most twice as fast as the whole, so this holds back a rate that
 *   fell, not one that rose as the first tasks of a figure built its problem in each process
 *   (half a second of a 1.1 s search): held to the first half's rate, `convex pentominoes` said
 *   nothing before its end in 7 runs of 7; to the whole's, from 0.84-0.90 of the run in 5, within
 *   1.45x.
 * Once said, it is said on: the last parts of every run hold the weight left, and a time left
 * that comes and goes says less than one that stays.
 */
export class TimeLeft {
  private from: Sample | undefined
  /** Progress since `from`, thinned to at most MAX_SAMPLES, evenly in count. */
  private samples: Sample[] = []
  /** Whether the time left has been said. */
  private trusted = false

  /** `start`: the rate is measured from there (the first task sent, the weight done before). */
  constructor(start?: Sample) {
    this.from = start
    if (start) this.samples.push(start)
  }

  /**
   * Seconds left at `ms` with `done` of `total` weight; `settled`: whether the work still to be
   * weighed is known (until then, undefined); `heaviest`: the weight of the heaviest task not
   * finished.
   */
  at(ms: number, done: number, total: number, settled = true, heaviest = 0): number | undefined {
    if (!settled) return undefined
    if (!this.from) {
      this.from = { ms, done }
      this.samples.push(this.from)
    }
    const from = this.from
    this.samples.push({ ms, done })
    if (this.samples.length > MAX_SAMPLES) this.samples = this.samples.filter((_, k) => k % 2 === 0)
    const seconds = secondsLeft({ workMs: ms - from.ms, total, done, doneBefore: from.done })
    if (!seconds || this.trusted) return seconds
    if (heaviest > MAX_TASK_SHARE * (total - done)) return undefined
    const mid = this.samples.findLast((s) => s.ms <= (from.ms + ms) / 2)!
    // A second half that is all of it compares nothing.
    if (mid.ms === from.ms) return undefined
    const whole = (done - from.done) / (ms - from.ms)
    const second = (done - mid.done) / (ms - mid.ms)
    if (!(whole > 0 && second > 0)) return undefined
    if (Math.max(whole / second, second / whole) > MAX_RATE_CHANGE) return undefined
    this.trusted = true
    return seconds
  }
}

interface Sample {
  readonly ms: number
  readonly done: number
}

const MAX_SAMPLES = 1024
/** Of the weight left, the most one unfinished task may weigh for the time left to be said. */
const MAX_TASK_SHARE = 1 / 3
/** How far apart the rates of the time measured and of its second half may be. */
const MAX_RATE_CHANGE = 2
