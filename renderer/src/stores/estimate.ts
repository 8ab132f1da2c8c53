import { defineStore } from 'pinia'
import { computed, markRaw, ref, shallowRef, watch } from 'vue'
import type { JobFigure } from '../../../shared/api/contract'
import type { WorkbenchDocument } from '../../../shared/document/document'
import { mergeCongruentPieces, solvedSetKey } from '../../../shared/document/merge'
import type { FigureShape } from '../../../shared/lattice/region'
import {
  estimateText,
  estimateTimes,
  QUEUE_WORKERS,
  type EstimateSummary,
  type EstimateTimes,
  type FigureEstimate,
} from '../../../shared/tiling/estimate'
import type { SymmetryMode } from '../../../shared/tiling/search'
import { useApp } from './app'
import { plain, plainShape } from './document'
import { runStore } from './run-store'

/** What an estimate sizes: the search a solve of the same would run. */
export interface EstimateTarget {
  readonly kind: 'tile' | 'convex'
  readonly mode: SymmetryMode
  /** For 'tile': the figures to build (none: the document's). */
  readonly figures?: readonly { readonly name: string; readonly polygon: FigureShape }[]
}

export interface Estimate extends EstimateTarget {
  /** The set estimated (`solvedSetKey`), the kind and the figures, as `keyOf` gives them. */
  readonly key: string
  readonly document: WorkbenchDocument
  /** The figures as a job would list them. */
  readonly shown: readonly JobFigure[]
  /** Processes a run here would use. */
  readonly workers: number
  /** The workers serving the queue it ran on, counted as it started (none: it ran here). */
  readonly queueWorkers?: number
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
 * time, a run of kind `estimate` on the host's task farm (here or on the queue, as Run on says);
 * the Designer, the Figures, the Library and the Solve views show the one that is of what they
 * show.
 */
export const useEstimate = defineStore('estimate', () => {
  const app = useApp()
  const run = runStore('estimate')
  /** What the last estimate was asked of. */
  const asked = shallowRef<{
    readonly target: EstimateTarget
    readonly key: string
    readonly document: WorkbenchDocument
  }>()
  /** The summary the last estimate said last: a stopped one keeps it. */
  const said = shallowRef<EstimateSummary>()
  watch(run.progress, (p) => p && (said.value = p.summary), { flush: 'sync' })
  const starting = ref(false)
  /** Workers of the queue the time is reckoned on when the estimate ran here (what if). */
  const queueWorkers = ref(QUEUE_WORKERS)
  const running = computed(() => run.running.value && run.plan.value !== undefined)

  // A new object at each event: views hold it in computeds, which pass on only a changed value.
  const estimate = computed<Estimate | undefined>(() => {
    const a = asked.value
    const plan = run.plan.value
    const place = run.place.value
    if (!a || !plan || !place) return undefined
    const each: (FigureEstimate | undefined)[] = plan.figures.map(() => undefined)
    for (const f of run.items.value) each[f.figure] = f.estimate
    const onQueue = place.kind === 'queue'
    return markRaw<Estimate>({
      ...a.target,
      key: a.key,
      document: a.document,
      shown: plan.figures,
      workers: onQueue ? (app.settings?.workers ?? 1) : plan.workers,
      ...(onQueue ? { queueWorkers: plan.workers } : {}),
      state: run.running.value
        ? 'running'
        : run.result.value
          ? 'done'
          : run.error.value !== undefined
            ? 'failed'
            : 'cancelled',
      summary: run.result.value ??
        said.value ?? { estimated: 0, figures: plan.figures.length, ruledOut: 0, nodes: 0 },
      each,
      error: run.error.value,
    })
  })

  /** Starts estimating; resolves once it has started (its figures known), refused: throws why. */
  async function start(document: WorkbenchDocument, target: EstimateTarget): Promise<void> {
    starting.value = true
    const figures = target.kind === 'tile' ? (target.figures ?? document.figures) : undefined
    asked.value = { target: { ...target, figures }, key: keyOf(document, target), document }
    said.value = undefined
    const ended = run.start({
      document: plain(document),
      kind: target.kind,
      mode: target.mode,
      figures: figures?.map((f) => ({ name: f.name, polygon: plainShape(f.polygon) })),
    })
    let stop = () => {}
    const started = new Promise<void>((resolve) => {
      stop = watch(run.plan, (p) => p && resolve(), { flush: 'sync' })
    })
    try {
      const end = await Promise.race([started.then(() => undefined), ended])
      // Ended before it started: refused.
      if (end?.error !== undefined) throw new Error(end.error)
    } finally {
      stop()
      starting.value = false
    }
  }

  async function cancel(): Promise<void> {
    run.cancel()
  }

  /** Leaves the estimate: stops it if it runs, and shows none. */
  async function dismiss(): Promise<void> {
    await cancel()
    asked.value = undefined
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
      : estimateTimes(
          e.summary.seconds,
          e.workers,
          e.queueWorkers ?? queueWorkers.value,
          e.summary.spread,
        )

  /** The estimate in one line, in the words of its figures (outlines for a convex search). */
  const text = (e: Estimate): string =>
    estimateText(
      e.summary,
      e.workers,
      e.queueWorkers ?? queueWorkers.value,
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
