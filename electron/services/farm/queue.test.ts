import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI, cli } from '../../cli/run-cli'
import { childPids, cpuSeconds, exitCode, processRunning } from '../../../testing/processes'
import { slowLink } from '../../../testing/slow-link'
import { queensTasks } from '../../../shared/queens/count'
import {
  freePort,
  missingRedis,
  startRedis,
  startWorker as startQueueWorker,
  stopWorker,
  type TestRedis,
  type TestWorker,
} from '../../../testing/redis'
import type { Settings, WorkbenchEvent } from '../../../shared/api/contract'
import { apiCalls, testWorkbench } from '../../../testing/workbench'
import { runQueensCount, type QueensRunResult } from '../queens/count-run'
import { parseQueueUrl } from './queue-connection'
import { QueueTransport } from './queue-transport'
import type { SessionEvent } from './transport'

if (missingRedis) console.warn(missingRedis)

/** What a run may leave in Redis: BullMQ's own keys of the queue, none of a job or a run. */
const runKeys = (redis: TestRedis) =>
  redis
    .cli('--scan')
    .split('\n')
    .filter(Boolean)
    .filter((k) => !/^bull:puzzle-workbench:(id|meta|events|stalled-check|marker|pc)$/.test(k))

/** The run records in Redis. */
const runRecords = (redis: TestRedis) =>
  redis.cli('--scan', '--pattern', 'pw:puzzle-workbench:run:*').split('\n').filter(Boolean)
/** A key's time to live in seconds (-1: none, -2: no such key). */
const ttl = (redis: TestRedis, key: string) => Number(redis.cli('ttl', key))
const DAY = 24 * 3600

/** A worker of one process that gives up on a silent worker's tasks after 2 s. */
const startWorker = (url: string) => startQueueWorker(url, '--jobs', '1', '--stall-after', '2')

describe.skipIf(missingRedis !== undefined)('the queue: BullMQ on Redis', () => {
  let redis: TestRedis
  const workers: TestWorker[] = []

  beforeAll(async () => {
    redis = await startRedis()
    workers.push(...(await Promise.all([startWorker(redis.url), startWorker(redis.url)])))
    // Three processes starting at once take a while on a loaded machine.
  }, 60_000)
  afterAll(async () => {
    await Promise.all(workers.map(stopWorker))
    await redis?.stop()
  })

  /** Kills one of the two workers and starts another in its place. */
  async function killOne(): Promise<void> {
    const [dead] = workers.splice(0, 1)
    await stopWorker(dead)
    workers.push(await startWorker(redis.url))
  }

  /**
   * Counts n queens through the queue (its counts checked against the published ones);
   * `midRun` happens once, when three tasks are done. Returns the run and its notices.
   */
  async function queensOnQueue(
    n: 14 | 16,
    midRun: () => Promise<unknown>,
    checkpoint?: string,
  ): Promise<{ r: QueensRunResult; notices: string[]; midRun: unknown }> {
    const transport = await QueueTransport.connect(parseQueueUrl(redis.url))
    const notices: string[] = []
    let during: Promise<unknown> | undefined
    try {
      const r = await runQueensCount({
        n,
        transport,
        checkpoint,
        onNotice: (line) => notices.push(line),
        onProgress: (p) => {
          if (p.done >= 3) during ??= midRun()
        },
      })
      expect(during).toBeDefined()
      expect(r.complete).toBe(true)
      expect([r.total, r.unique]).toEqual(
        n === 14 ? [365_596n, 45_752n] : [14_772_512n, 1_846_955n],
      )
      return { r, notices, midRun: await during }
    } finally {
      await during
      await transport.close()
    }
  }

  it('counts queens n = 14 on two workers, one killed mid-run: its tasks go to the other, each counted once', async () => {
    const { notices } = await queensOnQueue(14, killOne)
    expect(notices.join('\n')).toMatch(
      /a worker stopped answering; (tasks? [\d, ]+|\d+ tasks) run again/,
    )
    expect(runKeys(redis)).toEqual([])
  }, 180_000)

  it('a worker stopped with Ctrl-C hands its tasks back at once, not after its lock lapses', async () => {
    // Its lock lasts ten minutes: only handing the tasks back lets the run end in time.
    const patient = await startQueueWorker(redis.url, '--jobs', '1', '--stall-after', '600')
    try {
      const { notices, midRun } = await queensOnQueue(16, () => {
        const exited = new Promise((resolve) => patient.child.once('exit', resolve))
        patient.child.kill('SIGINT')
        return exited
      })
      expect(midRun).toBe(130)
      expect(notices.join('\n')).toMatch(/a worker stopped; (tasks? [\d, ]+|\d+ tasks) run again/)
    } finally {
      await stopWorker(patient)
    }
  }, 120_000)

  it('counts the tetraboloes’ 23,512 convex tilings through the CLI with --queue, a worker killed mid-run', async () => {
    const host = spawn(
      process.execPath,
      [...CLI, 'convex', 'tetraboloes', '--queue', redis.url, '--json', '--no-progress'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let out = ''
    let err = ''
    host.stdout!.on('data', (d: Buffer) => (out += d.toString()))
    host.stderr!.on('data', (d: Buffer) => (err += d.toString()))
    const code = new Promise<number | null>((r) => host.on('exit', r))
    // Mid-run: once both workers hold tasks (two jobs each).
    await expect
      .poll(() => Number(redis.cli('llen', 'bull:puzzle-workbench:active')), { timeout: 60_000 })
      .toBe(4)
    await killOne()
    expect(await code).toBe(0)
    const r = JSON.parse(out) as { outlines: { solutions: number | string }[] }
    expect(r.outlines.reduce((sum, o) => sum + BigInt(o.solutions), 0n)).toBe(23_512n)
    expect(err).toMatch(
      /warning: a worker stopped answering; (tasks? [\w., ]+|\d+ tasks) run again/,
    )
    expect(err).not.toMatch(/error/)
    expect(runKeys(redis)).toEqual([])
  }, 300_000)

  it('Redis restarted mid-run, empty: the run sends its tasks again, the count stays exact, the checkpoint is written', async () => {
    const checkpoint = join(mkdtempSync(join(tmpdir(), 'pw-queue-')), 'q16.json')
    const { r, notices } = await queensOnQueue(16, () => redis.restart(), checkpoint)
    expect(notices.join('\n')).toMatch(
      /Redis at 127\.0\.0\.1:\d+ lost tasks in hand \(restarted\?\); .+ run again/,
    )
    // Every task's answer is in the checkpoint: the same count again takes them all from it.
    const transport = await QueueTransport.connect(parseQueueUrl(redis.url))
    try {
      const again = await runQueensCount({ n: 16, transport, checkpoint })
      expect([again.total, again.resumed]).toEqual([14_772_512n, r.tasks])
    } finally {
      await transport.close()
    }
    expect(runKeys(redis)).toEqual([])
  }, 120_000)

  it('a worker of another version refuses the run in one line, which ends the run', async () => {
    const transport = await QueueTransport.connect(parseQueueUrl(redis.url), '0.0.0-other')
    try {
      await expect(runQueensCount({ n: 8, transport })).rejects.toThrow(
        /^a worker on .+ runs Puzzle Workbench \S+ \(queue protocol \d+\) and refuses a task of version 0\.0\.0-other \(protocol \d+\): run workers of the same version as the run$/,
      )
    } finally {
      await transport.close()
    }
    await expect
      .poll(() => workers.some((w) => /refuses a task of version 0\.0\.0-other/.test(w.err())))
      .toBe(true)
    expect(runKeys(redis)).toEqual([])
  })

  it('a queue holding jobs of another program: the host and the worker refuse it in one line', async () => {
    const { Queue } = await import('bullmq')
    const foreign = new Queue('puzzle-workbench', { connection: { port: redis.port, db: 3 } })
    await foreign.add('mail', { to: 'someone' })
    await foreign.close()
    const url = `${redis.url}/3`
    for (const args of [
      ['queens', 'count', '8', '--queue', url],
      ['worker', '--queue', url],
    ]) {
      const r = cli(...args)
      expect(r.code, r.err).toBe(1)
      expect(r.err.trim()).toMatch(
        /^error: the queue "puzzle-workbench" at 127\.0\.0\.1:\d+\/3 holds jobs that are not Puzzle Workbench tasks \(job 1\)/,
      )
      expect(r.err.trim().split('\n')).toHaveLength(1)
    }
  })

  it('a cancelled run leaves nothing of itself in Redis, and the workers stop its tasks', async () => {
    const transport = await QueueTransport.connect(parseQueueUrl(redis.url))
    const stop = new AbortController()
    let busy: number[] = []
    try {
      // n = 21: tasks of seconds each, so that the workers are in the middle of theirs.
      const run = runQueensCount({ n: 21, transport, signal: stop.signal })
      await expect
        .poll(() => redis.cli('llen', 'bull:puzzle-workbench:active'), { timeout: 30_000 })
        .toBe('4')
      busy = workers.flatMap((w) => childPids(w.child.pid!))
      // Its record expires unless the run renews it.
      expect(ttl(redis, runRecords(redis)[0])).toBeGreaterThan(0)
      stop.abort()
      expect((await run).complete).toBe(false)
    } finally {
      await transport.close()
    }
    expect(runKeys(redis)).toEqual([])
    // The answers in BullMQ's event stream expire a day after the run.
    expect(ttl(redis, 'bull:puzzle-workbench:events')).toBeGreaterThan(DAY - 60)
    expect(ttl(redis, 'bull:puzzle-workbench:events')).toBeLessThanOrEqual(DAY)
    // The processes that ran its tasks are stopped, not left counting n = 17 for nobody.
    expect(busy.length).toBeGreaterThan(0)
    await expect.poll(() => busy.filter(processRunning), { timeout: 30_000 }).toEqual([])
  }, 120_000)
})

/** The CLI as a separate process, without blocking this one (which may serve its other end). */
function cliAsync(...args: string[]): Promise<{ code: number | null; err: string }> {
  const child = spawn(process.execPath, [...CLI, ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
  let err = ''
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, err })))
}

describe.skipIf(missingRedis !== undefined)('the queue: bad input', () => {
  /** The CLI's answer: exit 1 and one line on stderr, a message without a stack trace. */
  const oneLine = (r: { code: number | null; err: string }) => {
    expect(r.code, r.err).toBe(1)
    expect(r.err.trim().split('\n'), r.err).toHaveLength(1)
    expect(r.err).toMatch(/^error: /)
    return r.err
  }

  it('an unreachable address, a port that is not Redis, a malformed URL: one line, exit 1', async () => {
    const garbage = createServer((s) => s.end('HTTP/1.1 400 Bad Request\r\n\r\n'))
    await new Promise<void>((r) => garbage.listen(0, '127.0.0.1', r))
    const { port } = garbage.address() as { port: number }
    try {
      expect(
        oneLine(cli('queens', 'count', '8', '--queue', `redis://127.0.0.1:${await freePort()}`)),
      ).toMatch(/cannot reach Redis at 127\.0\.0\.1:\d+: connection refused/)
      expect(
        oneLine(await cliAsync('queens', 'count', '8', '--queue', `redis://127.0.0.1:${port}`)),
      ).toMatch(/does not answer as Redis does/)
      expect(oneLine(cli('convex', 'tetraboloes', '--queue', 'http://127.0.0.1:6379'))).toMatch(
        /--queue: "http:" is not redis:/,
      )
      expect(oneLine(await cliAsync('worker', '--queue', `redis://127.0.0.1:${port}`))).toMatch(
        /does not answer as Redis does/,
      )
    } finally {
      garbage.close()
    }
  })

  it('a "%" that starts no escape in the password or user, a queue key of the wrong type: one line', async () => {
    expect(oneLine(cli('queens', 'count', '8', '--queue', 'redis://:p%ss@127.0.0.1:6379'))).toMatch(
      /--queue: the password has a "%" that is not followed by two hex digits \(write "%" as %25\)/,
    )
    expect(oneLine(cli('worker', '--queue', 'redis://us%er:pw@127.0.0.1:6379'))).toMatch(
      /--queue: the user name has a "%"/,
    )
    const redis = await startRedis()
    try {
      redis.cli('-n', '2', 'set', 'bull:puzzle-workbench:wait', 'not a list')
      for (const args of [['queens', 'count', '8'], ['worker']])
        expect(oneLine(await cliAsync(...args, '--queue', `${redis.url}/2`))).toMatch(
          /the queue "puzzle-workbench" at 127\.0\.0\.1:\d+\/2 cannot be used: its key bull:puzzle-workbench:wait is a string, not a list/,
        )
    } finally {
      await redis.stop()
    }
  })

  it('a wrong or missing password: one line that never shows the password', async () => {
    const redis = await startRedis('s3cret-pass')
    try {
      const wrong = oneLine(
        cli('queens', 'count', '8', '--queue', `redis://:not-it-9@127.0.0.1:${redis.port}`),
      )
      expect(wrong).toMatch(/Redis at 127\.0\.0\.1:\d+ refused the password/)
      expect(wrong).not.toMatch(/not-it-9/)
      expect(oneLine(cli('worker', '--queue', `redis://127.0.0.1:${redis.port}`))).toMatch(
        /needs a password/,
      )
    } finally {
      await redis.stop()
    }
  })
})

/** The ids of the queue's active jobs. */
const activeJobs = (redis: TestRedis) =>
  redis.cli('lrange', 'bull:puzzle-workbench:active', '0', '-1').split('\n').filter(Boolean)

describe.skipIf(missingRedis !== undefined)('the queue: workers that stop or die', () => {
  it('a worker stopped with Ctrl-C over a slow link hands back the job it fetched and had not started', async () => {
    const redis = await startRedis()
    const link = await slowLink(redis.port, 100)
    // Its lock lasts ten minutes: only handing the job back lets another worker run it.
    const slow = await startQueueWorker(link.url, '--jobs', '1', '--stall-after', '600')
    const transport = await QueueTransport.connect(parseQueueUrl(redis.url))
    const other: TestWorker[] = []
    try {
      const session = transport.open({ kind: 'queens', setup: { n: 12 } })
      const events: SessionEvent[] = []
      session.onEvent((e) => events.push(e))
      const [task] = queensTasks(12)
      link.holdReplies()
      session.submit({ id: task.id, input: task, priority: task.weight })
      // Fetched: active in Redis and locked by the slow worker, which has not heard so yet.
      await expect.poll(() => activeJobs(redis), { timeout: 30_000 }).toHaveLength(1)
      const [job] = activeJobs(redis)
      expect(redis.cli('get', `bull:puzzle-workbench:${job}:lock`)).not.toBe('')
      slow.child.kill('SIGINT')
      // The answer arrives after Ctrl-C (its order against the stop does not matter).
      await new Promise((r) => setTimeout(r, 1000))
      link.release()
      expect(await exitCode(slow.child)).toBe(130)
      expect(activeJobs(redis)).toEqual([])
      other.push(await startWorker(redis.url))
      await expect
        .poll(() => events.some((e) => e.type === 'done' && e.task === task.id), {
          timeout: 30_000,
        })
        .toBe(true)
      expect(events).toContainEqual({ type: 'requeued', tasks: [task.id], why: 'a worker stopped' })
      session.close('done')
    } finally {
      await transport.close()
      await Promise.all([slow, ...other].map(stopWorker))
      await link.close()
      await redis.stop()
    }
  }, 120_000)

  it('a worker killed: its tasks go to another within the default 15 s, its processes end with it', async () => {
    const redis = await startRedis()
    const doomed = await startQueueWorker(redis.url, '--jobs', '1')
    const transport = await QueueTransport.connect(parseQueueUrl(redis.url))
    const other: TestWorker[] = []
    try {
      const session = transport.open({ kind: 'queens', setup: { n: 18 } })
      const events: SessionEvent[] = []
      session.onEvent((e) => events.push(e))
      // Jobs of 8 heavy tasks each: the killed worker's process has a dozen of seconds each queued.
      for (const t of queensTasks(18)) session.submit({ id: t.id, input: t, priority: t.weight })
      await expect.poll(() => activeJobs(redis), { timeout: 30_000 }).toHaveLength(2)
      const busy = childPids(doomed.child.pid!)
      expect(busy.length).toBeGreaterThan(0)
      other.push(await startQueueWorker(redis.url, '--jobs', '1'))
      doomed.child.kill('SIGKILL')
      const killed = Date.now()
      await expect
        .poll(
          () => events.some((e) => e.type === 'requeued' && e.why === 'a worker stopped answering'),
          { timeout: 60_000, interval: 100 },
        )
        .toBe(true)
      // 15 s by design (a lock of 10 s, a check every 5 s), and a margin for a loaded machine.
      expect(Date.now() - killed).toBeLessThan(20_000)
      // Said once, as what it is (not also as a job handed back).
      expect(events.filter((e) => e.type === 'requeued').map((e) => e.why)).not.toContain(
        'a worker stopped',
      )
      // Its processes end with it, not after the dozen queued.
      await expect.poll(() => busy.filter(processRunning), { timeout: 30_000 }).toEqual([])
      session.close('stop')
    } finally {
      await transport.close()
      await Promise.all([doomed, ...other].map(stopWorker))
      await redis.stop()
    }
  }, 180_000)

  it('a worker killed in the middle of long tasks: its processes end within seconds, not at the tasks’ end', async () => {
    const redis = await startRedis()
    const doomed = await startQueueWorker(redis.url, '--jobs', '2')
    const transport = await QueueTransport.connect(parseQueueUrl(redis.url))
    let busy: number[] = []
    try {
      const session = transport.open({ kind: 'queens', setup: { n: 21 } })
      // The heaviest tasks of n = 21: a minute or more each, reporting nothing before their end.
      const heavy = queensTasks(21)
        .sort((a, b) => b.weight - a.weight)
        .slice(0, 4)
      for (const t of heavy) session.submit({ id: t.id, input: t, priority: t.weight })
      await expect.poll(() => childPids(doomed.child.pid!), { timeout: 30_000 }).toHaveLength(2)
      busy = childPids(doomed.child.pid!)
      // Both well into a task (starting a process takes a fraction of a second of CPU).
      await expect
        .poll(() => busy.every((pid) => cpuSeconds(pid) >= 1.5), { timeout: 60_000 })
        .toBe(true)
      doomed.child.kill('SIGKILL')
      const killed = Date.now()
      await expect
        .poll(() => busy.filter(processRunning), { timeout: 60_000, interval: 50 })
        .toEqual([])
      // They end within a fraction of a second; the margin is for a loaded machine.
      expect(Date.now() - killed).toBeLessThan(5000)
      session.close('stop')
    } finally {
      for (const pid of busy.filter(processRunning)) process.kill(pid, 'SIGKILL')
      await transport.close()
      await stopWorker(doomed)
      await redis.stop()
    }
  }, 180_000)
})

describe.skipIf(missingRedis !== undefined)('what a run leaves in Redis', () => {
  it('a run whose host is killed: its record expires within 10 minutes, then the workers drop its jobs', async () => {
    const redis = await startRedis()
    const worker = await startWorker(redis.url)
    const host = spawn(process.execPath, [...CLI, 'queens', 'count', '21', '--queue', redis.url], {
      stdio: 'ignore',
    })
    try {
      // Mid-run: the worker holds two of its jobs.
      await expect.poll(() => activeJobs(redis), { timeout: 30_000 }).toHaveLength(2)
      host.kill('SIGKILL')
      await exitCode(host)
      const [record] = runRecords(redis)
      expect(ttl(redis, record)).toBeGreaterThan(0)
      expect(ttl(redis, record)).toBeLessThanOrEqual(600)
      // The answers in BullMQ's event stream, renewed by the worker too, expire a day later.
      await expect.poll(() => ttl(redis, 'bull:puzzle-workbench:events')).toBeGreaterThan(DAY - 60)
      expect(runKeys(redis).length).toBeGreaterThan(1)
      // Ten minutes later:
      redis.cli('expire', record, '1')
      await expect.poll(() => runKeys(redis), { timeout: 60_000 }).toEqual([])
    } finally {
      host.kill('SIGKILL')
      await stopWorker(worker)
      await redis.stop()
    }
  }, 120_000)
})

describe.skipIf(missingRedis !== undefined)('the queue whose Redis goes away', () => {
  it('Redis killed mid-count and left down: said within seconds, the checkpoint kept, Ctrl-C ends it at once', async () => {
    const redis = await startRedis()
    const worker = await startWorker(redis.url)
    const checkpoint = join(mkdtempSync(join(tmpdir(), 'pw-queue-')), 'q17.json')
    const saved = () => {
      try {
        return Object.keys((JSON.parse(readFileSync(checkpoint, 'utf8')) as { done: object }).done)
          .length
      } catch {
        return 0
      }
    }
    const host = spawn(
      process.execPath,
      [...CLI, 'queens', 'count', '17', '--queue', redis.url, '--checkpoint', checkpoint],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let err = ''
    host.stderr!.on('data', (d: Buffer) => (err += d.toString()))
    let down = false
    try {
      await expect.poll(saved, { timeout: 60_000 }).toBeGreaterThan(0)
      await redis.stop()
      down = true
      const before = saved()
      await expect
        .poll(() => err, { timeout: 10_000 })
        .toMatch(/warning: cannot reach Redis at 127\.0\.0\.1:\d+; retrying until it is back/)
      await expect
        .poll(() => err, { timeout: 30_000 })
        .toMatch(/warning: Redis at 127\.0\.0\.1:\d+ still unreachable after 10 s; retrying/)
      expect(saved()).toBeGreaterThanOrEqual(before)
      host.kill('SIGINT')
      const t0 = Date.now()
      expect(await exitCode(host)).toBe(130)
      expect(Date.now() - t0).toBeLessThan(5000)
      expect(err).toMatch(/run the same command again to resume/)
      expect(err).not.toMatch(/Unhandled|\n {4}at /)
      expect(saved()).toBeGreaterThanOrEqual(before)
    } finally {
      host.kill('SIGKILL')
      await stopWorker(worker)
      if (!down) await redis.stop()
    }
  }, 180_000)
})

describe.skipIf(missingRedis !== undefined)('the queue without workers', () => {
  it('a run says once that no worker serves the queue, waits, and Ctrl-C leaves nothing behind', async () => {
    const redis = await startRedis()
    try {
      const host = spawn(
        process.execPath,
        [...CLI, 'queens', 'count', '12', '--queue', redis.url],
        {
          stdio: ['ignore', 'ignore', 'pipe'],
        },
      )
      let err = ''
      host.stderr!.on('data', (d: Buffer) => (err += d.toString()))
      const code = new Promise<number | null>((r) => host.on('exit', r))
      await expect
        .poll(() => err, { timeout: 30_000 })
        .toMatch(
          /warning: no worker serves the queue at 127\.0\.0\.1:\d+ yet; the run waits for one/,
        )
      expect(runKeys(redis).length).toBeGreaterThan(0)
      host.kill('SIGINT')
      expect(await code).toBe(130)
      expect(err.match(/no worker serves/g)).toHaveLength(1)
      expect(runKeys(redis)).toEqual([])
    } finally {
      await redis.stop()
    }
  })
})

describe.skipIf(missingRedis !== undefined)('the queue in the app', () => {
  it('runs a queens count on the queue the settings name; the API never shows the password', async () => {
    const redis = await startRedis('app-secret-7')
    const worker = await startWorker(redis.url)
    const { workbench, data, close } = testWorkbench({})
    const api = apiCalls(workbench)
    try {
      const url = `redis://:app-secret-7@127.0.0.1:${redis.port}`
      const shown = await api.ok<Settings>('settings.set', { runOn: 'queue', queueUrl: url })
      expect(shown.queueUrl).toBe(`redis://:••••@127.0.0.1:${redis.port}`)
      // The renderer sends back what it was shown: the password kept is the real one.
      await api.ok('settings.set', { queueUrl: shown.queueUrl, workers: 1 })
      expect(JSON.parse(readFileSync(join(data, 'settings.json'), 'utf8')).queueUrl).toBe(url)
      expect((await api.ok<Settings>('settings.get')).queueUrl).not.toMatch(/app-secret-7/)

      const count = { kind: 'queens', params: { n: 10 } }
      const { runId } = await api.ok<{ runId: string }>('run.start', count)
      const ended = await api.when(
        (e): e is Extract<WorkbenchEvent, { type: 'run.ended' }> =>
          e.type === 'run.ended' && e.runId === runId,
      )
      expect(ended).toMatchObject({ outcome: 'done', result: { total: '724', unique: '92' } })
      // Its tasks went through Redis (BullMQ's events of the queue).
      expect(Number(redis.cli('xlen', 'bull:puzzle-workbench:events'))).toBeGreaterThan(0)
      expect(JSON.stringify(api.events)).not.toMatch(/app-secret-7/)

      // A queue that cannot be reached: the count is refused in one line, naming it without the
      // password.
      await api.ok('settings.set', {
        queueUrl: `redis://:app-secret-7@127.0.0.1:${await freePort()}`,
      })
      expect(await api.refused('run.start', count)).toMatch(
        /^cannot reach Redis at 127\.0\.0\.1:\d+: connection refused$/,
      )
    } finally {
      close()
      await stopWorker(worker)
      await redis.stop()
    }
  }, 120_000)
})

describe('the queue stays out of the way', () => {
  /** The modules a bundle chunk loads as it loads (static imports), transitively. */
  function staticImports(file: string, seen = new Set<string>()): Set<string> {
    const text = readFileSync(file, 'utf8')
    for (const [, spec] of text.matchAll(/^import (?:[^'"]* from )?"([^"]+)";$/gm)) {
      if (seen.has(spec)) continue
      seen.add(spec)
      if (spec.startsWith('.')) staticImports(join(dirname(file), spec), seen)
    }
    return seen
  }

  it('no command but worker loads bullmq or ioredis, unless --queue is given', () => {
    const cli = 'out/main/cli.js'
    const commands = [...readFileSync(cli, 'utf8').matchAll(/import\("(\.\/chunks\/[^"]+)"\)/g)]
      .map(([, spec]) => spec)
      .filter((spec) => !/\/worker-[^/]+$/.test(spec))
    expect(commands.length).toBeGreaterThan(10)
    for (const entry of [cli, ...commands.map((spec) => join('out/main', spec))]) {
      const loaded = [...staticImports(entry)]
      expect(loaded, entry).not.toContain('bullmq')
      expect(loaded, entry).not.toContain('ioredis')
    }
    // The queue's own modules do load them (so the walk above would see them if they were there).
    const queue = readdirSync('out/main/chunks').find((f) => f.startsWith('queue-transport-'))!
    expect([...staticImports(join('out/main/chunks', queue))]).toContain('bullmq')
  })
})
