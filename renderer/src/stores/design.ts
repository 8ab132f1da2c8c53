import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { DesignProgressEvent, Params, WorkbenchEvent } from '../../../shared/api/contract'
import { designedSetDocument, type DesignJson } from '../../../shared/design/json'
import type { WorkbenchDocument } from '../../../shared/document/document'
import type { Point } from '../../../shared/lattice/polygon'
import { api } from '../api'
import { useApp } from './app'
import { useCompare, type ComparedEntry } from './compare'
import { plain } from './document'
import { useHostSearch } from './host-search'

/**
 * The Design view (issue 14): the set explorer run on the host's worker processes
 * (`design.start`), its progress, and the sets it ranks, each a document; two or more of them (or
 * one and any other set, such as a bundled one) open in the Compare view, and any one is saved as
 * a set file.
 */
export interface DesignForm {
  area: number
  pieces: number
  top: number
  /** Blank (a cleared field): no limit but the area's. */
  maxPieceArea?: number | ''
  /** The figure the sets must cut, if any. */
  from?: { readonly name: string; readonly polygon: readonly Point[] }
}

/** The form as the host takes it: numbers typed out of range or cleared brought in. */
function sendable(f: DesignForm): Params<'design.start'> {
  const whole = (v: unknown, lo: number, hi: number) =>
    Number.isFinite(Number(v)) && String(v).trim() !== ''
      ? Math.min(hi, Math.max(lo, Math.round(Number(v))))
      : undefined
  return {
    area: whole(f.area, 1, 5000) ?? 16,
    pieces: whole(f.pieces, 1, 5000) ?? 7,
    top: whole(f.top, 1, 1000) ?? 10,
    ...(whole(f.maxPieceArea, 1, 5000) !== undefined
      ? { maxPieceArea: whole(f.maxPieceArea, 1, 5000) }
      : {}),
    ...(f.from
      ? { from: { name: f.from.name, polygon: f.from.polygon.map(([x, y]) => [x, y]) } }
      : {}),
  }
}

export const useDesign = defineStore('design', () => {
  const form = ref<DesignForm>({ area: 16, pieces: 7, top: 10 })
  const search = useHostSearch({
    idOf: (e) =>
      e.type === 'design.progress' || e.type === 'design.ended' ? e.designId : undefined,
    cancel: (designId) => api.call('design.cancel', { designId }),
    onEvent,
  })
  const { state, error } = search
  const progress = shallowRef<DesignProgressEvent | undefined>()
  const result = shallowRef<DesignJson | undefined>()
  const notices = shallowRef<readonly string[]>([])
  const elapsedMs = ref(0)
  /** Sets chosen to compare, by rank (from 1). */
  const chosen = ref<number[]>([])

  /** Each set found as a document, by rank. */
  const documents = computed((): WorkbenchDocument[] => {
    const r = result.value
    return r ? r.sets.map((s, i) => designedSetDocument(r, s, i + 1)) : []
  })

  /** The ranking shown before this run: it comes back if this one fails. */
  let previous: DesignJson | undefined

  async function run(): Promise<void> {
    await search.start(
      () => {
        progress.value = undefined
        previous = result.value ?? previous
        result.value = undefined
        notices.value = []
        chosen.value = []
      },
      async () => (await api.call('design.start', sendable(form.value))).designId,
    )
    if (state.value === 'failed') result.value = previous
  }

  function onEvent(e: WorkbenchEvent): void {
    if (e.type === 'design.progress') progress.value = e
    else if (e.type === 'design.ended') {
      state.value = e.outcome
      error.value = e.error
      elapsedMs.value = e.elapsedMs
      notices.value = e.notices ?? []
      result.value = e.result ?? (e.outcome === 'failed' ? previous : undefined)
      if (e.result) previous = undefined
    }
  }

  function toggle(rank: number): void {
    chosen.value = chosen.value.includes(rank)
      ? chosen.value.filter((r) => r !== rank)
      : [...chosen.value, rank].sort((a, b) => a - b)
  }

  /**
   * Opens the chosen sets, and any others given (a bundled set), in the Compare view. Two at
   * least: fewer is refused with why.
   */
  async function compareChosen(others: readonly ComparedEntry[] = []): Promise<void> {
    const entries = [
      ...chosen.value.map((rank) => ({ document: documents.value[rank - 1] })),
      ...others,
    ]
    if (entries.length < 2)
      throw new Error('Choose two sets or more, or one and a set to compare it with.')
    useCompare().compare(entries)
    useApp().view = 'compare'
  }

  /** Saves the set of this rank as a set file (atomically, by the host); the path written. */
  async function save(rank: number, path: string): Promise<string> {
    return (await api.call('document.save', { path, document: plain(documents.value[rank - 1]) }))
      .path
  }

  return {
    form,
    designId: search.id,
    state,
    progress,
    result,
    error,
    notices,
    elapsedMs,
    chosen,
    documents,
    run,
    stop: search.stop,
    toggle,
    compareChosen,
    save,
  }
})
