import type { Results, WorkbenchEvent } from '../../shared/api/contract'
import { comparePlan } from '../../shared/compare/compare'
import type { WorkbenchDocument } from '../../shared/document/document'
import { runCompare } from './compare-run'
import { solvablePieces } from './document-pieces'
import type { AppWorkers } from './farm/app-workers'
import { Runs } from './runs'

/**
 * Sets compared for the app (issue 14): on the app's workers (its processes or the queue, as the
 * user chose: compare-run.ts), progress and the end (every outline with each set's counts, and
 * where it ran) as events.
 */
export class CompareService {
  private readonly runs: Runs

  constructor(
    workers: AppWorkers,
    private readonly emit: (e: WorkbenchEvent) => void,
  ) {
    this.runs = new Runs('compare', workers)
  }

  start(documents: readonly WorkbenchDocument[]): Results['compare.start'] {
    const sets = documents.map(solvablePieces)
    // Refused at once, in the call's reply: too few or too many sets, areas that differ.
    comparePlan(sets)
    const compareId = this.runs.start(
      (compareId, transport, signal) =>
        runCompare({
          sets: sets.map((s) => ({
            name: s.name,
            pieces: s.pieces,
            wire: s.wire,
          })),
          transport,
          signal,
          onProgress: (p) => this.emit({ type: 'compare.progress', compareId, ...p }),
        }),
      (compareId, end) => this.emit({ type: 'compare.ended', compareId, ...end }),
    )
    return { compareId, sets: sets.map((s) => s.merged) }
  }

  cancel(compareId: string): void {
    this.runs.cancel(compareId)
  }
}
