import type { WorkbenchDocument } from '../document/document'
import { mergeCongruentPieces, solvedSetKey } from '../document/merge'
import type { PlacedPiece } from '../tiling/problem'
import type { SymmetryMode, TilingCounts, TilingStats } from '../tiling/search'
import type { JobFigure, RunPlace, WorkbenchEvent } from './contract'

export interface JobTiling {
  readonly pieces: readonly PlacedPiece[]
  readonly classSize: number
}

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
 * A solve job as its events tell it: what a client that saw every event since the job was asked
 * for knows. The renderer builds it from the events it receives; the solver service builds the
 * same from the events it sends, so that a page reloaded mid-job takes the job up where it is
 * (`solver.jobs`) and goes on with the events that follow.
 */
export interface JobView {
  readonly jobId: string
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

/** Applies one event to the job it is about; false if it is about no job or another one. */
export function applyJobEvent(j: JobView, e: WorkbenchEvent): boolean {
  if (!('jobId' in e) || e.jobId !== j.jobId) return false
  switch (e.type) {
    case 'job.started':
      j.state = 'running'
      j.document = e.document
      j.merged = e.merged
      j.runsOn = e.runsOn
      j.figures = e.figures.map((figure) => ({ figure, tilings: [] }))
      break
    case 'job.progress':
      j.fraction = e.fraction
      j.placements = e.placements
      j.solutions = Math.max(j.solutions, e.solutions)
      j.figuresDone = e.figuresDone
      j.rate = e.rate
      j.etaSeconds = e.etaSeconds
      j.estimatedNodes = e.estimatedNodes
      j.estimatedSpread = e.estimatedSpread
      j.figuresPlanned = e.figuresPlanned
      break
    case 'job.solutions': {
      const f = j.figures[e.figure]
      if (!f) break
      f.tilings = f.tilings.concat(e.tilings)
      j.solutions = Math.max(
        j.solutions,
        j.figures.reduce((s, g) => s + g.tilings.length, 0),
      )
      break
    }
    case 'job.figure': {
      const f = j.figures[e.figure]
      if (!f) break
      if (e.order) f.tilings = e.order.map((k) => f.tilings[k])
      f.counts = e.counts
      f.stats = e.stats
      f.rejected = e.rejected
      f.complete = e.complete
      f.estimatedNodes = e.estimatedNodes
      f.estimatedSpread = e.estimatedSpread
      j.figuresDone = j.figures.filter((g) => g.counts || g.rejected).length
      break
    }
    case 'job.notice':
      j.notices = [...j.notices, e.message]
      break
    case 'job.ended':
      j.state = e.outcome
      j.error = e.error
      if (e.estimatedNodes !== undefined) {
        j.estimatedNodes = e.estimatedNodes
        j.estimatedSpread = e.estimatedSpread
      }
      j.elapsedMs = e.elapsedMs
      if (e.outcome === 'done') j.fraction = 1
      break
  }
  return true
}
