import { readFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import type { Queue, RedisOptions } from 'bullmq'
import { Redis } from 'ioredis'
import { InputError } from '../../../shared/errors'
import type { KindName } from '../../worker/protocol'
import { projectRoot } from '../project-root'

/**
 * What the queue transport (queue-transport.ts) and the machines that serve the queue
 * (queue-worker.ts) share: the queue's name, what its jobs carry, which version made them, and
 * the connection to Redis, with one clear line for every way it can fail. Only the `--queue`
 * paths import this module, so nothing loads ioredis or BullMQ otherwise.
 */

/** The BullMQ queue every run's tasks go to; a run's jobs are told apart by their run id. */
export const QUEUE_NAME = 'puzzle-workbench'
/** What a task job carries beside its input changes when this does. */
export const QUEUE_PROTOCOL = 1
export const APP = 'puzzle-workbench'

let ownVersion: string | undefined
/** Read once: a worker compares it with every job's. */
export const appVersion = (): string =>
  (ownVersion ??= (
    JSON.parse(readFileSync(join(projectRoot(import.meta.url), 'package.json'), 'utf8')) as {
      version: string
    }
  ).version)

/** Who serves a task, for the lines that name a worker. */
export const machine = (): string => `${hostname()} (pid ${process.pid})`

/** Jobs a worker holds at once per local process: one running, one ready to start. */
export const JOBS_PER_PROCESS = 2

/**
 * A worker's name, which BullMQ puts in its connection's name in Redis's client list: its local
 * processes (`p4`), so that a run knows how many processes serve the queue (`servingProcesses`).
 */
export const workerName = (processes: number): string => `p${processes}`

/**
 * The worker processes serving the queue now: the sum of its workers' processes, as their
 * connections' names say (a worker of another version, nameless, counts as one). A worker whose
 * connection closed (stopped, killed, its machine gone) is no longer counted.
 */
export async function servingProcesses(queue: Queue): Promise<number> {
  const workers = await queue.getWorkers()
  return workers.reduce((sum, w) => sum + (Number(/:w:p(\d+)$/.exec(w.rawname ?? '')?.[1]) || 1), 0)
}

/** A job of the queue: tasks of one run (several light ones go together). */
export interface TaskJob {
  readonly app: typeof APP
  readonly protocol: number
  readonly version: string
  readonly run: string
  readonly tasks: readonly { readonly task: string; readonly input: unknown }[]
}

/** A run as the workers read it: its kind of job and setup, kept once beside its tasks. */
export interface RunRecord {
  readonly app: typeof APP
  readonly protocol: number
  readonly version: string
  readonly kind: KindName
  readonly setup: unknown
}

/** What a worker answers for a task (a task's own failure is an answer, not a failed job). */
export type TaskAnswer =
  | { readonly result: unknown; readonly items: readonly unknown[] }
  | { readonly error: string; readonly input: boolean }
  /** The local process running it died (out of memory, say): the run decides whether to retry. */
  | { readonly lost: string }

/** What a worker answers for a job: each task's answer, and the time the job took there. */
export interface JobAnswer {
  readonly answers: readonly (readonly [task: string, answer: TaskAnswer])[]
  readonly ms: number
}

/** The key holding a run's record: present while the run goes on, gone once it ends. */
export const runKey = (run: string): string => `pw:${QUEUE_NAME}:run:${run}`

/**
 * How long a run's record outlives its host's last word (the host renews it every second): the
 * record of a host killed, or cut off from Redis, expires, and the workers drop the run's tasks
 * and refuse its jobs left in Redis, which BullMQ then removes (a host back later sends again
 * what it still waits for). Long enough for a host's network or Redis to come back meanwhile.
 */
export const RUN_TTL_S = 600

/**
 * How long BullMQ's event stream, which holds the answers of the last jobs, outlives the queue's
 * last run: the hosts and the workers renew it while they run one, so nothing of a run stays in
 * Redis for good.
 */
const EVENTS_TTL_S = 24 * 3600
export const renewEvents = (redis: Redis, queue: Queue): Promise<number> =>
  redis.expire(queue.keys.events, EVENTS_TTL_S)

/** Why a worker refuses a task of a run whose record is gone (the run ended, or Redis lost it). */
export const runOver = (run: string): string => `run ${run} is over`

/** Says whether a job of the queue is one of ours, and if not, what it is. */
export function isTaskJob(data: unknown): data is TaskJob {
  return typeof data === 'object' && data !== null && (data as TaskJob).app === APP
}

/** The one line a worker or a host of another version gives. */
export function versionMismatch(job: { protocol: number; version: string }): string | undefined {
  const version = appVersion()
  if (job.protocol === QUEUE_PROTOCOL && job.version === version) return undefined
  return `a worker on ${machine()} runs Puzzle Workbench ${version} (queue protocol ${QUEUE_PROTOCOL}) and refuses a task of version ${job.version} (protocol ${job.protocol}): run workers of the same version as the run`
}

export interface QueueAddress {
  readonly host: string
  readonly port: number
  readonly password?: string
  readonly username?: string
  readonly db: number
  /** host:port (and /db), never the password: what every message names. */
  readonly label: string
}

/** `redis://[[user]:password@]HOST:PORT[/DB]`, checked; the password never reaches a message. */
export function parseQueueUrl(text: string, option = '--queue'): QueueAddress {
  const bad = (why: string) =>
    new InputError(
      `${option}: ${why} (expected redis://[:password@]HOST:PORT, e.g. redis://127.0.0.1:6379)`,
    )
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw bad('not a URL')
  }
  if (url.protocol !== 'redis:') throw bad(`"${url.protocol}" is not redis:`)
  if (!url.hostname) throw bad('no host')
  const port = url.port === '' ? 6379 : Number(url.port)
  const path = url.pathname.replace(/^\//, '')
  const db = path === '' ? 0 : Number(path)
  if (!Number.isInteger(db) || db < 0 || db > 15 || !/^\d*$/.test(path))
    throw bad(`"/${path}" is not a database number from 0 to 15`)
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  /** The user or password as typed, %XX decoded; never shown (a password may be in it). */
  const decode = (text: string, what: string): string | undefined => {
    if (!text) return undefined
    try {
      return decodeURIComponent(text)
    } catch {
      throw bad(`the ${what} has a "%" that is not followed by two hex digits (write "%" as %25)`)
    }
  }
  return {
    host,
    port,
    password: decode(url.password, 'password'),
    username: decode(url.username, 'user name'),
    db,
    label: `${url.hostname}:${port}${db ? `/${db}` : ''}`,
  }
}

/** How long a first connection may take before the address is reported unreachable. */
const CONNECT_MS = 5000
/**
 * BullMQ's connections: reconnect every half second while Redis restarts (until `closing` says
 * stop: a Redis that is away would be retried for ever), commands wait.
 */
export function bullConnection(a: QueueAddress, closing = () => false): RedisOptions {
  return {
    host: a.host,
    port: a.port,
    password: a.password,
    username: a.username,
    db: a.db,
    maxRetriesPerRequest: null,
    connectTimeout: CONNECT_MS,
    retryStrategy: () => (closing() ? null : 500),
  }
}

/**
 * A Queue's connection that fails commands at once while Redis is away instead of holding them
 * until it is back (what waits on the queue decides what to do then). BullMQ allows this for a
 * Queue; its Worker and QueueEvents block, and wait (bullConnection).
 */
export function failFast(a: QueueAddress, closing?: () => boolean): RedisOptions {
  return { ...bullConnection(a, closing), maxRetriesPerRequest: 0, enableOfflineQueue: false }
}

/** What went wrong with a connection, in words, from ioredis's error. */
function describe(a: QueueAddress, e: Error & { code?: string }): string {
  const m = e.message
  if (/WRONGPASS|invalid password|invalid username-password/i.test(m))
    return `Redis at ${a.label} refused the password`
  if (/NOAUTH/i.test(m))
    return `Redis at ${a.label} needs a password (redis://:PASSWORD@${a.label})`
  if (/AUTH.*without any password configured/i.test(m))
    return `Redis at ${a.label} has no password set, yet one was given`
  if (e.code === 'ECONNREFUSED') return `cannot reach Redis at ${a.label}: connection refused`
  if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN')
    return `cannot reach Redis at ${a.label}: no such host`
  if (e.code === 'ETIMEDOUT' || /timeout/i.test(m))
    return `cannot reach Redis at ${a.label}: no answer within ${CONNECT_MS / 1000} s`
  if (/Protocol error|RESP|unknown command|wrong number/i.test(m))
    return `${a.label} does not answer as Redis does`
  return `Redis at ${a.label}: ${m.replaceAll(a.password ?? '\0', '…')}`
}

/**
 * A plain connection that fails fast: connecting tries once (an unreachable address, a port that
 * is not Redis, a wrong password: one line, at once); later, commands fail at once while Redis is
 * away and the connection is retried in the background, so the farm can tell a restart from a
 * loss. Checks the server is a Redis of at least BullMQ's minimum version.
 */
export async function connectQueue(a: QueueAddress): Promise<Redis> {
  const redis = new Redis({
    host: a.host,
    port: a.port,
    password: a.password,
    username: a.username,
    db: a.db,
    lazyConnect: true,
    connectTimeout: CONNECT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    // Connecting tries once; once connected, a lost connection is retried (set below).
    retryStrategy: () => null,
  })
  let lastError: Error | undefined
  redis.on('error', (e: Error) => (lastError = e))
  const fail = (e: Error) => {
    redis.disconnect()
    return new InputError(describe(a, e))
  }
  // A port that is not Redis may never answer, or answer something ioredis waits on.
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(
      () => reject(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })),
      CONNECT_MS,
    ).unref(),
  )
  try {
    await Promise.race([redis.connect(), timeout])
    const info = await Promise.race([redis.info('server'), timeout])
    const version = /redis_version:(\d+)/.exec(info)?.[1]
    if (version === undefined) throw new Error('Protocol error')
    if (Number(version) < 5)
      throw new InputError(`Redis at ${a.label} is version ${version}; BullMQ needs 5 or newer`)
    redis.options.retryStrategy = () => 500
  } catch (e) {
    if (e instanceof InputError) {
      redis.disconnect()
      throw e
    }
    throw fail(
      lastError && (e as Error).message.includes('Connection is closed') ? lastError : (e as Error),
    )
  }
  return redis
}

/** The type BullMQ keeps each of a queue's keys as (those a queue of ours always has or may have). */
const KEY_TYPES: Readonly<Record<string, string>> = {
  wait: 'list',
  active: 'list',
  paused: 'list',
  prioritized: 'zset',
  delayed: 'zset',
  completed: 'zset',
  failed: 'zset',
  marker: 'zset',
  stalled: 'set',
  meta: 'hash',
  events: 'stream',
  id: 'string',
  pc: 'string',
}

/**
 * Refuses a queue that holds jobs of another program, or keys BullMQ would fail on (another
 * program's, of another type): its workers would take ours, or we theirs. Looks at a few jobs of
 * each state (a queue of ours holds nothing else).
 */
export async function checkForeignJobs(a: QueueAddress, redis: Redis, queue: Queue): Promise<void> {
  const names = Object.keys(KEY_TYPES)
  const types = await Promise.all(names.map((name) => redis.type(queue.toKey(name))))
  const wrong = names.findIndex((name, i) => types[i] !== 'none' && types[i] !== KEY_TYPES[name])
  if (wrong >= 0)
    throw new InputError(
      `the queue "${QUEUE_NAME}" at ${a.label} cannot be used: its key ${queue.toKey(names[wrong])} is a ${types[wrong]}, not a ${KEY_TYPES[names[wrong]]} as BullMQ keeps it (another program's?): use another Redis database (redis://…/1) or another Redis`,
    )
  const jobs = await queue.getJobs(
    ['wait', 'active', 'delayed', 'prioritized', 'failed', 'completed'],
    0,
    20,
  )
  const foreign = jobs.find((j) => j && !isTaskJob(j.data))
  if (foreign) throw foreignJobs(a, foreign.id)
}

/** The line for a queue that holds a job (`id`) of another program. */
export const foreignJobs = (a: QueueAddress, id: string | undefined): InputError =>
  new InputError(
    `the queue "${QUEUE_NAME}" at ${a.label} holds jobs that are not Puzzle Workbench tasks (job ${id}): use another Redis database (redis://…/1) or another Redis`,
  )
