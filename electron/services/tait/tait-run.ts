/**
 * One Tait count in a worker process (electron/worker/tait-worker.ts): progress as it goes, the
 * count and the sequences listed at the end. Stopping kills the process at once; a count cannot
 * be resumed (it keeps nothing worth saving until its end).
 */
import type { TaitCount, TaitProgress, TaitStats } from '../../../shared/tait/count'
import type { FromTaitWorker, ToTaitWorker } from '../../worker/protocol'
import type { LaunchWorker } from '../solver-pool'
import { runWorkerJob } from '../worker-job'

export interface TaitRunOptions {
  readonly n: number
  readonly empty: number
  /** List up to this many sequences too. */
  readonly list?: number
  /** Count what the paper's pruned program finds instead. */
  readonly paper?: boolean
  readonly launch: LaunchWorker<ToTaitWorker, FromTaitWorker>
  readonly signal?: AbortSignal
  readonly onProgress?: (p: TaitProgress) => void
}

export interface TaitRun {
  /** The fewest moves (null: none within n + 3); the paper's program searches n moves deep. */
  readonly moves: number | null
  readonly sequences: bigint
  readonly method: TaitCount['method'] | 'paper'
  readonly stats?: TaitStats
  /** The sequences listed, each a row per move. */
  readonly list?: readonly (readonly string[])[]
}

/** The count, or null when the signal stopped it. Bad input rejects with its InputError. */
export async function runTait(o: TaitRunOptions): Promise<TaitRun | null> {
  const m = await runWorkerJob({
    launch: o.launch,
    request: { type: 'count', n: o.n, empty: o.empty, list: o.list, paper: o.paper },
    name: 'the Tait worker',
    signal: o.signal,
    onProgress: o.onProgress,
  })
  if (!m) return null
  const { moves, method, stats, list } = m
  return { moves, sequences: BigInt(m.sequences), method, stats, list }
}
