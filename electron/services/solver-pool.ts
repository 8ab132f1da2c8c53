import { fork, type ChildProcess, type Serializable } from 'node:child_process'
import type { Point } from '../../shared/lattice/polygon'
import type { PartProgress } from '../../shared/tiling/jobs'
import type { PlacedPiece } from '../../shared/tiling/problem'
import type { SymmetryMode, TilingCounts, TilingStats } from '../../shared/tiling/search'
import type { FromWorker, ToWorker } from '../worker/protocol'

/**
 * A worker process as its users see it: `child_process.fork` here, `utilityProcess` in the app.
 * Solver workers by default; queens workers speak their own messages (worker/protocol.ts).
 */
export interface WorkerProcess<In = ToWorker, Out = FromWorker> {
  readonly pid: number | undefined
  send(message: In): void
  /** Returns a function that removes the listener (processes are reused across runs). */
  onMessage(listener: (message: Out) => void): () => void
  onExit(listener: (code: number | null, signal: string | null) => void): () => void
  kill(): void
}

export type LaunchWorker<In = ToWorker, Out = FromWorker> = () => WorkerProcess<In, Out>

/**
 * Where a run gets its processes and where it returns them. `take` may hand out a process that
 * is already running (a warm pool) or start one; `give` takes back a healthy process after a run;
 * a run kills a process instead when it cancels or the process fails.
 */
export interface WorkerSource {
  take(): WorkerProcess
  give(w: WorkerProcess): void
}

/** A source that starts a fresh process for every run and ends it afterwards (the CLI). */
export function freshWorkers(launch: LaunchWorker): WorkerSource {
  return { take: launch, give: (w) => w.kill() }
}

/**
 * Processes kept running between runs, so that a run starts at once instead of waiting for
 * process start-up (the app keeps `size` of them warm).
 */
export class WarmPool implements WorkerSource {
  private readonly idle: WorkerProcess[] = []
  private readonly all = new Set<WorkerProcess>()

  constructor(
    private readonly launch: LaunchWorker,
    private size: number,
  ) {
    this.refill()
  }

  take(): WorkerProcess {
    const w = this.idle.pop() ?? this.start()
    return w
  }

  give(w: WorkerProcess): void {
    if (this.all.has(w) && this.idle.length < this.size) this.idle.push(w)
    else w.kill()
  }

  resize(size: number): void {
    this.size = size
    while (this.idle.length > size) this.idle.pop()!.kill()
    this.refill()
  }

  /** Tops up the idle processes, e.g. after a cancelled run killed some. */
  refill(): void {
    while (this.idle.length < this.size) this.idle.push(this.start())
  }

  pids(): number[] {
    return [...this.all].map((w) => w.pid).filter((p): p is number => p !== undefined)
  }

  close(): void {
    for (const w of this.all) w.kill()
    this.idle.length = 0
  }

  private start(): WorkerProcess {
    const w = this.launch()
    this.all.add(w)
    w.onExit(() => {
      this.all.delete(w)
      const i = this.idle.indexOf(w)
      if (i >= 0) this.idle.splice(i, 1)
    })
    return w
  }
}

/**
 * The forked workers still running. They end with this process however it ends (an exit on a
 * closed pipe, say): a worker deep in a long task would notice its parent gone only afterwards.
 */
const forked = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of forked) child.kill('SIGKILL')
})

/** Forks a worker entry under plain Node (TypeScript entries through tsx's loader). */
export function forkWorker<In = ToWorker, Out = FromWorker>(
  entry: string,
  execArgv: readonly string[] = [],
  cwd?: string,
): WorkerProcess<In, Out> {
  const child = fork(entry, [], {
    execArgv: [...execArgv],
    cwd,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  })
  forked.add(child)
  child.on('exit', () => forked.delete(child))
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)))
  return {
    pid: child.pid,
    send: (m) => {
      // A worker dying between the check and the write fails the write; its exit reports it.
      if (child.connected) child.send(m as Serializable, () => {})
    },
    onMessage: (l) => {
      const f = (m: unknown) => l(m as Out)
      child.on('message', f)
      return () => child.off('message', f)
    },
    onExit: (l) => {
      const f = (code: number | null, signal: NodeJS.Signals | null) =>
        l(code, signal ?? (stderr.includes('heap out of memory') ? 'out of memory' : null))
      child.on('exit', f)
      return () => child.off('exit', f)
    },
    kill: () => {
      child.kill('SIGKILL')
    },
  }
}

export interface PoolRun {
  readonly set: unknown
  readonly figures: readonly (readonly Point[])[]
  readonly mode: SymmetryMode
  readonly list: boolean
  readonly parts: readonly { readonly figure: number; readonly prefix: readonly number[] }[]
  /** The order in which to hand out the parts (default: as listed). */
  readonly order?: readonly number[]
  /** A part handed to a process (the work begins; processes may take a while to start). */
  readonly onPartStart?: (part: number) => void
  readonly onSolution?: (part: number, pieces: readonly PlacedPiece[], classSize: number) => void
  readonly onProgress?: (part: number, progress: PartProgress) => void
  readonly onPartDone?: (part: number, counts: TilingCounts, stats: TilingStats) => void
}

export interface PoolOutcome {
  /** All parts finished. */
  readonly complete: boolean
  readonly cancelled: boolean
  /** A worker failed (crash, out of memory, an error in a part); what was found so far stays. */
  readonly error?: string
}

/**
 * Runs the parts of a tiling run on up to `workers` processes, one part per process at a time,
 * handing out the next part when one finishes. cancel() kills every process at once; after a run
 * that completes, the processes go back to their source.
 */
export function runOnWorkers(
  run: PoolRun,
  workers: number,
  source: WorkerSource,
): { done: Promise<PoolOutcome>; cancel: () => void } {
  const procs: { w: WorkerProcess; off: (() => void)[] }[] = []
  let next = 0
  let finished = 0
  let ended = false
  let settle: (o: PoolOutcome) => void = () => {}
  const done = new Promise<PoolOutcome>((resolve) => (settle = resolve))
  const end = (outcome: PoolOutcome) => {
    if (ended) return
    ended = true
    for (const { w, off } of procs) {
      for (const f of off) f()
      if (outcome.complete) source.give(w)
      else w.kill()
    }
    settle(outcome)
  }
  const feed = (w: WorkerProcess) => {
    if (next < run.parts.length) {
      const i = run.order ? run.order[next++] : next++
      run.onPartStart?.(i)
      w.send({ type: 'part', part: i, figure: run.parts[i].figure, prefix: run.parts[i].prefix })
    }
  }
  if (run.parts.length === 0) settle({ complete: true, cancelled: false })
  const count = Math.max(1, Math.min(workers, run.parts.length))
  for (let k = 0; k < count && run.parts.length > 0; k++) {
    const w = source.take()
    const offMessage = w.onMessage((m) => {
      if (ended) return
      switch (m.type) {
        case 'ready':
          feed(w)
          break
        case 'solution':
          run.onSolution?.(m.part, m.pieces, m.classSize)
          break
        case 'progress':
          run.onProgress?.(m.part, m)
          break
        case 'done':
          run.onPartDone?.(m.part, m.counts, m.stats)
          if (++finished === run.parts.length) end({ complete: true, cancelled: false })
          else feed(w)
          break
        case 'error':
          end({ complete: false, cancelled: false, error: m.message })
          break
      }
    })
    const offExit = w.onExit((code, signal) => {
      if (!ended) {
        const why =
          signal === 'out of memory'
            ? 'ran out of memory'
            : `stopped unexpectedly (${signal ?? `exit code ${code}`})`
        end({
          complete: false,
          cancelled: false,
          error: `a solver process ${why}; the results found so far are kept`,
        })
      }
    })
    procs.push({ w, off: [offMessage, offExit] })
    w.send({ type: 'run', set: run.set, figures: run.figures, mode: run.mode, list: run.list })
  }
  return { done, cancel: () => end({ complete: false, cancelled: true }) }
}
