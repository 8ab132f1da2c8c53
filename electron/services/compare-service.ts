import type { Results, RunPlace, WorkbenchEvent } from '../../shared/api/contract'
import { comparePlan } from '../../shared/compare/compare'
import { documentToJson, type WorkbenchDocument } from '../../shared/document/document'
import { runCompare } from './compare-run'
import { solvablePieces } from './document-pieces'
import type { AppWorkers } from './farm/app-workers'
import { Runs } from './runs'

type Ended = Extract<WorkbenchEvent, { type: 'compare.ended' }>

/**
 * Sets compared for the app (issue 14): on the app's workers (its processes or the queue, as the
 * user chose: compare-run.ts), progress and the end (every outline with each set's counts, and
 * where it ran) as events.
 */
export class CompareService {
  private readonly runs = new Runs('compare')

  constructor(
    private readonly workers: AppWorkers,
    private readonly emit: (e: WorkbenchEvent) => void,
  ) {}

  start(documents: readonly WorkbenchDocument[]): Results['compare.start'] {
    const sets = documents.map(solvablePieces)
    // Refused at once, in the call's reply: too few or too many sets, areas that differ.
    comparePlan(sets)
    const compareId = this.runs.start(async (compareId, signal) => {
      const t0 = Date.now()
      let runsOn: RunPlace | undefined
      const ended = (e: Omit<Ended, 'type' | 'compareId' | 'elapsedMs'>) =>
        this.emit({
          type: 'compare.ended',
          compareId,
          elapsedMs: Date.now() - t0,
          ...(runsOn ? { runsOn } : {}),
          ...e,
        })
      try {
        const where = await this.workers.runTransport()
        runsOn = where.place
        const result = await runCompare({
          sets: sets.map((s) => ({
            name: s.name,
            pieces: s.pieces,
            json: documentToJson(s.merged),
          })),
          transport: where.transport,
          signal,
          onProgress: (p) => this.emit({ type: 'compare.progress', compareId, ...p }),
        })
        ended(result ? { outcome: 'done', result } : { outcome: 'cancelled' })
      } catch (e) {
        ended({ outcome: 'failed', error: (e as Error).message })
      }
    })
    return { compareId, sets: sets.map((s) => s.merged) }
  }

  cancel(compareId: string): void {
    this.runs.cancel(compareId)
  }
}
