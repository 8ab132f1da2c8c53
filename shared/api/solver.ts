import { z } from 'zod'
import type { WorkbenchDocument } from '../document/document'
import type { FigureShape } from '../lattice/region'
import type { PlacedPiece } from '../tiling/problem'
import type { SymmetryMode, TilingCounts, TilingStats } from '../tiling/search'
import { documentSchema } from './documents'
import { figureShape, none } from './fields'
import type { JobView } from './job-view'
import type { RunPlace } from './run'

/* The tiling solver's jobs (Programs 1–3) and traces; the estimates are runs (./run). */

export const solveRequestSchema = z.strictObject({
  document: documentSchema,
  /** 'tile': build the given figures (Program 1); 'convex': every convex figure (Programs 2/3). */
  kind: z.enum(['tile', 'convex']),
  figures: z
    .array(z.strictObject({ name: z.string().max(200), polygon: figureShape }))
    .max(1000)
    .optional(),
  mode: z.enum(['reduce', 'raw']),
  /** Stream the tilings (the gallery) or only count them. */
  list: z.boolean(),
  /** Run even a search estimated to take days (after the user confirmed). */
  force: z.boolean().optional(),
})
export type SolveRequest = z.infer<typeof solveRequestSchema>

/** What an estimate sizes: a solve request's search, before any run. */
export const estimateRequestSchema = solveRequestSchema.pick({
  document: true,
  kind: true,
  figures: true,
  mode: true,
})
export type EstimateRequest = z.infer<typeof estimateRequestSchema>

export const SOLVER_METHODS = {
  'solver.start': solveRequestSchema,
  'solver.cancel': z.strictObject({ jobId: z.string().max(100) }),
  'solver.status': none,
  /**
   * The jobs queued, running and the last few ended, each as its events tell it (tilings so far
   * included): a page reloaded mid-job takes its job up from here, and its events keep coming.
   */
  'solver.jobs': none,
  'solver.trace': z.strictObject({
    document: documentSchema,
    figure: figureShape,
    maxSteps: z.number().int().min(1).max(100_000),
  }),
} as const

export interface JobSummary {
  readonly jobId: string
  readonly kind: 'tile' | 'convex'
  readonly state: 'queued' | 'running'
}

/** A job as `solver.jobs` hands it over: as its events tell it, with its times. */
export type JobSnapshot = JobView & {
  /** Milliseconds since it was asked for. */
  readonly ageMs: number
  /** Milliseconds from being asked for to its first tiling sent, if one was. */
  readonly firstTilingMs?: number
}

/** One figure of a running job as the gallery shows it. */
export interface JobFigure {
  readonly name: string
  /** One outline, or a region (parts with holes). */
  readonly polygon: FigureShape
  readonly symmetryOrder?: number
}

export interface SolverResults {
  'solver.start': { jobId: string }
  'solver.cancel': null
  'solver.status': { jobs: JobSummary[]; workerPids: number[] }
  'solver.jobs': { jobs: JobSnapshot[] }
  'solver.trace': { steps: PlacedPiece[][]; solved: boolean }
}

export type SolverEvent =
  | { readonly type: 'job.queued'; readonly jobId: string }
  | {
      readonly type: 'job.started'
      readonly jobId: string
      readonly request: { readonly kind: 'tile' | 'convex'; readonly mode: SymmetryMode }
      readonly figures: readonly JobFigure[]
      /**
       * The document as solved, each piece with its own name, colour and count (pieces of one
       * shape in the polygon of the first): tilings index its pieces (`mergeCongruent`).
       */
      readonly document: WorkbenchDocument
      /** Names of pieces counted as one kind because they have the same shape. */
      readonly merged: readonly (readonly string[])[]
      /** Where its tasks run. */
      readonly runsOn: RunPlace
    }
  | {
      readonly type: 'job.progress'
      readonly jobId: string
      readonly fraction: number
      readonly placements: number
      readonly solutions: number
      readonly figuresDone: number
      readonly rate: number
      readonly etaSeconds?: number
      /** Knuth's estimate of the search's nodes, for the figures planned so far. */
      readonly estimatedNodes?: number
      /** Its spread, a factor (`NodeTally`): likely within nodes ÷ spread and × spread. */
      readonly estimatedSpread?: number
      /** Figures planned so far: ruled out, or estimated before their search. */
      readonly figuresPlanned?: number
    }
  | {
      readonly type: 'job.solutions'
      readonly jobId: string
      readonly figure: number
      readonly tilings: readonly {
        readonly pieces: readonly PlacedPiece[]
        readonly classSize: number
      }[]
    }
  | {
      readonly type: 'job.figure'
      readonly jobId: string
      readonly figure: number
      readonly counts: TilingCounts
      readonly stats: TilingStats
      readonly rejected?: string
      readonly complete: boolean
      /** Knuth's estimate of the figure's search size in nodes, as planned. */
      readonly estimatedNodes?: number
      /** Its spread, a factor (absent when the figure was searched whole while planned). */
      readonly estimatedSpread?: number
      /**
       * The figure's tilings stream in as found; when that was out of search order, this puts
       * them in it: for each tiling in search order, its index among those streamed.
       */
      readonly order?: readonly number[]
    }
  | {
      readonly type: 'job.ended'
      readonly jobId: string
      /**
       * 'estimated': stopped before its search, its estimate passing 2·10¹² nodes (days of work) (`force` runs
       * it): information for a deliberate choice, not a failure.
       */
      readonly outcome: 'done' | 'cancelled' | 'failed' | 'estimated'
      readonly error?: string
      /** With 'estimated': Knuth's estimate of the nodes, of the figures planned when it stopped. */
      readonly estimatedNodes?: number
      /** Its spread, a factor. */
      readonly estimatedSpread?: number
      /** Tasks taken from the checkpoint of the same job, stopped earlier. */
      readonly resumed?: number
      readonly elapsedMs: number
    }
  /** Something the user should know that does not stop the job: a worker died, its task ran again. */
  | { readonly type: 'job.notice'; readonly jobId: string; readonly message: string }
