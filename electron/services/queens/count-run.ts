import { z } from 'zod'
import { InputError } from '../../../shared/errors'
import {
  MAX_QUEENS,
  prefixRows,
  queensTaskIds,
  queensTasks,
  type QueensRunProgress,
  type QueensTask,
} from '../../../shared/queens/count'
import type { QueensResult } from '../../worker/protocol'
import { readCheckpoint, type CheckpointSpec } from '../farm/checkpoint'
import { runFarm } from '../farm/farm'
import type { FarmTransport } from '../farm/transport'

/**
 * Counting n queens on the task farm: the tasks of shared/queens (or one shard of them), the
 * heaviest first. With a checkpoint every finished task is recorded, so a run that is stopped or
 * crashes resumes where it was, nothing counted twice or lost; a finished shard's checkpoint is
 * also its result, which `mergeQueensShards` adds up.
 */
export interface QueensRunResult {
  readonly n: number
  readonly total: bigint
  readonly unique: bigint
  readonly nodes: number
  readonly tasks: number
  readonly done: number
  /** Tasks taken from the checkpoint rather than counted in this run. */
  readonly resumed: number
  readonly complete: boolean
  readonly shard?: Shard
  readonly elapsedMs: number
}

export interface QueensRunOptions {
  readonly n: number
  readonly transport: FarmTransport
  readonly shard?: Shard
  readonly checkpoint?: string
  readonly signal?: AbortSignal
  readonly onProgress?: (p: QueensRunProgress) => void
  /** A worker that died, its task counted again: one line. */
  readonly onNotice?: (line: string) => void
}

export interface Shard {
  /** 1 … of. */
  readonly index: number
  readonly of: number
}

export const shardText = (s: Shard | undefined): string | null => (s ? `${s.index}/${s.of}` : null)

/** "i/k" with 1 ≤ i ≤ k ≤ 10000. */
export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text)
  const index = Number(m?.[1])
  const of = Number(m?.[2])
  if (!m || index < 1 || of < 1 || index > of || of > 10_000)
    throw new InputError(`--shard must be i/k with 1 ≤ i ≤ k (e.g. 2/8), not "${text}"`)
  return { index, of }
}

/**
 * Whether the plan's i-th task is the shard's: every k-th task, so that each shard gets heavy and
 * light ones alike.
 */
const inShard = (i: number, shard?: Shard) => !shard || i % shard.of === shard.index - 1

/** The ids of a shard's tasks. */
export function shardTaskIds(n: number, shard?: Shard): string[] {
  return queensTaskIds(n).filter((_, i) => inShard(i, shard))
}

/** The tasks of a shard, in the plan's order. */
export function shardTasks(n: number, shard?: Shard): QueensTask[] {
  return queensTasks(n).filter((_, i) => inShard(i, shard))
}

/** What a queens count is: n, and which shard of it. */
export interface QueensPlan {
  readonly n: number
  readonly shard: string | null
}

const isShard = (s: string) => {
  try {
    parseShard(s)
    return true
  } catch {
    return false
  }
}
const count = z.string().regex(/^(0|[1-9]\d{0,39})$/, 'not a whole number')

export const queensCheckpoint: CheckpointSpec<QueensPlan, QueensResult> = {
  kind: 'queens',
  label: 'queens',
  plan: z.strictObject({
    n: z.number().int().min(1).max(MAX_QUEENS),
    shard: z.string().refine(isShard, 'not i/k').nullable(),
  }),
  result: z.tuple([count, count, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]),
  describe: (p) => `n = ${p.n}${p.shard ? `, shard ${p.shard}` : ''}`,
  taskIds: (p) => new Set(shardTaskIds(p.n, p.shard ? parseShard(p.shard) : undefined)),
  // Every class of boards has 1, 2, 4 or 8 members.
  check: (_, [t, u]) =>
    BigInt(u) > BigInt(t) || BigInt(t) > 8n * BigInt(u)
      ? `${t} boards cannot make ${u} classes`
      : undefined,
  // Until tasks had names, a task's id was its place in the plan. From n = 19 on the split is the
  // one those checkpoints have (three rows), so a long run's saved tasks are kept; below, the
  // split changed, and the numbers are refused as tasks this plan does not have.
  renamed: ({ n }) => {
    if (prefixRows(n) !== 3) return (id) => id
    const ids = queensTaskIds(n)
    return (id) => (/^\d+$/.test(id) ? (ids[Number(id)] ?? id) : id)
  },
}

/** Adds up the counts of finished tasks. */
function sum(results: Iterable<QueensResult>) {
  let total = 0n
  let unique = 0n
  let nodes = 0
  for (const [t, u, k] of results) {
    total += BigInt(t)
    unique += BigInt(u)
    nodes += k
  }
  return { total, unique, nodes }
}

export async function runQueensCount(o: QueensRunOptions): Promise<QueensRunResult> {
  const tasks = shardTasks(o.n, o.shard)
  const results: QueensResult[] = []
  let nodesThisRun = 0
  const outcome = await runFarm(
    {
      kind: 'queens',
      setup: { n: o.n },
      tasks: tasks.map((t) => ({
        id: t.id,
        input: t,
        weight: t.weight,
        priority: t.weight,
      })),
      onResult: (_, r, resumed) => {
        results.push(r)
        if (!resumed) nodesThisRun += r[2]
      },
    },
    {
      transport: o.transport,
      signal: o.signal,
      checkpoint: o.checkpoint
        ? {
            path: o.checkpoint,
            spec: queensCheckpoint,
            plan: { n: o.n, shard: shardText(o.shard) },
          }
        : undefined,
      onNotice: o.onNotice,
      onProgress: (p) =>
        o.onProgress?.({
          done: p.tasksDone,
          tasks: p.tasks,
          fraction: p.fraction,
          nodes: nodesThisRun,
          elapsedMs: p.elapsedMs,
          nodesPerSecond: p.elapsedMs > 0 ? (nodesThisRun * 1000) / p.elapsedMs : 0,
          etaSeconds: p.etaSeconds,
        }),
    },
  )
  if (outcome.error) throw outcome.error
  return {
    n: o.n,
    ...sum(results),
    tasks: tasks.length,
    done: outcome.tasksDone,
    resumed: outcome.resumed,
    complete: outcome.complete,
    shard: o.shard,
    elapsedMs: outcome.elapsedMs,
  }
}

/** Adds up finished shards' checkpoints: one n, shards 1 … k of one k, each once and complete. */
export async function mergeQueensShards(
  paths: readonly string[],
): Promise<{ n: number; total: bigint; unique: bigint; nodes: number; shards: number }> {
  if (paths.length === 0) throw new InputError('merge needs the shards’ checkpoint files')
  const seen = new Map<number, string>()
  let n: number | undefined
  let of: number | undefined
  const results: QueensResult[] = []
  for (const path of paths) {
    const c = await readCheckpoint(path, queensCheckpoint)
    if (!c) throw new InputError(`${path}: no such file`)
    const shard = c.plan.shard ? parseShard(c.plan.shard) : { index: 1, of: 1 }
    if (n !== undefined && c.plan.n !== n)
      throw new InputError(`${path}: n = ${c.plan.n}, the others n = ${n}`)
    if (of !== undefined && shard.of !== of)
      throw new InputError(`${path}: a shard of ${shard.of}, the others of ${of}`)
    if (seen.has(shard.index))
      throw new InputError(
        `${path}: shard ${shard.index}/${shard.of} again (also ${seen.get(shard.index)})`,
      )
    // The number of tasks is the plan's, checked on reading, not the file's word.
    const planned = queensCheckpoint.taskIds!(c.plan).size
    if (c.done.size !== planned)
      throw new InputError(
        `${path}: shard ${shard.index}/${shard.of} is not finished (${c.done.size} of ${planned} tasks); run it again to resume`,
      )
    n = c.plan.n
    of = shard.of
    seen.set(shard.index, path)
    results.push(...c.done.values())
  }
  const missing = Array.from({ length: of! }, (_, i) => i + 1).filter((i) => !seen.has(i))
  if (missing.length > 0)
    throw new InputError(
      `shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${of}`).join(', ')} missing`,
    )
  return { n: n!, ...sum(results), shards: of! }
}
