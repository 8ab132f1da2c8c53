import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JobFigure, WorkbenchEvent } from '../../shared/api/contract'
import type { WorkbenchDocument } from '../../shared/document/document'
import { apiCalls, testWorkbench } from '../../testing/workbench'

/** Estimates before any run (issue 13, point 3) through the dispatcher, over the real services. */
const { workbench, close } = testWorkbench({})
const { ok, refused, when, events } = apiCalls(workbench)
afterAll(close)
type Progress = Extract<WorkbenchEvent, { type: 'estimate.progress' }>
type Ended = Extract<WorkbenchEvent, { type: 'estimate.ended' }>
type JobEnded = Extract<WorkbenchEvent, { type: 'job.ended' }>
type JobFigureEvent = Extract<WorkbenchEvent, { type: 'job.figure' }>
const until = (estimateId: string) =>
  when((e): e is Ended => e.type === 'estimate.ended' && e.estimateId === estimateId)
const progressOf = (estimateId: string) =>
  events.filter((e): e is Progress => e.type === 'estimate.progress' && e.estimateId === estimateId)

const open = async (id: string) =>
  (await ok<{ document: WorkbenchDocument }>('library.open', { id })).document
let tangram: WorkbenchDocument
beforeAll(async () => {
  tangram = await open('tangram')
})

describe('estimate.start', () => {
  it('streams each outline ruled out or estimated, as a run would decide it, and the total', async () => {
    const started = await ok<{ estimateId: string; figures: JobFigure[]; workers: number }>(
      'estimate.start',
      { document: tangram, kind: 'convex', mode: 'reduce' },
    )
    expect(started.figures).toHaveLength(20)
    expect(started.workers).toBe(1)
    const end = await until(started.estimateId)
    expect(end.outcome).toBe('done')
    const streamed = progressOf(started.estimateId).flatMap((p) => p.figures)
    // Every outline once.
    expect(streamed.map((f) => f.figure).sort((a, b) => a - b)).toEqual([...Array(20).keys()])
    // The same outlines ruled out, with the same reasons, as a run of the set.
    const job = await ok<{ jobId: string }>('solver.start', {
      document: tangram,
      kind: 'convex',
      mode: 'reduce',
      list: false,
    })
    await when((e): e is JobEnded => e.type === 'job.ended' && e.jobId === job.jobId)
    const ran = events.filter((e): e is JobFigureEvent => e.type === 'job.figure')
    for (const f of streamed) {
      const r = ran.find((e) => e.figure === f.figure)!
      expect(f.estimate.rejected).toBe(r.rejected)
    }
    const sum = streamed.reduce((s, f) => s + f.estimate.nodes, 0)
    expect(end.summary).toMatchObject({
      estimated: 20,
      figures: 20,
      ruledOut: ran.filter((e) => e.rejected).length,
    })
    expect(end.summary!.nodes).toBeCloseTo(sum, 6)
    expect(end.summary!.seconds).toBeGreaterThan(0)
  })

  it('cancels at once, and a newer estimate stops an older one', async () => {
    const pentaboloes = await open('pentaboloes')
    const a = await ok<{ estimateId: string }>('estimate.start', {
      document: pentaboloes,
      kind: 'convex',
      mode: 'reduce',
    })
    const b = await ok<{ estimateId: string }>('estimate.start', {
      document: pentaboloes,
      kind: 'convex',
      mode: 'reduce',
    })
    expect((await until(a.estimateId)).outcome).toBe('cancelled')
    await when(
      (e): e is Progress => e.type === 'estimate.progress' && e.estimateId === b.estimateId,
    )
    await ok('estimate.cancel', { estimateId: b.estimateId })
    const end = await until(b.estimateId)
    expect(end.outcome).toBe('cancelled')
    expect(end.summary!.estimated).toBeLessThan(end.summary!.figures)
    expect(end.error).toBeUndefined()
  })

  it('refuses a bad request in one line', async () => {
    expect(
      await refused('estimate.start', { document: tangram, kind: 'tile', mode: 'reduce' }),
    ).toBe('there is no figure to build: draw one in Figures first')
    expect(
      await refused('estimate.start', { document: tangram, kind: 'all', mode: 'reduce' }),
    ).toMatch(/^estimate.start: bad parameters \(kind: /)
  })
})
