import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cutTangramDocument } from '../../testing/farm-sets'
import type { RunEventOf } from '../../shared/api/run'
import type { WorkbenchDocument } from '../../shared/document/document'
import { apiCalls, testWorkbench } from '../../testing/workbench'

/** The Compare view's API (issue 14) through the dispatcher, over the real services. */
const { workbench, close } = testWorkbench({})
const { ok, refused, when } = apiCalls(workbench)
afterAll(close)
type Ended = Extract<RunEventOf<'compare'>, { type: 'run.ended' }>
const until = (runId: string) =>
  when((e): e is Ended => e.type === 'run.ended' && e.runId === runId)
const start = (documents: unknown[]) =>
  ok<{ runId: string }>('run.start', { kind: 'compare', params: { documents } })
const refusedStart = (documents: unknown[]) =>
  refused('run.start', { kind: 'compare', params: { documents } })

let tangram: WorkbenchDocument
/** The tangram with its square cut into two small triangles. */
let cut: WorkbenchDocument
beforeAll(async () => {
  tangram = (await ok<{ document: WorkbenchDocument }>('library.open', { id: 'tangram' })).document
  cut = cutTangramDocument(tangram)
})

describe('run.start compare', () => {
  it('counts every convex outline of the area for each set', async () => {
    const { runId } = await start([tangram, cut])
    const end = await until(runId)
    expect(end.outcome).toBe('done')
    const { area, outlines } = end.result!
    expect(area).toBe(16)
    expect(outlines).toHaveLength(20)
    const made = (i: number) => outlines.filter((o) => o.counts[i].solutions > 0).length
    expect(made(0)).toBe(13)
    expect(made(1)).toBeGreaterThan(13)
  })

  it('stops when cancelled', async () => {
    const { runId } = await start([tangram, cut])
    await ok('run.cancel', { runId })
    expect((await until(runId)).outcome).toBe('cancelled')
  })

  it('refuses sets of different areas in one line', async () => {
    const square = tangram.pieces.find((p) => p.name === 'square')!
    const more = {
      ...tangram,
      name: 'More',
      pieces: tangram.pieces.map((p) => (p === square ? { ...p, count: 2 } : p)),
    }
    expect(await refusedStart([tangram, more])).toBe(
      'sets compare only when they cover the same area: Tangram 16, More 18 half-squares',
    )
  })

  it('refuses a set too large to search before rasterizing its pieces', async () => {
    // Staircases of 999 steps (999,000 half-squares each, three copies in all): seconds to rasterize.
    const stairs: [number, number][] = []
    for (let i = 0; i < 999; i++) stairs.push([i, i], [i + 1, i])
    stairs.push([999, 999], [0, 999])
    const huge = {
      ...tangram,
      name: 'Huge',
      pieces: [0, 1].map((k) => ({ ...tangram.pieces[k], polygon: stairs })),
    }
    const t0 = performance.now()
    expect(await refusedStart([tangram, huge])).toBe(
      'Huge: the pieces cover 2,997,000 half-squares; the workbench searches at most 100,000',
    )
    expect(performance.now() - t0).toBeLessThan(1000)
  })
})
