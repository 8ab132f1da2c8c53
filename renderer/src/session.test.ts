import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import tangramSet from '../../resources/sets/tangram.json'
import type { ListedRun, RunEventOf } from '../../shared/api/run'
import { documentFromJson, type WorkbenchDocument } from '../../shared/document/document'
import type { Point } from '../../shared/lattice/polygon'
import { host } from '../../testing/renderer-setup'
import { rememberSession, resumeSession } from './session'
import { useApp } from './stores/app'
import { useDocument } from './stores/document'
import { useSolver } from './stores/solver'

const tangram = () => documentFromJson(tangramSet, 'tangram.json')
const square: Point[] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
]

/** The host answers what the stores ask of it while a page is open. */
function hostAnswers(runs: ListedRun<'solve'>[] = []): void {
  host.answer('autosave.write', () => null)
  host.answer('autosave.discard', () => null)
  host.answer('run.start', () => ({ runId: 'run-a1-1' }))
  host.answer('run.cancel', () => null)
  host.answer('run.list', () => ({ runs }))
}

const base = { runId: 'run-a1-1', kind: 'solve' } as const
/** The solve run-a1-1 as the host lists it: started 5 s ago, these events since. */
const listed = (running: boolean, ...events: RunEventOf<'solve'>[]): ListedRun<'solve'> => ({
  ...base,
  running,
  ageMs: 5000,
  events: [
    {
      type: 'run.started',
      ...base,
      runsOn: { kind: 'here', processes: 1 },
      plan: {
        request: { kind: 'convex', mode: 'reduce' },
        figures: [{ name: 'square', polygon: square }],
        document: tangram(),
        setKey: 'tangram',
        merged: [],
      },
    },
    ...events,
  ],
})
const progress = { fraction: 0.4, placements: 10, solutions: 0, figuresDone: 0, rate: 1 }

/** The page as a reload leaves it: fresh stores, sessionStorage kept. */
async function reload(): Promise<boolean> {
  setActivePinia(createPinia())
  return resumeSession()
}

beforeEach(() => sessionStorage.clear())

describe('the session a reload brings back', () => {
  it('is none on a first visit', async () => {
    expect(await reload()).toBe(false)
  })

  it('reopens a bundled set with its trial figures as it was, unchanged, in the same view', async () => {
    hostAnswers()
    const document = useDocument()
    document.load(tangram(), undefined, true)
    document.addFigure(square, 'trial')
    rememberSession()
    useApp().view = 'figures'
    await nextTick()
    expect(await reload()).toBe(true)
    const reopened = useDocument()
    expect(reopened.doc.name).toBe('Tangram')
    expect(reopened.doc.figures.map((f) => f.name)).toEqual(['trial'])
    expect([reopened.dirty, reopened.canUndo, useApp().view]).toEqual([false, false, 'figures'])
  })

  it('reopens unsaved work from its autosave with its history, and edits made after it', async () => {
    hostAnswers()
    const document = useDocument()
    document.load(tangram(), '/files/tangram.json')
    document.rename('Autosaved')
    await document.flushAutosave()
    const [autosave] = host.callsOf('autosave.write')
    document.rename('Not yet autosaved')
    rememberSession()
    await nextTick()

    setActivePinia(createPinia())
    const entry = {
      id: autosave.id,
      name: autosave.name,
      savedAt: '2026-01-01T00:00:00.000Z',
      path: autosave.path,
    }
    // The list carries no contents: a restore reads the one autosave from the host.
    useApp().recoverable = [entry]
    host.answer('autosave.read', () => ({ ...entry, contents: autosave.contents }))
    expect(await resumeSession()).toBe(true)
    const reopened = useDocument()
    expect([reopened.doc.name, reopened.path, reopened.dirty]).toEqual([
      'Not yet autosaved',
      '/files/tangram.json',
      true,
    ])
    // Not offered back as work of an earlier session: it is open.
    expect(useApp().recoverable).toEqual([])
    reopened.undo()
    expect(reopened.doc.name).toBe('Autosaved')
    reopened.undo()
    expect([reopened.doc.name, reopened.canUndo]).toEqual(['Tangram', false])
  })

  it('reopens unsaved work whose autosave is missing as unsaved, and autosaves it', async () => {
    hostAnswers()
    const document = useDocument()
    document.addPiece(square)
    rememberSession()
    await nextTick()
    expect(await reload()).toBe(true)
    const reopened = useDocument()
    expect([reopened.doc.pieces.length, reopened.dirty]).toEqual([1, true])
    await reopened.flushAutosave()
    const written = JSON.parse(host.callsOf('autosave.write').at(-1)!.contents) as {
      document: WorkbenchDocument
    }
    expect(written.document.pieces).toHaveLength(1)
  })

  it('takes up the job still running, and the events after the hand-over', async () => {
    hostAnswers()
    const solver = useSolver()
    await solver.start(tangram(), 'convex')
    rememberSession()
    await nextTick()
    hostAnswers([listed(true, { type: 'run.progress', ...base, progress })])
    expect(await reload()).toBe(true)
    const reattached = useSolver()
    expect(reattached.job).toMatchObject({ jobId: 'run-a1-1', state: 'running', fraction: 0.4 })
    expect(reattached.running).toBe(true)
    expect(performance.now() - reattached.job!.startedAt).toBeGreaterThanOrEqual(5000)
    host.emit({
      type: 'run.items',
      ...base,
      items: [{ figure: 0, tiling: { pieces: [], classSize: 1 } }],
    })
    expect(reattached.job!.figures[0].tilings).toHaveLength(1)
    await reattached.cancel()
    expect(host.callsOf('run.cancel')).toEqual([{ runId: 'run-a1-1' }])
    expect(useApp().notices).toEqual([])
  })

  it('shows a job that ended meanwhile, saying so; one the host no longer knows, saying that', async () => {
    hostAnswers()
    await useSolver().start(tangram(), 'convex')
    rememberSession()
    await nextTick()
    hostAnswers([
      listed(false, {
        type: 'run.ended',
        ...base,
        outcome: 'done',
        result: { complete: true, resumed: 0 },
        elapsedMs: 900,
      }),
    ])
    await reload()
    expect(useSolver().job).toMatchObject({ state: 'done', elapsedMs: 900 })
    expect(useApp().notices.map((n) => [n.kind, n.text])).toEqual([
      ['info', 'While the page was reloading, the solve of Tangram finished.'],
    ])

    // The host was restarted: it knows no such job.
    hostAnswers([])
    await reload()
    expect(useSolver().job).toBeUndefined()
    expect(useApp().notices.map((n) => n.kind)).toEqual(['error'])
    expect(useApp().notices[0].text).toMatch(
      /is gone: the workbench was restarted, or ran other jobs since/,
    )

    // A host that cannot answer: the page starts all the same, with the document, and says so.
    host.answer('run.list', () => {
      throw new Error('the connection to the workbench was lost')
    })
    expect(await reload()).toBe(true)
    expect(useDocument().doc.name).toBe('Untitled')
    expect(useApp().notices.map((n) => n.text)).toEqual([
      'The solve running before the reload could not be shown: the connection to the workbench was lost',
    ])
  })
})
