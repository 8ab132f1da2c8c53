import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countQueens } from '../../../shared/queens/count'
import { nodeWorkerLauncher } from '../node-worker'
import type { FromQueensWorker, ToQueensWorker } from '../../worker/protocol'
import type { LaunchWorker } from '../solver-pool'
import { parseShard, readCheckpoint, writeCheckpoint } from './checkpoint'
import { mergeQueensShards, runQueensCount } from './count-run'

const launch = nodeWorkerLauncher<ToQueensWorker, FromQueensWorker>('queens-worker')

const dir = mkdtempSync(join(tmpdir(), 'pw-queens-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('counting queens in worker processes', () => {
  it('counts on two processes what one thread counts', async () => {
    const r = await runQueensCount({ n: 10, workers: 2, launch })
    expect(r).toMatchObject({ total: 724n, unique: 92n, complete: true, resumed: 0 })
    expect(r.nodes).toBe(countQueens(10).nodes)
  })

  it('resumes a stopped run from its checkpoint: nothing counted twice or lost', async () => {
    const checkpoint = join(dir, 'n12.json')
    const stop = new AbortController()
    const first = await runQueensCount({
      n: 12,
      workers: 2,
      launch,
      checkpoint,
      signal: stop.signal,
      onProgress: (p) => p.done >= 30 && stop.abort(),
    })
    expect(first.complete).toBe(false)
    expect(first.done).toBeGreaterThanOrEqual(30)
    expect(first.done).toBeLessThan(first.tasks)
    const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as { done: object }
    expect(Object.keys(saved.done)).toHaveLength(first.done)

    const second = await runQueensCount({ n: 12, workers: 2, launch, checkpoint })
    expect(second).toMatchObject({ total: 14200n, unique: 1787n, complete: true })
    expect(second.resumed).toBe(first.done)
    expect(second.nodes).toBe(countQueens(12).nodes)
    // A checkpoint of another run is refused, naming it.
    await expect(runQueensCount({ n: 11, workers: 1, launch, checkpoint })).rejects.toThrow(
      /n12.json: the checkpoint is for n = 12, not n = 11/,
    )
  })

  it('reports a worker that dies, keeping in the checkpoint the tasks it finished', async () => {
    const checkpoint = join(dir, 'n11-crash.json')
    // Each worker is killed from outside after its third answer, as the OOM killer might.
    const dying: LaunchWorker<ToQueensWorker, FromQueensWorker> = () => {
      const w = launch()
      let answers = 0
      w.onMessage((m) => {
        if (m.type === 'task-done' && ++answers === 3) process.kill(w.pid!, 'SIGKILL')
      })
      return w
    }
    await expect(runQueensCount({ n: 11, workers: 2, launch: dying, checkpoint })).rejects.toThrow(
      `a queens worker stopped unexpectedly (SIGKILL); the finished tasks are kept in ${checkpoint}; run again to resume`,
    )
    const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as { done: object }
    expect(Object.keys(saved.done).length).toBeGreaterThanOrEqual(3)
    const resumed = await runQueensCount({ n: 11, workers: 2, launch, checkpoint })
    expect(resumed).toMatchObject({ total: 2680n, unique: 341n, complete: true })
    expect(resumed.resumed).toBe(Object.keys(saved.done).length)
  })

  it('splits into shards whose checkpoints merge into the whole count', async () => {
    const files = [1, 2, 3].map((i) => join(dir, `n11-${i}.json`))
    for (const [i, f] of files.entries())
      await runQueensCount({
        n: 11,
        workers: 1,
        launch,
        shard: parseShard(`${i + 1}/3`),
        checkpoint: f,
      })
    expect(await mergeQueensShards(files)).toMatchObject({
      n: 11,
      total: 2680n,
      unique: 341n,
      shards: 3,
    })
    await expect(mergeQueensShards(files.slice(0, 2))).rejects.toThrow(/shard 3\/3 missing/)
    await expect(mergeQueensShards([files[0], files[0], files[1]])).rejects.toThrow(
      /shard 1\/3 again/,
    )
    const unfinished = join(dir, 'n11-unfinished.json')
    const c = (await readCheckpoint(files[2]))!
    await writeCheckpoint(unfinished, { ...c, done: new Map([...c.done].slice(1)) })
    await expect(mergeQueensShards([files[0], files[1], unfinished])).rejects.toThrow(
      /is not finished/,
    )
    expect(() => parseShard('4/3')).toThrow(/--shard must be i\/k/)
  })
})
