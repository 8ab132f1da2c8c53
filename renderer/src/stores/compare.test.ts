import { beforeEach, describe, expect, it } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import { compareSets, type Comparison } from '../../../shared/compare/compare'
import { documentFromJson } from '../../../shared/document/document'
import { pieceSetFromJson } from '../../../shared/formats/load'
import { fakeRuns } from '../../../testing/fake-runs'
import { host, settled } from '../../../testing/renderer-setup'
import { useCompare } from './compare'

const tangram = () => documentFromJson(tangramSet, 'tangram.json')
/** The tangram with its square cut into two small triangles: the same area. */
const cutSet = {
  ...tangramSet,
  name: 'Cut',
  pieces: tangramSet.pieces
    .filter((p) => p.name !== 'square')
    .map((p) => (p.name === 'small triangle' ? { ...p, count: 4 } : p)),
}
const cut = () => documentFromJson(cutSet, 'cut.json')

/** What the host's comparison ends with, from the shared code itself. */
function compared(): Comparison {
  return compareSets(
    [tangramSet, cutSet].map((s) => ({ name: s.name, pieces: pieceSetFromJson(s).pieces })),
  )
}

let runs: ReturnType<typeof fakeRuns>
beforeEach(() => (runs = fakeRuns(host)))

describe('the Compare store', () => {
  it('compares the sets given, and tells outlines of only one set from those of both', async () => {
    const c = useCompare()
    c.compare([
      { document: tangram(), bundled: true },
      { document: cut(), path: 'cut.json' },
    ])
    await settled()
    const { runId, kind, params } = runs.last<'compare'>()
    expect(kind).toBe('compare')
    expect(params.documents.map((d) => d.name)).toEqual(['Tangram', 'Cut'])
    expect(c.state).toBe('running')
    await runs.emit({ type: 'run.progress', runId, kind, progress: { done: 7, total: 40 } })
    expect(c.progress).toEqual({ done: 7, total: 40 })
    await runs.end(runId, 'compare', { result: compared() })
    expect(c.state).toBe('done')
    expect(c.runId).toBe(runId)
    expect(c.totals[0]).toEqual({ outlines: 13, only: 0, tilings: 142 })
    expect(c.totals[1].outlines).toBeGreaterThan(13)
    c.filter = 1
    expect(c.shown.length).toBe(c.totals[1].only)
    expect(c.shown.every((r) => r.outline.counts[0].solutions === 0)).toBe(true)
    c.filter = 'every'
    expect(c.shown).toHaveLength(13)
    c.filter = 'none'
    expect(c.shown.length).toBe(20 - c.totals[1].outlines)
  })

  it('keeps the sets and says why the host refused them', async () => {
    host.answer('run.start', () => {
      throw new Error('sets compare only when they cover the same area: A 16, B 18 half-squares')
    })
    const c = useCompare()
    c.add({ document: tangram() })
    c.add({ document: cut() })
    c.compare()
    await settled()
    expect(c.state).toBe('failed')
    expect(c.error).toBe('sets compare only when they cover the same area: A 16, B 18 half-squares')
    expect(c.entries.map((e) => e.document.name)).toEqual(['Tangram', 'Cut'])
    c.remove(0)
    expect(c.entries.map((e) => e.document.name)).toEqual(['Cut'])
  })

  it('shows only the newest comparison; Stop cancels it at once', async () => {
    const c = useCompare()
    c.compare([{ document: tangram() }, { document: cut() }])
    await settled()
    c.compare([{ document: cut() }, { document: tangram() }])
    await settled()
    expect(runs.cancelled()).toEqual(['r1'])
    await runs.emit({
      type: 'run.ended',
      runId: 'r1',
      kind: 'compare',
      outcome: 'cancelled',
      elapsedMs: 1,
    })
    expect(c.state).toBe('running')
    expect(c.entries.map((e) => e.document.name)).toEqual(['Cut', 'Tangram'])
    c.stop()
    await settled()
    expect(c.state).toBe('cancelled')
    expect(runs.cancelled()).toEqual(['r1', 'r2'])
  })
})
