import type { WorkbenchDocument } from '../document/document'
import { mergeCongruentPieces, solvedSetKey } from '../document/merge'
import type { SolvedJob } from '../formats/solutions'
import type { SymmetryMode, TilingCounts, TilingStats } from '../tiling/search'
import type { JobFigure, RunPlace } from './contract'
import type { JobTiling, RunEventOf, RunItem, RunResult, SolvePlan } from './run'

export type { JobTiling } from './run'

export interface JobFigureView {
  readonly figure: JobFigure
  tilings: JobTiling[]
  counts?: TilingCounts
  stats?: TilingStats
  rejected?: string
  complete?: boolean
  /** Knuth's estimate of the figure's search, as planned, and its spread (a factor). */
  estimatedNodes?: number
  estimatedSpread?: number
}

/**
 * A solve (a run of kind `solve`) as its events tell it: what a client that saw every event
 * since it was asked for knows. The renderer builds it from the events it receives, a page
 * reloaded mid-run from those `run.list` hands over and the events that follow; the export
 * from the run's plan, items and result as kept.
 */
export interface JobView {
  /** The run's id, once the start has answered. */
  jobId: string
  readonly kind: 'tile' | 'convex'
  readonly mode: SymmetryMode
  /** The set solved (`solvedSetKey`): the job's tilings are those of every document with it. */
  readonly setKey: string
  /** The document as solved: the gallery draws with its pieces and colours. */
  document: WorkbenchDocument
  /** Names of pieces counted as one kind because they have the same shape. */
  merged: readonly (readonly string[])[]
  /** Where its tasks run, once it has started. */
  runsOn?: RunPlace
  /** 'estimated': stopped before its search, which would take days; it can be run anyway. */
  state: 'queued' | 'running' | 'done' | 'cancelled' | 'failed' | 'estimated'
  figures: JobFigureView[]
  fraction: number
  placements: number
  solutions: number
  figuresDone: number
  rate: number
  etaSeconds?: number
  error?: string
  /** Lines about the run that did not stop it: a worker process that died, its task run again. */
  notices: string[]
  /** Knuth's estimate of the nodes, of the figures planned so far, and its spread (a factor). */
  estimatedNodes?: number
  estimatedSpread?: number
  /** Figures planned so far: ruled out, or estimated before their search. */
  figuresPlanned?: number
  /** Set when the job has ended. */
  elapsedMs?: number
}

/** A job just asked for, before any event (`setKey`: its set's, when known already). */
export function newJobView(
  jobId: string,
  request: { kind: 'tile' | 'convex'; mode: SymmetryMode; document: WorkbenchDocument },
  setKey = solvedSetKey(mergeCongruentPieces(request.document.pieces)),
): JobView {
  return {
    jobId,
    kind: request.kind,
    mode: request.mode,
    setKey,
    document: request.document,
    merged: [],
    state: 'queued',
    notices: [],
    figures: [],
    fraction: 0,
    placements: 0,
    solutions: 0,
    figuresDone: 0,
    rate: 0,
  }
}

/** Applies one event of the job's run to it. */
export function applyJobEvent(j: JobView, e: RunEventOf<'solve'>): void {
  switch (e.type) {
    case 'run.started':
      j.state = 'running'
      j.runsOn = e.runsOn
      if (e.plan) startPlan(j, e.plan)
      break
    case 'run.progress': {
      const p = e.progress
      j.fraction = p.fraction
      j.placements = p.placements
      j.solutions = Math.max(j.solutions, p.solutions)
      j.figuresDone = p.figuresDone
      j.rate = p.rate
      j.etaSeconds = p.etaSeconds
      j.estimatedNodes = p.estimatedNodes
      j.estimatedSpread = p.estimatedSpread
      j.figuresPlanned = p.figuresPlanned
      break
    }
    case 'run.items':
      applyItems(j, e.items)
      break
    case 'run.notice':
      j.notices = [...j.notices, e.line]
      break
    case 'run.ended':
      endJob(j, e)
      break
  }
}

function startPlan(j: JobView, plan: SolvePlan): void {
  j.document = plan.document
  j.merged = plan.merged
  j.figures = plan.figures.map((figure) => ({ figure, tilings: [] }))
}

function applyItems(j: JobView, items: readonly RunItem<'solve'>[]): void {
  // A figure's tilings are replaced, never changed: a copy handed over keeps them as they were.
  const added = new Map<number, JobTiling[]>()
  const take = (figure: number) => {
    const f = j.figures[figure]
    if (f && !added.has(figure)) {
      f.tilings = f.tilings.slice()
      added.set(figure, f.tilings)
    }
    return f
  }
  let found = 0
  for (const item of items) {
    const f = take(item.figure)
    if (!f) continue
    if ('tiling' in item) {
      f.tilings.push(item.tiling)
      found++
      continue
    }
    const d = item.done
    if (d.order) f.tilings = d.order.map((k) => f.tilings[k])
    added.delete(item.figure)
    f.counts = d.counts
    f.stats = d.stats
    f.rejected = d.rejected
    f.complete = d.complete
    f.estimatedNodes = d.estimatedNodes
    f.estimatedSpread = d.estimatedSpread
    j.figuresDone = j.figures.filter((g) => g.counts || g.rejected).length
  }
  if (found > 0)
    j.solutions = Math.max(
      j.solutions,
      j.figures.reduce((s, g) => s + g.tilings.length, 0),
    )
}

function endJob(j: JobView, e: Extract<RunEventOf<'solve'>, { type: 'run.ended' }>): void {
  const estimated = e.result?.estimated
  j.state = estimated ? 'estimated' : e.outcome
  j.error = e.error
  if (e.notices) j.notices = [...e.notices]
  if (estimated) {
    j.estimatedNodes = estimated.nodes
    j.estimatedSpread = estimated.spread
  }
  j.elapsedMs = e.elapsedMs
  if (j.state === 'done') j.fraction = 1
}

/** A solve's view from its plan, items and result as the run service keeps them. */
export function keptJobView(
  runId: string,
  kept: { plan?: SolvePlan; items: readonly RunItem<'solve'>[]; result: RunResult<'solve'> },
): JobView {
  const plan = kept.plan!
  const j = newJobView(runId, { ...plan.request, document: plan.document }, plan.setKey)
  startPlan(j, plan)
  applyItems(j, kept.items)
  j.state = kept.result.complete ? 'done' : 'cancelled'
  return j
}

/** A job's tilings as the export sees them. */
export function solvedJob(job: JobView): SolvedJob {
  return {
    document: job.document,
    kind: job.kind,
    mode: job.mode,
    complete: job.state === 'done',
    figures: job.figures.map((r) => ({
      name: r.figure.name,
      polygon: r.figure.polygon,
      counts: r.counts,
      rejected: r.rejected,
      complete: r.complete,
      tilings: r.tilings,
    })),
  }
}
