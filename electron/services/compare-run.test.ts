import { describe, expect, it } from 'vitest'
import { compareSets, type CompareProgress } from '../../shared/compare/compare'
import { bundledSet, cutTangram } from '../../testing/farm-sets'
import { testWorkers } from '../../testing/farm-workers'
import { processRunning } from '../../testing/processes'
import { runCompare } from './compare-run'
import { nodeWorkers } from './node-worker'

const sets = [bundledSet('tangram'), cutTangram()]

describe('sets compared on the task farm', () => {
  it('makes the comparison the search in one process makes, on several processes', async () => {
    const seen: CompareProgress[] = []
    const r = await runCompare({ sets, transport: nodeWorkers(2), onProgress: (p) => seen.push(p) })
    expect(r).toEqual(compareSets(sets))
    expect(r!.outlines).toHaveLength(20)
    expect(seen.at(-1)).toEqual({ done: 40, total: 40 })
  })

  it('stops at once when cancelled, killing its process', async () => {
    // Stopped as soon as its process is started: the run ends at once, the process killed.
    const { transport, launched } = testWorkers(1)
    const stop = new AbortController()
    const run = runCompare({ sets, transport, signal: stop.signal })
    await expect.poll(() => launched.length).toBe(1)
    stop.abort()
    expect(await run).toBeUndefined()
    await expect.poll(() => processRunning(launched[0].pid!), { timeout: 10_000 }).toBe(false)
  })

  it('runs the task of a worker killed mid-run again and counts exactly', async () => {
    const { transport, launched } = testWorkers(1, (at) => at.overall === 2)
    const notices: string[] = []
    const r = await runCompare({ sets, transport, onNotice: (l) => notices.push(l) })
    expect(r).toEqual(compareSets(sets))
    expect(launched).toHaveLength(2)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(
      /a worker process stopped unexpectedly \(SIGKILL\); task \d\/\d+ run again/,
    )
  })

  it('refuses sets of different areas in one line', async () => {
    await expect(
      runCompare({
        sets: [sets[0], { ...sets[1], pieces: sets[0].pieces.slice(1) }],
        transport: nodeWorkers(1),
      }),
    ).rejects.toThrow(
      'sets compare only when they cover the same area: Tangram 16, Cut 8 half-squares',
    )
  })
})
