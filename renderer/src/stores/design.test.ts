import { describe, expect, it } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import type { RunParams } from '../../../shared/api/run'
import { exploreSets } from '../../../shared/design/explore'
import { designJson } from '../../../shared/design/json'
import { documentArea, documentFromJson } from '../../../shared/document/document'
import { fakeRuns } from '../../../testing/fake-runs'
import { host, settled } from '../../../testing/renderer-setup'
import { useApp } from './app'
import { useCompare } from './compare'
import { useDesign } from './design'

/** What the host's exploration ends with, from the shared code itself (once: seconds). */
let result: ReturnType<typeof designJson> | undefined
const explored = () =>
  (result ??= designJson(exploreSets({ area: 16, pieces: 7, top: 5 }), { tilings: true }))

/** The host's first exploration ends with `explored()`. */
async function firstEnds(): Promise<void> {
  host.emit({
    type: 'design.ended',
    designId: 'design-1',
    outcome: 'done',
    result: explored(),
    elapsedMs: 1,
  })
  await settled()
}

function hostExplores(): void {
  let next = 1
  host.answer('design.start', () => ({ designId: `design-${next++}` }))
  host.answer('design.cancel', () => null)
  fakeRuns(host)
}

describe('the Design store', () => {
  it('runs the form on the host, shows its progress, and lists the sets as documents', async () => {
    hostExplores()
    const d = useDesign()
    d.form = { area: 16, pieces: 7, top: 5, maxPieceArea: '', from: undefined }
    await d.run()
    // A cleared field is left out; the host fills in its default.
    expect(host.callsOf('design.start')).toEqual([{ area: 16, pieces: 7, top: 5 }])
    expect(d.state).toBe('running')
    host.emit({
      type: 'design.progress',
      designId: 'design-1',
      phase: 'sets',
      fraction: 0.25,
      searched: 40,
      best: 19,
      units: { done: 30, of: 120 },
      elapsedMs: 900,
    })
    await settled()
    expect(d.progress).toMatchObject({ fraction: 0.25, searched: 40, best: 19 })
    host.emit({
      type: 'design.ended',
      designId: 'design-1',
      outcome: 'done',
      result: explored(),
      notices: [],
      elapsedMs: 1200,
    })
    await settled()
    expect(d.state).toBe('done')
    expect(d.documents.map((doc) => doc.name)).toEqual([
      'Explorer 16/7 #1',
      'Explorer 16/7 #2',
      'Explorer 16/7 #3',
      'Explorer 16/7 #4',
      'Explorer 16/7 #5',
    ])
    for (const doc of d.documents) expect(documentArea(doc)).toBe(16)
    expect(d.documents[0].description).toContain('it makes 19 of the 20 convex outlines')
  })

  it('opens two chosen sets, or one and the tangram, in the Compare view', async () => {
    hostExplores()
    const d = useDesign()
    await d.run()
    await firstEnds()
    d.toggle(3)
    await expect(d.compareChosen()).rejects.toThrow('Choose two sets or more')
    d.toggle(1)
    expect(d.chosen).toEqual([1, 3])
    await d.compareChosen()
    await settled()
    const compared = host.callsOf('run.start')[0].params as RunParams<'compare'>
    expect(compared.documents.map((doc) => doc.name)).toEqual([
      'Explorer 16/7 #1',
      'Explorer 16/7 #3',
    ])
    expect(useApp().view).toBe('compare')
    d.toggle(3)
    const tangram = documentFromJson(tangramSet, 'tangram.json')
    await d.compareChosen([{ document: tangram, bundled: true }])
    expect(useCompare().entries.map((e) => e.document.name)).toEqual([
      'Explorer 16/7 #1',
      'Tangram',
    ])
  })

  it('saves a set as a set file through the host, and stops a run', async () => {
    hostExplores()
    host.answer('document.save', (p) => ({ path: p.path }))
    const d = useDesign()
    await d.run()
    await firstEnds()
    expect(await d.save(2, 'explorer.json')).toBe('explorer.json')
    const saved = host.callsOf('document.save')[0]
    expect(saved.document.name).toBe('Explorer 16/7 #2')
    expect(saved.document.pieces.reduce((n, p) => n + p.count, 0)).toBe(7)
    await d.run()
    await d.stop()
    expect(host.callsOf('design.cancel')).toEqual([{ designId: 'design-2' }])
  })

  it('stops a run whose start the host has not answered yet, once it answers', async () => {
    hostExplores()
    let answer: (v: { designId: string }) => void = () => {}
    host.answer('design.start', () => new Promise((done) => (answer = done)))
    const d = useDesign()
    const running = d.run()
    await settled()
    expect(d.state).toBe('running')
    const stopped = d.stop()
    answer({ designId: 'design-slow' })
    await Promise.all([running, stopped])
    expect(host.callsOf('design.cancel')).toEqual([{ designId: 'design-slow' }])
  })

  it('keeps the ranking when the next run is refused or fails', async () => {
    let next = 1
    host.answer('design.start', (p) => {
      if (p.pieces > p.area) throw new Error('Pieces 20 is more than Area 16')
      return { designId: `design-${next++}` }
    })
    host.answer('design.cancel', () => null)
    const d = useDesign()
    await d.run()
    await firstEnds()
    const names = d.documents.map((doc) => doc.name)
    expect(names).toHaveLength(5)
    d.form = { ...d.form, pieces: 20 }
    await d.run()
    expect(d.state).toBe('failed')
    expect(d.documents.map((doc) => doc.name)).toEqual(names)
    d.form = { ...d.form, pieces: 7 }
    await d.run()
    host.emit({
      type: 'design.ended',
      designId: 'design-2',
      outcome: 'failed',
      error: 'a worker process stopped',
      elapsedMs: 1,
    })
    await settled()
    expect(d.error).toBe('a worker process stopped')
    expect(d.documents.map((doc) => doc.name)).toEqual(names)
  })

  it('says why the host refused the request', async () => {
    host.answer('design.start', () => {
      throw new Error('--pieces 20 is more than --area 16')
    })
    const d = useDesign()
    d.form = { area: 16, pieces: 20, top: 5 }
    await d.run()
    expect(d.state).toBe('failed')
    expect(d.error).toBe('--pieces 20 is more than --area 16')
  })
})
