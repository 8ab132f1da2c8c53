import { afterAll, describe, expect, it } from 'vitest'
import type { RunEventOf } from '../../shared/api/run'
import { exploreSets } from '../../shared/design/explore'
import { designJson } from '../../shared/design/json'
import { d4Matrix } from '../../shared/lattice/d4'
import { verifyTiling } from '../../shared/tiling/verify'
import { apiCalls, testWorkbench } from '../../testing/workbench'

/** The Design view's API (issue 14) through the dispatcher, over the real services and workers. */
const { workbench, close } = testWorkbench({})
const { ok, refused, events, when } = apiCalls(workbench)
afterAll(() => close())
type Design = RunEventOf<'design'>
type Ended = Extract<Design, { type: 'run.ended' }>
const until = (runId: string) =>
  when((e): e is Ended => e.type === 'run.ended' && e.runId === runId)
const design = (params: object) => ok<{ runId: string }>('run.start', { kind: 'design', params })
/** The events of a run so far. */
const of = (runId: string) => events.filter((e) => 'runId' in e && e.runId === runId) as Design[]

describe('run.start design', () => {
  it('runs the explorer on the workers: the sets of one process, each outline with a tiling', async () => {
    const request = { area: 9, pieces: 3, top: 4 }
    const { runId } = await design(request)
    const end = await until(runId)
    expect(end.outcome).toBe('done')
    const r = end.result!
    const here = designJson(exploreSets(request))
    expect(r.sets.map((s) => [s.pieces, s.outlines, s.tilings])).toEqual(
      here.sets.map((s) => [s.pieces, s.outlines, s.tilings]),
    )
    // Each outline a set makes comes with a tiling of it, checked independently.
    for (const s of r.sets)
      for (const m of s.made) {
        const moves = m.tiling!.map((p) => ({ ...p, matrix: d4Matrix(p.g) }))
        expect(verifyTiling(r.outlines[m.outline - 1].polygon, s.pieces, moves)).toBeUndefined()
      }
    expect(of(runId).some((e) => e.type === 'run.progress')).toBe(true)
  })

  it('stops at once when cancelled, with the sets found so far', async () => {
    const { runId } = await design({ area: 16, pieces: 7, top: 5 })
    await ok('run.cancel', { runId })
    // Ended when the cancel's reply came.
    const end = of(runId).at(-1) as Ended
    expect(end).toMatchObject({ type: 'run.ended', outcome: 'cancelled' })
    // Stopped while the pieces grew: no set searched, no result.
    expect(end.result).toBeUndefined()
  })

  it('cancelled while it searches sets: the best found so far are its result', async () => {
    // Its best set is found with some 8 % of the sets' units done, seconds before the end.
    const { runId } = await design({ area: 16, pieces: 7, top: 5 })
    await when(
      (e): e is Design =>
        e.type === 'run.progress' &&
        e.runId === runId &&
        e.kind === 'design' &&
        e.progress.phase === 'sets' &&
        e.progress.best !== undefined,
    )
    await ok('run.cancel', { runId })
    const end = of(runId).at(-1) as Ended
    expect(end).toMatchObject({ type: 'run.ended', outcome: 'cancelled' })
    const r = end.result!
    expect(r.complete).toBe(false)
    expect(r.sets.length).toBeGreaterThan(0)
    for (const s of r.sets) expect(s.made.every((m) => m.tiling !== undefined)).toBe(true)
    // Kept, as a finished run's are.
    expect(await ok('run.results', { runId })).toMatchObject({ kind: 'design', result: r })
  }, 120_000)

  // In the app's words: the Design view's fields, not the command line's options.
  it.each([
    [{ area: 5, pieces: 6, top: 1 }, 'Pieces 6 is more than Area 5'],
    [
      {
        area: 8,
        pieces: 3,
        top: 1,
        from: {
          name: 'big',
          polygon: [
            [0, 0],
            [4, 0],
            [4, 4],
            [0, 4],
          ],
        },
      },
      'Cut from big: the figure covers 32 half-square triangles, not Area 8',
    ],
  ])('refuses %j in one line', async (request, message) => {
    const refusal = await refused('run.start', { kind: 'design', params: request })
    expect(refusal).toContain(message)
    expect(refusal).not.toContain('\n')
  })
})
