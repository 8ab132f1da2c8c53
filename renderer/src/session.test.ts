import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import tangramSet from '../../resources/sets/tangram.json'
import type { ExactFigureText } from '../../shared/api/pentagons'
import type { ExactFigureDone, ListedRun, RunEventOf } from '../../shared/api/run'
import { documentFromJson, type WorkbenchDocument } from '../../shared/document/document'
import type { Point } from '../../shared/lattice/polygon'
import { host } from '../../testing/renderer-setup'
import { rememberSession, resumeSession } from './session'
import { useApp } from './stores/app'
import { useCompose } from './stores/compose'
import { useDocument } from './stores/document'
import { useExactFigures } from './stores/exact-figures'
import { useExactTilings } from './stores/exact-tilings'
import { useSolver } from './stores/solver'

const tangram = () => documentFromJson(tangramSet, 'tangram.json')
const square: Point[] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
]

/** The host answers what the stores ask of it while a page is open. */
function hostAnswers(runs: (ListedRun<'solve'> | ListedRun<'exact'>)[] = []): void {
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

/** The unit square turned by 45°, as two small tans make it. */
const diamond: ExactFigureText = {
  name: 'diamond',
  parts: [
    {
      outline: [
        ['0', '0'],
        ['√2/2', '√2/2'],
        ['0', '√2'],
        ['-√2/2', '√2/2'],
      ],
    },
  ],
}
const exactBase = { runId: 'run-a1-1', kind: 'exact' } as const
/** The exact solve run-a1-1 of the diamond as the host lists it, with these events since. */
const listedExact = (running: boolean, ...events: RunEventOf<'exact'>[]): ListedRun<'exact'> => ({
  ...exactBase,
  running,
  ageMs: 5000,
  events: [
    {
      type: 'run.started',
      ...exactBase,
      runsOn: { kind: 'here', processes: 1 },
      plan: {
        set: { name: 'Tangram', pieces: [{ name: 'small triangle', count: 2, color: '#f3a712' }] },
        names: ['diamond'],
        mode: 'raw',
      },
    },
    ...events,
  ],
})
/** The diamond's search ended: its two fixed tilings, one of them listed here. */
const diamondDone: ExactFigureDone = {
  figure: 0,
  parts: [{ outline: diamond.parts[0].outline, holes: [] }],
  fixed: 2,
  classes: 1,
  symmetries: 8,
  placements: 4,
  tried: 12,
  ms: 3,
  tilings: [
    [
      {
        piece: 0,
        corners: [
          ['0', '0'],
          ['√2/2', '√2/2'],
          ['-√2/2', '√2/2'],
        ],
      },
      {
        piece: 0,
        corners: [
          ['√2/2', '√2/2'],
          ['0', '√2'],
          ['-√2/2', '√2/2'],
        ],
      },
    ],
  ],
}

/**
 * The session says the exact solve was running when the page went: the stores of the pages
 * before (alive in a test) still write it as their runs' events arrive.
 */
function wasRunning(): void {
  const saved = JSON.parse(sessionStorage.getItem('pw-session')!) as { exact: { running: boolean } }
  saved.exact.running = true
  sessionStorage.setItem('pw-session', JSON.stringify(saved))
}

/**
 * The page as a reload leaves it: fresh stores, sessionStorage kept. (The stores of the pages
 * before stay alive in a test, and an action of one makes its own the active ones again.)
 */
async function reload(): Promise<boolean> {
  const pinia = createPinia()
  setActivePinia(pinia)
  const resumed = await resumeSession()
  setActivePinia(pinia)
  return resumed
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

  it('takes up a solve of a figure with exact corners, running or ended, with the Gallery showing it', async () => {
    hostAnswers()
    const x = useExactTilings()
    void x.solve(tangram(), diamond, 'raw')
    await nextTick()
    await new Promise((r) => setTimeout(r))
    x.inGallery = true
    x.from = 'figures'
    rememberSession()
    useApp().view = 'gallery'
    await nextTick()
    const progress = {
      type: 'run.progress',
      ...exactBase,
      progress: { done: 0, total: 1, fraction: 0 },
    } as const
    hostAnswers([listedExact(true, progress)])
    await reload()
    const again = useExactTilings()
    expect([again.state, again.figure?.name, again.mode, again.everyFixed]).toEqual([
      'running',
      'diamond',
      'raw',
      true,
    ])
    expect([again.inGallery, again.from, useApp().view]).toEqual([true, 'figures', 'gallery'])
    // Its events go on arriving: its tilings, exact, then its end.
    host.emit({ type: 'run.items', ...exactBase, items: [diamondDone] })
    const { tilings, parts, ...counts } = diamondDone
    host.emit({
      type: 'run.ended',
      ...exactBase,
      outcome: 'done',
      result: { counts: [counts] },
      elapsedMs: 9,
    })
    expect(again.state).toBe('done')
    expect(again.solved?.tilings).toHaveLength(tilings.length)
    expect(again.solved?.region).toHaveLength(parts.length)
    expect(useApp().notices).toEqual([])
    again.stop()

    // Ended while the page was away: its result, and a line saying so.
    hostAnswers([
      listedExact(
        false,
        { type: 'run.items', ...exactBase, items: [diamondDone] },
        {
          type: 'run.ended',
          ...exactBase,
          outcome: 'done',
          result: { counts: [counts] },
          elapsedMs: 9,
        },
      ),
    ])
    wasRunning()
    await reload()
    expect([useExactTilings().state, useExactTilings().solved?.fixed]).toEqual(['done', 2])
    expect(useApp().notices.map((n) => [n.kind, n.text])).toEqual([
      ['info', 'While the page was reloading, the solve of diamond finished.'],
    ])

    // Gone (the host restarted): said, and nothing shown as if it ran.
    hostAnswers([])
    wasRunning()
    await reload()
    expect([useExactTilings().state, useExactTilings().figure]).toEqual(['idle', undefined])
    expect(useApp().notices.map((n) => n.text)).toEqual([
      'The solve of diamond that was running before the page was reloaded is gone: the workbench was restarted, or ran other jobs since. Solve again.',
    ])
  })

  it("brings Compose's pieces and the figures made from them back", async () => {
    hostAnswers()
    const document = useDocument()
    document.load(tangram(), undefined, true)
    const compose = useCompose()
    compose.load(document.doc)
    compose.active = true
    expect(compose.drop(2, [0, 0], 0.1)).toBe(true)
    compose.useAsFigure('the square')
    rememberSession()
    useApp().view = 'figures'
    await nextTick()
    await reload()
    const again = useCompose()
    expect([again.active, again.onBoard, again.canUndo]).toEqual([true, 1, true])
    expect(useExactFigures().latest?.name).toBe('the square')
    expect(useExactFigures().latest?.parts[0].outline).toEqual(
      useExactFigures().figures[0].parts[0].outline,
    )
    expect(again.useAsFigure('again').parts).toEqual(useExactFigures().figures[0].parts)
  })
})
