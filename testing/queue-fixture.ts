import { afterAll, beforeAll } from 'vitest'
import { startRedis, startWorker, stopWorker, type TestRedis, type TestWorker } from './redis'

/**
 * A test's own Redis with one `cli worker` serving it (started with `workerArgs`), for the
 * tests of one describe block: up before the first, stopped after the last. Read its fields
 * inside the tests.
 */
export function queueWithWorker(...workerArgs: string[]): {
  readonly redis: TestRedis
  readonly worker: TestWorker
} {
  const queue = {} as { redis: TestRedis; worker: TestWorker }
  beforeAll(async () => {
    queue.redis = await startRedis()
    queue.worker = await startWorker(queue.redis.url, ...workerArgs)
  }, 60_000)
  afterAll(async () => {
    if (queue.worker) await stopWorker(queue.worker)
    await queue.redis?.stop()
  })
  return queue
}
