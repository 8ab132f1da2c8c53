import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseFigure, parseJson, pieceSetFromJson } from '../../../shared/formats/load'
import { solvableSet } from '../../../shared/pieces/solvable'
import {
  missingRedis,
  startRedis,
  startWorker,
  stopWorker,
  type TestRedis,
  type TestWorker,
} from '../../../testing/redis'
import { runWithProgress, type CommonOptions } from '../../cli/run'
import { cliAsync } from '../../cli/run-cli'
import { runTilings, type RunOutcome } from '../tiling-job'
import { parseQueueUrl } from './queue-connection'
import { QueueTransport } from './queue-transport'

if (missingRedis) console.warn(missingRedis)

const dir = mkdtempSync(join(tmpdir(), 'pw-sizing-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/**
 * The pentominoes' 4 × 15 rectangle, every tiling of the fixed figure: planned, then split into
 * parts for the run's workers, which come whole levels of its search tree at a time (36 parts
 * for 2 processes, 358 for 6).
 */
const rectangle = {
  set: solvableSet(
    pieceSetFromJson(parseJson(readFileSync('resources/sets/pentominoes.json', 'utf8'), 'p')),
  ).wire,
  figures: [
    {
      name: '4x15',
      polygon: parseFigure(readFileSync('resources/figures/rectangle-4x15.json', 'utf8'), '4x15')
        .polygon,
    },
  ],
  mode: 'raw' as const,
  list: false,
}

let runs = 0
/** The parts the rectangle's run was split into, by the run given a checkpoint's path. */
async function parts(run: (checkpoint: string) => Promise<RunOutcome>): Promise<number> {
  const checkpoint = join(dir, `run-${++runs}.json`)
  const outcome = await run(checkpoint)
  expect(outcome.complete).toBe(true)
  expect(outcome.figures[0].counts.fixed).toBe(1472)
  // Every finished task is in the checkpoint: the plan (f0), the split (f0.s), the parts (f0.N).
  const { done } = JSON.parse(readFileSync(checkpoint, 'utf8')) as { done: object }
  return Object.keys(done).filter((id) => /^f0\.\d+$/.test(id)).length
}

/** The same through the CLI's way to a run's place (--jobs, --queue). */
const partsAt = (place: CommonOptions) =>
  parts((checkpoint) =>
    runWithProgress(
      rectangle,
      { ...place, checkpoint, progress: false },
      new AbortController().signal,
    ),
  )

describe.skipIf(missingRedis !== undefined)('a run on the queue', () => {
  let redis: TestRedis
  const workers: TestWorker[] = []

  beforeAll(async () => {
    redis = await startRedis()
  }, 60_000)
  afterAll(async () => {
    await Promise.all(workers.map(stopWorker))
    await redis?.stop()
  })

  it('sizes its parts for the processes serving the queue (2, then 6), as a local run on as many', async () => {
    // Kept between runs, as the app keeps it: it counts the workers again for each.
    const kept = await QueueTransport.connect(parseQueueUrl(redis.url))
    try {
      // None yet: as many as the estimates reckon a queue has.
      expect(kept.workers()).toBe(10)
      workers.push(await startWorker(redis.url, '--jobs', '2'))
      const onTwo = await partsAt({ queue: redis.url })
      expect(
        await parts((checkpoint) => runTilings({ ...rectangle, transport: kept, checkpoint })),
      ).toBe(onTwo)
      expect(kept.workers()).toBe(2)
      workers.push(await startWorker(redis.url, '--jobs', '4'))
      const onSix = await partsAt({ queue: redis.url })
      // Parts for every worker: more processes, finer parts, so that all are busy to the end.
      expect(onSix).toBeGreaterThan(2 * onTwo)
      expect([onTwo, onSix]).toEqual([await partsAt({ jobs: '2' }), await partsAt({ jobs: '6' })])
      // The estimate's time on the queue is reckoned on them too.
      const estimate = await cliAsync(
        'tile',
        'pentominoes',
        'resources/figures/rectangle-4x15.json',
        '--estimate',
        '--queue',
        redis.url,
        '--json',
        '--no-progress',
      )
      expect(estimate.err).toBe('')
      expect(JSON.parse(estimate.out)).toMatchObject({ queue: { workers: 6 } })
    } finally {
      await kept.close()
    }
  }, 240_000)
})
