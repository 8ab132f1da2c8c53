import { randomUUID } from 'node:crypto'
import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { FigureShape } from '../../shared/lattice/region'
import type {
  JobSnapshot,
  JobSummary,
  Results,
  SolveRequest,
  WorkbenchEvent,
} from '../../shared/api/contract'
import { applyJobEvent, newJobView, type JobView } from '../../shared/api/job-view'
import type { WorkbenchDocument } from '../../shared/document/document'
import { InputError, SearchTooLargeError } from '../../shared/errors'
import { solvableDocument, type SolvableSet } from '../../shared/pieces/solvable'
import type { SolvedFigure, SolvedJob } from '../../shared/formats/solutions'
import type { AppWorkers } from './farm/app-workers'
import { setAsideIfDamaged } from './farm/checkpoint'
import { runOneTask } from './farm/one-task'
import { jobFigures } from './solve-job'
import {
  runTilings,
  tilingCheckpoint,
  tilingRunId,
  type FoundTiling,
  type RunProgress,
} from './tiling-job'

/**
 * The app's solver: a queue of jobs, run one at a time on the app's worker processes (kept warm,
 * so a solve starts at once), never in this process. Progress, tilings and per-figure results
 * stream out as events; cancel kills the job's processes at once; a worker that dies is reported
 * and its task run again. A stopped job keeps a checkpoint, and solving the same again resumes
 * from it. One-off tasks (the search trace, a published number) go to the workers too. Each job
 * is also followed as its events tell it (`JobView`), the running ones and the last few ended, so
 * that a page reloaded mid-job takes it up again (`jobViews`).
 */
export interface SolverServiceOptions {
  readonly workers: AppWorkers
  readonly emit: (e: WorkbenchEvent) => void
  /** Where stopped jobs keep their checkpoints (none: no checkpoints). */
  readonly checkpointDir?: string
}

interface Job {
  readonly jobId: string
  readonly request: SolveRequest
  /** The request's set, checked and prepared once, as it came. */
  readonly set: SolvableSet
  readonly abort: AbortController
  state: 'queued' | 'running'
}

const KEEP_SOLVED = 2
/** Ended jobs whose views are kept for a page reloaded meanwhile, the newest. */
const KEEP_ENDED = 2
/** Checkpoints of stopped jobs kept, the newest. */
const KEEP_CHECKPOINTS = 8

/** Tilings are sent in batches: at most this often, or when this many have gathered. */
const FLUSH_MS = 100
const FLUSH_COUNT = 500

/** A request's document as a set to solve: any figure it solves is checked too. */
export const solvable = (document: unknown): SolvableSet =>
  solvableDocument(document as WorkbenchDocument, { figures: true })

/** The figures of a request, as the workers solve them. */
export const requestFigures = (
  set: SolvableSet,
  kind: 'tile' | 'convex',
  figures?: SolveRequest['figures'],
) => jobFigures(kind, set.pieces, figures ?? set.figures)

/** A job as its events told it so far, and when it was asked for and first found a tiling. */
interface Followed {
  readonly view: JobView
  readonly askedAt: number
  firstTilingMs?: number
}

export class SolverService {
  private readonly jobs: Job[] = []
  /** Job ids name this service too: a page that remembers a job of a host since restarted
   *  must not take another job for it. */
  private readonly idPrefix = `job-${randomUUID().slice(0, 8)}-`
  private nextJob = 1
  /** Every queued or running job and the last few ended, in the order they were asked for. */
  private readonly followed = new Map<string, Followed>()
  private pumping = false
  /** What the last few listing jobs found, for export (the renderer has it too, but export
   *  should not send it all back). */
  private readonly solved = new Map<string, SolvedJob>()

  constructor(private readonly opts: SolverServiceOptions) {}

  /** Sends an event, and applies it to the view of the job it is about. */
  private readonly emit = (e: WorkbenchEvent): void => {
    const followed = 'jobId' in e ? this.followed.get(e.jobId) : undefined
    if (followed) {
      applyJobEvent(followed.view, e)
      if (e.type === 'job.solutions') followed.firstTilingMs ??= Date.now() - followed.askedAt
      if (e.type === 'job.ended') this.forgetEnded()
    }
    this.opts.emit(e)
  }

  /** Forgets the views of all but the newest few ended jobs. */
  private forgetEnded(): void {
    const ended = [...this.followed.values()].filter(
      (f) => f.view.state !== 'queued' && f.view.state !== 'running',
    )
    for (const f of ended.slice(0, -KEEP_ENDED)) this.followed.delete(f.view.jobId)
  }

  start(request: SolveRequest): Results['solver.start'] {
    // Refuse a document that cannot be solved now, before queueing it.
    const set = solvable(request.document)
    const job: Job = {
      jobId: `${this.idPrefix}${this.nextJob++}`,
      request,
      set,
      abort: new AbortController(),
      state: 'queued',
    }
    this.jobs.push(job)
    this.followed.set(job.jobId, {
      view: newJobView(
        job.jobId,
        { ...request, document: request.document as WorkbenchDocument },
        set.key,
      ),
      askedAt: Date.now(),
    })
    this.emit({ type: 'job.queued', jobId: job.jobId })
    void this.pump()
    return { jobId: job.jobId }
  }

  cancel(jobId: string): void {
    const job = this.jobs.find((j) => j.jobId === jobId)
    if (!job) return
    if (job.state === 'queued') {
      this.jobs.splice(this.jobs.indexOf(job), 1)
      this.emit({ type: 'job.ended', jobId, outcome: 'cancelled', elapsedMs: 0 })
    } else job.abort.abort()
  }

  status(): Results['solver.status'] {
    return {
      jobs: this.jobs.map((j): JobSummary => ({
        jobId: j.jobId,
        kind: j.request.kind,
        state: j.state,
      })),
      workerPids: this.opts.workers.pool.pids(),
    }
  }

  /**
   * The jobs queued or running and the last few ended, as their events told them. Taken at once
   * and answered before any later event of theirs is sent, so a page that takes a job up from
   * here and applies the events that follow has it whole.
   */
  jobViews(): Results['solver.jobs'] {
    const now = Date.now()
    return {
      jobs: [...this.followed.values()].map((f): JobSnapshot => ({
        ...f.view,
        // Copied as they are now: the view's figures change as events come, their tiling
        // lists are replaced, never changed.
        figures: f.view.figures.map((g) => ({ ...g })),
        ageMs: now - f.askedAt,
        ...(f.firstTilingMs === undefined ? {} : { firstTilingMs: f.firstTilingMs }),
      })),
    }
  }

  async trace(p: {
    document: WorkbenchDocument
    figure: FigureShape
    maxSteps: number
  }): Promise<Results['solver.trace']> {
    // The steps index the pieces of the document asked about, as a job's tilings do.
    const { wire, spread } = solvableDocument(p.document)
    const trace = await runOneTask({
      kind: 'trace',
      setup: {
        set: wire,
        figure: p.figure,
        mode: 'reduce',
        maxSteps: p.maxSteps,
      },
      input: null,
      transport: (await this.opts.workers.transport()).transport,
    })
    return { ...trace!, steps: trace!.steps.map(spread) }
  }

  async reproduce(id: string): Promise<Results['papers.reproduce']> {
    return (await runOneTask({
      kind: 'reproduce',
      setup: { id },
      input: null,
      transport: (await this.opts.workers.transport()).transport,
    }))!
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
    for (const j of this.jobs) j.abort.abort()
  }

  private async pump(): Promise<void> {
    if (this.pumping) return
    this.pumping = true
    while (this.jobs.length > 0) await this.run(this.jobs[0])
    this.pumping = false
  }

  /**
   * The checkpoint of a job: one file per set, figures and convention, in the checkpoint folder
   * (a damaged one set aside).
   */
  private async checkpointFor(runId: string): Promise<string | undefined> {
    const dir = this.opts.checkpointDir
    if (!dir) return undefined
    await mkdir(dir, { recursive: true })
    const path = join(dir, `tilings-${runId.slice(0, 24)}.json`)
    await setAsideIfDamaged(path, tilingCheckpoint, 'solve again')
    return path
  }

  /** Keeps the newest few checkpoints of stopped jobs. */
  private async pruneCheckpoints(): Promise<void> {
    const dir = this.opts.checkpointDir
    if (!dir) return
    const files = (await readdir(dir)).filter((f) => /^tilings-[0-9a-f]+\.json$/.test(f))
    const dated = await Promise.all(
      files.map(async (f) => ({ f, t: (await stat(join(dir, f))).mtimeMs })),
    )
    dated.sort((a, b) => b.t - a.t)
    for (const { f } of dated.slice(KEEP_CHECKPOINTS)) await rm(join(dir, f), { force: true })
  }

  private async run(job: Job): Promise<void> {
    job.state = 'running'
    const { jobId, request, set } = job
    const started = Date.now()
    const emit = this.emit
    let keepSoFar = (_complete: boolean) => {}
    try {
      const { apart, spread } = set
      const { figures, shown } = requestFigures(set, request.kind, request.figures)
      const options = {
        set: set.wire,
        figures,
        mode: request.mode,
        list: request.list,
      }
      const checkpoint = await this.checkpointFor(tilingRunId(options))
      const { transport, place } = await this.opts.workers.runTransport()
      emit({
        type: 'job.started',
        jobId,
        request: { kind: request.kind, mode: request.mode },
        figures: shown,
        document: apart,
        merged: set.merged,
        runsOn: place,
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
          estimatedNodes: p.estimatedNodes,
          estimatedSpread: p.estimatedSpread,
          figuresPlanned: p.figuresPlanned,
        })
      }
      const outcome = await runTilings({
        ...options,
        transport,
        force: request.force,
        checkpoint,
        signal: job.abort.signal,
        onNotice: (message) => emit({ type: 'job.notice', jobId, message }),
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
            estimatedNodes: r.estimatedNodes,
            estimatedSpread: r.estimatedSpread,
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
      if (checkpoint) {
        if (outcome.complete) await rm(checkpoint, { force: true })
        await this.pruneCheckpoints()
      }
      emit({
        type: 'job.ended',
        jobId,
        outcome: outcome.cancelled ? 'cancelled' : outcome.error ? 'failed' : 'done',
        error: outcome.error,
        resumed: outcome.resumed,
        elapsedMs: Date.now() - started,
      })
    } catch (e) {
      keepSoFar(false)
      emit({
        type: 'job.ended',
        jobId,
        elapsedMs: Date.now() - started,
        ...(job.abort.signal.aborted
          ? { outcome: 'cancelled' }
          : e instanceof SearchTooLargeError
            ? {
                outcome: 'estimated',
                estimatedNodes: e.estimatedNodes,
                estimatedSpread: e.estimatedSpread,
              }
            : { outcome: 'failed', error: (e as Error).message }),
      })
    } finally {
      this.jobs.splice(this.jobs.indexOf(job), 1)
      this.opts.workers.pool.refill()
    }
  }
}
