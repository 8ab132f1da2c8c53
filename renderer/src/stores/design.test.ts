import { beforeEach, describe, expect, it } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
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

let runs: ReturnType<typeof fakeRuns>
beforeEach(() => {
  runs = fakeRuns(host)
})

/** Runs the form in the store; the run it started, and the run's end to await. */
async function started(d: ReturnType<typeof useDesign>) {
  const ended = d.run()
  await settled()
  return { runId: runs.last<'design'>().runId, ended }
}

/** A run that ends with `explored()`. */
async function explore(d: ReturnType<typeof useDesign>): Promise<void> {
  const { runId, ended } = await started(d)
  await runs.end(runId, 'design', { result: explored() })
  await ended
}

describe('the Design store', () => {
  it('runs the form on the host, shows its progress, and lists the sets as documents', async () => {
    const d = useDesign()
    d.form = { area: 16, pieces: 7, top: 5, maxPieceArea: '', from: undefined }
    const { runId, ended } = await started(d)
    // A cleared field is left out; the host fills in its default.
    expect(runs.last()).toMatchObject({ kind: 'design', params: { area: 16, pieces: 7, top: 5 } })
    expect(runs.last().params).toEqual({ area: 16, pieces: 7, top: 5 })
    expect(d.state).toBe('running')
    await runs.emit({
      type: 'run.progress',
      runId,
      kind: 'design',
      progress: {
        phase: 'sets',
        fraction: 0.25,
        searched: 40,
        best: 19,
        units: { done: 30, of: 120 },
        elapsedMs: 900,
      },
    })
    expect(d.progress).toMatchObject({ fraction: 0.25, searched: 40, best: 19 })
    await runs.emit({
      type: 'run.ended',
      runId,
      kind: 'design',
      outcome: 'done',
      result: explored(),
      elapsedMs: 1200,
    })
    await ended
    expect(d.state).toBe('done')
    expect(d.elapsedMs).toBe(1200)
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
    const d = useDesign()
    await explore(d)
    d.toggle(3)
    await expect(d.compareChosen()).rejects.toThrow('Choose two sets or more')
    d.toggle(1)
    expect(d.chosen).toEqual([1, 3])
    await d.compareChosen()
    const compared = (await runs.started('compare')).params
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

  it('saves a set as a set file through the host, and stops a run, keeping the sets it found', async () => {
    host.answer('document.save', (p) => ({ path: p.path }))
    const d = useDesign()
    await explore(d)
    expect(await d.save(2, 'explorer.json')).toBe('explorer.json')
    const saved = host.callsOf('document.save')[0]
    expect(saved.document.name).toBe('Explorer 16/7 #2')
    expect(saved.document.pieces.reduce((n, p) => n + p.count, 0)).toBe(7)
    const second = await started(d)
    d.stop()
    await second.ended
    expect(runs.cancelled()).toEqual([second.runId])
    expect(d.state).toBe('cancelled')
    expect(d.documents).toEqual([])
    // Its end brings the sets found so far.
    const soFar = { ...explored(), sets: explored().sets.slice(0, 2), complete: false }
    await runs.emit({
      type: 'run.ended',
      runId: second.runId,
      kind: 'design',
      outcome: 'cancelled',
      result: soFar,
      elapsedMs: 300,
    })
    expect(d.state).toBe('cancelled')
    expect(d.documents.map((doc) => doc.name)).toEqual(['Explorer 16/7 #1', 'Explorer 16/7 #2'])
    expect(d.elapsedMs).toBe(300)
  })

  it('stops a run whose start the host has not answered yet, once it answers', async () => {
    let answer: (v: { runId: string }) => void = () => {}
    host.answer('run.start', () => new Promise((done) => (answer = done)))
    const d = useDesign()
    const running = d.run()
    await settled()
    expect(d.state).toBe('running')
    d.stop()
    answer({ runId: 'r-slow' })
    await running
    await settled()
    expect(runs.cancelled()).toEqual(['r-slow'])
    expect(d.state).toBe('cancelled')
  })

  it('keeps the ranking when the next run is refused or fails', async () => {
    const d = useDesign()
    await explore(d)
    const names = d.documents.map((doc) => doc.name)
    expect(names).toHaveLength(5)
    // The host refuses a request it cannot run.
    host.answer('run.start', () => {
      throw new Error('Pieces 20 is more than Area 16')
    })
    d.form = { ...d.form, pieces: 20 }
    await d.run()
    expect(d.state).toBe('failed')
    expect(d.error).toBe('Pieces 20 is more than Area 16')
    expect(d.documents.map((doc) => doc.name)).toEqual(names)
    host.answer('run.start', () => ({ runId: 'r-2' }))
    d.form = { ...d.form, pieces: 7 }
    const { ended } = await started(d)
    await runs.end('r-2', 'design', { error: 'a worker process stopped' })
    await ended
    expect(d.state).toBe('failed')
    expect(d.error).toBe('a worker process stopped')
    expect(d.documents.map((doc) => doc.name)).toEqual(names)
  })

  it('a newer run replaces the one running, whose end does not touch it', async () => {
    const d = useDesign()
    const first = await started(d)
    const second = await started(d)
    await first.ended
    expect(runs.cancelled()).toEqual([first.runId])
    expect(d.state).toBe('running')
    await runs.end(second.runId, 'design', { result: explored() })
    await second.ended
    expect(d.state).toBe('done')
  })
})
