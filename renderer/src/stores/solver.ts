import { defineStore } from 'pinia'
import { computed, markRaw, nextTick, ref, shallowRef, triggerRef } from 'vue'
import {
  applyJobEvent,
  newJobView,
  type JobFigureView,
  type JobTiling,
  type JobView,
} from '../../../shared/api/job-view'
import type { WorkbenchDocument } from '../../../shared/document/document'
import type { FigureShape } from '../../../shared/lattice/region'
import { headlineCount, type SymmetryMode } from '../../../shared/tiling/search'
import { plain, plainShape, useDocument } from './document'
import { useRunOn } from './run-on'
import { runStore } from './run-store'

export type Tiling = JobTiling
export type FigureResult = JobFigureView

export interface Job extends JobView {
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
 * The solve panel and the gallery: the current (or last) solve, a run of kind `solve` on the
 * host's task farm (`runStore`), as its events tell it. Tilings accumulate here as they stream
 * in; a cancelled or failed solve keeps what it found.
 */
export const useSolver = defineStore('solver', () => {
  const editing = useDocument()
  const runOn = useRunOn()
  const job = shallowRef<Job | undefined>()
  const starting = ref(false)
  const running = computed(
    () =>
      job.value !== undefined && (job.value.state === 'queued' || job.value.state === 'running'),
  )
  const runs = runStore('solve', {
    onEvent: (e) => {
      const j = job.value
      if (!j || e.runId !== j.jobId) return
      applyJobEvent(j, e)
      if (e.type === 'run.ended') j.endedAt = performance.now()
      triggerRef(job)
    },
  })

  /** Starts a solve (stopping the one before); a refused start throws its one-line error. */
  async function start(
    document: WorkbenchDocument,
    kind: 'tile' | 'convex',
    options: {
      mode?: SymmetryMode
      figures?: { name: string; polygon: FigureShape }[]
      force?: boolean
    } = {},
  ): Promise<void> {
    starting.value = true
    const mode = options.mode ?? 'reduce'
    const fresh: Job = markRaw({
      ...newJobView('', { kind, mode, document }),
      startedAt: performance.now(),
    })
    const params = {
      document: plain(document),
      kind,
      mode,
      list: true,
      figures: options.figures?.map((f) => ({ name: f.name, polygon: plainShape(f.polygon) })),
      force: options.force,
    }
    try {
      // Where to run goes to the host first: a refused address stops here, the running solve
      // untouched (the run's own commit then sends nothing).
      await runOn.commit()
      await new Promise<void>((started, refused) => {
        const end = runs.start(params, (runId) => {
          fresh.jobId = runId
          job.value = fresh
          started()
        })
        // Ended before it started: refused (or a queue that cannot be reached), or cancelled.
        // A refused solve is shown failed, with why, in place of the one before.
        void end.then((e) => {
          if (fresh.jobId !== '' || !e.error) return started()
          fresh.state = 'failed'
          fresh.error = e.error
          fresh.endedAt = performance.now()
          job.value = fresh
          refused(new Error(e.error))
        })
      })
    } finally {
      starting.value = false
    }
  }

  async function cancel(): Promise<void> {
    runs.cancel()
  }

  /**
   * Takes up a solve of the host again after this page was reloaded: as the host has it now (its
   * tilings so far, its progress or its end); its events go on arriving. Undefined if the host
   * no longer knows it (it was restarted, or the solve ended long ago).
   */
  async function reattach(jobId: string): Promise<Job | undefined> {
    let taken: Job | undefined
    await runs.takeUp(jobId, (run) => {
      const started = run.events[0]
      const plan = started?.type === 'run.started' ? started.plan : undefined
      if (!plan) return
      const view = newJobView(jobId, { ...plan.request, document: plan.document }, plan.setKey)
      taken = markRaw({ ...view, startedAt: performance.now() - run.ageMs })
      job.value = taken
    })
    if (!taken) return undefined
    // An ended solve's clock stops at its end: the host's run time is the nearest it knows.
    if (taken.elapsedMs !== undefined) taken.endedAt = taken.startedAt + taken.elapsedMs
    triggerRef(job)
    return taken
  }

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

  return {
    job,
    starting,
    running,
    ofDocument,
    tileable,
    totalSolutions,
    start,
    cancel,
    reattach,
    shown,
  }
})
