import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { RunParams } from '../../../shared/api/run'
import { designedSetDocument, type DesignJson } from '../../../shared/design/json'
import type { WorkbenchDocument } from '../../../shared/document/document'
import type { Point } from '../../../shared/lattice/polygon'
import { api } from '../api'
import { useApp } from './app'
import { useCompare, type ComparedEntry } from './compare'
import { plain } from './document'
import { runStore, type RunState } from './run-store'

/**
 * The Design view (issue 14): the set explorer run on the host's task farm (run kind
 * `design`), its progress, and the sets it ranks, each a document; two or more of them (or
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
function sendable(f: DesignForm): RunParams<'design'> {
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
  const explorer = runStore('design')
  const state = ref<RunState>('idle')
  /** Sets chosen to compare, by rank (from 1). */
  const chosen = ref<number[]>([])
  /** The ranking shown before this run: it comes back if this one fails. */
  const previous = shallowRef<DesignJson | undefined>()
  /** The ranking: the run's (found so far, when stopped), or the one before if this one failed. */
  const result = computed(() => (state.value === 'failed' ? previous.value : explorer.result.value))

  /** Each set found as a document, by rank. */
  const documents = computed((): WorkbenchDocument[] => {
    const r = result.value
    return r ? r.sets.map((s, i) => designedSetDocument(r, s, i + 1)) : []
  })

  /** Runs under way: a run replaced by a newer one leaves the newer one's state alone. */
  let runs = 0

  /** Runs the form on the host's task farm (run kind `design`); resolves at the run's end. */
  async function run(): Promise<void> {
    const mine = ++runs
    previous.value = result.value ?? previous.value
    chosen.value = []
    state.value = 'running'
    const end = await explorer.start(sendable(form.value))
    if (mine !== runs) return
    state.value = end.result ? 'done' : end.error !== undefined ? 'failed' : 'cancelled'
  }

  /** Stops the run at once; the sets it had found come with its end. */
  function stop(): void {
    explorer.cancel()
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
    state,
    progress: explorer.progress,
    result,
    error: explorer.error,
    notices: explorer.notices,
    /** How long the last run took, once it ended. */
    elapsedMs: explorer.elapsedMs,
    chosen,
    documents,
    run,
    stop,
    toggle,
    compareChosen,
    save,
  }
})
