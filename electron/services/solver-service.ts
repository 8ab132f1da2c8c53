import type { FigureShape } from '../../shared/lattice/region'
import type { Results, SolveRequest } from '../../shared/api/contract'
import type { WorkbenchDocument } from '../../shared/document/document'
import { solvableDocument, type SolvableSet } from '../../shared/pieces/solvable'
import type { AppWorkers } from './farm/app-workers'
import { runOneTask } from './farm/one-task'
import { jobFigures } from './solve-job'

/**
 * The solver's one-off tasks (the search trace, a published number), on the app's worker
 * processes, never in this process. Solves themselves are runs (`solve-kind.ts`).
 */
export interface SolverServiceOptions {
  readonly workers: AppWorkers
}

/** A request's document as a set to solve: any figure it solves is checked too. */
export const solvable = (document: unknown): SolvableSet =>
  solvableDocument(document as WorkbenchDocument, { figures: true })

/** The figures of a request, as the workers solve them. */
export const requestFigures = (
  set: SolvableSet,
  kind: 'tile' | 'convex',
  figures?: SolveRequest['figures'],
) => jobFigures(kind, set.pieces, figures ?? set.figures)

export class SolverService {
  constructor(private readonly opts: SolverServiceOptions) {}

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
}
