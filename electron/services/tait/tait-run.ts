/**
 * A Tait count on the task farm: a pass for each number of moves from the lower bound up, one
 * after the other, until a pass finds sequences (electron/worker/tasks/tait.ts); progress as the
 * layers are worked through, the sequences listed at the end. Stopping kills the worker at once;
 * with a checkpoint the passes finished are kept, so a count run again resumes at the pass it
 * was in.
 */
import { z } from 'zod'
import {
  checkTaitProblem,
  planTait,
  type TaitCount,
  type TaitProgress,
  type TaitStats,
} from '../../../shared/tait/count'
import { startRow } from '../../../shared/tait/state'
import type { TaitPassResult } from '../../worker/protocol'
import type { CheckpointSpec } from '../farm/checkpoint'
import { runFarm } from '../farm/farm'
import type { FarmTransport } from '../farm/transport'

export interface TaitRunOptions {
  readonly n: number
  readonly empty: number
  /** List up to this many sequences too. */
  readonly list?: number
  /** Count what the paper's pruned program finds instead. */
  readonly paper?: boolean
  readonly transport: FarmTransport
  readonly checkpoint?: string
  readonly signal?: AbortSignal
  readonly onProgress?: (p: TaitProgress) => void
  readonly onNotice?: (line: string) => void
}

export interface TaitRun {
  /** The fewest moves (null: none within n + 3); the paper's program searches n moves deep. */
  readonly moves: number | null
  readonly sequences: bigint
  readonly method: TaitCount['method'] | 'paper'
  readonly stats?: TaitStats
  /** The sequences listed, each a row per move. */
  readonly list?: readonly (readonly string[])[]
  /** Passes taken from the checkpoint. */
  readonly resumed: number
}

/** What a Tait checkpoint belongs to. */
export interface TaitPlan {
  readonly n: number
  readonly empty: number
  readonly paper: boolean
  readonly list: number | null
}

const whole = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

export const taitCheckpoint: CheckpointSpec<TaitPlan, TaitPassResult> = {
  kind: 'tait',
  label: 'Tait',
  plan: z.strictObject({
    n: z.number().int().min(1).max(32),
    empty: z.number().int().min(2).max(64),
    paper: z.boolean(),
    list: whole.nullable(),
  }),
  result: z.strictObject({
    sequences: z.string().regex(/^(0|[1-9]\d{0,60})$/, 'not a whole number'),
    layers: z.array(whole).max(100),
    expanded: whole,
    peakBytes: whole,
    memo: whole,
    ms: z.number().min(0),
    list: z.array(z.array(z.string().regex(/^[WB_]{1,64}$/))).optional(),
  }),
  describe: (p) =>
    `n = ${p.n} with ${p.empty} empty cells${p.paper ? ", the paper's program" : ''}${p.list === null ? '' : `, listing ${p.list}`}`,
}

/** The count, or null when the signal stopped it. Bad input rejects with its InputError. */
export async function runTait(o: TaitRunOptions): Promise<TaitRun | null> {
  checkTaitProblem(o.n, o.empty)
  const plan = planTait(startRow(o.n, o.empty))
  const first = o.paper ? o.n : plan.fewest
  const pass = (moves: number) => ({ id: `d${moves}`, input: { moves }, weight: 1 })
  let found: { moves: number; result: TaitPassResult } | undefined
  let expanded = 0
  let peakBytes = 0
  let ms = 0
  const outcome = await runFarm(
    {
      kind: 'tait',
      setup: { n: o.n, empty: o.empty, list: o.list, paper: o.paper },
      tasks: [pass(first)],
      onResult: (task, r) => {
        expanded += r.expanded
        peakBytes = Math.max(peakBytes, r.peakBytes)
        ms += r.ms
        const { moves } = task.input
        if (r.sequences !== '0' || o.paper) found = { moves, result: r }
        else if (moves < plan.most) return { next: [pass(moves + 1)] }
      },
      onTaskProgress: (_, __, p) => p && o.onProgress?.(p),
    },
    {
      transport: o.transport,
      signal: o.signal,
      onNotice: o.onNotice,
      checkpoint: o.checkpoint
        ? {
            path: o.checkpoint,
            spec: taitCheckpoint,
            plan: { n: o.n, empty: o.empty, paper: o.paper ?? false, list: o.list ?? null },
          }
        : undefined,
    },
  )
  if (outcome.error) throw outcome.error
  if (!outcome.complete) return null
  const r = found?.result
  if (o.paper)
    return {
      moves: o.n,
      sequences: BigInt(r!.sequences),
      method: 'paper',
      resumed: outcome.resumed,
    }
  return {
    moves: found?.moves ?? null,
    sequences: BigInt(r?.sequences ?? 0),
    method: plan.method,
    stats: {
      layers: r?.layers ?? [],
      expanded,
      peakBytes,
      memo: r?.memo ?? 0,
      ms,
    },
    list: r?.list,
    resumed: outcome.resumed,
  }
}
