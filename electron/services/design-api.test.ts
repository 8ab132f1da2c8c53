import { afterAll, describe, expect, it } from 'vitest'
import type { WorkbenchEvent } from '../../shared/api/contract'
import { exploreSets } from '../../shared/design/explore'
import { designJson } from '../../shared/design/json'
import { d4Matrix } from '../../shared/lattice/d4'
import { verifyTiling } from '../../shared/tiling/verify'
import { apiCalls, testWorkbench } from '../../testing/workbench'

/** The Design view's API (issue 14) through the dispatcher, over the real services and workers. */
const { workbench, close } = testWorkbench({})
const { ok, refused, events, when } = apiCalls(workbench)
afterAll(() => close())
type Ended = Extract<WorkbenchEvent, { type: 'design.ended' }>
const until = (designId: string) =>
  when((e): e is Ended => e.type === 'design.ended' && e.designId === designId)

describe('design.start', () => {
  it('runs the explorer on the workers: the sets of one process, each outline with a tiling', async () => {
    const request = { area: 9, pieces: 3, top: 4 }
    const { designId } = await ok<{ designId: string }>('design.start', request)
    const end = await until(designId)
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
    expect(events.some((e) => e.type === 'design.progress' && e.designId === designId)).toBe(true)
  })

  it('stops at once when cancelled, with the sets found so far', async () => {
    const { designId } = await ok<{ designId: string }>('design.start', {
      area: 16,
      pieces: 7,
      top: 5,
    })
    await ok('design.cancel', { designId })
    const end = await until(designId)
    expect(end.outcome).toBe('cancelled')
    // Stopped while the pieces grew: no set searched, no result.
    expect(end.result).toBeUndefined()
  })

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
    expect(await refused('design.start', request)).toContain(message)
  })
})
