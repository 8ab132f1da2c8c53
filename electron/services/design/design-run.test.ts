import { describe, expect, it } from 'vitest'
import { exploreSets, type DesignResult } from '../../../shared/design/explore'
import type { DesignRequest } from '../../../shared/design/request'
import { bruteForce, byKey, listed, square } from '../../../testing/design-bruteforce'
import { testLauncher, testWorkers } from '../../../testing/farm-workers'
import { designJson } from '../../../shared/design/json'
import type { UnitInput } from '../../../shared/design/unit'
import type { FarmTransport } from '../farm/transport'
import { nodeWorkers, runWorkers } from '../node-worker'
import { runDesign, type DesignRunProgress } from './design-run'

/** What a run found, as the CLI prints it, without the counts of what the bounds did (a run's own). */
const found = (r: DesignResult) => {
  const { stats, ...rest } = designJson(r)
  return { ...rest, stats: { candidates: stats.candidates, sets: stats.sets } }
}

describe('the set explorer on the farm', () => {
  it.each<[string, DesignRequest]>([
    ['area 8, 3 pieces, every set', { area: 8, pieces: 3, top: 1e9 }],
    ['area 8, 4 pieces, the best 3 and their ties', { area: 8, pieces: 4, top: 3 }],
    ['area 9, 3 pieces of at most 4', { area: 9, pieces: 3, top: 1e9, maxPieceArea: 4 }],
    ['area 8, 3 pieces cut from the 2 × 2 square', { area: 8, pieces: 3, top: 2, from: square }],
  ])(
    '%s: on two workers exactly what one process finds, and the brute force',
    async (_, request) => {
      const farm = await runDesign({ request, transport: nodeWorkers(2) })
      expect(farm.complete).toBe(true)
      const here = exploreSets(request)
      expect(found(farm)).toEqual(found(here))
      const brute = bruteForce(request)
      if (request.top >= brute.length) expect(byKey(listed(farm))).toEqual(byKey(brute))
      else {
        const last = brute[request.top - 1]
        const kept = brute.filter(
          (s) =>
            s.outlines > last.outlines ||
            (s.outlines === last.outlines && s.tilings >= last.tilings),
        )
        expect(byKey(listed(farm))).toEqual(byKey(kept))
      }
      expect(farm.stats.searched).toBeLessThan(Number(farm.stats.sets))
    },
  )

  it('sends each unit with the best found so far: units below it are done at once', async () => {
    // The transport of two workers, the units it is given recorded (not the growth's task).
    const workers = nodeWorkers(2)
    const sent: UnitInput[] = []
    const transport: FarmTransport = {
      open(job) {
        const session = workers.open(job)
        return {
          capacity: session.capacity,
          submit: (task) => {
            if (job.kind === 'explore') sent.push(task.input as UnitInput)
            session.submit(task)
          },
          onEvent: (l) => session.onEvent(l),
          close: (how) => session.close(how),
        }
      },
      workers: () => workers.workers(),
    }
    const request = { area: 16, pieces: 7, top: 5 }
    const r = await runDesign({ request, transport })
    expect(r.sets.map((s) => s.outlines)).toEqual([19, 19, 19, 19, 18])
    // Once five sets are found, the fifth's 18 outlines go out as the bound, and every unit
    // of a lower level is skipped.
    expect(Math.max(...sent.map((u) => u.needed))).toBe(18)
    const skipped = sent.filter((u) => u.needed > u.level)
    expect(skipped.length).toBeGreaterThan(sent.length / 2)
  })

  it('reports the phases, then the units and the best so far', async () => {
    const seen: DesignRunProgress[] = []
    await runDesign({
      request: { area: 10, pieces: 4, top: 1 },
      transport: nodeWorkers(2),
      onProgress: (p) => seen.push(p),
    })
    const sets = seen.filter((p) => p.phase === 'sets')
    expect(sets.length).toBeGreaterThan(0)
    const last = sets.at(-1)!
    expect(last.fraction).toBe(1)
    expect(last.units!.done).toBe(last.units!.of)
    expect(last.best).toBeGreaterThan(0)
  })

  it('runs the unit of a worker killed mid-run again, once, and finds the same sets', async () => {
    const request = { area: 8, pieces: 3, top: 1e9 }
    // The process of the units is killed as it starts its third (after the growth's task, which
    // ran in a process of its own job), as the OOM killer might.
    const { transport, launched } = testWorkers(
      1,
      (at) => at.worker === 1 && at.started === 3 && at.fraction === undefined,
    )
    const notices: string[] = []
    const r = await runDesign({ request, transport, onNotice: (l) => notices.push(l) })
    expect(r.complete).toBe(true)
    expect(launched).toHaveLength(3)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(
      /^a worker process stopped unexpectedly \(SIGKILL\); task \d+\/\d+ run again$/,
    )
    expect(found(r)).toEqual(found(exploreSets(request)))
  })

  it('stops at once when cancelled, with the sets found so far', async () => {
    const stop = new AbortController()
    const r = await runDesign({
      request: { area: 16, pieces: 7, top: 5 },
      transport: nodeWorkers(2),
      signal: stop.signal,
      onProgress: (p) => p.phase === 'sets' && stop.abort(),
    })
    expect(r.complete).toBe(false)
    expect(r.outlines).toHaveLength(20)
  })

  it("starts the run's processes once: the growth's goes on to the units", async () => {
    const { launch, launched } = testLauncher()
    const local = runWorkers(2, launch)
    try {
      const r = await runDesign({
        request: { area: 9, pieces: 3, top: 4 },
        transport: local.transport,
      })
      expect(r.complete).toBe(true)
      expect(launched).toHaveLength(2)
    } finally {
      local.close()
    }
  })

  it('refuses an impossible request in one line before any work', async () => {
    await expect(
      runDesign({ request: { area: 5, pieces: 6, top: 1 }, transport: nodeWorkers(1) }),
    ).rejects.toThrow(/^--pieces 6 is more than --area 5/)
  })
})
