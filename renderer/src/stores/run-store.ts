import { computed, ref, shallowRef } from 'vue'
import type { Params, RunPlace } from '../../../shared/api/contract'
import type {
  ListedRun,
  RunEvent,
  RunEventOf,
  RunItem,
  RunKind,
  RunOutcome,
  RunParams,
  RunPlan,
  RunProgress,
  RunResult,
} from '../../../shared/api/run'
import { api } from '../api'
import { useRunOn } from './run-on'

interface Current<K extends RunKind> {
  /** Known once `run.start` answered; its events until then wait in `early`. */
  runId?: string
  readonly early: RunEventOf<K>[]
  readonly settle: (end: RunEnd<K>) => void
}

/** How a run ended for its store: its result (done), its error (failed), or neither (cancelled). */
export interface RunEnd<K extends RunKind> {
  readonly result?: RunResult<K>
  readonly error?: string
}

/** Where a store's run is: none yet, under way, or how the last one ended. */
export type RunState = 'idle' | 'running' | RunOutcome

/**
 * One run of kind K at a time on the host's task farm (`run.start`), for a store to hold: where
 * it runs, its progress and time left, the items streamed, its result or error. `start` resolves
 * at the run's end with its result or error (neither: cancelled); a new start cancels the run
 * before it, and `cancel` ends it at once. `takeUp` follows a run of the host again (a page
 * reloaded meanwhile). `onEvent` sees each event of the store's runs in order, for a store that
 * builds its own view of them. Call it in a store's setup: it listens to the API's events for as
 * long as the store lives.
 */
export function runStore<K extends RunKind>(
  kind: K,
  options: { readonly onEvent?: (e: RunEventOf<K>) => void } = {},
) {
  const runOn = useRunOn()
  const running = ref(false)
  const state = ref<RunState>('idle')
  /** The run's id once the host answered the start: an ended run's results are asked by it. */
  const lastRunId = ref<string>()
  /** The host's time from the run's start to its end. */
  const elapsedMs = ref(0)
  const place = shallowRef<RunPlace>()
  const plan = shallowRef<RunPlan<K>>()
  const progress = shallowRef<RunProgress<K>>()
  const items = shallowRef<readonly RunItem<K>[]>([])
  const result = shallowRef<RunResult<K>>()
  const error = ref<string>()
  const notices = ref<readonly string[]>([])
  let current: Current<K> | undefined
  /** The run cancelled here last: its end may still bring what it had found. */
  let stopped: string | undefined

  api.onEvent((e) => {
    if (!e.type.startsWith('run.') || (e as RunEvent).kind !== kind) return
    const event = e as RunEventOf<K>
    if (event.type === 'run.ended' && event.runId === stopped) {
      stopped = undefined
      options.onEvent?.(event)
      notices.value = event.notices ?? []
      elapsedMs.value = event.elapsedMs
      if (event.result !== undefined) result.value = event.result
    }
    if (!current) return
    if (current.runId === undefined) current.early.push(event)
    else if (event.runId === current.runId) apply(event)
  })

  function apply(e: RunEventOf<K>): void {
    options.onEvent?.(e)
    if (e.type === 'run.started') {
      place.value = e.runsOn
      plan.value = e.plan
    } else if (e.type === 'run.progress') progress.value = e.progress
    else if (e.type === 'run.items') items.value = [...items.value, ...e.items]
    else if (e.type === 'run.notice') notices.value = [...notices.value, e.line]
    else {
      notices.value = e.notices ?? []
      elapsedMs.value = e.elapsedMs
      if (e.result !== undefined) result.value = e.result
      finish(e.outcome, e.outcome === 'done' ? e.result : undefined, e.error)
    }
  }

  function finish(outcome: RunOutcome, r: RunResult<K> | undefined, why?: string): void {
    const c = current
    current = undefined
    running.value = false
    state.value = outcome
    progress.value = undefined
    error.value = why
    c?.settle({ result: r, error: why })
  }

  function reset(): void {
    cancel()
    stopped = undefined
    running.value = true
    state.value = 'running'
    lastRunId.value = undefined
    place.value = undefined
    plan.value = undefined
    items.value = []
    result.value = undefined
    error.value = undefined
    notices.value = []
  }

  /** Starts a run; `onStarted` is told its id once the host answered, before any of its events. */
  function start(params: RunParams<K>, onStarted?: (runId: string) => void): Promise<RunEnd<K>> {
    reset()
    return new Promise((settle) => {
      const mine: Current<K> = { early: [], settle }
      current = mine
      void (async () => {
        try {
          // The host reads where to run when the run starts: the address just typed goes first.
          await runOn.commit()
          const request = { kind, params } as Params<'run.start'>
          const { runId } = await api.call('run.start', request)
          // Cancelled while it started: it stops now.
          if (current !== mine) return void api.call('run.cancel', { runId }).catch(() => {})
          mine.runId = runId
          lastRunId.value = runId
          onStarted?.(runId)
          for (const e of mine.early.splice(0)) if (e.runId === runId) apply(e)
        } catch (e) {
          if (current === mine) finish('failed', undefined, (e as Error).message)
        }
      })()
    })
  }

  /**
   * Follows a run of the host again, as `run.list` has it now (its events so far), and the
   * events that come after; undefined if the host no longer knows it (it was restarted, or the
   * run ended long ago). `taking` sees it before its events are applied.
   */
  async function takeUp(
    runId: string,
    taking?: (run: ListedRun<K>) => void,
  ): Promise<ListedRun<K> | undefined> {
    const { runs } = await api.call('run.list', {})
    // No await from the answer to here: the events sent after it have not been handled yet.
    const found = runs.find((r) => r.runId === runId && r.kind === kind) as ListedRun<K> | undefined
    if (!found) return undefined
    reset()
    current = { runId, early: [], settle: () => {} }
    lastRunId.value = runId
    taking?.(found)
    for (const e of found.events) apply(e)
    return found
  }

  /**
   * Ends the run at once: its workers are stopped, and `start` resolves with neither; what it had
   * found, for the kinds that keep that, comes into `result` with its end.
   */
  function cancel(): void {
    const runId = current?.runId
    if (!current) return
    finish('cancelled', undefined)
    stopped = runId
    if (runId !== undefined) void api.call('run.cancel', { runId }).catch(() => {})
  }

  return {
    running,
    state,
    runId: lastRunId,
    elapsedMs,
    place,
    /** What the run will do, for the kinds that say (from `run.started`). */
    plan,
    progress,
    /** The time left, once the run can say it. */
    eta: computed(() => progress.value?.etaSeconds),
    items,
    result,
    error,
    notices,
    start,
    cancel,
    takeUp,
  }
}
