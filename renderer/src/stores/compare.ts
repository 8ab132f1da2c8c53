import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { compareTotals, makers } from '../../../shared/compare/compare'
import type { WorkbenchDocument } from '../../../shared/document/document'
import { plain } from './document'
import { runStore } from './run-store'

/**
 * The Compare view (issue 14): two or more sets of one area side by side, every convex outline
 * of the area with each set's tilings, counted on the host's task farm (a run of kind `compare`).
 * Sets come from the
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
  const run = runStore('compare')
  const { result } = run
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
    result.value ? compareTotals(result.value, entries.value.length) : [],
  )

  function add(entry: ComparedEntry): void {
    entries.value = [...entries.value, entry]
  }

  function remove(i: number): void {
    entries.value = entries.value.filter((_, k) => k !== i)
  }

  /** Compares these sets (replacing those chosen before); the comparison comes when it ends. */
  function compare(list: readonly ComparedEntry[] = entries.value): void {
    entries.value = [...list]
    filter.value = 'all'
    void run.start({ documents: list.map((e) => plain(e.document)) })
  }

  return {
    entries,
    runId: run.runId,
    state: run.state,
    progress: run.progress,
    result,
    error: run.error,
    filter,
    rows,
    shown,
    totals,
    add,
    remove,
    compare,
    stop: run.cancel,
  }
})
