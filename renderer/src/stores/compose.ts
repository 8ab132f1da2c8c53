import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { z } from 'zod'
import {
  compositionFigure,
  flipped,
  placedCorners,
  posed,
  snap,
  turned,
  type ComposePiece,
  type Composition,
} from '../../../shared/compose/compose'
import type { WorkbenchDocument } from '../../../shared/document/document'
import {
  fromLattice,
  ISOMETRIES,
  type Isometry,
  type Placement,
  type XPoint,
} from '../../../shared/exact/geometry'
import { formatRoot2, parseRoot2, toNumber, type Root2 } from '../../../shared/exact/root2'
import type { ExactRegionFigure } from '../../../shared/formats/exact-figure'
import { pointToText } from '../../../shared/pentagons/wire'
import { api } from '../api'
import { useApp } from './app'
import { useDialogs } from './dialogs'
import { useExactFigures } from './exact-figures'

/**
 * The Figures view's compose mode (issue 25): the open set's pieces, every copy on its own, each
 * in the tray or on the board, turned and mirrored; drops, turns and flips snapped exactly
 * (shared/compose); every change one step of its own undo history; "Use as figure" hands the
 * union to `useExactFigures().add`.
 */
export interface ComposeItem {
  readonly piece: ComposePiece
  readonly color: string
}

interface Snapshot {
  readonly placed: Composition
  readonly poses: readonly Isometry[]
}

/** How far a turn or flip about the piece's centre may move it to a snap (lattice units). */
const TURN_TOLERANCE = 0.75

/** Steps of the compose history a reload brings back, each way. */
const SESSION_STEPS = 50

const exactText = z.string().refine((t) => parseRoot2(t) !== undefined, 'not an exact number')
const isometrySchema = z.strictObject({ turn: z.number().int().min(0).max(7), mirror: z.boolean() })
const snapshotSchema = z.strictObject({
  placed: z.array(z.strictObject({ g: isometrySchema, dx: exactText, dy: exactText }).nullable()),
  poses: z.array(isometrySchema),
})
/** The figure's name until one is typed, and the longest a session keeps. */
export const DEFAULT_FIGURE_NAME = 'composed figure'
const NAME_LENGTH = 200

/**
 * The compose mode as a reload brings it back (`session.ts`): on or off, the figure's name, and the pieces where
 * they lay, with the history, for the set they were laid from; exact numbers as text.
 */
export const composeSessionSchema = z.strictObject({
  active: z.boolean(),
  /** The name typed for the figure (sessions saved before it was kept have none). */
  name: z.string().max(NAME_LENGTH).optional(),
  set: z.string(),
  now: snapshotSchema,
  past: z.array(snapshotSchema),
  future: z.array(snapshotSchema),
})
export type ComposeSession = z.infer<typeof composeSessionSchema>
type SnapshotText = z.infer<typeof snapshotSchema>

const placementText = (t: Placement) => ({ g: t.g, dx: formatRoot2(t.dx), dy: formatRoot2(t.dy) })
const snapshotToText = (s: Snapshot): SnapshotText => ({
  placed: s.placed.map((t) => (t ? placementText(t) : null)),
  poses: [...s.poses],
})
const root2 = (t: string): Root2 => parseRoot2(t)!
const snapshotFromText = (s: SnapshotText): Snapshot => ({
  placed: s.placed.map((t) => (t ? { g: t.g, dx: root2(t.dx), dy: root2(t.dy) } : undefined)),
  poses: s.poses,
})

/** What the pieces on the board depend on: the set's pieces (figures drawn play no part). */
const setKey = (doc: WorkbenchDocument) =>
  JSON.stringify(doc.pieces.map((p) => [p.name, p.polygon, p.count, p.flip]))

const centre = (corners: readonly XPoint[]): [number, number] => [
  corners.reduce((s, p) => s + toNumber(p[0]), 0) / corners.length,
  corners.reduce((s, p) => s + toNumber(p[1]), 0) / corners.length,
]

export const useCompose = defineStore('compose', () => {
  /** Compose mode on: the Figures view shows the board instead of the grid editor. */
  const active = ref(false)
  /** The name "Use as figure" gives the figure (the panel's field). */
  const name = ref(DEFAULT_FIGURE_NAME)
  const items = shallowRef<readonly ComposeItem[]>([])
  const placed = shallowRef<Composition>([])
  const poses = shallowRef<readonly Isometry[]>([])
  const selected = ref<number | undefined>()
  const past = shallowRef<readonly Snapshot[]>([])
  const future = shallowRef<readonly Snapshot[]>([])
  let loadedKey = ''

  const pieces = computed(() => items.value.map((i) => i.piece))
  const onBoard = computed(() => placed.value.filter((t) => t !== undefined).length)

  /** The document's set, each copy a piece of its own, all in the tray (unless already loaded). */
  function load(doc: WorkbenchDocument): void {
    const key = setKey(doc)
    if (key === loadedKey) return
    loadedKey = key
    items.value = doc.pieces.flatMap((p) =>
      Array.from({ length: p.count }, () => ({
        piece: { name: p.name, corners: fromLattice(p.polygon), flip: p.flip !== false },
        color: p.color,
      })),
    )
    placed.value = []
    poses.value = items.value.map(() => ISOMETRIES[0])
    selected.value = undefined
    past.value = []
    future.value = []
  }

  const now = (): Snapshot => ({ placed: placed.value, poses: poses.value })
  function restore(s: Snapshot): void {
    placed.value = s.placed
    poses.value = s.poses
  }
  /** One undoable step. */
  function commit(next: Partial<Snapshot>): void {
    past.value = [...past.value, now()]
    future.value = []
    restore({ ...now(), ...next })
  }
  const withAt = <T>(xs: readonly T[], i: number, x: T): T[] => {
    const out = [...xs]
    out[i] = x
    return out
  }

  /** The piece's translation now, in floats (where a drag starts from). */
  function position(i: number): [number, number] | undefined {
    const t = placed.value[i]
    return t && [toNumber(t.dx), toNumber(t.dy)]
  }

  /** The piece, as posed, dropped at the float translation `at`: false if no snap is free. */
  function drop(i: number, at: readonly [number, number], tolerance: number): boolean {
    const t = snap({
      pieces: pieces.value,
      composition: placed.value,
      index: i,
      g: poses.value[i],
      at,
      tolerance,
    })
    selected.value = i
    if (!t) return false
    commit({ placed: withAt(placed.value, i, t) })
    return true
  }

  /**
   * The piece turned or flipped: in the tray, its pose; on the board, about its centre and
   * snapped again (false if nothing near is free).
   */
  function transform(i: number, change: (g: Isometry) => Isometry): boolean {
    const g = change(poses.value[i])
    const t = placed.value[i]
    if (!t) {
      commit({ poses: withAt(poses.value, i, g) })
      return true
    }
    const piece = pieces.value[i]
    const [cx, cy] = centre(placedCorners(piece, t))
    const [sx, sy] = centre(posed(piece, g))
    const next = snap({
      pieces: pieces.value,
      composition: placed.value,
      index: i,
      g,
      at: [cx - sx, cy - sy],
      tolerance: TURN_TOLERANCE,
    })
    if (!next) return false
    commit({ placed: withAt(placed.value, i, next), poses: withAt(poses.value, i, g) })
    return true
  }

  const turn = (i: number) => transform(i, turned)
  /** False for a one-sided piece, which is never turned over. */
  const flip = (i: number) => pieces.value[i].flip && transform(i, flipped)

  /** Back to the tray. */
  function remove(i: number): void {
    if (!placed.value[i]) return
    commit({ placed: withAt(placed.value, i, undefined) })
    selected.value = undefined
  }

  function undo(): void {
    const s = past.value.at(-1)
    if (!s) return
    future.value = [now(), ...future.value]
    past.value = past.value.slice(0, -1)
    restore(s)
  }

  function redo(): void {
    const [s, ...rest] = future.value
    if (!s) return
    past.value = [...past.value, now()]
    future.value = rest
    restore(s)
  }

  /** What a reload brings back (see `resume`). */
  function session(): ComposeSession {
    return {
      active: active.value,
      name: name.value.slice(0, NAME_LENGTH),
      set: loadedKey,
      now: snapshotToText(now()),
      past: past.value.slice(-SESSION_STEPS).map(snapshotToText),
      future: future.value.slice(0, SESSION_STEPS).map(snapshotToText),
    }
  }

  /**
   * The compose mode as it was before a reload, its pieces laid from `doc`'s set: kept only if the
   * set is the same one (else the board starts empty, as for another set).
   */
  function resume(doc: WorkbenchDocument, s: ComposeSession): void {
    active.value = s.active
    name.value = s.name ?? DEFAULT_FIGURE_NAME
    load(doc)
    const fits = (t: SnapshotText) =>
      t.placed.length <= items.value.length && t.poses.length === items.value.length
    if (s.set !== loadedKey || ![s.now, ...s.past, ...s.future].every(fits)) return
    restore(snapshotFromText(s.now))
    past.value = s.past.map(snapshotFromText)
    future.value = s.future.map(snapshotFromText)
  }

  /** The union of the pieces on the board, handed over as the app's newest exact figure. */
  function useAsFigure(name: string): ExactRegionFigure {
    const figure = compositionFigure(pieces.value, placed.value, name)
    useExactFigures().add(figure)
    return figure
  }

  /**
   * The figure as a file with exact corners: one outline as "polygon", else its parts and holes as
   * "polygons". The path saved to, or undefined if the dialog was closed or the save refused (the
   * refusal shown as a notice).
   */
  async function save(figure: ExactRegionFigure): Promise<string | undefined> {
    const app = useApp()
    const suggested = `${figure.name.replace(/[^\w.-]+/g, '-').toLowerCase()}.json`
    const path = app.info?.nativeDialogs
      ? (await api.call('dialog.save', { suggestedName: suggested })).path
      : await useDialogs().pickFile('save', suggested)
    if (!path) return undefined
    const ring = (r: readonly XPoint[]) => r.map((p): [string, string] => [...pointToText(p)])
    const [only, ...more] = figure.parts
    const shape =
      more.length === 0 && only.holes.length === 0
        ? { corners: ring(only.outline) }
        : {
            parts: figure.parts.map((p) => ({
              outline: ring(p.outline),
              holes: p.holes.map(ring),
            })),
          }
    try {
      const saved = await api.call('exactFigure.save', { path, name: figure.name, ...shape })
      app.notify('info', `Saved the figure ${figure.name} to ${saved.path}`)
      return saved.path
    } catch (e) {
      app.notify('error', (e as Error).message)
      return undefined
    }
  }

  return {
    active,
    name,
    items,
    placed,
    poses,
    selected,
    onBoard,
    canUndo: computed(() => past.value.length > 0),
    canRedo: computed(() => future.value.length > 0),
    load,
    position,
    drop,
    turn,
    flip,
    remove,
    undo,
    redo,
    useAsFigure,
    save,
    session,
    resume,
  }
})
