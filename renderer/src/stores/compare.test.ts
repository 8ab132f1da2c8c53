import { describe, expect, it } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import { compareSets, type Comparison } from '../../../shared/compare/compare'
import { documentFromJson, type WorkbenchDocument } from '../../../shared/document/document'
import { pieceSetFromJson } from '../../../shared/formats/load'
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

function hostCompares(): void {
  let next = 1
  host.answer('compare.start', (p) => ({
    compareId: `c-${next++}`,
    sets: p.documents as WorkbenchDocument[],
  }))
  host.answer('compare.cancel', () => null)
}

describe('the Compare store', () => {
  it('compares the sets given, and tells outlines of only one set from those of both', async () => {
    hostCompares()
    const c = useCompare()
    await c.compare([
      { document: tangram(), bundled: true },
      { document: cut(), path: 'cut.json' },
    ])
    expect(host.callsOf('compare.start')[0].documents.map((d) => d.name)).toEqual([
      'Tangram',
      'Cut',
    ])
    host.emit({ type: 'compare.progress', compareId: 'c-1', done: 7, total: 40 })
    await settled()
    expect(c.progress).toEqual({ done: 7, total: 40 })
    const result = compared()
    host.emit({ type: 'compare.ended', compareId: 'c-1', outcome: 'done', result, elapsedMs: 3 })
    await settled()
    expect(c.state).toBe('done')
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
    host.answer('compare.start', () => {
      throw new Error('sets compare only when they cover the same area: A 16, B 18 half-squares')
    })
    const c = useCompare()
    c.add({ document: tangram() })
    c.add({ document: cut() })
    await c.compare()
    expect(c.state).toBe('failed')
    expect(c.error).toBe('sets compare only when they cover the same area: A 16, B 18 half-squares')
    expect(c.entries.map((e) => e.document.name)).toEqual(['Tangram', 'Cut'])
    c.remove(0)
    expect(c.entries.map((e) => e.document.name)).toEqual(['Cut'])
  })

  it('shows only the newest comparison', async () => {
    hostCompares()
    const c = useCompare()
    await c.compare([{ document: tangram() }, { document: cut() }])
    await c.compare([{ document: cut() }, { document: tangram() }])
    expect(host.callsOf('compare.cancel')).toEqual([{ compareId: 'c-1' }])
    host.emit({ type: 'compare.ended', compareId: 'c-1', outcome: 'cancelled', elapsedMs: 1 })
    await settled()
    expect(c.state).toBe('running')
  })
})
