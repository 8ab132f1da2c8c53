/**
 * What the queue costs: queens n = 16 and the tetraboloes' convex figures through BullMQ on a
 * Redis of its own (loopback), served by two `cli worker --jobs 1` processes, against the local
 * farm on two warm processes, on the same machine in the same run, alternately. The ratios of the
 * medians are the queue's overhead: in wall time, and in the CPU time of every process involved
 * (the host, the workers, their processes, Redis), which a shared, loaded machine disturbs less.
 * Skipped, with a line, where redis-server is missing.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { WarmPool } from '../electron/services/farm/processes'
import { parseQueueUrl } from '../electron/services/farm/queue-connection'
import { QueueTransport } from '../electron/services/farm/queue-transport'
import { LocalWorkers, type FarmTransport } from '../electron/services/farm/transport'
import { nodeWorkerLauncher } from '../electron/services/node-worker'
import { childPids } from '../testing/processes'
import { missingRedis, startRedis, startWorker, stopWorker } from '../testing/redis'
import { median, type Result } from './measure'
import { queens16, tetraboloes } from './scaling'

const RUNS = 5
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100

/** CPU seconds (user and system) the processes used so far, this one included (Linux's /proc). */
function cpuSeconds(pids: readonly number[]): number {
  const own = process.cpuUsage()
  let ticks = 0
  for (const pid of pids) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // After the command name: state, then utime and stime as the 12th and 13th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    ticks += Number(fields[11]) + Number(fields[12])
  }
  return ticks / TICKS + (own.user + own.system) / 1e6
}

interface Place {
  readonly transport: FarmTransport
  /** The processes that work for it besides this one. */
  readonly pids: () => number[]
}

async function overhead(
  name: string,
  job: (t: FarmTransport) => Promise<void>,
  queue: Place,
): Promise<Result> {
  const pool = new WarmPool(nodeWorkerLauncher(), 2)
  const local: Place = { transport: new LocalWorkers(pool, 2), pids: () => pool.pids() }
  const wall = { local: [] as number[], queue: [] as number[] }
  const cpu = { local: [] as number[], queue: [] as number[] }
  try {
    // One run each to warm the processes before measuring.
    for (let i = 0; i <= RUNS; i++)
      for (const [where, place] of [
        ['local', local],
        ['queue', queue],
      ] as const) {
        const pids = place.pids()
        const [t0, c0] = [performance.now(), cpuSeconds(pids)]
        await job(place.transport)
        if (i === 0) continue
        wall[where].push(performance.now() - t0)
        cpu[where].push(cpuSeconds(pids) - c0)
      }
  } finally {
    pool.close()
  }
  const ratio = (m: typeof wall) => median(m.queue) / median(m.local)
  return {
    name: `queue: ${name}, two 'cli worker --jobs 1' over the local farm --jobs 2`,
    target: '≤ 1.10×',
    medianMs: median(wall.queue),
    runs: RUNS,
    detail:
      `wall ${ratio(wall).toFixed(2)}× (${median(wall.queue).toFixed(0)} / ${median(wall.local).toFixed(0)} ms), ` +
      `CPU ${ratio(cpu).toFixed(2)}× (${median(cpu.queue).toFixed(2)} / ${median(cpu.local).toFixed(2)} s), medians`,
  }
}

export async function queueBench(): Promise<Result[]> {
  if (missingRedis) {
    console.log(`queue benchmarks skipped: ${missingRedis}`)
    return []
  }
  const redis = await startRedis()
  const workers = await Promise.all([1, 2].map(() => startWorker(redis.url, '--jobs', '1')))
  const transport = await QueueTransport.connect(parseQueueUrl(redis.url))
  const queue: Place = {
    transport,
    pids: () => [
      redis.pid(),
      ...workers.flatMap((w) => [w.child.pid!, ...childPids(w.child.pid!)]),
    ],
  }
  try {
    return [
      await overhead('queens n = 16', queens16, queue),
      await overhead('tetraboloes, 23 512 convex tilings', tetraboloes(), queue),
    ]
  } finally {
    await transport.close()
    await Promise.all(workers.map(stopWorker))
    await redis.stop()
  }
}
