import type { Results, WorkbenchEvent } from '../../../shared/api/contract'
import { randomUUID } from 'node:crypto'
import type {
  RunEvent,
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

/** A run as the events sent of it tell it, for a page reloaded meanwhile (`list`). */
interface Followed {
  readonly runId: string
  readonly kind: RunKind
  readonly startedAt: number
  started?: RunEvent
  /** Every item sent, in order. */
  readonly items: unknown[]
  readonly notices: RunEvent[]
  progress?: RunEvent
  ended?: RunEvent
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
  /** The runs going on and the last few ended, in the order they started. */
  private readonly followed = new Map<string, Followed>()
  /**
   * Run ids name this service too: a page that remembers a run of a host since restarted must
   * not take another run for it.
   */
  private readonly idPrefix = `run-${randomUUID().slice(0, 8)}-`
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
    const runId = `${this.idPrefix}${this.next++}`
    const t0 = Date.now()
    const followed: Followed = { runId, kind: request.kind, startedAt: t0, items: [], notices: [] }
    this.follow(followed)
    const stop = new AbortController()
    const emit = (e: RunEventOf<K>) => {
      this.told(followed, e as RunEvent)
      this.emit(e as WorkbenchEvent)
    }
    const base = { runId, kind: request.kind }
    let progress: RunProgress<K> | undefined
    let items: RunItem<K>[] = []
    const pacer = new Pacer(PACE_MS, () => {
      if (items.length > 0) emit({ type: 'run.items', ...base, items })
      if (progress !== undefined) emit({ type: 'run.progress', ...base, progress })
      items = []
      progress = undefined
    })
    const plan = prepared.plan === undefined ? {} : { plan: prepared.plan }
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
          this.keep(runId, { kind: request.kind, ...plan, result: found, items: kept } as Kept)
        }
      } else pacer.flush()
      pacer.stop()
      const said = notices.length > 0 ? { notices } : {}
      emit({ type: 'run.ended', ...base, outcome, ...o, ...said, elapsedMs: Date.now() - t0 })
      // Processes a cancel or a failure killed are replaced, so that the next run starts at once.
      this.workers.pool.refill()
    }
    this.running.set(runId, { kind: request.kind, cancel: () => end('cancelled') })
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
        notice: (line) => {
          if (ended) return
          notices.push(line)
          emit({ type: 'run.notice', ...base, line })
        },
        soFar: (get) => (soFar = get),
      })
      .then(
        (result) => {
          if (result === null) return end('cancelled')
          this.keep(runId, { kind: request.kind, ...plan, result, items: kept } as Kept)
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

  /**
   * The runs going on and the last few ended, as their events told them. Taken at once and
   * answered before any later event of theirs is sent, so a page that takes a run up from here
   * and applies the events that follow has it whole.
   */
  list(): Results['run.list'] {
    const now = Date.now()
    const runs = [...this.followed.values()].map((f) => {
      const items: RunEvent[] =
        f.items.length > 0
          ? [{ type: 'run.items', runId: f.runId, kind: f.kind, items: [...f.items] } as RunEvent]
          : []
      const events = [f.started, ...items, ...f.notices, f.progress, f.ended].filter(
        (e): e is RunEvent => e !== undefined,
      )
      return { runId: f.runId, kind: f.kind, running: !f.ended, ageMs: now - f.startedAt, events }
    })
    return { runs } as Results['run.list']
  }

  /** Whether a run is going on, and of what kind. */
  runningKind(runId: string): RunKind | undefined {
    return this.running.get(runId)?.kind
  }

  /** Stops every run (their workers with them), as the app quits. */
  close(): void {
    for (const r of [...this.running.values()]) r.cancel()
  }

  private follow(f: Followed): void {
    this.followed.set(f.runId, f)
    const ended = [...this.followed.values()].filter((g) => g.ended)
    for (const g of ended.slice(0, -KEPT_RUNS)) this.followed.delete(g.runId)
  }

  /** Applies an event sent to what is followed of its run. */
  private told(f: Followed, e: RunEvent): void {
    if (e.type === 'run.started') f.started = e
    else if (e.type === 'run.items') f.items.push(...e.items)
    else if (e.type === 'run.notice') f.notices.push(e)
    else if (e.type === 'run.progress') f.progress = e
    else {
      f.ended = e
      this.follow(f)
    }
  }

  private keep(runId: string, kept: Kept): void {
    this.kept.set(runId, kept)
    for (const old of this.kept.keys()) if (this.kept.size > KEPT_RUNS) this.kept.delete(old)
  }
}
