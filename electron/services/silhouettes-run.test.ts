import { describe, expect, it } from 'vitest'
import {
  findSilhouettes,
  SILHOUETTE_BUDGET,
  type SilhouetteBudget,
  type SilhouetteRequest,
} from '../../shared/silhouettes/search'
import { bundledSet } from '../../testing/farm-sets'
import { testWorkers } from '../../testing/farm-workers'
import { processRunning } from '../../testing/processes'
import { nodeWorkers } from './node-worker'
import { runSilhouettes } from './silhouettes-run'

const tangram = bundledSet('tangram')
const ask = (r: Partial<SilhouetteRequest>): SilhouetteRequest => ({
  kind: 'any',
  count: 5,
  unique: true,
  symmetric: false,
  seed: 1,
  ...r,
})

/** The search in one process, and the figures it hears of, in order. */
function inProcess(request: SilhouetteRequest, budget: SilhouetteBudget = SILHOUETTE_BUDGET) {
  const heard: [string, boolean][] = []
  const result = findSilhouettes(tangram.pieces, request, budget, (s, a) => heard.push([s.key, a]))
  return { result, heard }
}

async function onFarm(request: SilhouetteRequest, budget: SilhouetteBudget = SILHOUETTE_BUDGET) {
  const heard: [string, boolean][] = []
  const result = await runSilhouettes({
    ...tangram,
    request,
    budget,
    transport: nodeWorkers(2),
    onCandidate: (s, a) => heard.push([s.key, a]),
  })
  return { result, heard }
}

describe('silhouette puzzles on the task farm', () => {
  it.each([
    ['unique figures drawn at random', ask({ count: 8 }), SILHOUETTE_BUDGET],
    [
      'symmetric figures',
      ask({ count: 4, unique: false, symmetric: true, seed: 3 }),
      SILHOUETTE_BUDGET,
    ],
    ['every convex outline', ask({ kind: 'convex', count: 30, unique: false }), SILHOUETTE_BUDGET],
    // Ends on its budget of draws, after several batches of them.
    ['a budget of draws spent', ask({ count: 500, seed: 4 }), { ...SILHOUETTE_BUDGET, draws: 600 }],
    [
      'figures drawn that the set does not build',
      ask({ count: 500, symmetric: true, seed: 4 }),
      { ...SILHOUETTE_BUDGET, barren: 2 },
    ],
  ])('finds what the search in one process finds: %s', async (_, request, budget) => {
    const farm = await onFarm(request, budget)
    const here = inProcess(request, budget)
    expect(farm.result).toEqual(here.result)
    expect(farm.heard).toEqual(here.heard)
  })

  it('refuses in one line when the set builds none of the figures asked for', async () => {
    const request = ask({ symmetric: true })
    const budget = { ...SILHOUETTE_BUDGET, barren: 1 }
    const refusal =
      /^no figure with a symmetry built in exactly one way: none of the last 1 figures drawn/
    expect(() => inProcess(request, budget)).toThrow(refusal)
    await expect(onFarm(request, budget)).rejects.toThrow(refusal)
  })

  it('stops at once when cancelled, killing its processes', async () => {
    const { transport, launched } = testWorkers(2)
    const stop = new AbortController()
    const r = await runSilhouettes({
      ...tangram,
      request: ask({ count: 1000 }),
      transport,
      signal: stop.signal,
      onProgress: (p) => p.counted > 0 && stop.abort(),
    })
    expect(r).toBeUndefined()
    for (const w of launched)
      await expect.poll(() => processRunning(w.pid!), { timeout: 10_000 }).toBe(false)
  })

  it('counts the figures of a worker killed mid-run again and finds the same', async () => {
    const { transport, launched } = testWorkers(1, (at) => at.overall === 3)
    const notices: string[] = []
    const request = ask({ count: 3 })
    const r = await runSilhouettes({
      ...tangram,
      request,
      transport,
      onNotice: (l) => notices.push(l),
    })
    expect(r).toEqual(inProcess(request).result)
    expect(launched).toHaveLength(2)
    expect(notices).toHaveLength(1)
  })
})
