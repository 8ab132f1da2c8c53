import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { RunParams } from '../../../shared/api/run'
import type { WorkbenchDocument } from '../../../shared/document/document'
import { solvableDocument } from '../../../shared/pieces/solvable'
import { api } from '../api'
import { plain } from './document'
import { runStore } from './run-store'

/**
 * The Puzzles view (issue 14): figures the open set builds, searched on the host's task farm (a
 * run of kind `silhouettes`), every one counted listed with its count as it comes; the figures the
 * request asks for (by default those built in exactly one way) marked; a figure chosen, with two
 * of its tilings side by side when it has several; the booklet of those found.
 */
export type SilhouetteRequest = RunParams<'silhouettes'>['request']
export type CandidateFilter = 'all' | 'asked' | 'several'

/** What a search depends on: the pieces (the figures drawn for the set play no part). */
const piecesKey = (doc: WorkbenchDocument) =>
  JSON.stringify(doc.pieces.map((p) => [p.name, p.polygon, p.count]))

/** The request as the host takes it: a count and seed typed out of range (or cleared) brought in. */
function sendable(r: SilhouetteRequest): SilhouetteRequest {
  const whole = (v: unknown, lo: number, hi: number, otherwise: number) =>
    Number.isFinite(Number(v)) && String(v).trim() !== ''
      ? Math.min(hi, Math.max(lo, Math.round(Number(v))))
      : otherwise
  return { ...r, count: whole(r.count, 1, 1000, 10), seed: whole(r.seed, 0, 2 ** 31, 1) }
}

export const useSilhouettes = defineStore('silhouettes', () => {
  const request = ref<SilhouetteRequest>({
    kind: 'any',
    count: 10,
    unique: true,
    symmetric: false,
    seed: 1,
  })
  /** Figures grown with pieces turned by 45° too (any figure only): the request's turns. */
  const turns45 = computed({
    get: () => request.value.turns === 45,
    set: (on: boolean) => {
      request.value = { ...request.value, turns: on ? 45 : 90 }
    },
  })
  const run = runStore('silhouettes')
  const { state, items: candidates } = run
  /** The document searched (its pieces). */
  const searched = shallowRef<WorkbenchDocument | undefined>()
  /**
   * The set as searched (congruent pieces merged), which the figures' tilings index: the run's,
   * and before its end the same merge made here, so that a figure can be shown as it comes.
   */
  const merged = shallowRef<WorkbenchDocument | undefined>()
  const set = computed(() => run.result.value?.set ?? merged.value)
  /** Keys of the figures found, easiest first. */
  const found = computed(() => run.result.value?.found ?? [])
  const shortfall = computed(() => run.result.value?.shortfall)
  const filter = ref<CandidateFilter>('all')
  const chosen = ref<string | undefined>()

  const shown = computed(() =>
    candidates.value.filter((c) =>
      filter.value === 'asked'
        ? c.asked
        : filter.value === 'several'
          ? c.counts.solutions > 1
          : true,
    ),
  )
  const chosenCandidate = computed(() => candidates.value.find((c) => c.key === chosen.value))

  function current(doc: WorkbenchDocument): boolean {
    return searched.value !== undefined && piecesKey(searched.value) === piecesKey(doc)
  }

  /** Starts the search for this document's figures (stopping the last); they come as counted. */
  function search(doc: WorkbenchDocument): void {
    searched.value = doc
    chosen.value = undefined
    try {
      merged.value = solvableDocument(doc).document
    } catch {
      // A set that cannot be searched: the run's start says why.
      merged.value = undefined
    }
    void run.start({ document: plain(doc), request: sendable(request.value) })
  }

  /** Writes the booklet of the figures found; the files written. */
  async function exportBooklet(path: string): Promise<{ files: string[]; pages: number }> {
    const runId = run.runId.value
    if (!runId || state.value !== 'done') throw new Error('There is no finished search.')
    return api.call('export.booklet', { runId, path })
  }

  return {
    request,
    turns45,
    runId: run.runId,
    searched,
    set,
    state,
    progress: run.progress,
    candidates,
    found,
    shortfall,
    error: run.error,
    elapsedMs: run.elapsedMs,
    filter,
    shown,
    chosen,
    chosenCandidate,
    current,
    search,
    stop: run.cancel,
    exportBooklet,
  }
})
