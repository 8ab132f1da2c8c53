import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exactRegionToJson } from '../../shared/formats/exact-figure'
import { OffLatticeSearch } from '../../shared/offlattice/search'
import { figureToText } from '../../shared/offlattice/wire'
import { pointFromText } from '../../shared/pentagons/wire'
import { testWorkers } from '../../testing/farm-workers'
import { TANGRAM_PIECES, tangramFigures } from '../../testing/offlattice-figures'
import { expectVerified } from '../../testing/offlattice-verify'
import { processRunning } from '../../testing/processes'
import { queueWithWorker } from '../../testing/queue-fixture'
import { missingRedis } from '../../testing/redis'
import { parseQueueUrl } from '../services/farm/queue-connection'
import { QueueTransport } from '../services/farm/queue-transport'
import type { FarmTransport } from '../services/farm/transport'
import { nodeWorkers } from '../services/node-worker'
import { runOffLattice } from '../services/offlattice-run'
import { cliAsync } from './run-cli'

if (missingRedis) console.warn(missingRedis)

const pieces = TANGRAM_PIECES

/** Figures grown at random from the seven tans at 45°. */
const figures = (n: number, seed: number) =>
  tangramFigures(n, seed).map((f) => ({ name: `seed ${f.seed}`, parts: f.parts }))

/** The counts, and every tiling of each figure through the exact verifier. */
async function farmCounts(transport: FarmTransport, figs: ReturnType<typeof figures>) {
  const outcome = await runOffLattice({
    pieces,
    figures: figs.map(figureToText),
    list: 'all',
    transport,
  })
  expect(outcome.error).toBeUndefined()
  expect(outcome.complete).toBe(true)
  return outcome.results.map((r, i) => {
    const tilings = r!.tilings.map((t) =>
      t.map((p) => ({ piece: p.piece, corners: p.corners.map(pointFromText) })),
    )
    expect(tilings).toHaveLength(r!.fixed)
    expectVerified(figs[i].parts, pieces, tilings)
    return { fixed: r!.fixed, classes: r!.classes }
  })
}

const inProcess = (figs: ReturnType<typeof figures>) =>
  figs.map((f) => {
    const r = new OffLatticeSearch(f.parts, pieces, f.name).run()
    return { fixed: r.fixed, classes: r.classes }
  })

describe('figures off the lattice on the task farm', () => {
  it('counts random tangram figures at 45° on two processes as one process does', async () => {
    const figs = figures(40, 1)
    const counts = await farmCounts(nodeWorkers(2), figs)
    expect(counts).toEqual(inProcess(figs))
    // A figure may have several tilings: the counts are not all the laid one.
    expect(counts.some((c) => c.fixed > 1)).toBe(true)
  }, 120_000)

  it('stops at once when cancelled mid-run, killing its process', async () => {
    const { transport, launched } = testWorkers(1)
    const stop = new AbortController()
    const figs = figures(100, 1000)
    const run = runOffLattice({
      pieces,
      figures: figs.map(figureToText),
      list: 'none',
      transport,
      signal: stop.signal,
      onProgress: (p) => {
        if (p.done > 0) stop.abort()
      },
    })
    const outcome = await run
    expect(outcome.cancelled).toBe(true)
    expect(outcome.complete).toBe(false)
    expect(outcome.results.filter((r) => r === undefined).length).toBeGreaterThan(0)
    await expect.poll(() => processRunning(launched[0].pid!), { timeout: 10_000 }).toBe(false)
  }, 120_000)
})

describe.skipIf(missingRedis !== undefined)('figures off the lattice on the queue', () => {
  const queue = queueWithWorker('--jobs', '1')

  it('counts them as one process does, their tasks taken by a queue worker', async () => {
    const figs = figures(12, 50)
    const transport = await QueueTransport.connect(parseQueueUrl(queue.redis.url))
    try {
      expect(await farmCounts(transport, figs)).toEqual(inProcess(figs))
    } finally {
      await transport.close()
    }
  }, 300_000)

  it('tile --queue prints the JSON lines the processes here print', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'pw-tile-queue-'))
    const files = figures(6, 90).map((f, i) => {
      const path = join(tmp, `f${i}.json`)
      writeFileSync(path, JSON.stringify(exactRegionToJson(f)))
      return path
    })
    const args = ['tile', 'tangram', ...files, '--count', '--json', '--no-progress']
    const [queued, here] = await Promise.all([
      cliAsync(...args, '--queue', queue.redis.url),
      cliAsync(...args, '--jobs', '2'),
    ])
    expect(queued.err).toBe('')
    expect(queued.code).toBe(0)
    const lines = (out: string) =>
      out
        .trim()
        .split('\n')
        .map((l) => {
          const { elapsedMs, ...rest } = JSON.parse(l) as { elapsedMs: number }
          expect(elapsedMs).toBeGreaterThanOrEqual(0)
          return rest
        })
    expect(lines(queued.out)).toEqual(lines(here.out))
    expect(lines(here.out).map((l) => (l as { figure: string }).figure)).toEqual(
      files.map((_, i) => `f${i}.json`),
    )
  }, 300_000)
})
