import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { convexOutlines } from '../../../shared/convex/outlines'
import { arrangeApart } from '../../../shared/document/arrange'
import { mergeCongruentPieces, sameShapeNotes, solvedSetKey } from '../../../shared/document/merge'
import {
  documentArea,
  documentProblems,
  emptyDocument,
  newId,
  paletteColor,
  type DocFigure,
  type DocPiece,
  type WorkbenchDocument,
} from '../../../shared/document/document'
import { LIMITS } from '../../../shared/limits'
import type { Point } from '../../../shared/lattice/polygon'
import { mapRings, type FigureShape } from '../../../shared/lattice/region'
import type { Params, Recoverable } from '../../../shared/api/contract'
import { api } from '../api'
import { useApp } from './app'
import { autosaveContents, readAutosave } from './autosave-contents'
import { flipPolygon, rotatePolygon, translate } from '../geometry'

/** Steps of undo history kept. */
const HISTORY = 200
/** Autosave this long after the last change. */
const AUTOSAVE_MS = 800

/**
 * The open document and everything done to it: every edit is a new immutable document pushed on
 * the undo history; unsaved work is autosaved (by the host, into its autosave folder) shortly after
 * each change, so that a crash or a closed page loses nothing.
 */
export const useDocument = defineStore('document', () => {
  const doc = shallowRef<WorkbenchDocument>(emptyDocument())
  /** Counts documents loaded (new, opened, restored): editors fit their view to each. */
  const loads = ref(0)
  const path = ref<string | undefined>()
  /** The document as last opened or saved (none for restored work): what "changed" is against. */
  const baseline = shallowRef<WorkbenchDocument | undefined>(doc.value)
  /**
   * A bundled set is a template: figures drawn on it are trials, not changes to the set, so
   * only its name and pieces make it unsaved.
   */
  const template = ref(false)
  const dirty = computed(() => {
    const b = baseline.value
    const d = doc.value
    if (!template.value) return d !== b
    return !b || d.name !== b.name || d.description !== b.description || d.pieces !== b.pieces
  })
  const past = shallowRef<WorkbenchDocument[]>([])
  const future = shallowRef<WorkbenchDocument[]>([])
  let autosaveId = sessionId()
  let autosaveTimer: ReturnType<typeof setTimeout> | undefined
  /** The last autosave failure shown: it is said once, not after every edit. */
  let autosaveError: string | undefined

  const problems = computed(() => documentProblems(doc.value))
  const area = computed(() => documentArea(doc.value))
  const outlineCount = computed(() =>
    area.value > 0 && area.value <= LIMITS.maxOutlineArea
      ? convexOutlines(area.value).length
      : undefined,
  )
  /** The valid pieces as the solver counts them: one kind per shape. */
  const kinds = computed(() => {
    const valid = doc.value.pieces.filter((p) => !problems.value.has(p.id))
    return { all: valid.length === doc.value.pieces.length, merge: mergeCongruentPieces(valid) }
  })
  const sameShape = computed(() => sameShapeNotes(kinds.value.merge))
  /** What the solver would be asked (none while a piece is not valid): whose tilings these are. */
  const setKey = computed(() => (kinds.value.all ? solvedSetKey(kinds.value.merge) : undefined))
  const canUndo = computed(() => past.value.length > 0)
  const canRedo = computed(() => future.value.length > 0)
  const title = computed(() => `${doc.value.name}${dirty.value ? ' •' : ''}`)

  // A gesture (dragging a piece, a brush stroke) is one step of the history however many edits
  // it makes: only its first edit pushes the document it started from.
  let inGesture = false
  let gesturePushed = false
  const beginGesture = () => {
    inGesture = true
    gesturePushed = false
  }
  const endGesture = () => (inGesture = false)

  function commit(next: WorkbenchDocument): void {
    if (!inGesture || !gesturePushed) {
      past.value = [...past.value.slice(-(HISTORY - 1)), doc.value]
      gesturePushed = inGesture
    }
    future.value = []
    doc.value = next
    scheduleAutosave()
  }

  function undo(): void {
    if (!canUndo.value) return
    future.value = [doc.value, ...future.value]
    doc.value = past.value[past.value.length - 1]
    past.value = past.value.slice(0, -1)
    scheduleAutosave()
  }

  function redo(): void {
    if (!canRedo.value) return
    past.value = [...past.value, doc.value]
    doc.value = future.value[0]
    future.value = future.value.slice(1)
    scheduleAutosave()
  }

  /** Replaces the document (new, opened or bundled); the history starts afresh. */
  function load(next: WorkbenchDocument, at?: string, bundled = false): void {
    replace(arrangeApart(next), at, sessionId())
    past.value = []
    future.value = []
    baseline.value = doc.value
    template.value = bundled
  }

  /**
   * Brings autosaved work back exactly as it was, its undo history with it; damaged contents
   * throw a one-line message, and nothing changes.
   */
  function restore(r: Recoverable): void {
    const { document, history } = readAutosave(r.contents, r.name)
    replace(document, r.path, r.id)
    past.value = [...(history?.past ?? [])]
    future.value = [...(history?.future ?? [])]
    baseline.value = undefined
    template.value = false
  }

  /** What a reload of the page needs to reopen the document as it is (renderer/src/session.ts). */
  function session(): DocumentSession {
    return {
      document: doc.value,
      path: path.value,
      template: template.value,
      unsaved: dirty.value,
      autosaveId,
    }
  }

  /**
   * Reopens the document a reload interrupted, as it was, under its autosave id. Unsaved work
   * comes back from its autosave with its history (`restore`); this takes the rest, and unsaved
   * work whose autosave is missing, without its history.
   */
  function resume(s: DocumentSession): void {
    replace(s.document, s.path, s.autosaveId)
    past.value = []
    future.value = []
    baseline.value = s.unsaved ? undefined : doc.value
    template.value = s.template
    if (s.unsaved) scheduleAutosave()
  }

  function replace(next: WorkbenchDocument, at: string | undefined, id: string): void {
    if (autosaveTimer) clearTimeout(autosaveTimer)
    if (id !== autosaveId) void api.call('autosave.discard', { id: autosaveId }).catch(() => {})
    autosaveId = id
    doc.value = next
    loads.value++
    path.value = at
  }

  async function save(to: string): Promise<void> {
    const saving = doc.value
    const saved = await api.call('document.save', { path: to, document: plain(saving) })
    path.value = saved.path
    baseline.value = saving
    template.value = false
    if (autosaveTimer) clearTimeout(autosaveTimer)
    await flushAutosave()
  }

  function scheduleAutosave(): void {
    if (autosaveTimer) clearTimeout(autosaveTimer)
    autosaveTimer = setTimeout(() => void flushAutosave(), AUTOSAVE_MS)
  }

  /**
   * Writes unsaved work to its autosave, or removes the autosave when nothing is unsaved; a
   * failure (a full disk, too many autosaves) is shown, once until it changes.
   */
  async function flushAutosave(): Promise<void> {
    try {
      if (!dirty.value) await api.call('autosave.discard', { id: autosaveId })
      else {
        const contents = autosaveContents(doc.value, past.value, future.value)
        await api.call('autosave.write', {
          id: autosaveId,
          name: doc.value.name,
          path: path.value,
          contents,
        })
      }
      autosaveError = undefined
    } catch (e) {
      const message = (e as Error).message
      if (message !== autosaveError) useApp().notify('error', `Not autosaved: ${message}`)
      autosaveError = message
    }
  }

  const rename = (name: string) => commit({ ...doc.value, name })

  // Pieces
  function addPiece(polygon: readonly Point[], name?: string): string {
    const id = newId('p')
    const n = doc.value.pieces.length
    const piece: DocPiece = {
      id,
      name: name ?? uniqueName('piece', n + 1),
      polygon,
      count: 1,
      color: paletteColor(n),
    }
    commit({ ...doc.value, pieces: [...doc.value.pieces, piece] })
    return id
  }
  const updatePiece = (id: string, patch: Partial<Omit<DocPiece, 'id'>>) =>
    commit({
      ...doc.value,
      pieces: doc.value.pieces.map((p) => (p.id === id ? { ...p, ...patch } : p)),
    })
  const removePiece = (id: string) =>
    commit({ ...doc.value, pieces: doc.value.pieces.filter((p) => p.id !== id) })
  function duplicatePiece(id: string): string | undefined {
    const p = doc.value.pieces.find((q) => q.id === id)
    if (!p) return undefined
    const copy: DocPiece = {
      ...p,
      id: newId('p'),
      name: uniqueName(p.name, 2),
      polygon: translate(p.polygon, 1, -1),
    }
    commit({ ...doc.value, pieces: [...doc.value.pieces, copy] })
    return copy.id
  }
  const movePiece = (id: string, dx: number, dy: number) =>
    updatePiece(id, { polygon: translate(pieceById(id)!.polygon, dx, dy) })
  const rotatePiece = (id: string) =>
    updatePiece(id, { polygon: rotatePolygon(pieceById(id)!.polygon) })
  const flipPiece = (id: string) =>
    updatePiece(id, { polygon: flipPolygon(pieceById(id)!.polygon) })
  const pieceById = (id: string) => doc.value.pieces.find((p) => p.id === id)
  /**
   * The copies a tiling may use, from `least` to `most` (equal: a whole count). One step, so an
   * undo restores both ends together.
   */
  function setCopies(id: string, least: number, most: number): void {
    const ranged = least < most ? { min: least } : {}
    replacePiece({ ...withoutMin(pieceById(id)!), count: most, ...ranged })
  }
  /** A one-sided piece is turned but never turned over (`"flip": false` in its file). */
  function setOneSided(id: string, oneSided: boolean): void {
    const piece = withoutFlip(pieceById(id)!)
    replacePiece(oneSided ? { ...piece, flip: false } : piece)
  }
  const replacePiece = (piece: DocPiece) =>
    commit({ ...doc.value, pieces: doc.value.pieces.map((p) => (p.id === piece.id ? piece : p)) })

  // Figures (targets)
  function addFigure(polygon: FigureShape, name?: string): string {
    const id = newId('f')
    const figure: DocFigure = {
      id,
      name: name ?? uniqueFigureName(doc.value.figures.length + 1),
      polygon,
    }
    commit({ ...doc.value, figures: [...doc.value.figures, figure] })
    return id
  }
  const updateFigure = (id: string, patch: Partial<Omit<DocFigure, 'id'>>) =>
    commit({
      ...doc.value,
      figures: doc.value.figures.map((f) => (f.id === id ? { ...f, ...patch } : f)),
    })
  const removeFigure = (id: string) =>
    commit({ ...doc.value, figures: doc.value.figures.filter((f) => f.id !== id) })
  const moveFigure = (id: string, dx: number, dy: number) =>
    updateFigure(id, {
      polygon: mapRings(doc.value.figures.find((f) => f.id === id)!.polygon, (ring) =>
        translate(ring, dx, dy),
      ),
    })

  function uniqueName(base: string, start: number): string {
    const taken = new Set(doc.value.pieces.map((p) => p.name))
    const stem = base.replace(/ \d+$/, '')
    for (let k = start; ; k++) if (!taken.has(`${stem} ${k}`)) return `${stem} ${k}`
  }
  function uniqueFigureName(start: number): string {
    const taken = new Set(doc.value.figures.map((f) => f.name))
    for (let k = start; ; k++) if (!taken.has(`figure ${k}`)) return `figure ${k}`
  }

  return {
    doc,
    loads,
    path,
    dirty,
    problems,
    area,
    outlineCount,
    sameShape,
    setKey,
    canUndo,
    canRedo,
    title,
    commit,
    beginGesture,
    endGesture,
    undo,
    redo,
    load,
    restore,
    session,
    resume,
    save,
    flushAutosave,
    rename,
    addPiece,
    updatePiece,
    removePiece,
    duplicatePiece,
    movePiece,
    rotatePiece,
    flipPiece,
    setCopies,
    setOneSided,
    addFigure,
    updateFigure,
    removeFigure,
    moveFigure,
  }
})

/** The open document as a reload must bring it back. */
export interface DocumentSession {
  readonly document: WorkbenchDocument
  readonly path?: string
  /** A bundled set, whose figures are trials (see `template` in the store). */
  readonly template: boolean
  /** Changed since opened or saved: kept by its autosave. */
  readonly unsaved: boolean
  readonly autosaveId: string
}

function sessionId(): string {
  return `doc-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`
}

/** A figure's shape without Vue proxies, fit to send over IPC or a socket. */
export function plainShape(shape: FigureShape): FigureShape {
  return JSON.parse(JSON.stringify(shape)) as FigureShape
}

/** A copy without Vue proxies, in the API's document shape, fit to send over IPC or a socket. */
export function plain(doc: WorkbenchDocument): Params<'document.save'>['document'] {
  return JSON.parse(JSON.stringify(doc)) as Params<'document.save'>['document']
}

const withoutMin = ({ min: _, ...piece }: DocPiece): DocPiece => piece
const withoutFlip = ({ flip: _, ...piece }: DocPiece): DocPiece => piece
