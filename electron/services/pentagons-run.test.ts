import { describe, expect, it } from 'vitest'
import { findPentagons } from '../../shared/pentagons/pentagons'
import { bundledSet } from '../../testing/farm-sets'
import { testWorkers } from '../../testing/farm-workers'
import { processRunning } from '../../testing/processes'
import { nodeWorkers } from './node-worker'
import { runPentagons, type PentagonsRunProgress } from './pentagons-run'

const load = bundledSet
const tangram = load('tangram')

describe('the pentagons of a set on the task farm', () => {
  it('finds what the search in one process finds, on several processes', async () => {
    const seen: PentagonsRunProgress[] = []
    const r = await runPentagons({
      ...tangram,
      transport: nodeWorkers(2),
      onProgress: (p) => seen.push(p),
    })
    // The same pentagons in the same order, each with the same dissection, and the same counts.
    expect(r).toEqual(findPentagons(tangram.pieces))
    expect(r!.pentagons.filter((p) => !p.snug).length).toBeGreaterThan(0)
    expect(seen.at(-1)).toMatchObject({ phase: 4, fraction: 1 })
    const fractions = seen.map((p) => p.fraction)
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b))
  })

  it('stops at once when cancelled, killing its processes', async () => {
    const { transport, launched } = testWorkers(2)
    const stop = new AbortController()
    const r = await runPentagons({
      ...tangram,
      transport,
      signal: stop.signal,
      // Stopped in the middle: some of the candidates decided, not all.
      onProgress: (p) => p.phase === 2 && p.done > 0 && stop.abort(),
    })
    expect(r).toBeUndefined()
    expect(launched.length).toBeGreaterThan(0)
    for (const w of launched)
      await expect.poll(() => processRunning(w.pid!), { timeout: 10_000 }).toBe(false)
  })

  it('runs the task of a worker killed mid-run again and finds every pentagon', async () => {
    const triaboloes = load('triaboloes')
    const { transport, launched } = testWorkers(1, (at) => at.overall === 2)
    const notices: string[] = []
    const r = await runPentagons({ ...triaboloes, transport, onNotice: (l) => notices.push(l) })
    expect(r).toEqual(findPentagons(triaboloes.pieces))
    expect(launched).toHaveLength(2)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(
      /a worker process stopped unexpectedly \(SIGKILL\); task \S+ run again/,
    )
  })
})
