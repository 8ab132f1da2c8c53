import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { Params, SilhouetteCandidate, WorkbenchEvent } from '../../../shared/api/contract'
import type { WorkbenchDocument } from '../../../shared/document/document'
import type { SilhouetteProgress } from '../../../shared/silhouettes/search'
import { api } from '../api'
import { plain } from './document'

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

export const useSilhouettes = defineStore('silhouettes', () => {
  const request = ref<SilhouetteRequest>({
    kind: 'any',
    count: 10,
    unique: true,
    symmetric: false,
    seed: 1,
  })
  const searchId = ref<string | undefined>()
  /** The document searched (its pieces), and the set as the host searched it (merged). */
  const searched = shallowRef<WorkbenchDocument | undefined>()
  const set = shallowRef<WorkbenchDocument | undefined>()
  const state = ref<'idle' | 'running' | 'done' | 'cancelled' | 'failed'>('idle')
  const progress = shallowRef<SilhouetteProgress | undefined>()
  const candidates = shallowRef<readonly SilhouetteCandidate[]>([])
  /** Keys of the figures found, easiest first. */
  const found = shallowRef<readonly string[]>([])
  const shortfall = ref<string | undefined>()
  const error = ref<string | undefined>()
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
    await stop()
    searchId.value = undefined
    searched.value = doc
    set.value = undefined
    candidates.value = []
    found.value = []
    chosen.value = undefined
    progress.value = undefined
    shortfall.value = undefined
    error.value = undefined
    state.value = 'running'
    try {
      const r = await api.call('silhouettes.find', {
        document: plain(doc),
        request: { ...request.value },
      })
      searchId.value = r.searchId
      set.value = r.document
      for (const e of early) onEvent(e)
    } catch (e) {
      state.value = 'failed'
      error.value = (e as Error).message
    } finally {
      early = []
    }
  }
  // A short search may send its events before its id comes back: they wait here.
  let early: WorkbenchEvent[] = []

  async function stop(): Promise<void> {
    if (state.value === 'running' && searchId.value)
      await api.call('silhouettes.cancel', { searchId: searchId.value })
  }

  function onEvent(e: WorkbenchEvent): void {
    if (e.type !== 'silhouettes.progress' && e.type !== 'silhouettes.ended') return
    if (state.value === 'running' && searchId.value === undefined) {
      early.push(e)
      return
    }
    if (e.searchId !== searchId.value) return
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
  api.onEvent(onEvent)

  /** Writes the booklet of the figures found; the files written. */
  async function exportBooklet(path: string): Promise<{ files: string[]; pages: number }> {
    if (!searchId.value || state.value !== 'done') throw new Error('There is no finished search.')
    return api.call('export.booklet', { searchId: searchId.value, path })
  }

  return {
    request,
    searchId,
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
    stop,
    exportBooklet,
  }
})
