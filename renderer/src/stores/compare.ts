import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { WorkbenchEvent } from '../../../shared/api/contract'
import { makers, type CompareProgress, type Comparison } from '../../../shared/compare/compare'
import type { WorkbenchDocument } from '../../../shared/document/document'
import { api } from '../api'
import { plain } from './document'
import { useHostSearch } from './host-search'

/**
 * The Compare view (issue 14): two or more sets of one area side by side, every convex outline
 * of the area with each set's tilings, counted by the host (`compare.start`). Sets come from the
 * open document, the bundled sets, files, or whoever calls `compare` with a list of them (the set
 * explorer's results).
 */
export interface ComparedEntry {
  readonly document: WorkbenchDocument
  /** Where it came from, so that opening it again (for the gallery) keeps its file. */
  readonly path?: string
  readonly bundled?: boolean
}

/** Which outlines show: all, those of exactly one set (by index), those every set makes. */
export type CompareFilter = 'all' | 'every' | 'none' | number

export const useCompare = defineStore('compare', () => {
  const entries = shallowRef<readonly ComparedEntry[]>([])
  const search = useHostSearch({
    idOf: (e) =>
      e.type === 'compare.progress' || e.type === 'compare.ended' ? e.compareId : undefined,
    cancel: (compareId) => api.call('compare.cancel', { compareId }),
    onEvent,
  })
  const { state, error } = search
  const progress = shallowRef<CompareProgress | undefined>()
  const result = shallowRef<Comparison | undefined>()
  const filter = ref<CompareFilter>('all')

  const rows = computed(() =>
    (result.value?.outlines ?? []).map((o) => ({ outline: o, makers: makers(o) })),
  )
  const shown = computed(() =>
    rows.value.filter((r) =>
      filter.value === 'all'
        ? true
        : filter.value === 'every'
          ? r.makers.length === entries.value.length
          : filter.value === 'none'
            ? r.makers.length === 0
            : r.makers.length === 1 && r.makers[0] === filter.value,
    ),
  )
  /** Per set: the outlines it makes and its tilings of them all (up to symmetry). */
  const totals = computed(() =>
    entries.value.map((_, i) => ({
      outlines: rows.value.filter((r) => r.makers.includes(i)).length,
      only: rows.value.filter((r) => r.makers.length === 1 && r.makers[0] === i).length,
      tilings: rows.value.reduce((n, r) => n + r.outline.counts[i].solutions, 0),
    })),
  )

  function add(entry: ComparedEntry): void {
    entries.value = [...entries.value, entry]
  }

  function remove(i: number): void {
    entries.value = entries.value.filter((_, k) => k !== i)
  }

  /** Compares these sets (replacing those chosen before). */
  async function compare(list: readonly ComparedEntry[] = entries.value): Promise<void> {
    await search.start(
      () => {
        entries.value = [...list]
        result.value = undefined
        progress.value = undefined
        filter.value = 'all'
      },
      async () =>
        (await api.call('compare.start', { documents: list.map((e) => plain(e.document)) }))
          .compareId,
    )
  }

  function onEvent(e: WorkbenchEvent): void {
    if (e.type === 'compare.progress') progress.value = { done: e.done, total: e.total }
    else if (e.type === 'compare.ended') {
      state.value = e.outcome
      error.value = e.error
      result.value = e.result
    }
  }

  return {
    entries,
    compareId: search.id,
    state,
    progress,
    result,
    error,
    filter,
    rows,
    shown,
    totals,
    add,
    remove,
    compare,
    stop: search.stop,
  }
})
