import { defineStore } from 'pinia'
import { computed, markRaw, nextTick, ref, shallowRef, triggerRef } from 'vue'
import type { JobFigure, WorkbenchEvent } from '../../../shared/api/contract'
import type { WorkbenchDocument } from '../../../shared/document/document'
import type { Point } from '../../../shared/lattice/polygon'
import type { PlacedPiece } from '../../../shared/tiling/problem'
import {
  headlineCount,
  type SymmetryMode,
  type TilingCounts,
  type TilingStats,
} from '../../../shared/tiling/search'
import { mergeCongruentPieces, solvedSetKey } from '../../../shared/document/merge'
import { api } from '../api'
import { plain, useDocument } from './document'

export interface Tiling {
  readonly pieces: readonly PlacedPiece[]
  readonly classSize: number
}

export interface FigureResult {
  readonly figure: JobFigure
  tilings: Tiling[]
  counts?: TilingCounts
  stats?: TilingStats
  rejected?: string
  complete?: boolean
  /** Knuth's estimate of the figure's search, as planned. */
  estimatedNodes?: number
}

export interface Job {
  readonly jobId: string
  readonly kind: 'tile' | 'convex'
  readonly mode: SymmetryMode
  /** The set solved (`solvedSetKey`): the job's tilings are those of every document with it. */
  readonly setKey: string
  /** The document as solved: the gallery draws with its pieces and colours. */
  document: WorkbenchDocument
  /** Names of pieces counted as one kind because they have the same shape. */
  merged: readonly (readonly string[])[]
  /** 'estimated': stopped before its search, which would take days; it can be run anyway. */
  state: 'queued' | 'running' | 'done' | 'cancelled' | 'failed' | 'estimated'
  figures: FigureResult[]
  fraction: number
  placements: number
  solutions: number
  figuresDone: number
  rate: number
  etaSeconds?: number
  error?: string
  /** Lines about the run that did not stop it: a worker process that died, its task run again. */
  notices: string[]
  /** Knuth's estimate of the nodes, of the figures planned so far. */
  estimatedNodes?: number
  /** Figures planned so far: ruled out, or estimated before their search. */
  figuresPlanned?: number
  /** When Solve was pressed, on this page's clock (`performance.now()`). */
  startedAt: number
  /** Milliseconds from pressing Solve to the first tiling painted on screen (see `shown`). */
  firstTilingMs?: number
  /** When the job's end arrived, on the same clock. */
  endedAt?: number
}

/**
 * The job's time on the clock its first tiling is timed on (the host's own run time leaves out
 * what comes before and after its search): from pressing Solve to its end arriving, or to `now`
 * while it runs, and never less than the time to its first tiling, which may be painted after.
 */
export function jobElapsedMs(j: Job, now: number): number {
  return Math.max((j.endedAt ?? now) - j.startedAt, j.firstTilingMs ?? 0)
}

/**
 * The solve panel and the gallery: the current (or last) job, fed by the host's job events.
 * Tilings accumulate here as they stream in; a cancelled or failed job keeps what it found.
 */
export const useSolver = defineStore('solver', () => {
  const editing = useDocument()
  const job = shallowRef<Job | undefined>()
  const starting = ref(false)
  const running = computed(
    () =>
      job.value !== undefined && (job.value.state === 'queued' || job.value.state === 'running'),
  )

  async function start(
    document: WorkbenchDocument,
    kind: 'tile' | 'convex',
    options: {
      mode?: SymmetryMode
      figures?: { name: string; polygon: readonly Point[] }[]
      force?: boolean
    } = {},
  ): Promise<void> {
    if (running.value && job.value) await cancel()
    starting.value = true
    const mode = options.mode ?? 'reduce'
    const startedAt = performance.now()
    try {
      const { jobId } = await api.call('solver.start', {
        document: plain(document),
        kind,
        mode,
        list: true,
        figures: options.figures?.map((f) => ({
          name: f.name,
          polygon: f.polygon.map((p) => [p[0], p[1]] as [number, number]),
        })),
        force: options.force,
      })
      const fresh: Job = {
        jobId,
        kind,
        mode,
        setKey: solvedSetKey(mergeCongruentPieces(document.pieces)),
        document,
        merged: [],
        state: 'queued',
        notices: [],
        figures: [],
        fraction: 0,
        placements: 0,
        solutions: 0,
        figuresDone: 0,
        rate: 0,
        startedAt,
      }
      job.value = markRaw(fresh)
    } finally {
      starting.value = false
    }
  }

  async function cancel(): Promise<void> {
    if (job.value) await api.call('solver.cancel', { jobId: job.value.jobId })
  }

  function handle(e: WorkbenchEvent): void {
    const j = job.value
    if (!j || !('jobId' in e) || e.jobId !== j.jobId) return
    switch (e.type) {
      case 'job.started':
        j.state = 'running'
        j.document = e.document
        j.merged = e.merged
        j.figures = e.figures.map((figure) => ({ figure, tilings: [] }))
        break
      case 'job.progress':
        j.fraction = e.fraction
        j.placements = e.placements
        j.solutions = Math.max(j.solutions, e.solutions)
        j.figuresDone = e.figuresDone
        j.rate = e.rate
        j.etaSeconds = e.etaSeconds
        j.estimatedNodes = e.estimatedNodes
        j.figuresPlanned = e.figuresPlanned
        break
      case 'job.solutions': {
        const f = j.figures[e.figure]
        if (!f) break
        f.tilings = f.tilings.concat(e.tilings)
        j.solutions = Math.max(
          j.solutions,
          j.figures.reduce((s, g) => s + g.tilings.length, 0),
        )
        break
      }
      case 'job.figure': {
        const f = j.figures[e.figure]
        if (!f) break
        if (e.order) f.tilings = e.order.map((k) => f.tilings[k])
        f.counts = e.counts
        f.stats = e.stats
        f.rejected = e.rejected
        f.complete = e.complete
        f.estimatedNodes = e.estimatedNodes
        j.figuresDone = j.figures.filter((g) => g.counts || g.rejected).length
        break
      }
      case 'job.notice':
        j.notices = [...j.notices, e.message]
        break
      case 'job.ended':
        j.state = e.outcome
        j.error = e.error
        if (e.estimatedNodes !== undefined) j.estimatedNodes = e.estimatedNodes
        j.endedAt = performance.now()
        if (e.outcome === 'done') j.fraction = 1
        break
    }
    triggerRef(job)
  }

  api.onEvent(handle)

  /**
   * A view calls this once it has painted tilings of `j`: the first call after the paint fixes
   * the job's time to first tiling. Konva paints on the animation frame after the update, so the
   * time is taken one frame after the views' update has been flushed.
   */
  function shown(j: Job): void {
    if (j.firstTilingMs !== undefined) return
    void nextTick(() =>
      requestAnimationFrame(() => {
        if (j.firstTilingMs !== undefined) return
        j.firstTilingMs = performance.now() - j.startedAt
        if (job.value === j) triggerRef(job)
      }),
    )
  }

  /** Whether the job's tilings are those of the open document (the gallery shows only those). */
  const ofDocument = computed(() => job.value !== undefined && job.value.setKey === editing.setKey)

  const tileable = computed(
    () =>
      job.value?.figures.filter((f) => f.tilings.length > 0 || (f.counts?.solutions ?? 0) > 0)
        .length ?? 0,
  )
  /**
   * A figure's tilings so far. An unfinished figure (its run stopped or a worker died) counts only
   * its ended parts, while the tilings its other parts streamed are kept: it shows at least those.
   */
  const figureCount = (f: Job['figures'][number], mode: SymmetryMode): number =>
    !f.counts
      ? f.tilings.length
      : f.complete
        ? headlineCount(f.counts, mode)
        : Math.max(headlineCount(f.counts, mode), f.tilings.length)
  const totalSolutions = computed(() =>
    job.value ? job.value.figures.reduce((s, f) => s + figureCount(f, job.value!.mode), 0) : 0,
  )

  return { job, starting, running, ofDocument, tileable, totalSolutions, start, cancel, shown }
})
