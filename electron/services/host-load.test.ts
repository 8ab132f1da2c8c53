import { afterAll, describe, expect, it } from 'vitest'
import type { WorkbenchEvent } from '../../shared/api/contract'
import type { RunEvent } from '../../shared/api/run'
import { processRunning } from '../../testing/processes'
import { testWorkbench } from '../../testing/workbench'

/**
 * The host (the browser host here; main and the CLI run the same services) while a large set is
 * planned: every figure's problem is built in the workers, so the host answers other calls at
 * once and its memory stays flat. `convex hexominoes` (1125 outlines of 35 pieces) once planned
 * in the host: it grew by about 45 MB a second until V8 ran out of heap; the rule-outs now decide
 * it in about a second, so the pentaboloes stand in: their outlines take the workers some ten
 * seconds to plan and estimate, and the search they make (forced here) some fifteen hours.
 */
const events: WorkbenchEvent[] = []
const { workbench, close } = testWorkbench({})
workbench.onEvent((e) => events.push(e))
afterAll(() => close())

async function call<T>(method: string, params?: unknown): Promise<T> {
  const reply = await workbench.call(method, params)
  if (!reply.ok) throw new Error(`${method} failed: ${reply.error}`)
  return reply.value as T
}

describe('the host while pentaboloes are planned', () => {
  it('answers other calls within a bound, stays small, and cancels at once', async () => {
    const { document } = await call<{ document: unknown }>('library.open', { id: 'pentaboloes' })
    const { runId } = await call<{ runId: string }>('run.start', {
      kind: 'solve',
      params: { document, kind: 'convex', mode: 'reduce', list: false, force: true },
    })
    const ofRun = (e: WorkbenchEvent): e is RunEvent =>
      e.type.startsWith('run.') && (e as RunEvent).runId === runId
    // The figures are reported as they are decided, not only after a cancel.
    const figures = () =>
      events.filter(ofRun).flatMap((e) => (e.type === 'run.items' ? [...e.items] : []))
    await expect.poll(() => figures().length, { timeout: 60_000 }).toBeGreaterThan(0)
    global.gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    // Eight seconds of calls while the workers plan: the slowest answer, and the heap.
    let slowest = 0
    let heapPeak = heapBefore
    for (let t0 = Date.now(); Date.now() - t0 < 8000;) {
      const asked = performance.now()
      await call('library.list')
      slowest = Math.max(slowest, performance.now() - asked)
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)
      await new Promise((r) => setTimeout(r, 100))
    }
    // Bounds for a loaded machine: planning in the host stalled it for whole figures and grew
    // its heap by hundreds of megabytes in this time.
    expect(slowest).toBeLessThan(1500)
    expect((heapPeak - heapBefore) / 2 ** 20).toBeLessThan(100)

    const pids = (await call<{ workerPids: number[] }>('solver.status')).workerPids
    await call('run.cancel', { runId })
    await expect
      .poll(() => events.filter(ofRun).find((e) => e.type === 'run.ended'), {
        timeout: 10_000,
      })
      .toMatchObject({ outcome: 'cancelled' })
    await expect.poll(() => pids.filter(processRunning).length, { timeout: 10_000 }).toBe(0)
  })
})
