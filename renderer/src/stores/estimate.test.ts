import { beforeEach, describe, expect, it } from 'vitest'
import { computed } from 'vue'
import tangramSet from '../../../resources/sets/tangram.json'
import type { EstimatePlan } from '../../../shared/api/run'
import { documentFromJson } from '../../../shared/document/document'
import { fakeRuns } from '../../../testing/fake-runs'
import { host, settled } from '../../../testing/renderer-setup'
import { useApp } from './app'
import { useEstimate } from './estimate'

const tangram = () => documentFromJson(tangramSet, 'tangram.json')
const CONVEX = { kind: 'convex', mode: 'reduce' } as const

let runs: ReturnType<typeof fakeRuns>
beforeEach(() => (runs = fakeRuns(host)))

/** Three outlines, on `workers` processes here. */
const plan = (workers = 2): EstimatePlan => ({
  figures: ['a', 'b', 'c'].map((name) => ({ name, polygon: [] })),
  workers,
})
const here = { kind: 'here', processes: 2 } as const

/** Starts an estimate in the store, the host saying it started with `plan` on `runsOn`. */
async function start(
  s: ReturnType<typeof useEstimate>,
  runsOn: typeof here | { kind: 'queue'; url: string } = here,
  p = plan(),
) {
  const started = s.start(tangram(), CONVEX)
  await settled()
  const { runId } = runs.last<'estimate'>()
  await runs.emit({ type: 'run.started', runId, kind: 'estimate', runsOn, plan: p })
  await started
  return runId
}

describe('the estimate store', () => {
  it('streams the outlines ruled out and estimated, and words the time here and on the queue', async () => {
    const s = useEstimate()
    const doc = tangram()
    const started = s.start(doc, CONVEX)
    await settled()
    expect(runs.last()).toMatchObject({
      kind: 'estimate',
      params: { document: doc, kind: 'convex', mode: 'reduce' },
    })
    // Not started until the host says what it estimates.
    expect(s.starting).toBe(true)
    const { runId } = runs.last<'estimate'>()
    await runs.emit({ type: 'run.started', runId, kind: 'estimate', runsOn: here, plan: plan() })
    await started
    expect(s.starting).toBe(false)
    const e = s.of(doc, CONVEX)!
    expect(e).toMatchObject({ state: 'running', workers: 2 })
    expect(e.shown.map((f) => f.name)).toEqual(['a', 'b', 'c'])
    // As a view holds it: in a computed, which must see every event.
    const shown = computed(() => s.of(doc, CONVEX))
    expect(shown.value!.summary.estimated).toBe(0)
    expect(s.running).toBe(true)
    const rejected = { rejected: 'no piece has a side of direction 45°', nodes: 0 }
    await runs.emit({
      type: 'run.items',
      runId,
      kind: 'estimate',
      items: [{ figure: 1, estimate: rejected }],
    })
    await runs.emit({
      type: 'run.progress',
      runId,
      kind: 'estimate',
      progress: { summary: { estimated: 1, figures: 3, ruledOut: 1, nodes: 0 } },
    })
    // Another estimate's events are not this one's.
    await runs.emit({
      type: 'run.progress',
      runId: 'r9',
      kind: 'estimate',
      progress: { summary: { estimated: 3, figures: 3, ruledOut: 0, nodes: 9 } },
    })
    await runs.emit({
      type: 'run.items',
      runId: 'r9',
      kind: 'estimate',
      items: [{ figure: 0, estimate: { nodes: 9 } }],
    })
    expect(shown.value!.summary.estimated).toBe(1)
    expect(s.of(doc, CONVEX)!.each).toEqual([undefined, rejected, undefined])
    // Every outline estimated: 2·10¹² nodes (×/÷ 1.5), 28 hours in one process.
    const whole = {
      estimated: 3,
      figures: 3,
      ruledOut: 1,
      nodes: 2e12,
      spread: 1.5,
      seconds: 100_800,
    }
    await runs.emit({
      type: 'run.items',
      runId,
      kind: 'estimate',
      items: [
        { figure: 0, estimate: { nodes: 1.5e12, rate: 2e7 } },
        { figure: 2, estimate: { nodes: 0.5e12, rate: 2e7 } },
      ],
    })
    await runs.emit({ type: 'run.progress', runId, kind: 'estimate', progress: { summary: whole } })
    await runs.end(runId, 'estimate', { result: whole })
    const done = s.of(doc, CONVEX)!
    expect(done.state).toBe('done')
    expect(shown.value).toBe(done)
    expect(done.each.map((f) => f?.nodes)).toEqual([1.5e12, 0, 0.5e12])
    // 28 hours in one process: 14 on the two here, 2.8 on the queue's ten.
    // Within the nodes' spread times the speed's (×/÷ 1.6).
    expect(s.times(done)).toEqual({
      here: 50_400,
      hereWorkers: 2,
      queue: 10_080,
      queueWorkers: 10,
      spread: expect.closeTo(2.4),
    })
    expect(s.text(done)).toBe(
      'about 2.0·10¹² nodes (×/÷ 1.5) in 2 outlines to search (1 ruled out): 5.8–34 hours here (2 processes), 70 minutes – 6.7 hours on 10 workers of the queue',
    )
    s.queueWorkers = 50
    expect(s.times(done)!.queue).toBe(2016)
    // Another search (the figures, not every convex one) has no estimate yet.
    expect(s.of(doc, { kind: 'tile', mode: 'reduce' })).toBeUndefined()
    expect(s.of(doc, { kind: 'convex', mode: 'raw' })).toBeUndefined()
  })

  it("reckons the queue's time on the workers serving the queue it ran on, here on the setting's processes", async () => {
    const s = useEstimate()
    useApp().settings = { workers: 4, recent: [], runOn: 'queue' }
    const runId = await start(s, { kind: 'queue', url: 'redis://queue:6379' }, plan(6))
    const whole = { estimated: 3, figures: 3, ruledOut: 0, nodes: 1e9, seconds: 1200 }
    await runs.end(runId, 'estimate', { result: whole })
    const done = s.of(tangram(), CONVEX)!
    expect(done).toMatchObject({ workers: 4, queueWorkers: 6 })
    expect(s.times(done)).toMatchObject({ here: 300, hereWorkers: 4, queue: 200, queueWorkers: 6 })
    expect(s.text(done)).toMatch(/ on 6 workers of the queue$/)
  })

  it('cancels a running estimate, keeping what it said, and a new one replaces it', async () => {
    const s = useEstimate()
    const first = await start(s)
    const part = { estimated: 1, figures: 3, ruledOut: 0, nodes: 5 }
    await runs.emit({
      type: 'run.progress',
      runId: first,
      kind: 'estimate',
      progress: { summary: part },
    })
    await s.cancel()
    expect(runs.cancelled()).toEqual([first])
    expect(s.estimate).toMatchObject({ state: 'cancelled', summary: part })
    expect(s.running).toBe(false)
    const second = await start(s)
    // A new one while it runs stops it.
    const third = await start(s)
    expect(runs.cancelled()).toEqual([first, second])
    await runs.end(third, 'estimate', { error: 'a worker process stopped unexpectedly (SIGKILL)' })
    expect(s.estimate).toMatchObject({ state: 'failed', error: expect.stringMatching(/SIGKILL/) })
  })

  it('refused by the host: the start throws why, and there is no estimate', async () => {
    const s = useEstimate()
    host.answer('run.start', () => {
      throw new Error('there is no figure to build: draw one in Figures first')
    })
    await expect(s.start(tangram(), { kind: 'tile', mode: 'reduce' })).rejects.toThrow(
      'there is no figure to build: draw one in Figures first',
    )
    expect(s.estimate).toBeUndefined()
    expect(s.starting).toBe(false)
  })
})
