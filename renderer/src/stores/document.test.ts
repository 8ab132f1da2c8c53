import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import {
  documentFromJson,
  documentToJson,
  type WorkbenchDocument,
} from '../../../shared/document/document'
import type { Point } from '../../../shared/lattice/polygon'
import { host } from '../../../testing/renderer-setup'
import { AUTOSAVE_LIMITS, AUTOSAVED_HISTORY } from '../../../shared/api/contract'
import { ApiError } from '../api'
import { useApp } from './app'
import { useDocument } from './document'

const square = (x: number, y: number, s = 1): Point[] => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
]
const tangram = () => documentFromJson(tangramSet, 'tangram.json')
const names = (d: WorkbenchDocument) => d.pieces.map((p) => p.name)

/** The host answers the document calls as it does when all goes well. */
function hostKeepsDocuments() {
  host.answer('autosave.write', () => null)
  host.answer('autosave.discard', () => null)
  host.answer('document.save', ({ path }) => ({ path }))
}

// Every test on fake timers: an autosave a test leaves pending on a real timer would land in the
// next test's host calls on a slow machine (CI did so).
beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** An autosave.write's contents, parsed. */
const contentsOf = (w: { contents: string }) =>
  JSON.parse(w.contents) as {
    document: WorkbenchDocument
    history: { past: WorkbenchDocument[]; future: WorkbenchDocument[] }
  }

describe('the document store', () => {
  it('undoes and redoes every edit exactly, and a new edit drops what was undone', () => {
    hostKeepsDocuments()
    const d = useDocument()
    const start = d.doc
    expect([d.canUndo, d.canRedo, d.dirty]).toEqual([false, false, false])
    const a = d.addPiece(square(0, 0))
    d.addPiece(square(2, 0, 2))
    d.rename('Squares')
    const edited = d.doc
    expect(names(edited)).toEqual(['piece 1', 'piece 2'])
    expect(d.title).toBe('Squares •')

    d.undo()
    d.undo()
    expect(names(d.doc)).toEqual(['piece 1'])
    expect(d.canRedo).toBe(true)
    d.redo()
    d.redo()
    expect(d.doc).toBe(edited)
    d.undo()
    d.undo()
    d.undo()
    expect(d.doc).toBe(start)
    expect(d.canUndo).toBe(false)
    d.undo()
    expect(d.doc).toBe(start)

    d.redo()
    d.movePiece(a, 3, 1)
    expect(d.canRedo).toBe(false)
    expect(d.doc.pieces[0].polygon).toEqual(square(3, 1))
  })

  it('sets a count range and one-sidedness as undoable steps, and a file keeps them', () => {
    hostKeepsDocuments()
    const d = useDocument()
    d.rename('Ranged')
    const id = d.addPiece(square(0, 0))
    d.setCopies(id, 0, 2)
    d.setOneSided(id, true)
    expect(d.doc.pieces[0]).toMatchObject({ count: 2, min: 0, flip: false })
    expect(documentToJson(d.doc)).toMatchObject({
      pieces: [{ count: { min: 0, max: 2 }, flip: false }],
    })
    d.undo()
    expect(d.doc.pieces[0].flip).toBeUndefined()
    d.undo()
    expect(d.doc.pieces[0]).not.toHaveProperty('min')
    expect(d.doc.pieces[0].count).toBe(1)
    d.redo()
    d.redo()
    d.setCopies(id, 3, 3)
    d.setOneSided(id, false)
    expect(d.doc.pieces[0]).not.toHaveProperty('min')
    expect(d.doc.pieces[0]).not.toHaveProperty('flip')
    expect(d.doc.pieces[0].count).toBe(3)
  })

  it('keeps a gesture (a drag) as one step of the history, and at most 200 steps', () => {
    hostKeepsDocuments()
    const d = useDocument()
    const id = d.addPiece(square(0, 0))
    d.beginGesture()
    for (let k = 0; k < 5; k++) d.movePiece(id, 1, 0)
    d.endGesture()
    expect(d.doc.pieces[0].polygon).toEqual(square(5, 0))
    d.undo()
    expect(d.doc.pieces[0].polygon).toEqual(square(0, 0))

    for (let k = 0; k < 250; k++) d.movePiece(id, 0, 1)
    let steps = 0
    while (d.canUndo) {
      d.undo()
      steps++
    }
    expect(steps).toBe(200)
    expect(d.doc.pieces[0].polygon).toEqual(square(0, 50))
  })

  it('autosaves unsaved work once, shortly after the last of several edits', async () => {
    vi.useFakeTimers()
    hostKeepsDocuments()
    const d = useDocument()
    d.addPiece(square(0, 0))
    await vi.advanceTimersByTimeAsync(500)
    d.rename('Mine')
    await vi.advanceTimersByTimeAsync(500)
    expect(host.callsOf('autosave.write')).toEqual([])
    await vi.advanceTimersByTimeAsync(400)
    const [written, ...more] = host.callsOf('autosave.write')
    expect(more).toEqual([])
    expect(written.name).toBe('Mine')
    expect(contentsOf(written).document).toMatchObject({
      name: 'Mine',
      pieces: [{ name: 'piece 1' }],
    })
    expect(written.id).toMatch(/^doc-/)
  })

  it('keeps as much undo history in an autosave as fits its cap, the nearest steps first', async () => {
    vi.useFakeTimers()
    hostKeepsDocuments()
    const d = useDocument()
    // 250 vertices a piece (3 kB): the last 60 steps hold 5.6 MB, more than an autosave may.
    const wide = Array.from({ length: 250 }, (_, i): Point => [i * 7, 9999 - i])
    for (let i = 0; i < 60; i++) d.addPiece(wide, `wide ${i}`)
    await vi.advanceTimersByTimeAsync(1000)
    const [written] = host.callsOf('autosave.write')
    const bytes = new TextEncoder().encode(written.contents).length
    expect(bytes).toBeLessThanOrEqual(AUTOSAVE_LIMITS.maxBytes)
    expect(bytes).toBeGreaterThan(AUTOSAVE_LIMITS.maxBytes * 0.9)
    const kept = contentsOf(written).history.past
    expect(kept.length).toBeGreaterThan(10)
    expect(kept.length).toBeLessThan(AUTOSAVED_HISTORY)
    // The steps kept are those just before the document: undo goes back through them in order.
    expect(kept.map((p) => p.pieces.length)).toEqual(
      Array.from({ length: kept.length }, (_, i) => 60 - kept.length + i),
    )
  })

  it('says once that unsaved work could not be autosaved, and again when the reason changes', async () => {
    vi.useFakeTimers()
    hostKeepsDocuments()
    const refusal = (n: number) =>
      `the autosave of "Untitled": there are ${n} autosaves already, the most kept: restore or discard earlier unsaved work to autosave this one`
    let reason = refusal(20)
    host.answer('autosave.write', () => {
      throw new Error(reason)
    })
    const app = useApp()
    const d = useDocument()
    d.addPiece(square(0, 0))
    await vi.advanceTimersByTimeAsync(1000)
    d.addPiece(square(2, 0))
    await vi.advanceTimersByTimeAsync(1000)
    expect(host.callsOf('autosave.write')).toHaveLength(2)
    expect(app.notices.map((n) => [n.kind, n.text])).toEqual([
      ['error', `Not autosaved: ${refusal(20)}`],
    ])
    reason = refusal(21)
    d.addPiece(square(4, 0))
    await vi.advanceTimersByTimeAsync(1000)
    expect(app.notices.map((n) => n.text)).toEqual([
      `Not autosaved: ${refusal(20)}`,
      `Not autosaved: ${refusal(21)}`,
    ])
  })

  it('saves: the file gets the document, the work is no longer dirty, its autosave goes', async () => {
    vi.useFakeTimers()
    hostKeepsDocuments()
    const d = useDocument()
    d.addPiece(square(0, 0))
    await vi.advanceTimersByTimeAsync(1000)
    const { id } = host.callsOf('autosave.write')[0]
    await d.save('/files/mine.json')
    expect(host.callsOf('document.save')).toEqual([{ path: '/files/mine.json', document: d.doc }])
    expect([d.path, d.dirty, d.title]).toEqual(['/files/mine.json', false, 'Untitled'])
    expect(host.callsOf('autosave.discard')).toEqual([{ id }])
    // Saved work is not autosaved again.
    await vi.advanceTimersByTimeAsync(2000)
    await d.flushAutosave()
    expect(host.callsOf('autosave.write')).toHaveLength(1)
  })

  it('a save the host refuses leaves the work dirty and says why', async () => {
    hostKeepsDocuments()
    host.answer('document.save', () => {
      throw new Error('/files/x.json: cannot save (permission denied)')
    })
    const d = useDocument()
    d.addPiece(square(0, 0))
    const failed = d.save('/files/x.json')
    await expect(failed).rejects.toThrow(ApiError)
    await expect(failed).rejects.toThrow('/files/x.json: cannot save (permission denied)')
    expect([d.dirty, d.path]).toEqual([true, undefined])
  })

  it('loads a document with a fresh history, its pieces laid apart, and drops the old autosave', async () => {
    vi.useFakeTimers()
    hostKeepsDocuments()
    const d = useDocument()
    d.addPiece(square(0, 0))
    await vi.advanceTimersByTimeAsync(1000)
    const old = host.callsOf('autosave.write')[0].id
    const set = tangram()
    const loads = d.loads
    d.load(set, '/files/tangram.json')
    expect([d.canUndo, d.dirty, d.path, d.loads]).toEqual([
      false,
      false,
      '/files/tangram.json',
      loads + 1,
    ])
    expect(host.callsOf('autosave.discard')).toEqual([{ id: old }])
    expect(names(d.doc)).toEqual(names(set))
    expect(d.area).toBe(16)
    expect(d.problems.size).toBe(0)
    // The set puts several pieces at the origin; the designer shows them apart.
    const boxes = d.doc.pieces.map((p) => JSON.stringify(p.polygon))
    expect(new Set(boxes).size).toBe(set.pieces.length)
  })

  it('restores autosaved work as unsaved, with its history, autosaving it on under the same id', async () => {
    vi.useFakeTimers()
    hostKeepsDocuments()
    const d = useDocument()
    const before = tangram()
    const doc = { ...before, name: 'Tangram, renamed' }
    d.restore({
      id: 'doc-earlier',
      name: doc.name,
      savedAt: '2026-01-01T00:00:00.000Z',
      path: '/files/tangram.json',
      contents: JSON.stringify({ document: doc, history: { past: [before], future: [] } }),
    })
    expect(d.dirty).toBe(true)
    // The session it replaces is discarded, as opening a file does; the restored one is kept.
    expect(host.callsOf('autosave.discard').map((c) => c.id)).not.toContain('doc-earlier')
    expect(d.canUndo).toBe(true)
    d.undo()
    expect(d.doc.name).toBe(before.name)
    d.redo()
    d.rename('Tangram, edited')
    await vi.advanceTimersByTimeAsync(1000)
    const written = host.callsOf('autosave.write')
    expect(written).toMatchObject([{ id: 'doc-earlier', path: '/files/tangram.json' }])
    expect(contentsOf(written[0]).document.name).toBe('Tangram, edited')
  })

  it('refuses damaged autosave contents with a message, keeping the document open', () => {
    hostKeepsDocuments()
    const d = useDocument()
    d.rename('Open')
    const entry = { id: 'doc-damaged', name: 'Damaged', savedAt: '2026-01-01T00:00:00.000Z' }
    const piece = { id: 'p', name: 'p', polygon: [[0, 0]], count: 1, color: '#000' }
    const cases: [string, string][] = [
      ['{"document":{"name":"Damaged","pie', 'not JSON'],
      ['[1,2]', 'value: Invalid input: expected object, received array'],
      ['{"history":{"past":[],"future":[]}}', 'document: Invalid input'],
      [
        JSON.stringify({ document: { name: 'Damaged', pieces: [{ ...piece, count: 'x' }] } }),
        'document.pieces.0.count: Invalid input: expected number, received string',
      ],
    ]
    for (const [contents, problem] of cases) {
      expect(() => d.restore({ ...entry, contents })).toThrow(
        `the autosave of "Damaged" is damaged (${problem}`,
      )
      expect([d.doc.name, d.dirty]).toEqual(['Open', true])
    }
    expect(host.callsOf('autosave.discard')).toEqual([])
    // A history this version cannot read costs only itself.
    d.restore({
      ...entry,
      contents: JSON.stringify({ document: tangram(), history: { past: 'x' } }),
    })
    expect([d.doc.name, d.canUndo]).toEqual([tangram().name, false])
  })

  it('names new pieces and copies apart, and says what is wrong with a half-drawn piece', () => {
    hostKeepsDocuments()
    const d = useDocument()
    const a = d.addPiece(square(0, 0))
    d.duplicatePiece(a)
    d.duplicatePiece(a)
    expect(names(d.doc)).toEqual(['piece 1', 'piece 2', 'piece 3'])
    expect(d.doc.pieces[1].polygon).toEqual(square(1, -1))
    const open = d.addPiece([
      [0, 0],
      [2, 0],
    ])
    expect(d.problems.get(open)).toBeDefined()
    d.removePiece(open)
    expect(d.problems.size).toBe(0)
    expect(d.area).toBe(6)
  })
})
