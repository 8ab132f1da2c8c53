import { createPinia, setActivePinia } from 'pinia'
import { describe, expect, it } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import { documentFromJson } from '../../../shared/document/document'
import { pointKey, type XPoint } from '../../../shared/exact/geometry'
import { parseRoot2 } from '../../../shared/exact/root2'
import { host } from '../../../testing/renderer-setup'
import { useApp } from './app'
import { composeSessionSchema, DEFAULT_FIGURE_NAME, useCompose } from './compose'
import { useExactFigures } from './exact-figures'

const tangram = () => documentFromJson(tangramSet, 'tangram.json')
const SMALL = 5
const SMALL2 = 6
const keys = (corners: readonly XPoint[]) => corners.map(pointKey).sort()
const exact = (corners: readonly (readonly [string, string])[]) =>
  keys(corners.map(([x, y]) => [parseRoot2(x)!, parseRoot2(y)!] as const))

/** Two small triangles, turned by 45° and 225°, laid into the unit square turned by 45°. */
function diamond(c: ReturnType<typeof useCompose>): void {
  c.turn(SMALL)
  expect(c.drop(SMALL, [0.1, -0.1], 0.3)).toBe(true)
  for (let k = 0; k < 5; k++) c.turn(SMALL2)
  expect(c.drop(SMALL2, [0.05, Math.SQRT2 - 0.04], 0.3)).toBe(true)
}

describe('the compose store', () => {
  it('lays the set’s pieces, snapped, with undo and redo, and hands the union over as a figure', () => {
    const c = useCompose()
    c.load(tangram())
    expect(c.items.map((i) => i.piece.name)).toEqual([
      'large triangle',
      'large triangle',
      'square',
      'parallelogram',
      'medium triangle',
      'small triangle',
      'small triangle',
    ])
    diamond(c)
    expect(c.onBoard).toBe(2)
    const figure = c.useAsFigure('diamond')
    expect(useExactFigures().latest).toBe(figure)
    expect(figure.parts).toHaveLength(1)
    expect(keys(figure.parts[0].outline)).toEqual(
      exact([
        ['0', '0'],
        ['√2/2', '√2/2'],
        ['0', '√2'],
        ['-√2/2', '√2/2'],
      ]),
    )
    // Undo takes back the drop, then the turns; redo brings the drop back exactly.
    c.undo()
    expect(c.placed[SMALL2]).toBeUndefined()
    expect(c.poses[SMALL2].turn).toBe(5)
    c.undo()
    expect(c.poses[SMALL2].turn).toBe(4)
    c.redo()
    c.redo()
    expect(c.placed[SMALL2]).toBeDefined()
    expect(c.canRedo).toBe(false)
    c.remove(SMALL2)
    expect(c.onBoard).toBe(1)
    c.undo()
    expect(c.onBoard).toBe(2)
    // Loading the same set keeps the board; another set empties it.
    c.load(tangram())
    expect(c.onBoard).toBe(2)
  })

  it('refuses a drop onto a piece, and a flip of a one-sided piece', () => {
    const c = useCompose()
    const doc = tangram()
    c.load({ ...doc, pieces: doc.pieces.map((p) => ({ ...p, flip: p.name !== 'parallelogram' })) })
    expect(c.drop(2, [0, 0], 0.1)).toBe(true)
    expect(c.drop(SMALL, [0, 0], 0.1)).toBe(false)
    expect(c.placed[SMALL]).toBeUndefined()
    expect(c.flip(3)).toBe(false)
    expect(c.flip(SMALL)).toBe(true)
    expect(c.poses[SMALL].mirror).toBe(true)
  })

  it('saves one outline as "polygon" corners and a figure of parts as "parts"', async () => {
    useApp().info = { host: 'electron', version: '0', nativeDialogs: true, cores: 2 }
    host.answer('dialog.save', (p) => ({ path: `/files/${p.suggestedName}` }))
    host.answer('exactFigure.save', (p) => ({ path: p.path }))
    const c = useCompose()
    c.load(tangram())
    diamond(c)
    expect(await c.save(c.useAsFigure('Diamond 1'))).toBe('/files/diamond-1.json')
    const [one] = host.callsOf('exactFigure.save')
    expect(one.parts).toBeUndefined()
    expect(exact(one.corners!)).toEqual(
      exact([
        ['0', '0'],
        ['√2/2', '√2/2'],
        ['0', '√2'],
        ['-√2/2', '√2/2'],
      ]),
    )
    // The square apart from the diamond: two parts.
    expect(c.drop(2, [5, 0], 0.1)).toBe(true)
    await c.save(c.useAsFigure('apart'))
    const two = host.callsOf('exactFigure.save')[1]
    expect(two.corners).toBeUndefined()
    expect(two.parts).toHaveLength(2)
    expect(two.parts!.map((p) => p.holes)).toEqual([[], []])
  })

  it('comes back from its session (a reload) as it was, history and all, only for the same set', () => {
    const c = useCompose()
    c.load(tangram())
    c.active = true
    diamond(c)
    c.undo()
    c.name = 'half a square'
    // What a reload keeps: text, read back through the session's schema.
    const kept = () => composeSessionSchema.parse(JSON.parse(JSON.stringify(c.session())))
    const saved = kept()
    const before = { placed: c.placed, poses: c.poses }

    setActivePinia(createPinia())
    const again = useCompose()
    again.resume(tangram(), saved)
    expect(again.active).toBe(true)
    expect(again.name).toBe('half a square')
    expect(again.onBoard).toBe(1)
    expect(again.placed).toEqual(before.placed)
    expect(again.poses).toEqual(before.poses)
    // The redo brings the second drop back exactly: the diamond again.
    again.redo()
    expect(keys(again.useAsFigure('diamond').parts[0].outline)).toEqual(
      exact([
        ['0', '0'],
        ['√2/2', '√2/2'],
        ['0', '√2'],
        ['-√2/2', '√2/2'],
      ]),
    )
    again.undo()
    again.undo()
    expect(again.poses[SMALL2].turn).toBe(4)

    // Pieces laid from another set are not laid on this one's board.
    setActivePinia(createPinia())
    const other = useCompose()
    const doc = tangram()
    other.resume({ ...doc, pieces: doc.pieces.slice(1) }, saved)
    expect([other.onBoard, other.canUndo]).toEqual([0, false])
    // A session saved before the name was kept: the name until one is typed.
    setActivePinia(createPinia())
    const older = useCompose()
    older.resume(tangram(), composeSessionSchema.parse({ ...saved, name: undefined }))
    expect(older.name).toBe(DEFAULT_FIGURE_NAME)
  })
})
