import { defineStore } from 'pinia'
import { computed, ref, shallowRef, triggerRef } from 'vue'
import type { RunEventOf } from '../../../shared/api/run'
import type { WorkbenchDocument } from '../../../shared/document/document'
import type { XRegion } from '../../../shared/drawing/dissection'
import { congruenceForm } from '../../../shared/exact/geometry'
import { partFromText } from '../../../shared/offlattice/wire'
import type { Point } from '../../../shared/lattice/polygon'
import {
  pentagonFromText,
  pointToText,
  type NumberedPentagon,
  type TextPoint,
} from '../../../shared/pentagons/wire'
import type { TilingCounts } from '../../../shared/tiling/search'
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
  /** The solve's run id, once its start has answered. */
  jobId: string
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
  /** Its parts, each an outline with holes (a figure of one outline has one part, no hole). */
  readonly parts: XRegion
  /**
   * Its congruence key (shared/exact/geometry.ts), for a figure of one outline: equal for
   * congruent figures.
   */
  readonly key?: string
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
  function choose(number: number | undefined): void {
    chosen.value = number
    const p = chosenPentagon.value
    if (listing.value && listing.value.state !== 'done') lister.cancel()
    listing.value = undefined
    if (!p || !p.snug || !searched.value) return
    // Snug pentagons have integer corners.
    const polygon = p.corners.map(([x, y]): Point => [Number(x.a), Number(y.a)])
    const l: TilingListing = { jobId: '', number: p.number, polygon, state: 'queued', tilings: [] }
    listing.value = l
    const params = {
      document: plain(searched.value),
      kind: 'tile' as const,
      figures: [
        {
          name: `pentagon ${p.number}`,
          polygon: polygon.map(([x, y]): [number, number] => [x, y]),
        },
      ],
      mode: 'raw' as const,
      list: true,
    }
    void lister
      .start(params, (runId) => (l.jobId = runId))
      .then((end) => {
        // Refused before it started.
        if (l.jobId !== '' || end.error === undefined || listing.value !== l) return
        listingError.value = end.error
        listing.value = undefined
      })
  }

  function onListing(e: RunEventOf<'solve'>): void {
    const l = listing.value
    if (!l || e.runId !== l.jobId) return
    if (e.type === 'run.started') {
      l.state = 'running'
      l.document = e.plan?.document
    } else if (e.type === 'run.items') {
      for (const i of e.items)
        if ('tiling' in i) l.tilings = [...l.tilings, i.tiling]
        else l.counts = i.done.counts
    } else if (e.type === 'run.ended') {
      // A listing is not offered to run days: one stopped at its estimate ends there.
      const estimated = e.result?.estimated !== undefined
      l.state = estimated ? 'failed' : e.outcome
      l.error = estimated ? 'listing its tilings would take days' : e.error
    }
    triggerRef(listing)
  }
  /** The solver listing a chosen pentagon's tilings, apart from the Gallery's solve. */
  const lister = runStore('solve', { onEvent: onListing })

  /** Adds an opened figure file (corners as text from the host). */
  function addFigure(f: {
    path: string
    name: string
    parts: readonly { outline: readonly TextPoint[]; holes: readonly (readonly TextPoint[])[] }[]
  }): void {
    const parts = f.parts.map(partFromText)
    const [first] = parts
    const one = parts.length === 1 && first.holes.length === 0
    const key = one ? congruenceForm(first.outline).key : undefined
    const figure = { path: f.path, name: f.name, parts, key }
    figures.value = [...figures.value.filter((g) => g.path !== f.path), figure]
  }

  function removeFigure(path: string): void {
    figures.value = figures.value.filter((g) => g.path !== path)
  }

  /** The pentagon of the set an opened figure is congruent to. */
  function match(f: ExactFigure): NumberedPentagon | undefined {
    return f.key === undefined ? undefined : pentagons.value.find((p) => p.key === f.key)
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
