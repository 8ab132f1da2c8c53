import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { countQueens, queensTaskIds } from '../../../shared/queens/count'
import { testWorkers } from '../../../testing/farm-workers'
import { processRunning } from '../../../testing/processes'
import { readCheckpoint, writeCheckpoint } from '../farm/checkpoint'
import { nodeWorkers } from '../node-worker'
import { mergeQueensShards, parseShard, queensCheckpoint, runQueensCount } from './count-run'

const dir = mkdtempSync(join(tmpdir(), 'pw-queens-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('counting queens on the task farm', () => {
  it('counts on two processes what one thread counts', async () => {
    const r = await runQueensCount({ n: 10, transport: nodeWorkers(2) })
    expect(r).toMatchObject({ total: 724n, unique: 92n, complete: true, resumed: 0 })
    expect(r.nodes).toBe(countQueens(10).nodes)
  })

  it('resumes a stopped run from its checkpoint: nothing counted twice or lost', async () => {
    const checkpoint = join(dir, 'n12.json')
    const stop = new AbortController()
    const first = await runQueensCount({
      n: 12,
      transport: nodeWorkers(2),
      checkpoint,
      signal: stop.signal,
      onProgress: (p) => p.done >= 30 && stop.abort(),
    })
    expect(first.complete).toBe(false)
    expect(first.done).toBeGreaterThanOrEqual(30)
    expect(first.done).toBeLessThan(first.tasks)
    const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as { done: object }
    expect(Object.keys(saved.done)).toHaveLength(first.done)

    const second = await runQueensCount({ n: 12, transport: nodeWorkers(2), checkpoint })
    expect(second).toMatchObject({ total: 14200n, unique: 1787n, complete: true })
    expect(second.resumed).toBe(first.done)
    expect(second.nodes).toBe(countQueens(12).nodes)
    // A checkpoint of another run is refused, naming it.
    await expect(runQueensCount({ n: 11, transport: nodeWorkers(1), checkpoint })).rejects.toThrow(
      /n12.json: the checkpoint is for n = 12, not n = 11/,
    )
  })

  it('counts the task of a worker killed mid-run again, once, and exactly', async () => {
    // The process that starts the run's third task is killed then, as the OOM killer might.
    const { transport } = testWorkers(2, (at) => at.overall === 3)
    const notices: string[] = []
    const r = await runQueensCount({ n: 11, transport, onNotice: (l) => notices.push(l) })
    expect(r).toMatchObject({ total: 2680n, unique: 341n, complete: true })
    expect(r.nodes).toBe(countQueens(11).nodes)
    expect(notices).toEqual([
      expect.stringMatching(
        /^a worker process stopped unexpectedly \(SIGKILL\); task r?\d+(\.\d+)* run again$/,
      ),
    ])
  })

  it('ends in one line when a task kills its worker twice, keeping the finished tasks', async () => {
    const checkpoint = join(dir, 'n11-crash.json')
    const task = queensTaskIds(11)[5]
    const { transport } = testWorkers(2, (at) => at.task === task)
    await expect(runQueensCount({ n: 11, transport, checkpoint })).rejects.toThrow(
      `a worker process stopped unexpectedly (SIGKILL), twice on task ${task}; the finished tasks are kept in ${checkpoint}, run again to resume`,
    )
    const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as { done: object }
    expect(Object.keys(saved.done).length).toBeGreaterThanOrEqual(1)
    const resumed = await runQueensCount({ n: 11, transport: nodeWorkers(2), checkpoint })
    expect(resumed).toMatchObject({ total: 2680n, unique: 341n, complete: true })
    expect(resumed.resumed).toBe(Object.keys(saved.done).length)
  })

  it('stops at once when cancelled, killing its worker processes', async () => {
    const stop = new AbortController()
    const { transport, launched } = testWorkers(2)
    const r = await runQueensCount({
      n: 15,
      transport,
      signal: stop.signal,
      onProgress: (p) => p.done >= 1 && stop.abort(),
    })
    expect(r.complete).toBe(false)
    expect(r.done).toBeLessThan(r.tasks)
    for (const w of launched)
      await expect.poll(() => processRunning(w.pid!), { timeout: 10_000 }).toBe(false)
  })

  it('splits into shards whose checkpoints merge into the whole count', async () => {
    const files = [1, 2, 3].map((i) => join(dir, `n11-${i}.json`))
    for (const [i, f] of files.entries())
      await runQueensCount({
        n: 11,
        transport: nodeWorkers(1),
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
    const c = (await readCheckpoint(files[2], queensCheckpoint))!
    await writeCheckpoint(unfinished, queensCheckpoint, {
      ...c,
      done: new Map([...c.done].slice(1)),
    })
    await expect(mergeQueensShards([files[0], files[1], unfinished])).rejects.toThrow(
      /is not finished/,
    )
    expect(() => parseShard('4/3')).toThrow(/--shard must be i\/k/)
  })
})
