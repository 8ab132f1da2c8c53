import { describe, expect, it } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import type { SilhouetteCandidate } from '../../../shared/api/contract'
import { documentFromJson } from '../../../shared/document/document'
import { mergeCongruent } from '../../../shared/document/merge'
import { pieceSetFromJson } from '../../../shared/formats/load'
import { findSilhouettes } from '../../../shared/silhouettes/search'
import { host, settled } from '../../../testing/renderer-setup'
import { useSilhouettes } from './silhouettes'

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

function hostSearches(): void {
  let next = 1
  host.answer('silhouettes.find', () => ({ searchId: `s-${next++}`, document: merged() }))
  host.answer('silhouettes.cancel', () => null)
}

describe('the Puzzles store', () => {
  it('asks for the request, lists the figures as they come, marks those found', async () => {
    hostSearches()
    const s = useSilhouettes()
    s.request.count = 3
    await s.search(tangram())
    expect(host.callsOf('silhouettes.find')[0].request).toEqual({
      kind: 'any',
      count: 3,
      unique: true,
      symmetric: false,
      seed: 1,
    })
    expect(s.state).toBe('running')
    const { candidates, found } = counted(3)
    const half = Math.floor(candidates.length / 2)
    host.emit({
      type: 'silhouettes.progress',
      searchId: 's-1',
      progress,
      candidates: candidates.slice(0, half),
    })
    await settled()
    expect(s.candidates).toHaveLength(half)
    host.emit({
      type: 'silhouettes.ended',
      searchId: 's-1',
      outcome: 'done',
      candidates: candidates.slice(half),
      found,
      elapsedMs: 5,
    })
    await settled()
    expect(s.state).toBe('done')
    expect(s.candidates.map((c) => c.key)).toEqual(candidates.map((c) => c.key))
    expect(s.found).toEqual(found)
    s.filter = 'asked'
    expect(s.shown.map((c) => c.key).sort()).toEqual([...found].sort())
    s.filter = 'several'
    expect(s.shown.length).toBe(candidates.filter((c) => c.counts.solutions > 1).length)
    expect(s.shown.every((c) => c.tilings.length === 2 && c.differ)).toBe(true)
    s.chosen = s.shown[0].key
    expect(s.chosenCandidate?.counts.solutions).toBeGreaterThan(1)
    // The set as searched, merged: its tilings index these pieces.
    expect(s.set?.pieces).toHaveLength(5)
  })

  it('shows only the newest search: a stopped one’s figures are dropped, early ones kept', async () => {
    const s = useSilhouettes()
    const { candidates } = counted(2)
    let next = 1
    host.answer('silhouettes.cancel', () => null)
    host.answer('silhouettes.find', () => {
      const searchId = `s-${next++}`
      // The new search's first figures go out before its id does; the stopped one's last too.
      if (searchId === 's-2')
        for (const [id, c] of [
          ['s-2', candidates[0]],
          ['s-1', candidates[1]],
        ] as const)
          host.emit({ type: 'silhouettes.progress', searchId: id, progress, candidates: [c] })
      return { searchId, document: merged() }
    })
    await s.search(tangram())
    await s.search(tangram())
    await settled()
    expect(host.callsOf('silhouettes.cancel')).toEqual([{ searchId: 's-1' }])
    expect(s.searchId).toBe('s-2')
    expect(s.candidates.map((c) => c.key)).toEqual([candidates[0].key])
  })

  it('brings a count or seed typed out of range (or cleared) within bounds', async () => {
    hostSearches()
    const s = useSilhouettes()
    s.request.count = 5000
    s.request.seed = -3
    await s.search(tangram())
    s.request.count = '' as unknown as number
    s.request.seed = 2.6
    await s.search(tangram())
    expect(host.callsOf('silhouettes.find').map((c) => [c.request.count, c.request.seed])).toEqual([
      [1000, 0],
      [10, 3],
    ])
  })

  it('says why a set is refused, and makes the booklet of a finished search', async () => {
    host.answer('silhouettes.find', () => {
      throw new Error('Pentaboloes: 30 pieces (copies counted) are too many')
    })
    const s = useSilhouettes()
    await s.search(tangram())
    expect(s.state).toBe('failed')
    expect(s.error).toBe('Pentaboloes: 30 pieces (copies counted) are too many')
    await expect(s.exportBooklet('b.pdf')).rejects.toThrow('There is no finished search.')

    hostSearches()
    host.answer('export.booklet', (p) => ({ files: [p.path], pages: 2 }))
    await s.search(tangram())
    host.emit({
      type: 'silhouettes.ended',
      searchId: 's-1',
      outcome: 'done',
      found: [],
      elapsedMs: 1,
    })
    await settled()
    expect(await s.exportBooklet('b.pdf')).toEqual({ files: ['b.pdf'], pages: 2 })
    expect(host.callsOf('export.booklet')).toEqual([{ searchId: 's-1', path: 'b.pdf' }])
  })
})
