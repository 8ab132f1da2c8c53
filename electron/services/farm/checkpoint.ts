import { createHash } from 'node:crypto'
import { rename } from 'node:fs/promises'
import { z } from 'zod'
import { InputError } from '../../../shared/errors'
import type { KindName } from '../../worker/protocol'
import { writeFileAtomic } from '../atomic-write'
import { FileReadError, readFileChecked } from '../input-file'

/**
 * A farm run's checkpoint: its plan and the result of every finished task, written as tasks end,
 * so that a stopped or crashed run resumes with nothing counted twice or lost. One format for
 * every kind of job; each kind says what its plan and results look like (`CheckpointSpec`).
 *
 * The file is read as untrusted input: a damaged or edited checkpoint would otherwise add wrong
 * numbers to a count silently. So it is checked against its schema, against the plan it must
 * belong to, each result for sense, and against a SHA-256 checksum of its content, which a
 * flipped digit breaks. A task id the plan does not have is refused too (by the farm, for plans
 * that grow as they run).
 */
export interface CheckpointSpec<Plan, Result> {
  readonly kind: KindName
  /** The run in messages: "not a valid queens checkpoint". */
  readonly label: string
  readonly plan: z.ZodType<Plan>
  readonly result: z.ZodType<Result>
  /** The plan in words: "n = 12, shard 1/3". */
  readonly describe: (plan: Plan) => string
  /** A plan fixed in advance: its task ids (a saved task must be one, and the file says how many). */
  readonly taskIds?: (plan: Plan) => ReadonlySet<string>
  /** Why a saved result makes no sense, if it does not. */
  readonly check?: (id: string, result: Result) => string | undefined
  /** Today's id of a task an older version saved under another name, for the plan's tasks. */
  readonly renamed?: (plan: Plan) => (savedId: string) => string
}

export interface Checkpoint<Plan, Result> {
  readonly plan: Plan
  readonly done: ReadonlyMap<string, Result>
}

const FORMAT = 'puzzle-workbench/checkpoint'
// Near the longest string V8 makes, so the longest checkpoint JSON.stringify can have written.
const MAX_CHECKPOINT_BYTES = 500e6
/** The queens checkpoints were versions 1 and 2 of this file, before every kind had one. */
const VERSION = 3

const taskId = z.string().regex(/^[\w.-]{1,64}$/, 'not a task id')

/** JSON with every object's keys sorted: the same content gives the same text. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  )
}

function checksum(body: object): string {
  return `sha256:${createHash('sha256').update(canonical(body)).digest('hex')}`
}

const OLD_CHECKPOINT = 'a checkpoint of an older version of the workbench, which cannot be resumed'

/** A checkpoint an older version of the workbench wrote: it cannot be resumed, only replaced. */
export class OldCheckpointError extends InputError {
  constructor(path: string) {
    super(`${path}: ${OLD_CHECKPOINT}; delete it to count from the start`)
  }
}

/** The refusal of a checkpoint, in one line naming the file. */
export function badCheckpoint(path: string, label: string, why: string): InputError {
  return new InputError(`${path}: not a valid ${label} checkpoint (${why})`)
}

/** Writes the checkpoint atomically: a crash leaves the last complete one. */
export async function writeCheckpoint<Plan, Result>(
  path: string,
  spec: CheckpointSpec<Plan, Result>,
  c: Checkpoint<Plan, Result>,
): Promise<void> {
  const body = {
    format: FORMAT,
    version: VERSION,
    kind: spec.kind,
    plan: c.plan,
    tasks: spec.taskIds ? spec.taskIds(c.plan).size : null,
    done: Object.fromEntries(c.done),
  }
  await writeFileAtomic(path, JSON.stringify({ ...body, checksum: checksum(body) }) + '\n')
}

/**
 * Reads and checks a checkpoint; undefined if there is none. With `expect`, it must be that
 * plan's. Every problem is an InputError of one line naming the file.
 */
export async function readCheckpoint<Plan, Result>(
  path: string,
  spec: CheckpointSpec<Plan, Result>,
  expect?: Plan,
): Promise<Checkpoint<Plan, Result> | undefined> {
  let text: string
  try {
    text = await readFileChecked(path, { what: 'checkpoint file', maxBytes: MAX_CHECKPOINT_BYTES })
  } catch (e) {
    if (e instanceof FileReadError && e.code === 'ENOENT') return undefined
    throw e
  }
  const bad = (why: string) => badCheckpoint(path, spec.label, why)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw bad('not JSON')
  }
  const head = (json ?? {}) as { format?: unknown; version?: unknown; kind?: unknown }
  if (
    typeof head.format === 'string' &&
    head.format.startsWith('puzzle-workbench/') &&
    (head.format !== FORMAT || (typeof head.version === 'number' && head.version < VERSION))
  )
    throw new OldCheckpointError(path)
  if (head.format === FORMAT && typeof head.kind === 'string' && head.kind !== spec.kind)
    throw new InputError(
      `${path}: the checkpoint is of a ${head.kind} run, not a ${spec.label} one`,
    )
  const schema = z.strictObject({
    format: z.literal(FORMAT),
    version: z.literal(VERSION),
    kind: z.literal(spec.kind),
    plan: spec.plan,
    tasks: z.number().int().min(1).nullable(),
    done: z.record(taskId, spec.result),
    checksum: z.string(),
  })
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const i = parsed.error.issues[0]
    throw bad(`${i.path.join('.') || 'file'}: ${i.message}`)
  }
  const { checksum: sum, ...body } = parsed.data
  // The sum is of the file as written, not as the schema read it back.
  const written: Record<string, unknown> = { ...(json as object) }
  delete written.checksum
  if (sum !== checksum(written)) throw bad('its checksum does not match: the file was changed')
  const plan = body.plan as Plan
  if (expect !== undefined && canonical(plan) !== canonical(expect))
    throw new InputError(
      `${path}: the checkpoint is for ${spec.describe(plan)}, not ${spec.describe(expect)}`,
    )
  const ids = spec.taskIds?.(plan)
  if (ids && body.tasks !== ids.size)
    throw bad(`it says ${body.tasks} tasks; ${spec.describe(plan)} has ${ids.size}`)
  const done = new Map<string, Result>()
  const rename = spec.renamed?.(plan) ?? ((id: string) => id)
  for (const [savedId, result] of Object.entries(body.done as Record<string, Result>)) {
    const id = rename(savedId)
    if (ids && !ids.has(id)) throw bad(`task ${id} is not one of this run's`)
    const why = spec.check?.(id, result)
    if (why) throw bad(`task ${id}: ${why}`)
    done.set(id, result)
  }
  return { plan, done }
}

/**
 * For the app, which keeps its checkpoints itself: a damaged one is not the user's to mend, so
 * it is renamed out of the way (kept for a look) and the job refused once, saying so (`again`:
 * "solve again"); the next run starts from the beginning.
 */
export async function setAsideIfDamaged<Plan, Result>(
  path: string,
  spec: CheckpointSpec<Plan, Result>,
  again: string,
  expect?: Plan,
): Promise<void> {
  try {
    await readCheckpoint(path, spec, expect)
  } catch (e) {
    if (!(e instanceof InputError)) throw e
    const aside = path.replace(/\.json$/, '.damaged.json')
    await rename(path, aside)
    // The file is the app's: the user is told what became of it and what to do, not to delete it.
    throw new InputError(
      e instanceof OldCheckpointError
        ? `${path}: ${OLD_CHECKPOINT}; it is set aside as ${aside}: ${again} to start from the beginning.`
        : `${e.message}. It is set aside as ${aside}; ${again} to start from the beginning.`,
    )
  }
}
