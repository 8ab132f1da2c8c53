import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { Params, SilhouetteCandidate, WorkbenchEvent } from '../../../shared/api/contract'
import type { WorkbenchDocument } from '../../../shared/document/document'
import type { SilhouetteProgress } from '../../../shared/silhouettes/search'
import { api } from '../api'
import { plain } from './document'
import { useHostSearch } from './host-search'

/**
 * The Puzzles view (issue 14): figures the open set builds, searched by the host
 * (`silhouettes.find`), every one counted listed with its count as it comes; the figures the
 * request asks for (by default those built in exactly one way) marked; a figure chosen, with two
 * of its tilings side by side when it has several; the booklet of those found.
 */
export type SilhouetteRequest = Params<'silhouettes.find'>['request']
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
  const hostSearch = useHostSearch({
    idOf: (e) =>
      e.type === 'silhouettes.progress' || e.type === 'silhouettes.ended' ? e.searchId : undefined,
    cancel: (searchId) => api.call('silhouettes.cancel', { searchId }),
    onEvent,
  })
  const { state, error } = hostSearch
  /** The document searched (its pieces), and the set as the host searched it (merged). */
  const searched = shallowRef<WorkbenchDocument | undefined>()
  const set = shallowRef<WorkbenchDocument | undefined>()
  const progress = shallowRef<SilhouetteProgress | undefined>()
  const candidates = shallowRef<readonly SilhouetteCandidate[]>([])
  /** Keys of the figures found, easiest first. */
  const found = shallowRef<readonly string[]>([])
  const shortfall = ref<string | undefined>()
  const elapsedMs = ref(0)
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

  async function search(doc: WorkbenchDocument): Promise<void> {
    await hostSearch.start(
      () => {
        searched.value = doc
        set.value = undefined
        candidates.value = []
        found.value = []
        chosen.value = undefined
        progress.value = undefined
        shortfall.value = undefined
      },
      async () => {
        const r = await api.call('silhouettes.find', {
          document: plain(doc),
          request: sendable(request.value),
        })
        set.value = r.document
        return r.searchId
      },
    )
  }

  function onEvent(e: WorkbenchEvent): void {
    if (e.type !== 'silhouettes.progress' && e.type !== 'silhouettes.ended') return
    if (e.candidates && e.candidates.length > 0)
      candidates.value = [...candidates.value, ...e.candidates]
    if (e.progress) progress.value = e.progress
    if (e.type === 'silhouettes.ended') {
      state.value = e.outcome
      elapsedMs.value = e.elapsedMs
      error.value = e.error
      shortfall.value = e.shortfall
      found.value = e.found ?? []
    }
  }

  /** Writes the booklet of the figures found; the files written. */
  async function exportBooklet(path: string): Promise<{ files: string[]; pages: number }> {
    const searchId = hostSearch.id.value
    if (!searchId || state.value !== 'done') throw new Error('There is no finished search.')
    return api.call('export.booklet', { searchId, path })
  }

  return {
    request,
    searchId: hostSearch.id,
    searched,
    set,
    state,
    progress,
    candidates,
    found,
    shortfall,
    error,
    elapsedMs,
    filter,
    shown,
    chosen,
    chosenCandidate,
    current,
    search,
    stop: hostSearch.stop,
    exportBooklet,
  }
})
