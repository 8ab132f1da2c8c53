import { defineStore } from 'pinia'
import { computed, markRaw, ref, shallowRef } from 'vue'
import type { JobFigure, WorkbenchEvent } from '../../../shared/api/contract'
import type { WorkbenchDocument } from '../../../shared/document/document'
import { mergeCongruentPieces, solvedSetKey } from '../../../shared/document/merge'
import type { Point } from '../../../shared/lattice/polygon'
import {
  estimateText,
  estimateTimes,
  QUEUE_WORKERS,
  type EstimateSummary,
  type EstimateTimes,
  type FigureEstimate,
} from '../../../shared/tiling/estimate'
import type { SymmetryMode } from '../../../shared/tiling/search'
import { api } from '../api'
import { plain } from './document'

/** What an estimate sizes: the search a solve of the same would run. */
export interface EstimateTarget {
  readonly kind: 'tile' | 'convex'
  readonly mode: SymmetryMode
  /** For 'tile': the figures to build (none: the document's). */
  readonly figures?: readonly { readonly name: string; readonly polygon: readonly Point[] }[]
}

export interface Estimate extends EstimateTarget {
  readonly estimateId: string
  /** The set estimated (`solvedSetKey`), the kind and the figures, as `keyOf` gives them. */
  readonly key: string
  readonly document: WorkbenchDocument
  /** The figures as a job would list them. */
  readonly shown: readonly JobFigure[]
  /** Processes a run here would use. */
  readonly workers: number
  readonly state: 'running' | 'done' | 'cancelled' | 'failed'
  readonly summary: EstimateSummary
  /** Per figure, once estimated. */
  readonly each: readonly (FigureEstimate | undefined)[]
  readonly error?: string
}

/** Which search an estimate is of: the same set, kind, convention and figures give the same key. */
export function keyOf(document: WorkbenchDocument, t: EstimateTarget): string {
  const figures = t.kind === 'tile' ? (t.figures ?? document.figures) : []
  return JSON.stringify([
    solvedSetKey(mergeCongruentPieces(document.pieces)),
    t.kind,
    t.mode,
    figures.map((f) => f.polygon),
  ])
}

/**
 * The estimate before a run (issue 13, point 3), as information: the search's size, the outlines
 * ruled out as they come, and the time it means here and on the workers of a queue. One at a
 * time, on the host's worker processes; the Designer, the Figures, the Library and the Solve
 * views show the one that is of what they show.
 */
export const useEstimate = defineStore('estimate', () => {
  const estimate = shallowRef<Estimate | undefined>()
  const starting = ref(false)
  /** Workers of the queue the time is reckoned on; the queue's own count once there is one. */
  const queueWorkers = ref(QUEUE_WORKERS)
  const running = computed(() => estimate.value?.state === 'running')

  async function start(document: WorkbenchDocument, target: EstimateTarget): Promise<void> {
    if (running.value) await cancel()
    starting.value = true
    try {
      const figures = target.kind === 'tile' ? (target.figures ?? document.figures) : undefined
      const r = await api.call('estimate.start', {
        document: plain(document),
        kind: target.kind,
        mode: target.mode,
        figures: figures?.map((f) => ({
          name: f.name,
          polygon: f.polygon.map((p) => [p[0], p[1]] as [number, number]),
        })),
      })
      estimate.value = markRaw<Estimate>({
        ...target,
        figures,
        estimateId: r.estimateId,
        key: keyOf(document, target),
        document,
        shown: r.figures,
        workers: r.workers,
        state: 'running',
        summary: { estimated: 0, figures: r.figures.length, ruledOut: 0, nodes: 0 },
        each: r.figures.map(() => undefined),
      })
    } finally {
      starting.value = false
    }
  }

  async function cancel(): Promise<void> {
    const e = estimate.value
    if (!e || e.state !== 'running') return
    await api.call('estimate.cancel', { estimateId: e.estimateId })
  }

  function handle(ev: WorkbenchEvent): void {
    const e = estimate.value
    if (!e || !('estimateId' in ev) || ev.estimateId !== e.estimateId) return
    // A new object each time: views hold it in computeds, which pass on only a changed value.
    if (ev.type === 'estimate.progress') {
      const each = [...e.each]
      for (const f of ev.figures) each[f.figure] = f.estimate
      estimate.value = markRaw({ ...e, summary: ev.summary, each })
    } else if (ev.type === 'estimate.ended')
      estimate.value = markRaw({
        ...e,
        state: ev.outcome,
        summary: ev.summary ?? e.summary,
        error: ev.error,
      })
  }
  api.onEvent(handle)

  /** Leaves the estimate: stops it if it runs, and shows none. */
  async function dismiss(): Promise<void> {
    await cancel()
    estimate.value = undefined
  }

  /** The estimate of this search, if the last one was of it. */
  function of(document: WorkbenchDocument, target: EstimateTarget): Estimate | undefined {
    const e = estimate.value
    return e && e.key === keyOf(document, target) ? e : undefined
  }

  /** The time a search of `seconds` in one process takes here and on the queue. */
  const times = (e: Estimate): EstimateTimes | undefined =>
    e.summary.seconds === undefined
      ? undefined
      : estimateTimes(e.summary.seconds, e.workers, queueWorkers.value, e.summary.spread)

  /** The estimate in one line, in the words of its figures (outlines for a convex search). */
  const text = (e: Estimate): string =>
    estimateText(
      e.summary,
      e.workers,
      queueWorkers.value,
      e.kind === 'convex' ? ['outline', 'outlines'] : ['figure', 'figures'],
    )

  return {
    estimate,
    starting,
    running,
    queueWorkers,
    start,
    cancel,
    dismiss,
    of,
    times,
    text,
  }
})
