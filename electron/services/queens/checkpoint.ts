import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { z } from 'zod'
import { InputError } from '../../../shared/errors'
import { MAX_QUEENS, queensTaskCount } from '../../../shared/queens/count'
import { writeFileAtomic } from '../atomic-write'

/**
 * A queens count's checkpoint: the counts of every finished task, written after each few tasks
 * so that a stopped or crashed run resumes, and a finished shard's result for `queens merge`.
 *
 * The file is read as untrusted input: a damaged or edited checkpoint would otherwise add wrong
 * numbers to a count silently. So it is checked against its schema, against the plan (its n and
 * shard, the number of tasks, each task id one of the shard's), each count for sense (whole
 * numbers, the distinct ones at most the boards and at least an eighth of them), and against a
 * SHA-256 checksum of its content, which a flipped digit breaks.
 */
export interface Shard {
  /** 1 … of. */
  readonly index: number
  readonly of: number
}

/** A task's boards, its boards distinct up to symmetry, and its search nodes. */
export type TaskCounts = readonly [total: bigint, unique: bigint, nodes: number]

export interface QueensCheckpoint {
  readonly n: number
  readonly shard?: Shard
  /** Tasks in the shard's plan. */
  readonly tasks: number
  readonly done: ReadonlyMap<number, TaskCounts>
}

const FORMAT = 'puzzle-workbench/queens-checkpoint'
const VERSION = 2

const count = z.string().regex(/^(0|[1-9]\d{0,39})$/, 'not a whole number')
const fileSchema = z.strictObject({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  n: z.number().int().min(1).max(MAX_QUEENS),
  shard: z.string().nullable(),
  tasks: z.number().int().min(1),
  done: z.record(
    z.string().regex(/^(0|[1-9]\d{0,8})$/, 'not a task id'),
    z.tuple([count, count, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)]),
  ),
  checksum: z.string(),
})
type CheckpointFile = z.infer<typeof fileSchema>

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

/** The ids of a shard's tasks: every k-th task, so that each shard gets heavy and light ones alike. */
export function shardTaskIds(n: number, shard?: Shard): number[] {
  const ids = Array.from({ length: queensTaskCount(n) }, (_, i) => i)
  return shard ? ids.filter((i) => i % shard.of === shard.index - 1) : ids
}

function checksum(c: Omit<CheckpointFile, 'checksum'>): string {
  // Entries in the order of their ids, so the sum does not depend on how the object was built.
  const done = Object.entries(c.done).sort(([a], [b]) => Number(a) - Number(b))
  const text = JSON.stringify([c.format, c.version, c.n, c.shard, c.tasks, done])
  return `sha256:${createHash('sha256').update(text).digest('hex')}`
}

/** Writes the checkpoint atomically: a crash leaves the last complete one. */
export async function writeCheckpoint(path: string, c: QueensCheckpoint): Promise<void> {
  const body = {
    format: FORMAT,
    version: VERSION,
    n: c.n,
    shard: shardText(c.shard),
    tasks: c.tasks,
    done: Object.fromEntries(
      [...c.done].map(([id, [t, u, nodes]]) => [String(id), [String(t), String(u), nodes]]),
    ),
  } satisfies Omit<CheckpointFile, 'checksum'>
  await writeFileAtomic(path, JSON.stringify({ ...body, checksum: checksum(body) }) + '\n')
}

/**
 * Reads and checks a checkpoint; undefined if there is none. With `expect`, the checkpoint must be
 * that run's. Every problem is an InputError of one line naming the file.
 */
export async function readCheckpoint(
  path: string,
  expect?: { n: number; shard?: Shard },
): Promise<QueensCheckpoint | undefined> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw new InputError(`${path}: cannot read the checkpoint (${(e as Error).message})`)
  }
  const bad = (why: string) => new InputError(`${path}: not a valid queens checkpoint (${why})`)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw bad('not JSON')
  }
  const version = (json as { version?: unknown } | null)?.version
  if (typeof version === 'number' && version < VERSION)
    throw new InputError(
      `${path}: a queens checkpoint of an older version, without a checksum; delete it to count from the start`,
    )
  const parsed = fileSchema.safeParse(json)
  if (!parsed.success) {
    const i = parsed.error.issues[0]
    throw bad(`${i.path.join('.') || 'file'}: ${i.message}`)
  }
  const file = parsed.data
  const { checksum: sum, ...body } = file
  if (sum !== checksum(body)) throw bad('its checksum does not match: the file was changed')

  let shard: Shard | undefined
  try {
    shard = file.shard === null ? undefined : parseShard(file.shard)
  } catch {
    throw bad(`shard "${file.shard}" is not i/k`)
  }
  if (expect && (file.n !== expect.n || file.shard !== shardText(expect.shard)))
    throw new InputError(
      `${path}: the checkpoint is for n = ${file.n}${file.shard ? `, shard ${file.shard}` : ''}, not n = ${expect.n}${expect.shard ? `, shard ${shardText(expect.shard)}` : ''}`,
    )
  const ids = new Set(shardTaskIds(file.n, shard))
  if (file.tasks !== ids.size)
    throw bad(
      `it says ${file.tasks} tasks; n = ${file.n}${shard ? `, shard ${file.shard},` : ''} has ${ids.size}`,
    )
  const done = new Map<number, TaskCounts>()
  for (const [key, [t, u, nodes]] of Object.entries(file.done)) {
    const id = Number(key)
    if (!ids.has(id)) throw bad(`task ${key} is not one of this run's`)
    const total = BigInt(t)
    const unique = BigInt(u)
    // Every class of boards has 1, 2, 4 or 8 members.
    if (unique > total || total > 8n * unique)
      throw bad(`task ${key}: ${t} boards cannot make ${u} classes`)
    done.set(id, [total, unique, nodes])
  }
  return { n: file.n, shard, tasks: file.tasks, done }
}
