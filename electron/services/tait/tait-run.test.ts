import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { InputError } from '../../../shared/errors'
import type { TaitProgress } from '../../../shared/tait/count'
import { verifySequence } from '../../../shared/tait/verify'
import { testWorkers } from '../../../testing/farm-workers'
import { processRunning } from '../../../testing/processes'
import { nodeWorkers } from '../node-worker'
import { runTait } from './tait-run'

const dir = mkdtempSync(join(tmpdir(), 'pw-tait-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a Tait count on the task farm', () => {
  it('counts, lists replayable sequences, and counts as the paper’s program does', async () => {
    const r = await runTait({ n: 8, empty: 2, list: 3, transport: nodeWorkers(1) })
    expect(r).toMatchObject({ moves: 8, sequences: 16n, method: 'one-pair' })
    expect(r!.list).toHaveLength(3)
    for (const seq of r!.list!)
      expect(verifySequence(seq, { start: 'WBWBWBWBWBWBWBWB__', moves: 8 })).toEqual({ ok: true })
    const paper = await runTait({ n: 7, empty: 4, paper: true, transport: nodeWorkers(1) })
    expect(paper).toMatchObject({ moves: 7, sequences: 4n, method: 'paper' })
  })

  it('reports progress, and stops at once, killing its process', async () => {
    const stop = new AbortController()
    const seen: TaitProgress[] = []
    const { transport, launched } = testWorkers(1)
    const r = await runTait({
      n: 21,
      empty: 2,
      transport,
      signal: stop.signal,
      onProgress: (p) => {
        seen.push(p)
        if (seen.length === 3) stop.abort()
      },
    })
    expect(r).toBe(null)
    // Passes for 20 moves (the lower bound) and then 21, layer by layer.
    expect(seen.every((p) => p.rows < p.of && p.move >= 1 && p.move <= p.moves)).toBe(true)
    expect(seen.every((p) => p.moves === 20 || p.moves === 21)).toBe(true)
    // Killed, not left to count for the minute n = 21 takes. (How fast: npm run bench.)
    expect(launched).toHaveLength(1)
    await expect.poll(() => processRunning(launched[0].pid!), { timeout: 10_000 }).toBe(false)
  })

  it('refuses bad input with an InputError', async () => {
    await expect(runTait({ n: 40, empty: 2, transport: nodeWorkers(1) })).rejects.toThrow(
      InputError,
    )
    await expect(runTait({ n: 40, empty: 2, transport: nodeWorkers(1) })).rejects.toThrow(
      /at most 64 cells/,
    )
  })

  it('runs the pass of a worker killed mid-run again, once, and counts exactly', async () => {
    // The process is killed in the middle of its first pass, as the OOM killer might.
    const { transport, launched } = testWorkers(
      1,
      (at) => at.worker === 0 && at.started === 1 && at.fraction !== undefined,
    )
    const notices: string[] = []
    const r = await runTait({ n: 8, empty: 2, transport, onNotice: (l) => notices.push(l) })
    expect(r).toMatchObject({ moves: 8, sequences: 16n })
    expect(launched).toHaveLength(2)
    // The first pass is of 7 moves, the lower bound.
    expect(notices).toEqual(['a worker process stopped unexpectedly (SIGKILL); task d7 run again'])
    const twice = testWorkers(1, (at) => at.task === 'd8' && at.fraction !== undefined)
    await expect(runTait({ n: 8, empty: 2, transport: twice.transport })).rejects.toThrow(
      'a worker process stopped unexpectedly (SIGKILL), twice on task d8',
    )
  })

  it('resumes a stopped count at the pass it was in', async () => {
    const checkpoint = join(dir, 'n9.json')
    const stop = new AbortController()
    const passes = new Set<number>()
    const first = await runTait({
      n: 9,
      empty: 2,
      transport: nodeWorkers(1),
      checkpoint,
      signal: stop.signal,
      // Stopped in its second pass.
      onProgress: (p) => passes.add(p.moves).size > 1 && stop.abort(),
    })
    expect(first).toBe(null)
    const saved = JSON.parse(readFileSync(checkpoint, 'utf8')) as { done: object }
    expect(Object.keys(saved.done)).toEqual([`d${Math.min(...passes)}`])
    const whole = await runTait({ n: 9, empty: 2, transport: nodeWorkers(1) })
    const resumed = await runTait({ n: 9, empty: 2, transport: nodeWorkers(1), checkpoint })
    expect(resumed).toMatchObject({ moves: whole!.moves, sequences: whole!.sequences, resumed: 1 })
  })
})
