import { describe, expect, it } from 'vitest'
import { computed } from 'vue'
import tangramSet from '../../../resources/sets/tangram.json'
import { documentFromJson } from '../../../shared/document/document'
import { host } from '../../../testing/renderer-setup'
import { useEstimate } from './estimate'

const tangram = () => documentFromJson(tangramSet, 'tangram.json')
const CONVEX = { kind: 'convex', mode: 'reduce' } as const

/** The host starts estimates estimate-1, … of three outlines on two processes. */
function hostEstimates(): void {
  let next = 1
  host.answer('estimate.start', () => ({
    estimateId: `estimate-${next++}`,
    figures: ['a', 'b', 'c'].map((name) => ({ name, polygon: [] })),
    workers: 2,
  }))
  host.answer('estimate.cancel', () => null)
}

describe('the estimate store', () => {
  it('streams the outlines ruled out and estimated, and words the time here and on the queue', async () => {
    hostEstimates()
    const s = useEstimate()
    const doc = tangram()
    await s.start(doc, CONVEX)
    expect(host.callsOf('estimate.start')).toEqual([
      { document: doc, kind: 'convex', mode: 'reduce' },
    ])
    const e = s.of(doc, CONVEX)!
    expect(e).toMatchObject({ state: 'running', workers: 2 })
    // As a view holds it: in a computed, which must see every event.
    const shown = computed(() => s.of(doc, CONVEX))
    expect(shown.value!.summary.estimated).toBe(0)
    expect(s.running).toBe(true)
    host.emit({
      type: 'estimate.progress',
      estimateId: 'estimate-1',
      summary: { estimated: 1, figures: 3, ruledOut: 1, nodes: 0 },
      figures: [
        { figure: 1, estimate: { rejected: 'no piece has a side of direction 45°', nodes: 0 } },
      ],
    })
    // Another estimate's events are not this one's.
    host.emit({
      type: 'estimate.progress',
      estimateId: 'estimate-9',
      summary: { estimated: 3, figures: 3, ruledOut: 0, nodes: 9 },
      figures: [{ figure: 0, estimate: { nodes: 9 } }],
    })
    expect(shown.value!.summary.estimated).toBe(1)
    expect(s.of(doc, CONVEX)!.each).toEqual([
      undefined,
      { rejected: 'no piece has a side of direction 45°', nodes: 0 },
      undefined,
    ])
    // Every outline estimated: 2·10¹² nodes (×/÷ 1.5), 28 hours in one process.
    const whole = {
      estimated: 3,
      figures: 3,
      ruledOut: 1,
      nodes: 2e12,
      spread: 1.5,
      seconds: 100_800,
    }
    host.emit({
      type: 'estimate.progress',
      estimateId: 'estimate-1',
      summary: whole,
      figures: [
        { figure: 0, estimate: { nodes: 1.5e12, rate: 2e7 } },
        { figure: 2, estimate: { nodes: 0.5e12, rate: 2e7 } },
      ],
    })
    host.emit({
      type: 'estimate.ended',
      estimateId: 'estimate-1',
      outcome: 'done',
      summary: whole,
      elapsedMs: 40,
    })
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

  it('cancels a running estimate, and a new one replaces it', async () => {
    hostEstimates()
    const s = useEstimate()
    await s.start(tangram(), CONVEX)
    await s.cancel()
    expect(host.callsOf('estimate.cancel')).toEqual([{ estimateId: 'estimate-1' }])
    host.emit({
      type: 'estimate.ended',
      estimateId: 'estimate-1',
      outcome: 'cancelled',
      elapsedMs: 5,
    })
    expect(s.estimate!.state).toBe('cancelled')
    expect(s.running).toBe(false)
    await s.start(tangram(), CONVEX)
    expect(s.estimate!.estimateId).toBe('estimate-2')
    host.emit({
      type: 'estimate.ended',
      estimateId: 'estimate-2',
      outcome: 'failed',
      error: 'a worker process stopped unexpectedly (SIGKILL)',
      elapsedMs: 5,
    })
    expect(s.estimate).toMatchObject({ state: 'failed', error: expect.stringMatching(/SIGKILL/) })
  })
})
