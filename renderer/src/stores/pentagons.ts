import { defineStore } from 'pinia'
import { computed, ref, shallowRef, triggerRef } from 'vue'
import type { WorkbenchEvent } from '../../../shared/api/contract'
import type { WorkbenchDocument } from '../../../shared/document/document'
import { congruenceForm, type XPoint } from '../../../shared/exact/geometry'
import type { Point } from '../../../shared/lattice/polygon'
import {
  pentagonFromText,
  pointFromText,
  pointToText,
  type NumberedPentagon,
  type TextPoint,
} from '../../../shared/pentagons/wire'
import type { TilingCounts } from '../../../shared/tiling/search'
import { api } from '../api'
import { plain } from './document'
import { runStore } from './run-store'
import type { Tiling } from './solver'

/**
 * The Pentagons view (issue 12): the pentagons of the open document's pieces, searched by the
 * host's task farm (a run of kind `pentagons`), the filter, the pentagon chosen and the listing of its tilings (a
 * solver job of its own, so the Gallery's job stays as it is), and the figure files with exact
 * corners opened beside them.
 */
export type PentagonFilter = 'all' | 'snug' | 'non-snug' | 'convex'

export interface TilingListing {
  readonly jobId: string
  readonly number: number
  readonly polygon: readonly Point[]
  state: 'queued' | 'running' | 'done' | 'cancelled' | 'failed'
  /** The set as solved (congruent pieces merged): tilings index its pieces. */
  document?: WorkbenchDocument
  tilings: Tiling[]
  counts?: TilingCounts
  error?: string
}

export interface ExactFigure {
  readonly path: string
  readonly name: string
  readonly corners: readonly XPoint[]
  /** Its congruence key (shared/exact/geometry.ts): equal for congruent figures. */
  readonly key: string
}

/** What a search depends on: the pieces (the figures drawn for the set play no part). */
const piecesKey = (doc: WorkbenchDocument) =>
  JSON.stringify(doc.pieces.map((p) => [p.name, p.polygon, p.count, p.color]))

export const usePentagons = defineStore('pentagons', () => {
  const run = runStore('pentagons')
  /** The document the shown pentagons (or the running search) are of. */
  const searched = shallowRef<WorkbenchDocument | undefined>()
  const set = computed(() => run.result.value?.set)
  const pentagons = computed(() => run.result.value?.pentagons.map(pentagonFromText) ?? [])
  const coverage = computed(() => run.result.value?.coverage ?? '')
  /** A listing's failure to start; the search's own error is the run's. */
  const listingError = ref<string | undefined>()
  const filter = ref<PentagonFilter>('all')
  const chosen = ref<number | undefined>()
  const listing = shallowRef<TilingListing | undefined>()
  const figures = shallowRef<readonly ExactFigure[]>([])

  const shown = computed(() =>
    pentagons.value.filter((p) =>
      filter.value === 'snug'
        ? p.snug
        : filter.value === 'non-snug'
          ? !p.snug
          : filter.value === 'convex'
            ? p.convex
            : true,
    ),
  )
  const chosenPentagon = computed(() => pentagons.value.find((p) => p.number === chosen.value))

  /** Are the pentagons shown (or being found) those of this document? */
  function current(doc: WorkbenchDocument): boolean {
    return searched.value !== undefined && piecesKey(searched.value) === piecesKey(doc)
  }

  /** Starts the search of this document's pentagons (stopping the last); they come at its end. */
  function search(doc: WorkbenchDocument): void {
    searched.value = doc
    chosen.value = undefined
    listing.value = undefined
    listingError.value = undefined
    void run.start({ document: plain(doc) })
  }

  /** Chooses a pentagon; a snug one's tilings are listed by the solver, all of them. */
  async function choose(number: number | undefined): Promise<void> {
    chosen.value = number
    const p = chosenPentagon.value
    if (listing.value && listing.value.state !== 'done')
      await api.call('solver.cancel', { jobId: listing.value.jobId }).catch(() => {})
    listing.value = undefined
    if (!p || !p.snug || !searched.value) return
    // Snug pentagons have integer corners.
    const polygon = p.corners.map(([x, y]): Point => [Number(x.a), Number(y.a)])
    starting++
    try {
      const { jobId } = await api.call('solver.start', {
        document: plain(searched.value),
        kind: 'tile',
        figures: [{ name: `pentagon ${p.number}`, polygon: polygon.map(([x, y]) => [x, y]) }],
        mode: 'raw',
        list: true,
      })
      if (chosen.value === p.number) {
        const l: TilingListing = { jobId, number: p.number, polygon, state: 'queued', tilings: [] }
        listing.value = l
        for (const e of early) if ('jobId' in e && e.jobId === jobId) onListing(l, e)
      } else await api.call('solver.cancel', { jobId })
    } catch (e) {
      listingError.value = (e as Error).message
    } finally {
      if (--starting === 0) early = []
    }
  }
  // A small job may end before its id comes back: job events wait here while a start is pending.
  let starting = 0
  let early: WorkbenchEvent[] = []

  function onEvent(e: WorkbenchEvent): void {
    if ('jobId' in e && e.type.startsWith('job.')) {
      if (e.jobId === listing.value?.jobId) onListing(listing.value, e)
      else if (starting > 0) early.push(e)
    }
  }

  function onListing(l: TilingListing, e: WorkbenchEvent): void {
    if (e.type === 'job.started') {
      l.state = 'running'
      l.document = e.document
    } else if (e.type === 'job.solutions') l.tilings = l.tilings.concat(e.tilings)
    else if (e.type === 'job.figure') l.counts = e.counts
    else if (e.type === 'job.ended') {
      // A listing is not offered to run days: one stopped at its estimate ends there.
      l.state = e.outcome === 'estimated' ? 'failed' : e.outcome
      l.error = e.outcome === 'estimated' ? 'listing its tilings would take days' : e.error
    }
    triggerRef(listing)
  }
  api.onEvent(onEvent)

  /** Adds an opened figure file (corners as text from the host). */
  function addFigure(f: { path: string; name: string; corners: readonly TextPoint[] }): void {
    const corners = f.corners.map(pointFromText)
    const figure = { path: f.path, name: f.name, corners, key: congruenceForm(corners).key }
    figures.value = [...figures.value.filter((g) => g.path !== f.path), figure]
  }

  function removeFigure(path: string): void {
    figures.value = figures.value.filter((g) => g.path !== path)
  }

  /** The pentagon of the set an opened figure is congruent to. */
  function match(f: ExactFigure): NumberedPentagon | undefined {
    return pentagons.value.find((p) => p.key === f.key)
  }

  /** The chosen pentagon as a figure file's corners. */
  const chosenCorners = computed(() => chosenPentagon.value?.corners.map(pointToText))

  return {
    runId: run.runId,
    searched,
    state: run.state,
    progress: run.progress,
    error: computed(() => run.error.value ?? listingError.value),
    elapsedMs: run.elapsedMs,
    set,
    pentagons,
    coverage,
    filter,
    shown,
    chosen,
    chosenPentagon,
    chosenCorners,
    listing,
    figures,
    current,
    search,
    stop: run.cancel,
    choose,
    addFigure,
    removeFigure,
    match,
  }
})
