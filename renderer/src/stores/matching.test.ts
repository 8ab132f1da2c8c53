import { afterEach, describe, expect, it, vi } from 'vitest'
import hibSmiley from '../../../resources/cards/hib-smiley.json'
import { AUTOSAVE_LIMITS } from '../../../shared/api/contract'
import {
  newCards,
  newTriangle,
  puzzleName,
  puzzleText,
  turnPiece,
} from '../../../shared/edgematch/edit'
import { fakeRuns } from '../../../testing/fake-runs'
import { host, settled } from '../../../testing/renderer-setup'
import type { MatchResult } from '../../../shared/api/run'
import { useApp } from './app'
import { useDialogs, type Modal } from './dialogs'
import { useMatching } from './matching'

const HIB = {
  id: 'cards/hib-smiley',
  kind: 'cards' as const,
  name: 'HIB smiley puzzle',
  text: JSON.stringify(hibSmiley),
}

/** The host as the browser host: its own dialogs, the bundled HIB set, no autosave yet. */
function browserHost(): void {
  host.answer('app.info', () => ({ host: 'browser', version: '0', nativeDialogs: false, cores: 2 }))
  host.answer('puzzle.bundled', () => ({ puzzles: [HIB] }))
  host.answer('puzzle.recover', () => ({}))
  host.answer('puzzle.autosave', () => null)
}

/** The store, started as the view starts it, on the app's info. */
async function started() {
  const app = useApp()
  app.info = { host: 'browser', version: '0', nativeDialogs: false, cores: 2 }
  const m = useMatching()
  await m.start()
  return m
}

/** A search's counts as the host ends it; its boards come as items before. */
const counted = (boards: number): MatchResult => ({
  fixed: String(boards),
  upToRotation: String(boards / 4),
  complete: true,
  nodes: 10,
  placements: 20,
  ms: 1,
  identical: [],
})
const boardItems = (boards: number) =>
  Array.from({ length: boards }, (_, k) => ({
    board: [[k, 0]] as [number, number][],
    canonical: k % 4 === 0,
  }))

/** The user answers the dialog shown: a file dialog with a path, a confirmation with an action. */
function answerDialog(kind: Modal['kind'], answer: string): Modal {
  const modal = useDialogs().modal
  if (!modal || modal.kind !== kind) throw new Error(`no ${kind} dialog is shown`)
  modal.resolve(answer)
  return modal
}

afterEach(() => vi.useRealTimers())

describe('the edge-matching store', () => {
  it('starts with the bundled HIB puzzle, unsaved changes none', async () => {
    browserHost()
    const m = await started()
    expect(puzzleName(m.puzzle)).toBe('HIB smiley puzzle')
    expect([m.dirty, m.path, m.bundled.length]).toEqual([false, undefined, 1])
  })

  it('starts from the autosaved puzzle, as it was left', async () => {
    browserHost()
    const left = turnPiece(newTriangle(2), 1)
    host.answer('puzzle.recover', () => ({
      state: {
        kind: 'triangle',
        text: puzzleText(left),
        name: 'mine',
        dirty: true,
        path: '/files/mine.txt',
      },
    }))
    const m = await started()
    expect(m.text).toBe(puzzleText(left))
    expect([puzzleName(m.puzzle), m.dirty, m.path]).toEqual(['mine', true, '/files/mine.txt'])
  })

  it('is not ready to edit until the autosaved puzzle is back, which then shows', async () => {
    browserHost()
    let recover: (v: object) => void = () => {}
    host.answer('puzzle.recover', () => new Promise((resolve) => (recover = resolve)))
    const app = useApp()
    app.info = { host: 'browser', version: '0', nativeDialogs: false, cores: 2 }
    const m = useMatching()
    const starting = m.start()
    await settled()
    expect(m.ready).toBe(false)
    const turned = turnPiece(newCards(3, 3), 0)
    recover({ state: { kind: 'cards', text: puzzleText(turned), name: 'Mine', dirty: true } })
    await starting
    expect(m.ready).toBe(true)
    expect(puzzleText(m.puzzle)).toBe(puzzleText(turned))
  })

  it('undoes and redoes edits, each autosaved with its unsaved state', async () => {
    browserHost()
    const m = await started()
    const hib = m.puzzle
    m.change(turnPiece(hib, 0))
    m.change(turnPiece(m.puzzle, 0))
    const twice = m.puzzle
    m.undo()
    m.undo()
    expect(m.puzzle).toBe(hib)
    expect([m.canUndo, m.canRedo, m.dirty]).toEqual([false, true, true])
    m.redo()
    m.redo()
    expect(m.puzzle).toBe(twice)
    await settled()
    const saved = host.callsOf('puzzle.autosave')
    expect(saved.at(-1)).toMatchObject({
      kind: 'cards',
      text: puzzleText(twice),
      name: 'HIB smiley puzzle',
      dirty: true,
    })
    // The history goes with it, so that restored work can be undone.
    expect(saved.at(-1)!.history).toBeDefined()
  })

  it('keeps as much undo history in an autosave as fits its cap, the nearest steps first', async () => {
    browserHost()
    const m = await started()
    // A 100 × 100 board is 340 kB of text: 20 steps of it hold 6.8 MB, more than an autosave may.
    m.change(newCards(100, 100))
    for (let k = 0; k < 20; k++) m.change(turnPiece(m.puzzle, k))
    await settled()
    const last = host.callsOf('puzzle.autosave').at(-1)!
    expect(new TextEncoder().encode(JSON.stringify(last)).byteLength).toBeLessThanOrEqual(
      AUTOSAVE_LIMITS.maxBytes,
    )
    const past = last.history!.past
    expect(past.length).toBeGreaterThan(5)
    expect(past.length).toBeLessThan(20)
    m.undo()
    expect(past.at(-1)!.text).toBe(puzzleText(m.puzzle))
  })

  it('solves on the farm, shows progress and boards, and an edit makes the result stale', async () => {
    browserHost()
    const runs = fakeRuns(host)
    const m = await started()
    m.identicalAsOne = true
    const solving = m.solve()
    await settled()
    const { runId, kind, params } = runs.last<'cards'>()
    expect([kind, params]).toEqual(['cards', { text: m.text, goal: 'all', identicalAsOne: true }])
    const runsOn = { kind: 'queue', url: 'redis://q:6379' } as const
    await runs.emit({ type: 'run.started', runId, kind: 'cards', runsOn })
    expect(m.busy?.place).toEqual(runsOn)
    await runs.emit({
      type: 'run.progress',
      runId,
      kind: 'cards',
      progress: { found: 7, nodes: 65_536, fraction: 0.1 },
    })
    expect(m.busy).toMatchObject({ op: 'solve', found: 7, nodes: 65_536, fraction: 0.1 })
    await runs.emit({ type: 'run.items', runId, kind: 'cards', items: boardItems(8) })
    await runs.end(runId, 'cards', { result: counted(8) })
    await solving
    expect(m.busy).toBeUndefined()
    expect(m.result).toMatchObject({ fixed: 8n, upToRotation: 2n })
    expect(m.board).toEqual([[0, 0]])
    m.oneEach = true
    await settled()
    expect(m.shown).toEqual([0, 4])
    m.step(1)
    expect(m.board).toEqual([[4, 0]])
    m.step(1)
    expect(m.board).toEqual([[0, 0]])

    m.change(turnPiece(m.puzzle, 2))
    expect([m.stale, m.board]).toEqual([true, undefined])
    m.undo()
    expect(m.stale).toBe(false)
  })

  it('stops a search at once, cancelling its run; a failing one is reported', async () => {
    browserHost()
    const runs = fakeRuns(host)
    const m = await started()
    const app = useApp()
    const first = m.solve()
    await settled()
    m.cancel()
    expect(m.busy).toBeUndefined()
    await first
    expect(runs.cancelled()).toEqual(['r1'])
    const failing = m.solve()
    await settled()
    await runs.end('r2', 'cards', { error: 'a worker process died twice on task match' })
    await failing
    expect(m.busy).toBeUndefined()
    host.answer('run.start', () => {
      throw new Error('the puzzle: not a card file')
    })
    await m.solve()
    expect(app.notices.map((n) => n.text)).toEqual([
      'Stopped',
      'Solving failed: a worker process died twice on task match',
      'Solving failed: the puzzle: not a card file',
    ])
  })

  it('a generated puzzle replaces the edited one as an undoable, unsaved edit, then is solved', async () => {
    browserHost()
    const runs = fakeRuns(host)
    const m = await started()
    const before = m.puzzle
    const generating = m.generate({ rows: 2, cols: 2, figures: 3, frame: 0, seed: 5 })
    await settled()
    const { runId, kind, params } = runs.last<'generate'>()
    expect([kind, params]).toEqual([
      'generate',
      { kind: 'cards', rows: 2, cols: 2, figures: 3, seed: 5 },
    ])
    // Its searches show that they work: draws and nodes so far.
    await runs.emit({
      type: 'run.progress',
      runId,
      kind: 'generate',
      progress: { nodes: 3_000_000, draws: 4 },
    })
    expect(m.busy).toMatchObject({ op: 'generate', nodes: 3_000_000, draws: 4 })
    const made = newCards(2, 2)
    const text = puzzleText(made)
    await runs.end(runId, 'generate', { result: { text, title: 'made', draws: 3, nodes: 40 } })
    await generating
    expect(m.text).toBe(puzzleText(made))
    expect([m.dirty, m.path, m.generated]).toEqual([true, undefined, { draws: 3, nodes: 40 }])
    await settled()
    expect(runs.last()).toMatchObject({ kind: 'cards', params: { text, goal: 'all' } })
    m.undo()
    expect(m.puzzle).toBe(before)
  })

  it('saves through the app’s own dialog, then in place; a refused save says why', async () => {
    browserHost()
    host.answer('puzzle.save', ({ path }) => {
      if (path.startsWith('/locked')) throw new Error(`${path}: cannot save (permission denied)`)
      return { path }
    })
    const m = await started()
    const dialogs = useDialogs()
    const app = useApp()
    m.change(turnPiece(m.puzzle, 0))
    const saving = m.save()
    expect(dialogs.modal).toMatchObject({
      kind: 'file',
      mode: 'save',
      suggestedName: 'HIB-smiley-puzzle.json',
    })
    answerDialog('file', '/files/hib.json')
    expect(await saving).toBe(true)
    expect(host.callsOf('puzzle.save')).toEqual([{ path: '/files/hib.json', text: m.text }])
    expect([m.path, m.dirty]).toEqual(['/files/hib.json', false])
    m.change(turnPiece(m.puzzle, 1))
    expect(await m.save()).toBe(true)
    expect(host.callsOf('puzzle.save')[1].path).toBe('/files/hib.json')

    const again = m.saveAs()
    answerDialog('file', '/locked/hib.json')
    expect(await again).toBe(false)
    expect(app.notices.at(-1)!.text).toBe('/locked/hib.json: cannot save (permission denied)')
    expect(m.path).toBe('/files/hib.json')
  })

  it('asks before an open replaces unsaved changes to a file, and Cancel keeps them', async () => {
    browserHost()
    host.answer('puzzle.save', ({ path }) => ({ path }))
    const triangle = newTriangle(2)
    host.answer('puzzle.open', ({ path }) => ({
      path,
      kind: 'triangle',
      text: puzzleText(triangle),
    }))
    const m = await started()
    const dialogs = useDialogs()
    m.load(m.puzzle, '/files/hib.json')
    m.change(turnPiece(m.puzzle, 0))
    const edited = m.puzzle

    const cancelled = m.open()
    answerDialog('file', '/files/t.txt')
    await settled()
    expect(dialogs.modal).toMatchObject({
      kind: 'confirm',
      actions: ['Save', "Don't save", 'Cancel'],
    })
    answerDialog('confirm', 'Cancel')
    await cancelled
    expect(m.puzzle).toBe(edited)
    expect(host.callsOf('puzzle.open')).toEqual([])

    const opened = m.open()
    answerDialog('file', '/files/t.txt')
    await settled()
    answerDialog('confirm', "Don't save")
    await opened
    expect([m.text, m.path, m.dirty, m.canUndo]).toEqual([
      puzzleText(triangle),
      '/files/t.txt',
      false,
      false,
    ])
    expect(puzzleName(m.puzzle)).toBe('t')
    expect(host.callsOf('puzzle.save')).toEqual([])
  })

  it('prints the pieces and the board shown', async () => {
    browserHost()
    host.answer('export.puzzle', ({ path }) => ({ files: [path] }))
    const runs = fakeRuns(host)
    const m = await started()
    const solving = m.solve()
    await settled()
    await runs.emit({ type: 'run.items', runId: 'r1', kind: 'cards', items: boardItems(4) })
    const result = counted(4)
    await runs.end('r1', 'cards', { result })
    await solving
    const printing = m.print()
    expect(answerDialog('file', '/files/hib.pdf')).toMatchObject({
      suggestedName: 'HIB-smiley-puzzle.pdf',
    })
    await printing
    expect(host.callsOf('export.puzzle')).toEqual([
      {
        path: '/files/hib.pdf',
        kind: 'cards',
        text: m.text,
        title: 'HIB smiley puzzle',
        solution: [[0, 0]],
      },
    ])
  })
})
