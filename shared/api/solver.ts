import { z } from 'zod'
import type { FigureShape } from '../lattice/region'
import type { PlacedPiece } from '../tiling/problem'
import { documentSchema } from './documents'
import { figureShape, none } from './fields'

/* The tiling solver's requests (Programs 1–3) and traces; solves and estimates are runs (./run). */

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
  /** The solves running and the app's worker processes. */
  'solver.status': none,
  'solver.trace': z.strictObject({
    document: documentSchema,
    figure: figureShape,
    maxSteps: z.number().int().min(1).max(100_000),
  }),
} as const

/** A solve (a run of kind `solve`) going on. */
export interface JobSummary {
  readonly jobId: string
  readonly kind: 'tile' | 'convex'
  readonly state: 'running'
}

/** One figure of a running job as the gallery shows it. */
export interface JobFigure {
  readonly name: string
  /** One outline, or a region (parts with holes). */
  readonly polygon: FigureShape
  readonly symmetryOrder?: number
}

export interface SolverResults {
  'solver.status': { jobs: JobSummary[]; workerPids: number[] }
  'solver.trace': { steps: PlacedPiece[][]; solved: boolean }
}
