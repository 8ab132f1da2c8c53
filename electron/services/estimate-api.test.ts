import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunEventOf } from '../../shared/api/run'
import type { WorkbenchDocument } from '../../shared/document/document'
import { solveRuns } from '../../testing/solve-runs'
import { apiCalls, testWorkbench } from '../../testing/workbench'

/** Estimates before any run (issue 13, point 3) through the dispatcher, over the real services. */
const { workbench, close } = testWorkbench({})
const api = apiCalls(workbench)
const { ok, refused, when, events } = api
afterAll(close)
type Estimate = RunEventOf<'estimate'>
type Started = Extract<Estimate, { type: 'run.started' }>
type Progress = Extract<Estimate, { type: 'run.progress' }>
type Items = Extract<Estimate, { type: 'run.items' }>
type Ended = Extract<Estimate, { type: 'run.ended' }>
const until = (runId: string) =>
  when((e): e is Ended => e.type === 'run.ended' && e.runId === runId)
const itemsOf = (runId: string) =>
  events
    .filter((e): e is Items => e.type === 'run.items' && e.runId === runId)
    .flatMap((e) => e.items)
const estimate = (params: object) =>
  ok<{ runId: string }>('run.start', { kind: 'estimate', params })

const open = async (id: string) =>
  (await ok<{ document: WorkbenchDocument }>('library.open', { id })).document
let tangram: WorkbenchDocument
beforeAll(async () => {
  tangram = await open('tangram')
})

describe('run.start estimate', () => {
  it('streams each outline ruled out or estimated, as a run would decide it, and the total', async () => {
    const { runId } = await estimate({ document: tangram, kind: 'convex', mode: 'reduce' })
    const started = await when((e): e is Started => e.type === 'run.started' && e.runId === runId)
    expect(started.plan!.figures).toHaveLength(20)
    expect(started.plan!.workers).toBe(1)
    const end = await until(runId)
    expect(end.outcome).toBe('done')
    const streamed = itemsOf(runId)
    // Every outline once.
    expect(streamed.map((f) => f.figure).sort((a, b) => a - b)).toEqual([...Array(20).keys()])
    // The same outlines ruled out, with the same reasons, as a run of the set.
    const solves = solveRuns(api)
    const job = await solves.start({
      document: tangram,
      kind: 'convex',
      mode: 'reduce',
      list: false,
    })
    await solves.ended(job)
    const ran = solves.figures(job)
    for (const f of streamed) {
      const r = ran.find((e) => e.figure === f.figure)!
      expect(f.estimate.rejected).toBe(r.rejected)
    }
    const sum = streamed.reduce((s, f) => s + f.estimate.nodes, 0)
    expect(end.result).toMatchObject({
      estimated: 20,
      figures: 20,
      ruledOut: ran.filter((e) => e.rejected).length,
    })
    expect(end.result!.nodes).toBeCloseTo(sum, 6)
    expect(end.result!.seconds).toBeGreaterThan(0)
  })

  it('cancels at once, its end the last event', async () => {
    const pentaboloes = await open('pentaboloes')
    const { runId } = await estimate({ document: pentaboloes, kind: 'convex', mode: 'reduce' })
    await when((e): e is Progress => e.type === 'run.progress' && e.runId === runId)
    await ok('run.cancel', { runId })
    // Ended when the cancel's reply came, and nothing after it.
    const mine = () => events.filter((e) => 'runId' in e && e.runId === runId)
    const end = mine().at(-1) as Ended
    expect(end).toMatchObject({ type: 'run.ended', outcome: 'cancelled' })
    expect(end.error).toBeUndefined()
    const last = mine().findLast((e): e is Progress => e.type === 'run.progress')!
    expect(last.progress.summary.estimated).toBeLessThan(last.progress.summary.figures)
    const seen = mine().length
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(mine()).toHaveLength(seen)
  })

  it('refuses a bad request in one line', async () => {
    const started = () => events.filter((e) => e.type === 'run.started').length
    const before = started()
    const refusedEstimate = (params: object) => refused('run.start', { kind: 'estimate', params })
    expect(await refusedEstimate({ document: tangram, kind: 'tile', mode: 'reduce' })).toBe(
      'there is no figure to build: draw one in Figures first',
    )
    expect(await refusedEstimate({ document: tangram, kind: 'all', mode: 'reduce' })).toMatch(
      /^run.start: bad parameters \(params.kind: /,
    )
    // Nothing started.
    expect(started()).toBe(before)
  })
})
