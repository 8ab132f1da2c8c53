import type { Results, WorkbenchEvent } from '../../../shared/api/contract'
import type {
  RunEventOf,
  RunItem,
  RunKind,
  RunOutcome,
  RunProgress,
  RunResult,
  RunStart,
} from '../../../shared/api/run'
import { InputError } from '../../../shared/errors'
import type { AppWorkers } from '../farm/app-workers'
import { Pacer } from './pacer'
import type { HostRunKinds, PreparedRun } from './run-kind'

/** Least time between a run's progress (and items) events: a few a second are enough. */
const PACE_MS = 100
/** Ended runs whose results are kept, the latest. */
const KEPT_RUNS = 8

type Kept = Results['run.results']

interface Running {
  readonly kind: RunKind
  /** Ends the run as cancelled, at once. */
  readonly cancel: () => void
}

/**
 * Every kind of run behind `run.start` (shared/api/run.ts), on the task farm: here or on the
 * queue, as the app's Run on setting says when the run starts. A refused request or an
 * unreachable queue is the start's one-line error; once started, a run's events go out as
 * `run.started`, paced `run.progress` and `run.items`, and one `run.ended`, which a cancel sends
 * at once (the workers are stopped with it). The results of the last few runs are kept.
 */
export class RunService {
  private readonly running = new Map<string, Running>()
  private readonly kept = new Map<string, Kept>()
  private next = 1

  constructor(
    private readonly workers: AppWorkers,
    private readonly emit: (e: WorkbenchEvent) => void,
    private readonly kinds: HostRunKinds,
  ) {}

  async start<K extends RunKind>(request: RunStart<K>): Promise<{ runId: string }> {
    const kind = this.kinds[request.kind] as HostRunKinds[K]
    if ('run' in kind) kind.check?.(request.params)
    const { transport, place } = await this.workers.runTransport()
    const prepared: PreparedRun<K> =
      'prepare' in kind
        ? kind.prepare(request.params, transport)
        : { run: (ctx) => kind.run(request.params, ctx) }
    const runId = `run-${this.next++}`
    const t0 = Date.now()
    const stop = new AbortController()
    const emit = (e: RunEventOf<K>) => this.emit(e as WorkbenchEvent)
    const base = { runId, kind: request.kind }
    let progress: RunProgress<K> | undefined
    let items: RunItem<K>[] = []
    const pacer = new Pacer(PACE_MS, () => {
      if (items.length > 0) emit({ type: 'run.items', ...base, items })
      if (progress !== undefined) emit({ type: 'run.progress', ...base, progress })
      items = []
      progress = undefined
    })
    const notices: string[] = []
    const kept: RunItem<K>[] = []
    let soFar: (() => RunResult<K> | undefined) | undefined
    let ended = false
    const end = (outcome: RunOutcome, o: { result?: RunResult<K>; error?: string } = {}) => {
      if (ended) return
      ended = true
      this.running.delete(runId)
      if (outcome === 'cancelled') {
        stop.abort()
        const found = soFar?.()
        if (found !== undefined) {
          o = { result: found }
          this.keep(runId, { kind: request.kind, result: found, items: kept } as Kept)
        }
      } else pacer.flush()
      pacer.stop()
      const said = notices.length > 0 ? { notices } : {}
      emit({ type: 'run.ended', ...base, outcome, ...o, ...said, elapsedMs: Date.now() - t0 })
    }
    this.running.set(runId, { kind: request.kind, cancel: () => end('cancelled') })
    const plan = prepared.plan === undefined ? {} : { plan: prepared.plan }
    emit({ type: 'run.started', ...base, runsOn: place, ...plan })
    prepared
      .run({
        transport,
        signal: stop.signal,
        // A farm winding down after a cancel may still report: nothing goes out after the end.
        progress: (p) => {
          if (ended) return
          progress = p
          pacer.poke()
        },
        item: (item) => {
          if (ended) return
          kept.push(item)
          items.push(item)
          pacer.poke()
        },
        notice: (line) => notices.push(line),
        soFar: (get) => (soFar = get),
      })
      .then(
        (result) => {
          if (result === null) return end('cancelled')
          this.keep(runId, { kind: request.kind, result, items: kept } as Kept)
          end('done', { result })
        },
        (e: Error) => end('failed', { error: e.message }),
      )
    return { runId }
  }

  /** Stops a run at once; its `run.ended` (cancelled) goes out before this returns. */
  cancel(runId: string): void {
    this.running.get(runId)?.cancel()
  }

  /** An ended run's result and items, while kept. */
  results(runId: string): Kept {
    const kept = this.kept.get(runId)
    if (kept) return kept
    throw new InputError(
      this.running.has(runId)
        ? `run ${runId} is still running: its results are there when it has finished`
        : `no results of run ${runId} are kept (only the last ${KEPT_RUNS} runs' that ended with one)`,
    )
  }

  /** A kept run's result and items, refused in one line if it is not of this kind. */
  resultsOf<K extends RunKind>(runId: string, kind: K): Extract<Kept, { kind: K }> {
    const kept = this.results(runId)
    if (kept.kind !== kind) throw new InputError(`run ${runId} is a ${kept.kind} run, not ${kind}`)
    return kept as Extract<Kept, { kind: K }>
  }

  /** Stops every run (their workers with them), as the app quits. */
  close(): void {
    for (const r of [...this.running.values()]) r.cancel()
  }

  private keep(runId: string, kept: Kept): void {
    this.kept.set(runId, kept)
    for (const old of this.kept.keys()) if (this.kept.size > KEPT_RUNS) this.kept.delete(old)
  }
}
