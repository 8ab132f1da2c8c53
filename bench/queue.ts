/**
 * What the queue costs: queens n = 16 and the tetraboloes' convex figures through BullMQ on a
 * Redis of its own (loopback), served by two `cli worker --jobs 1` processes, against the local
 * farm on two warm processes, on the same machine in the same run, alternately. The ratio of the
 * medians is the queue's overhead. Skipped, with a line, where redis-server is missing.
 */
import { WarmPool } from '../electron/services/farm/processes'
import { parseQueueUrl } from '../electron/services/farm/queue-connection'
import { QueueTransport } from '../electron/services/farm/queue-transport'
import { LocalWorkers, type FarmTransport } from '../electron/services/farm/transport'
import { nodeWorkerLauncher } from '../electron/services/node-worker'
import { missingRedis, startRedis, startWorker, stopWorker } from '../testing/redis'
import { median, type Result } from './measure'
import { queens16, tetraboloes } from './scaling'

const RUNS = 5

async function overhead(
  name: string,
  job: (t: FarmTransport) => Promise<void>,
  queue: QueueTransport,
): Promise<Result> {
  const pool = new WarmPool(nodeWorkerLauncher(), 2)
  const local = new LocalWorkers(pool, 2)
  const times = { local: [] as number[], queue: [] as number[] }
  try {
    // One run each to warm the processes before measuring.
    for (let i = 0; i <= RUNS; i++)
      for (const [where, transport] of [
        ['local', local],
        ['queue', queue],
      ] as const) {
        const t0 = performance.now()
        await job(transport)
        if (i > 0) times[where].push(performance.now() - t0)
      }
  } finally {
    pool.close()
  }
  const [here, there] = [median(times.local), median(times.queue)]
  return {
    name: `queue: ${name}, two 'cli worker --jobs 1' over the local farm --jobs 2`,
    target: '≤ 1.10×',
    medianMs: there,
    runs: RUNS,
    detail: `${(there / here).toFixed(3)}× (queue ${there.toFixed(0)} ms, local ${here.toFixed(0)} ms, medians)`,
  }
}

export async function queueBench(): Promise<Result[]> {
  if (missingRedis) {
    console.log(`queue benchmarks skipped: ${missingRedis}`)
    return []
  }
  const redis = await startRedis()
  const workers = await Promise.all([1, 2].map(() => startWorker(redis.url, '--jobs', '1')))
  const queue = await QueueTransport.connect(parseQueueUrl(redis.url))
  try {
    return [
      await overhead('queens n = 16', queens16, queue),
      await overhead('tetraboloes, 23 512 convex tilings', tetraboloes(), queue),
    ]
  } finally {
    await queue.close()
    await Promise.all(workers.map(stopWorker))
    await redis.stop()
  }
}
