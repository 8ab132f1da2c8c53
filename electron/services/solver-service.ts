import { setPriority } from 'node:os'
import type { Point } from '../../shared/lattice/polygon'
import type { JobSummary, Results, SolveRequest, WorkbenchEvent } from '../../shared/api/contract'
import { documentToJson, type WorkbenchDocument } from '../../shared/document/document'
import { mergeCongruent } from '../../shared/document/merge'
import { InputError, SearchTooLargeError } from '../../shared/errors'
import { pieceSetFromJson } from '../../shared/formats/load'
import type { SolvedFigure, SolvedJob } from '../../shared/formats/solutions'
import type { FromWorker, WorkerTask } from '../worker/protocol'
import { WarmPool, type LaunchWorker } from './solver-pool'
import { jobFigures } from './solve-job'
import { runTilings, type FoundTiling, type RunProgress } from './tiling-runner'

/**
 * The app's solver: a queue of jobs, run one at a time on worker processes kept warm (so a solve
 * starts at once), never in this process. Progress, tilings and per-figure results stream out as
 * events; cancel kills the job's processes at once; a crashed process ends its job with an error
 * and keeps what was found. One-off tasks (the search trace, a published number) borrow a warm
 * process too.
 */
export interface SolverServiceOptions {
  readonly launch: LaunchWorker
  /** Processes a job may use: the user's setting. */
  readonly workers: () => Promise<number>
  readonly emit: (e: WorkbenchEvent) => void
}

interface Job {
  readonly jobId: string
  readonly request: SolveRequest
  readonly abort: AbortController
  state: 'queued' | 'running'
}

const SOLVER_NICENESS = 10
const WARM_AFTER_MS = 1500
const KEEP_SOLVED = 2

/** Tilings are sent in batches: at most this often, or when this many have gathered. */
const FLUSH_MS = 100
const FLUSH_COUNT = 500

export class SolverService {
  private readonly pool: WarmPool
  private readonly jobs: Job[] = []
  private nextJob = 1
  private nextTask = 1
  private pumping = false
  /** What the last few listing jobs found, for export (the renderer has it too, but export
   *  should not send it all back). */
  private readonly solved = new Map<string, SolvedJob>()
  private closed = false
  private readonly warming: ReturnType<typeof setTimeout>

  constructor(private readonly opts: SolverServiceOptions) {
    // Solver processes run below the app's priority: a long search on every core must not make
    // the window (or the browser showing it) stutter.
    const launch: LaunchWorker = () => {
      const w = opts.launch()
      try {
        if (w.pid !== undefined) setPriority(w.pid, SOLVER_NICENESS)
      } catch {
        // Not permitted here (some sandboxes): the solver just runs at normal priority.
      }
      return w
    }
    // Warm the processes once the app has started, not while it starts: on a small machine
    // their start-up would compete with the window's. A solve before then starts them itself.
    this.pool = new WarmPool(launch, 0)
    this.warming = setTimeout(() => {
      void opts.workers().then((n) => this.closed || this.pool.resize(n))
    }, WARM_AFTER_MS)
  }

  start(request: SolveRequest): Results['solver.start'] {
    // Refuse a document that cannot be solved now, before queueing it.
    documentToJson(request.document as WorkbenchDocument)
    const job: Job = {
      jobId: `job-${this.nextJob++}`,
      request,
      abort: new AbortController(),
      state: 'queued',
    }
    this.jobs.push(job)
    this.opts.emit({ type: 'job.queued', jobId: job.jobId })
    void this.pump()
    return { jobId: job.jobId }
  }

  cancel(jobId: string): void {
    const job = this.jobs.find((j) => j.jobId === jobId)
    if (!job) return
    if (job.state === 'queued') {
      this.jobs.splice(this.jobs.indexOf(job), 1)
      this.opts.emit({ type: 'job.ended', jobId, outcome: 'cancelled', elapsedMs: 0 })
    } else job.abort.abort()
  }

  status(): Results['solver.status'] {
    return {
      jobs: this.jobs.map((j): JobSummary => ({
        jobId: j.jobId,
        kind: j.request.kind,
        state: j.state,
      })),
      workerPids: this.pool.pids(),
    }
  }

  async trace(p: {
    document: WorkbenchDocument
    figure: readonly Point[]
    maxSteps: number
  }): Promise<Results['solver.trace']> {
    // The steps index the pieces of the document asked about, as a job's tilings do.
    const { document, spread } = mergeCongruent(p.document)
    const trace = (await this.task({
      kind: 'trace',
      set: documentToJson(document),
      figure: p.figure,
      mode: 'reduce',
      maxSteps: p.maxSteps,
    })) as Results['solver.trace']
    return { ...trace, steps: trace.steps.map(spread) }
  }

  reproduce(id: string): Promise<Results['papers.reproduce']> {
    return this.task({ kind: 'reproduce', id }) as Promise<Results['papers.reproduce']>
  }

  /** What a finished (or stopped) listing job found; the last few jobs are kept. */
  solutions(jobId: string): SolvedJob {
    const job = this.solved.get(jobId)
    if (!job) {
      const running = this.jobs.some((j) => j.jobId === jobId)
      throw new InputError(
        running
          ? 'the job is still running: export when it has finished or been cancelled'
          : 'the tilings of that job are no longer kept: solve again to export them',
      )
    }
    return job
  }

  close(): void {
    this.closed = true
    clearTimeout(this.warming)
    for (const j of this.jobs) j.abort.abort()
    this.pool.close()
  }

  private async pump(): Promise<void> {
    if (this.pumping) return
    this.pumping = true
    while (this.jobs.length > 0) await this.run(this.jobs[0])
    this.pumping = false
  }

  private async run(job: Job): Promise<void> {
    job.state = 'running'
    const { jobId, request } = job
    const started = Date.now()
    const emit = this.opts.emit
    let keepSoFar = (_complete: boolean) => {}
    try {
      const { document, merged, apart, spread } = mergeCongruent(
        request.document as WorkbenchDocument,
      )
      const setJson = documentToJson(document)
      const set = pieceSetFromJson(setJson, request.document.name)
      const pieces = set.pieces.map((p) => ({ name: p.name, shape: p.shape, count: p.count }))
      const { figures, shown } = jobFigures(request.kind, pieces, request.figures ?? set.figures)
      const workers = await this.opts.workers()
      this.pool.resize(workers)
      emit({
        type: 'job.started',
        jobId,
        request: { kind: request.kind, mode: request.mode },
        figures: shown,
        document: apart,
        merged,
      })
      // The tilings of each figure, in search order, once it is done (or stopped).
      const kept = request.list
        ? shown.map((f): { -readonly [K in keyof SolvedFigure]: SolvedFigure[K] } => ({
            name: f.name,
            polygon: f.polygon,
            tilings: [],
          }))
        : undefined
      const keep = (complete: boolean) => {
        if (!kept) return
        this.solved.set(jobId, {
          document: apart,
          kind: request.kind,
          mode: request.mode,
          complete,
          figures: kept,
        })
        for (const id of this.solved.keys())
          if (this.solved.size > KEEP_SOLVED) this.solved.delete(id)
      }
      keepSoFar = keep
      const batch = new Map<number, FoundTiling[]>()
      // The first tiling goes out at once (the user is waiting for it); later ones in batches.
      let lastFlush = 0
      let count = 0
      const flush = (figure?: number) => {
        for (const [f, tilings] of batch) {
          if (figure !== undefined && f !== figure) continue
          emit({ type: 'job.solutions', jobId, figure: f, tilings })
          batch.delete(f)
        }
        lastFlush = Date.now()
        count = 0
      }
      let figuresDone = 0
      let lastProgress = 0
      let last: RunProgress | undefined
      let sent: RunProgress | undefined
      const progress = (p: RunProgress) => {
        sent = p
        lastProgress = Date.now()
        emit({
          type: 'job.progress',
          jobId,
          fraction: p.fraction,
          placements: p.placements,
          solutions: p.solutions,
          figuresDone,
          rate: p.elapsedMs > 0 ? (p.placements / p.elapsedMs) * 1000 : 0,
          etaSeconds: p.etaSeconds,
        })
      }
      const outcome = await runTilings({
        pieces,
        setJson,
        figures,
        mode: request.mode,
        list: request.list,
        workers,
        source: this.pool,
        parallelFrom: 0,
        force: request.force,
        signal: job.abort.signal,
        onSolution: (figure, found, classSize) => {
          const placed = spread(found)
          const list = batch.get(figure) ?? []
          list.push({ pieces: placed, classSize })
          batch.set(figure, list)
          if (++count >= FLUSH_COUNT || Date.now() - lastFlush > FLUSH_MS) flush()
        },
        onFigureDone: (figure, r) => {
          flush(figure)
          if (kept)
            Object.assign(kept[figure], {
              counts: r.counts,
              rejected: r.rejected,
              complete: r.complete,
              // In search order, each tiling's copies handed back to the pieces as drawn.
              tilings: (r.tilings ?? []).map((t) => ({ ...t, pieces: spread(t.pieces) })),
            })
          figuresDone++
          emit({
            type: 'job.figure',
            jobId,
            figure,
            counts: r.counts,
            stats: r.stats,
            rejected: r.rejected,
            complete: r.complete,
            ...(r.order ? { order: r.order } : {}),
          })
        },
        onProgress: (p) => {
          last = p
          if (Date.now() - lastProgress < 125) return
          // The tilings counted go out first: the count never runs ahead of the tilings shown.
          flush()
          progress(p)
        },
      })
      flush()
      // The run's last report always goes out: it has the final totals.
      if (last && last !== sent) progress(last)
      keep(outcome.complete)
      emit({
        type: 'job.ended',
        jobId,
        outcome: outcome.cancelled ? 'cancelled' : outcome.error ? 'failed' : 'done',
        error: outcome.error,
        elapsedMs: Date.now() - started,
      })
    } catch (e) {
      keepSoFar(false)
      emit({
        type: 'job.ended',
        jobId,
        outcome: job.abort.signal.aborted ? 'cancelled' : 'failed',
        error: (e as Error).message,
        tooLarge: e instanceof SearchTooLargeError,
        elapsedMs: Date.now() - started,
      })
    } finally {
      this.jobs.splice(this.jobs.indexOf(job), 1)
      this.pool.refill()
    }
  }

  private task(job: WorkerTask): Promise<unknown> {
    const w = this.pool.take()
    const task = this.nextTask++
    return new Promise<unknown>((resolve, reject) => {
      const done = () => {
        offMessage()
        offExit()
      }
      const offMessage = w.onMessage((m: FromWorker) => {
        if (m.type === 'task-done' && m.task === task) {
          done()
          this.pool.give(w)
          resolve(m.result)
        } else if (m.type === 'task-error' && m.task === task) {
          done()
          this.pool.give(w)
          reject(new InputError(m.message))
        }
      })
      const offExit = w.onExit((code, signal) => {
        done()
        reject(
          new Error(`the solver process stopped unexpectedly (${signal ?? `exit code ${code}`})`),
        )
      })
      w.send({ type: 'task', task, job })
    })
  }
}
