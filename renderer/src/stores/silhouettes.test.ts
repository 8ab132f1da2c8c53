import { beforeEach, describe, expect, it } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import type { SilhouetteCandidate } from '../../../shared/api/run'
import { documentFromJson } from '../../../shared/document/document'
import { mergeCongruent } from '../../../shared/document/merge'
import { pieceSetFromJson } from '../../../shared/formats/load'
import { findSilhouettes, SILHOUETTE_BUDGET } from '../../../shared/silhouettes/search'
import {
  countExactCandidate,
  exactFigureDraws,
  isExact,
  offPiecesOf,
} from '../../../shared/silhouettes/offlattice'
import { pointFromText } from '../../../shared/pentagons/wire'
import { fakeRuns } from '../../../testing/fake-runs'
import { host, settled } from '../../../testing/renderer-setup'
import { useSilhouettes, type SilhouetteRequest } from './silhouettes'

const tangram = () => documentFromJson(tangramSet, 'tangram.json')
const merged = () => mergeCongruent(tangram()).document

/** What the host's search sends: every figure it counts, from the shared search itself. */
function counted(count: number): { candidates: SilhouetteCandidate[]; found: string[] } {
  const pieces = pieceSetFromJson(tangramSet, 'tangram').pieces
  const candidates: SilhouetteCandidate[] = []
  const request = { kind: 'any', count, unique: true, symmetric: false, seed: 1 } as const
  const result = findSilhouettes(pieces, request, undefined, (s, asked) =>
    candidates.push({ ...s, asked }),
  )
  return { candidates, found: result.figures.map((f) => f.key) }
}
const progress = { draws: 1, counted: 1, found: 0, nodes: 10, undecided: 0, fraction: 0.5 }

let runs: ReturnType<typeof fakeRuns>
beforeEach(() => (runs = fakeRuns(host)))

/** The silhouette run the store started last, once its start has gone out. */
const started = () => runs.started('silhouettes')

describe('the Puzzles store', () => {
  it('asks for the request, lists the figures as they come, marks those found', async () => {
    const s = useSilhouettes()
    s.request.count = 3
    s.search(tangram())
    const { runId, params } = await started()
    expect(params.request).toEqual({
      kind: 'any',
      count: 3,
      unique: true,
      symmetric: false,
      seed: 1,
    })
    expect(s.state).toBe('running')
    // The set as searched, merged, before the end: a figure can be shown as it comes.
    expect(s.set?.pieces).toHaveLength(5)
    const { candidates, found } = counted(3)
    const half = Math.floor(candidates.length / 2)
    const items = (from: number, to?: number) =>
      runs.emit({
        type: 'run.items',
        runId,
        kind: 'silhouettes',
        items: candidates.slice(from, to),
      })
    await runs.emit({ type: 'run.progress', runId, kind: 'silhouettes', progress })
    await items(0, half)
    expect(s.progress).toEqual(progress)
    expect(s.candidates).toHaveLength(half)
    await items(half)
    const set = merged()
    await runs.end(runId, 'silhouettes', { result: { progress, found, set } })
    expect(s.state).toBe('done')
    expect(s.candidates.map((c) => c.key)).toEqual(candidates.map((c) => c.key))
    expect(s.found).toEqual(found)
    s.filter = 'asked'
    expect(s.shown.map((c) => c.key).sort()).toEqual([...found].sort())
    s.filter = 'several'
    expect(s.shown.length).toBe(candidates.filter((c) => c.counts.solutions > 1).length)
    expect(s.shown.every((c) => !isExact(c) && c.tilings.length === 2 && c.differ)).toBe(true)
    s.chosen = s.shown[0].key
    expect(s.chosenCandidate?.counts.solutions).toBeGreaterThan(1)
    // The set as searched, merged: its tilings index these pieces.
    expect(s.set).toEqual(set)
  })

  it('pieces at 45°: asks for turns 45, lists the exact figures as they come, one chosen', async () => {
    const s = useSilhouettes()
    s.turns45 = true
    s.request.count = 2
    s.search(tangram())
    const { runId, params } = await started()
    expect(params.request).toEqual({
      kind: 'any',
      count: 2,
      unique: true,
      symmetric: false,
      seed: 1,
      turns: 45,
    })
    // What the host's workers send: figures grown and counted by the shared code itself.
    const pieces = offPiecesOf(pieceSetFromJson(tangramSet, 'tangram').pieces)
    const draws = exactFigureDraws(pieces, params.request)
    const items: SilhouetteCandidate[] = []
    while (items.length < 4) {
      const f = draws.draw()
      if (!f) continue
      const o = countExactCandidate(
        f.outline.map(pointFromText),
        f.key,
        pieces,
        params.request,
        SILHOUETTE_BUDGET.figureNodes,
      )
      if (o.counted && o.silhouette)
        items.push({ ...o.silhouette, asked: o.silhouette.counts.solutions === 1 })
    }
    await runs.emit({ type: 'run.items', runId, kind: 'silhouettes', items })
    expect(s.candidates.map((c) => c.key)).toEqual(items.map((c) => c.key))
    expect(s.candidates.every(isExact)).toBe(true)
    s.chosen = items[0].key
    const chosen = s.chosenCandidate!
    expect(isExact(chosen) && chosen.tiling).toHaveLength(7)
    // Off again: the lattice's request, as before.
    s.turns45 = false
    s.search(tangram())
    expect((await started()).params.request.turns).toBe(90)
  })

  it('shows only the newest search: a stopped one’s figures are dropped', async () => {
    const s = useSilhouettes()
    const { candidates } = counted(2)
    s.search(tangram())
    await started()
    s.search(tangram())
    const { runId } = await started()
    expect(runs.cancelled()).toEqual(['r1'])
    for (const [id, c] of [
      [runId, candidates[0]],
      ['r1', candidates[1]],
    ] as const)
      await runs.emit({ type: 'run.items', runId: id, kind: 'silhouettes', items: [c] })
    expect(s.runId).toBe('r2')
    expect(s.candidates.map((c) => c.key)).toEqual([candidates[0].key])
    s.stop()
    expect(s.state).toBe('cancelled')
    expect(runs.cancelled()).toEqual(['r1', 'r2'])
  })

  it('brings a count or seed typed out of range (or cleared) within bounds', async () => {
    const s = useSilhouettes()
    s.request.count = 5000
    s.request.seed = -3
    s.search(tangram())
    await started()
    s.request.count = '' as unknown as number
    s.request.seed = 2.6
    s.search(tangram())
    await started()
    const asked = host.callsOf('run.start').map((c) => c.params as { request: SilhouetteRequest })
    expect(asked.map((c) => [c.request.count, c.request.seed])).toEqual([
      [1000, 0],
      [10, 3],
    ])
  })

  it('says why a set is refused, and makes the booklet of a finished search', async () => {
    host.answer('run.start', () => {
      throw new Error('Pentaboloes: 30 pieces (copies counted) are too many')
    })
    const s = useSilhouettes()
    s.search(tangram())
    await settled()
    expect(s.state).toBe('failed')
    expect(s.error).toBe('Pentaboloes: 30 pieces (copies counted) are too many')
    await expect(s.exportBooklet('b.pdf')).rejects.toThrow('There is no finished search.')

    host.answer('run.start', () => ({ runId: 'r9' }))
    host.answer('export.booklet', (p) => ({ files: [p.path], pages: 2 }))
    s.search(tangram())
    await settled()
    await runs.end('r9', 'silhouettes', { result: { progress, found: [], set: merged() } })
    expect(await s.exportBooklet('b.pdf')).toEqual({ files: ['b.pdf'], pages: 2 })
    expect(host.callsOf('export.booklet')).toEqual([{ runId: 'r9', path: 'b.pdf' }])
  })
})
