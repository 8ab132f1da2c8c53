import { fork } from 'node:child_process'
import type { Point } from '../../shared/lattice/polygon'
import type { PlacedPiece } from '../../shared/tiling/problem'
import type { SymmetryMode, TilingCounts, TilingStats } from '../../shared/tiling/search'
import type { FromWorker, ToWorker } from '../worker/protocol'

/** A solver process as the pool sees it: `child_process.fork` here, `utilityProcess` in the app. */
export interface WorkerProcess {
  send(message: ToWorker): void
  onMessage(listener: (message: FromWorker) => void): void
  onExit(listener: (code: number | null, signal: string | null) => void): void
  kill(): void
}

export type LaunchWorker = () => WorkerProcess

/** Forks a worker entry under plain Node (TypeScript entries through tsx's loader). */
export function forkWorker(
  entry: string,
  execArgv: readonly string[] = [],
  cwd?: string,
): WorkerProcess {
  const child = fork(entry, [], {
    execArgv: [...execArgv],
    cwd,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  })
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)))
  return {
    send: (m) => {
      if (child.connected) child.send(m)
    },
    onMessage: (l) => child.on('message', (m) => l(m as FromWorker)),
    onExit: (l) =>
      child.on('exit', (code, signal) =>
        l(code, signal ?? (stderr.includes('heap out of memory') ? 'out of memory' : null)),
      ),
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
  readonly onSolution?: (part: number, pieces: readonly PlacedPiece[], classSize: number) => void
  readonly onProgress?: (
    part: number,
    placements: number,
    solutions: number,
    fraction: number,
  ) => void
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
 * handing out the next part when one finishes. cancel() kills every process at once.
 */
export function runOnWorkers(
  run: PoolRun,
  workers: number,
  launch: LaunchWorker,
): { done: Promise<PoolOutcome>; cancel: () => void } {
  const procs: WorkerProcess[] = []
  let next = 0
  let finished = 0
  let ended = false
  let settle: (o: PoolOutcome) => void = () => {}
  const done = new Promise<PoolOutcome>((resolve) => (settle = resolve))
  const end = (outcome: PoolOutcome) => {
    if (ended) return
    ended = true
    for (const p of procs) p.kill()
    settle(outcome)
  }
  const feed = (w: WorkerProcess) => {
    if (next < run.parts.length) {
      const i = run.order ? run.order[next++] : next++
      w.send({ type: 'part', part: i, figure: run.parts[i].figure, prefix: run.parts[i].prefix })
    }
  }
  if (run.parts.length === 0) settle({ complete: true, cancelled: false })
  const count = Math.max(1, Math.min(workers, run.parts.length))
  for (let k = 0; k < count && run.parts.length > 0; k++) {
    const w = launch()
    procs.push(w)
    w.onMessage((m) => {
      if (ended) return
      switch (m.type) {
        case 'ready':
          feed(w)
          break
        case 'solution':
          run.onSolution?.(m.part, m.pieces, m.classSize)
          break
        case 'progress':
          run.onProgress?.(m.part, m.placements, m.solutions, m.fraction)
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
    w.onExit((code, signal) => {
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
    w.send({ type: 'run', set: run.set, figures: run.figures, mode: run.mode, list: run.list })
  }
  return { done, cancel: () => end({ complete: false, cancelled: true }) }
}
