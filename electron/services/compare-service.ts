import type { Results, WorkbenchEvent } from '../../shared/api/contract'
import { compareSets } from '../../shared/compare/compare'
import type { WorkbenchDocument } from '../../shared/document/document'
import { solvablePieces } from './document-pieces'
import { SlicedSearches } from './sliced-search'

/**
 * Sets compared for the app (issue 14): shared/compare run in this process in slices, progress
 * and the end (every outline with each set's counts) as events.
 */
export class CompareService {
  private readonly searches = new SlicedSearches('compare')

  constructor(private readonly emit: (e: WorkbenchEvent) => void) {}

  start(documents: readonly WorkbenchDocument[]): Results['compare.start'] {
    const sets = documents.map(solvablePieces)
    const search = compareSets(sets.map((s) => ({ name: s.name, pieces: s.pieces })))
    // Refused at once, in the call's reply: too few or too many sets, areas that differ.
    const first = search.next()
    const compareId = this.searches.start(
      (function* () {
        if (first.done) return first.value
        return yield* search
      })(),
      (compareId, p) => this.emit({ type: 'compare.progress', compareId, ...p }),
      (compareId, end) =>
        this.emit({
          type: 'compare.ended',
          compareId,
          outcome: end.outcome,
          elapsedMs: end.elapsedMs,
          ...(end.outcome === 'done' ? { result: end.result } : {}),
          ...(end.outcome === 'failed' ? { error: end.error } : {}),
        }),
    )
    return { compareId, sets: sets.map((s) => s.merged) }
  }

  cancel(compareId: string): void {
    this.searches.cancel(compareId)
  }
}
