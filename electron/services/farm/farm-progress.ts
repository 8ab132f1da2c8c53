import { TimeLeft } from '../../../shared/time-left'

export interface FarmProgress {
  /** Of the work, by weight, in [0, 1]. */
  readonly fraction: number
  /** Weight done (a running task by how far it has come) and in all, as far as known. */
  readonly done: number
  readonly total: number
  readonly tasksDone: number
  readonly tasks: number
  readonly elapsedMs: number
  /** Weight per second done in this run, since its first task went out. */
  readonly rate: number
  readonly etaSeconds?: number
}

/** Least time between progress reports while tasks run (each task's end is reported). */
const REPORT_MS = 100

/**
 * A farm run's work by the tasks' weights: the weight known, done (a running task by how far it
 * has come) and done before this run (from the checkpoint), with the rate and the time left;
 * reported a few times a second and as each task ends.
 */
export class WorkMeter {
  private known = 0
  private done = 0
  private before = 0
  private firstSent: number | undefined
  private timeLeft: TimeLeft | undefined
  private lastReport = 0
  /**
   * The weights of the tasks not finished, and the heaviest of them (looked for again once it
   * ends): while one task holds much of the weight left, the time left hinges on its estimate.
   */
  private readonly unfinished = new Map<string, number>()
  private heaviest: { readonly id: string; readonly weight: number } | undefined

  constructor(
    private readonly t0: number,
    private readonly job: {
      /** The share of the whole work whose tasks are known so far (FarmJob.known). */
      readonly known?: () => number
      /** Whether the work still to be weighed is known (FarmJob.settled). */
      readonly settled?: () => boolean
    },
    private readonly onProgress?: (p: FarmProgress) => void,
  ) {}

  /** A task of the run, of its estimated weight. */
  added(id: string, weight: number): void {
    this.known += weight
    this.unfinished.set(id, weight)
    if (this.heaviest && weight > this.heaviest.weight) this.heaviest = { id, weight }
  }

  /** A task finished, `more` heavier than its estimate (FarmTask.weight) once it ran. */
  finished(id: string, weight: number, more: number, fromCheckpoint: boolean): void {
    this.unfinished.delete(id)
    this.known += more
    this.done += weight + more
    if (fromCheckpoint) this.before += weight + more
  }

  /** A task went out: the rate and the time left are measured from the first. */
  sent(): void {
    this.firstSent ??= Date.now()
  }

  /** Reports progress (`throttled`: unless reported within REPORT_MS). */
  report(
    throttled: boolean,
    /** The tasks out, by how far they have come (read only when it reports). */
    running: Iterable<{ readonly task: { readonly weight: number }; readonly fraction: number }>,
    tasks: { readonly done: number; readonly all: number; readonly ended?: boolean },
  ): void {
    const now = Date.now()
    if (!this.onProgress || (throttled && now - this.lastReport < REPORT_MS)) return
    this.lastReport = now
    const { job, firstSent } = this
    let done = this.done
    for (const r of running) done += r.task.weight * r.fraction
    const share = job.known?.() ?? 1
    const total = share > 0 ? Math.max(this.known / share, done) : 0
    const workMs = firstSent === undefined ? 0 : now - firstSent
    if (firstSent !== undefined)
      this.timeLeft ??= new TimeLeft(job.settled ? undefined : { ms: firstSent, done: this.before })
    this.onProgress({
      // Nothing weighed yet (share 0: every task's weight is still to be found): nothing done.
      // All tasks done at the end: exactly 1, not a sum of shares rounded below it.
      fraction:
        tasks.ended && tasks.done === tasks.all
          ? 1
          : total > 0
            ? Math.min(1, done / total)
            : share === 0
              ? 0
              : tasks.all > 0
                ? tasks.done / tasks.all
                : 1,
      done,
      total,
      tasksDone: tasks.done,
      tasks: tasks.all,
      elapsedMs: now - this.t0,
      rate: workMs > 0 ? ((done - this.before) / workMs) * 1000 : 0,
      etaSeconds: this.timeLeft?.at(
        now,
        done,
        total,
        job.settled?.() ?? true,
        this.heaviestWeight(),
      ),
    })
  }

  private heaviestWeight(): number {
    if (!this.heaviest || !this.unfinished.has(this.heaviest.id)) {
      this.heaviest = undefined
      for (const [id, weight] of this.unfinished)
        if (weight > (this.heaviest?.weight ?? -1)) this.heaviest = { id, weight }
    }
    return this.heaviest?.weight ?? 0
  }
}
