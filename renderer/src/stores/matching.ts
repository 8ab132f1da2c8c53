import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch } from 'vue'
import type { BundledPuzzle, PuzzleState, RunPlace } from '../../../shared/api/contract'
import {
  figuresOf,
  newCards,
  paletteAfter,
  puzzleName,
  puzzleText,
  readPuzzleText,
  rename,
  type EdgePuzzle,
} from '../../../shared/edgematch/edit'
import type { Figure } from '../../../shared/edgematch/cards/puzzle'
import { api, ApiError } from '../api'
import type { MatchBoard, MatchResult } from '../../../shared/api/run'
import { useApp } from './app'
import { fittingHistory } from './autosave-contents'
import { useDialogs } from './dialogs'
import { runStore } from './run-store'

/** A board: per cell, the piece (card) and its turns. */
export type Board = MatchBoard['board']

/** A search's outcome as the view shows it: the counts, and the first boards found. */
export interface Solved extends Omit<MatchResult, 'fixed' | 'upToRotation'> {
  /** BigInt, as the card solver counts: cards told apart multiply. */
  readonly fixed: bigint
  readonly upToRotation: bigint
  /** The first boards on the fixed board (as many as the host sends). */
  readonly boards: readonly Board[]
  /** Per board kept: the one board of its class under turning the whole board that is listed. */
  readonly canonical: readonly boolean[]
}

/**
 * The run under way; a search says how far it has come (`fraction`, `etaSeconds`) and its nodes
 * so far, a generator its nodes and draws.
 */
export interface Busy {
  readonly op: 'solve' | 'generate'
  /** performance.now() when it started. */
  readonly started: number
  readonly found: number
  readonly nodes?: number
  readonly draws?: number
  readonly fraction?: number
  readonly etaSeconds?: number
  /** Before the time left is said: the plain extrapolation, its order of magnitude only. */
  readonly roughSeconds?: number
  /** Where it runs, once the host said. */
  readonly place?: RunPlace
}

export interface Selection {
  readonly piece: number
  readonly side: number
}

const HISTORY = 200

/**
 * The edge-matching workbench: the puzzle being edited (with undo and redo, autosaved), the side
 * selected, and the solver and generator with their results: runs on the host's task farm (kinds
 * `cards`, `triangle`, `generate`), here or on the queue. Files go through the API like the
 * documents do.
 */
export const useMatching = defineStore('matching', () => {
  const app = useApp()
  const dialogs = useDialogs()

  const puzzle = shallowRef<EdgePuzzle>(newCards(3, 3))
  const path = ref<string | undefined>()
  const dirty = ref(false)
  const past = shallowRef<EdgePuzzle[]>([])
  const future = shallowRef<EdgePuzzle[]>([])
  const selected = ref<Selection | undefined>()
  /** The figures to pick from, in a fixed order: the keys 1–9 pick them. */
  const palette = shallowRef<Figure[]>(figuresOf(puzzle.value))
  const bundled = shallowRef<BundledPuzzle[]>([])

  const solvers = { cards: runStore('cards'), triangle: runStore('triangle') }
  const generator = runStore('generate')
  /** The run under way: solving or generating, since when. */
  const job = shallowRef<{ op: 'solve' | 'generate'; started: number }>()
  const busy = computed<Busy | undefined>(() => {
    const j = job.value
    if (!j) return undefined
    const run = j.op === 'generate' ? generator : solvers[puzzle.value.kind]
    return { ...j, found: 0, ...run.progress.value, place: run.place.value }
  })
  const result = shallowRef<Solved | undefined>()
  /** The text the result belongs to: an edit makes the result stale. */
  const solvedText = ref<string | undefined>()
  const identicalAsOne = ref(false)
  const oneEach = ref(false)
  const index = ref(0)
  const generated = ref<{ draws: number; nodes: number } | undefined>()

  const text = computed(() => puzzleText(puzzle.value))
  const stale = computed(() => result.value !== undefined && solvedText.value !== text.value)
  const shown = computed<number[]>(() => {
    const r = result.value
    if (!r) return []
    return r.boards.flatMap((_, i) => (!oneEach.value || r.canonical[i] ? [i] : []))
  })
  const board = computed<Board | undefined>(() => {
    const i = shown.value[index.value]
    return i === undefined || stale.value ? undefined : result.value?.boards[i]
  })

  // ---- editing -------------------------------------------------------------------------------

  function load(next: EdgePuzzle, where?: string): void {
    puzzle.value = next
    palette.value = figuresOf(next)
    path.value = where
    dirty.value = false
    past.value = []
    future.value = []
    selected.value = undefined
    forget()
  }

  /** An edit: undoable, marks the puzzle unsaved. A new puzzle (blank, generated) starts a palette. */
  function change(next: EdgePuzzle, fresh = false): void {
    past.value = [...past.value.slice(-HISTORY + 1), puzzle.value]
    future.value = []
    show(next, fresh)
    dirty.value = true
  }

  function show(next: EdgePuzzle, fresh = false): void {
    puzzle.value = next
    palette.value = fresh ? figuresOf(next) : paletteAfter(palette.value, next)
  }

  function undo(): void {
    const prev = past.value.at(-1)
    if (!prev) return
    future.value = [puzzle.value, ...future.value]
    past.value = past.value.slice(0, -1)
    show(prev)
    dirty.value = true
  }

  function redo(): void {
    const next = future.value[0]
    if (!next) return
    past.value = [...past.value, puzzle.value]
    future.value = future.value.slice(1)
    show(next)
    dirty.value = true
  }

  function forget(): void {
    result.value = undefined
    solvedText.value = undefined
    generated.value = undefined
    index.value = 0
  }

  // Autosave (through the services, like the documents'): the puzzle and its undo history survive
  // a closed window or a crash, saved or not. Edits are single clicks, so each one is written at
  // once (the service writes atomically, in order).
  let started = false
  /** The puzzle to show is known: the autosaved one came back, or there was none. */
  const ready = ref(false)
  watch([puzzle, path, dirty], () => {
    if (!started) return
    // As much undo history as fits in an autosave's size: a puzzle file may be 2 MB.
    const { now, history } = fittingHistory(puzzle.value, past.value, future.value, stateOf)
    const state = {
      ...now,
      dirty: dirty.value,
      ...(path.value ? { path: path.value } : {}),
      history,
    }
    api.call('puzzle.autosave', state).catch((e: Error) => {
      app.notify('error', `The edge-matching puzzle could not be autosaved: ${e.message}`)
    })
  })

  async function start(): Promise<void> {
    try {
      bundled.value = (await api.call('puzzle.bundled', {})).puzzles
    } catch (e) {
      app.notify('error', `The bundled puzzles could not be listed: ${(e as Error).message}`)
    }
    try {
      const { state } = await api.call('puzzle.recover', {})
      if (state) {
        load(puzzleOf(state), state.path)
        dirty.value = state.dirty
        try {
          past.value = state.history?.past.map(puzzleOf) ?? []
          future.value = state.history?.future.map(puzzleOf) ?? []
        } catch {
          // A history this version cannot read: the puzzle comes back without it.
        }
        started = true
        ready.value = true
        return
      }
    } catch {
      // An autosave this version cannot read: start from the bundled set instead.
    }
    const hib = bundled.value.find((b) => b.id === 'cards/hib-smiley')
    if (hib) load(readPuzzleText(hib.kind, hib.text, hib.name))
    started = true
    ready.value = true
  }

  // ---- files ---------------------------------------------------------------------------------

  async function guard(what: string, f: () => Promise<void>): Promise<void> {
    try {
      await f()
    } catch (e) {
      app.notify('error', e instanceof ApiError ? e.message : `${what}: ${(e as Error).message}`)
    }
  }

  async function mayReplace(): Promise<boolean> {
    if (!dirty.value || path.value === undefined) return true
    const answer = await dialogs.confirm(`"${puzzleName(puzzle.value)}" has unsaved changes.`, [
      'Save',
      "Don't save",
      'Cancel',
    ])
    if (answer === 'Save') return save()
    return answer === "Don't save"
  }

  async function openBundled(id: string): Promise<void> {
    const b = bundled.value.find((x) => x.id === id)
    if (!b || !(await mayReplace())) return
    await guard('Opening', async () => load(readPuzzleText(b.kind, b.text, b.name)))
  }

  async function open(): Promise<void> {
    const target = app.info?.nativeDialogs
      ? (await api.call('dialog.open', { extensions: ['.json', '.txt'] })).path
      : await dialogs.pickFile('open', '', '.json', ['.json', '.txt'])
    if (!target || !(await mayReplace())) return
    await guard('Opening', async () => {
      const file = await api.call('puzzle.open', { path: target })
      const name = file.path.split(/[\\/]/).pop() ?? file.path
      load(readPuzzleText(file.kind, file.text, name), file.path)
      app.notify('info', `Opened ${name}`)
    })
  }

  const extension = () => (puzzle.value.kind === 'cards' ? '.json' : '.txt')
  const fileStem = () =>
    puzzleName(puzzle.value)
      .replace(/[^\w-]+/g, '-')
      .replace(/^-|-$/g, '')

  async function pickSavePath(suggested: string, ext: string): Promise<string | undefined> {
    return app.info?.nativeDialogs
      ? (await api.call('dialog.save', { suggestedName: suggested })).path
      : dialogs.pickFile('save', suggested, ext, [ext])
  }

  async function save(): Promise<boolean> {
    if (!path.value) return saveAs()
    let ok = false
    await guard('Saving', async () => {
      await api.call('puzzle.save', { path: path.value!, text: text.value })
      dirty.value = false
      ok = true
      app.notify('info', `Saved ${path.value}`)
    })
    return ok
  }

  async function saveAs(): Promise<boolean> {
    const target = await pickSavePath(`${fileStem() || 'puzzle'}${extension()}`, extension())
    if (!target) return false
    let ok = false
    await guard('Saving', async () => {
      const saved = await api.call('puzzle.save', { path: target, text: text.value })
      path.value = saved.path
      dirty.value = false
      ok = true
      app.notify('info', `Saved ${saved.path}`)
    })
    return ok
  }

  /** The pieces to cut out and, if a board is shown, that board on page 2. */
  async function print(): Promise<void> {
    const target = await pickSavePath(`${fileStem() || 'puzzle'}.pdf`, '.pdf')
    if (!target) return
    await guard('Printing', async () => {
      const { files } = await api.call('export.puzzle', {
        path: target,
        kind: puzzle.value.kind,
        text: text.value,
        title: puzzleName(puzzle.value),
        solution: board.value?.map(([p, t]) => [p, t] as [number, number]),
      })
      app.notify('info', `Printed ${files.join(', ')}`)
    })
  }

  // ---- the runs ----------------------------------------------------------------------------

  function fail(op: 'solve' | 'generate', message: string): void {
    app.notify('error', `${op === 'generate' ? 'Generating' : 'Solving'} failed: ${message}`)
  }

  async function solve(): Promise<void> {
    cancel(false)
    const asked = { kind: puzzle.value.kind, text: text.value }
    const mine = { op: 'solve' as const, started: performance.now() }
    job.value = mine
    const run = solvers[asked.kind]
    const { result: r, error } =
      asked.kind === 'cards'
        ? await solvers.cards.start({
            text: asked.text,
            goal: 'all',
            identicalAsOne: identicalAsOne.value,
          })
        : await solvers.triangle.start({ text: asked.text, goal: 'all' })
    if (job.value === mine) job.value = undefined
    if (error !== undefined) return fail('solve', error)
    if (!r) return
    const boards = run.items.value
    result.value = {
      ...r,
      fixed: BigInt(r.fixed),
      upToRotation: BigInt(r.upToRotation),
      boards: boards.map((b) => b.board),
      canonical: boards.map((b) => b.canonical),
    }
    solvedText.value = asked.text
    index.value = 0
  }

  async function generate(o: {
    rows: number
    cols: number
    figures: number
    frame: number
    seed: number
  }): Promise<void> {
    cancel(false)
    const kind = puzzle.value.kind
    const mine = { op: 'generate' as const, started: performance.now() }
    job.value = mine
    const { frame, ...size } = o
    const { result: g, error } = await generator.start({
      kind,
      ...size,
      ...(frame > 0 ? { frame } : {}),
    })
    if (job.value === mine) job.value = undefined
    if (error !== undefined) return fail('generate', error)
    if (!g) return
    const p = readPuzzleText(kind, g.text, 'generated')
    change(
      p.kind === 'triangle' ? rename(p, `Triangle puzzle, ${p.puzzle.rows} rows (generated)`) : p,
      true,
    )
    path.value = undefined
    forget()
    generated.value = { draws: g.draws, nodes: g.nodes }
    void solve()
  }

  /** Stops at once: the run's workers are stopped. */
  function cancel(say = true): void {
    if (!job.value) return
    job.value = undefined
    generator.cancel()
    solvers.cards.cancel()
    solvers.triangle.cancel()
    if (say) app.notify('info', 'Stopped')
  }

  function step(by: number): void {
    const n = shown.value.length
    if (n > 0) index.value = (index.value + by + n) % n
  }

  watch(oneEach, () => (index.value = 0))

  return {
    puzzle,
    palette,
    path,
    dirty,
    selected,
    bundled,
    busy,
    result,
    stale,
    identicalAsOne,
    oneEach,
    index,
    shown,
    board,
    generated,
    text,
    ready,
    canUndo: computed(() => past.value.length > 0),
    canRedo: computed(() => future.value.length > 0),
    load,
    change,
    undo,
    redo,
    start,
    openBundled,
    open,
    save,
    saveAs,
    print,
    solve,
    generate,
    cancel,
    step,
  }
})

/** A puzzle as its autosave keeps it: the file's text and the name. */
function stateOf(e: EdgePuzzle): PuzzleState {
  return { kind: e.kind, text: puzzleText(e), name: puzzleName(e) }
}

function puzzleOf(s: PuzzleState): EdgePuzzle {
  const p = readPuzzleText(s.kind, s.text, s.name)
  return p.kind === 'triangle' ? rename(p, s.name) : p
}
