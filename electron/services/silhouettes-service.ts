import type {
  Params,
  Results,
  SilhouetteCandidate,
  WorkbenchEvent,
} from '../../shared/api/contract'
import type { WorkbenchDocument } from '../../shared/document/document'
import { InputError } from '../../shared/errors'
import type { BookletFigure } from '../../shared/silhouettes/booklet'
import { silhouetteSetProblem, type SilhouetteResult } from '../../shared/silhouettes/search'
import { solvablePieces } from './document-pieces'
import type { AppWorkers } from './farm/app-workers'
import { Runs } from './runs'
import { runSilhouettes } from './silhouettes-run'

/**
 * Silhouette puzzles for the app (issue 14): the search of shared/silhouettes on the app's
 * workers (its processes or the queue, as the user chose: silhouettes-run.ts). Every figure
 * counted goes to the renderer with the next progress event; the end names the figures found
 * and where it ran. The last results are kept so that a booklet can be asked for by the
 * search's id.
 */
const KEEP = 2

interface Found {
  readonly document: WorkbenchDocument
  readonly figures: readonly BookletFigure[]
}

export class SilhouettesService {
  private readonly runs: Runs
  private readonly found = new Map<string, Found>()

  constructor(
    workers: AppWorkers,
    private readonly emit: (e: WorkbenchEvent) => void,
  ) {
    this.runs = new Runs('silhouettes', workers)
  }

  find(p: Params<'silhouettes.find'>): Results['silhouettes.find'] {
    const { name, merged, pieces, wire } = solvablePieces(p.document)
    // A set too large is refused at once, in the call's reply.
    const problem = silhouetteSetProblem(pieces)
    if (problem) throw new InputError(`${name}: ${problem}`)
    const pending: SilhouetteCandidate[] = []
    const take = () => pending.splice(0, pending.length)
    const searchId = this.runs.start(
      (searchId, transport, signal) =>
        runSilhouettes({
          pieces,
          wire,
          request: p.request,
          transport,
          signal,
          onCandidate: (s, asked) => pending.push({ ...s, asked }),
          onProgress: (progress) =>
            this.emit({ type: 'silhouettes.progress', searchId, progress, candidates: take() }),
        }),
      (searchId, end) => {
        if (end.outcome === 'done') this.keep(searchId, merged, end.result)
        const { outcome, elapsedMs, runsOn } = end
        this.emit({
          type: 'silhouettes.ended',
          searchId,
          outcome,
          elapsedMs,
          ...(runsOn ? { runsOn } : {}),
          candidates: take(),
          ...(end.outcome === 'done'
            ? {
                progress: end.result.progress,
                found: end.result.figures.map((f) => f.key),
                shortfall: end.result.shortfall,
              }
            : {}),
          ...(end.outcome === 'failed' ? { error: end.error } : {}),
        })
      },
    )
    return { searchId, document: merged }
  }

  cancel(searchId: string): void {
    this.runs.cancel(searchId)
  }

  /** The set and the figures a finished search found, for a booklet. */
  figures(searchId: string): Found {
    const found = this.found.get(searchId)
    if (found) return found
    throw new InputError(
      this.runs.isRunning(searchId)
        ? 'the search for figures is still running: make the booklet when it has finished'
        : 'those figures are no longer kept: search again to make a booklet',
    )
  }

  private keep(searchId: string, document: WorkbenchDocument, result: SilhouetteResult): void {
    this.found.set(searchId, {
      document,
      figures: result.figures.map((f) => ({
        polygon: f.polygon,
        tiling: f.tilings[0],
        nodes: f.nodes,
        solutions: f.counts.solutions,
      })),
    })
    for (const id of this.found.keys()) if (this.found.size > KEEP) this.found.delete(id)
  }
}
