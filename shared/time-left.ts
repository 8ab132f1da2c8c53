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
