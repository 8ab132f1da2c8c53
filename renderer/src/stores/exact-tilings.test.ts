import { beforeEach, describe, expect, it } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import type { ExactFigureText } from '../../../shared/api/pentagons'
import type { ExactFigureDone, ExactPlan } from '../../../shared/api/run'
import { documentFromJson } from '../../../shared/document/document'
import { parseRoot2 } from '../../../shared/exact/root2'
import { fakeRuns } from '../../../testing/fake-runs'
import { host } from '../../../testing/renderer-setup'
import { useCommands } from '../commands'
import { exactGallery } from '../components/gallery-source'
import { drawingBox } from '../components/TilingDrawing'
import { useApp } from './app'
import { useExactTilings } from './exact-tilings'
import { useOutput } from './output'

const tangram = () => documentFromJson(tangramSet, 'tangram.json')

const triangle: ExactFigureText = {
  name: 'half square',
  parts: [
    {
      outline: [
        ['0', '0'],
        ['√2', '0'],
        ['0', '√2'],
      ],
    },
  ],
}
const plan: ExactPlan = {
  set: {
    name: 'Tangram',
    pieces: [
      { name: 'small triangle', count: 1, color: '#f3a712' },
      { name: 'other small triangle', count: 1, color: '#2e6bd8' },
    ],
  },
  names: ['half square'],
  mode: 'reduce',
}
/** The half square cut along its height into the two small triangles. */
const done: ExactFigureDone = {
  figure: 0,
  parts: [{ ...triangle.parts[0], holes: [] }],
  fixed: 2,
  classes: 1,
  symmetries: 2,
  placements: 3,
  tried: 9,
  ms: 4,
  tilings: [
    [
      {
        piece: 0,
        corners: [
          ['0', '0'],
          ['√2/2', '√2/2'],
          ['0', '√2'],
        ],
      },
      {
        piece: 1,
        corners: [
          ['0', '0'],
          ['√2', '0'],
          ['√2/2', '√2/2'],
        ],
      },
    ],
  ],
}

let runs: ReturnType<typeof fakeRuns>
beforeEach(() => (runs = fakeRuns(host)))

describe('the store of tilings off the lattice', () => {
  it('solves a figure handed over on the farm, then has its counts and its tilings, exact and coloured', async () => {
    const x = useExactTilings()
    const end = x.solve(tangram(), triangle)
    const { runId, params } = await runs.started('exact')
    expect(params).toEqual({
      document: expect.objectContaining({ name: 'Tangram' }),
      figures: [triangle],
      mode: 'reduce',
      list: true,
    })
    expect([x.state, x.figure?.name]).toEqual(['running', 'half square'])
    await runs.emit({
      type: 'run.started',
      runId,
      kind: 'exact',
      runsOn: { kind: 'here', processes: 2 },
      plan,
    })
    await runs.emit({
      type: 'run.progress',
      runId,
      kind: 'exact',
      progress: { done: 0, total: 1, fraction: 0 },
    })
    expect(x.progress).toEqual({ done: 0, total: 1, fraction: 0 })
    expect(x.solved).toBeUndefined()
    await runs.emit({ type: 'run.items', runId, kind: 'exact', items: [done] })
    const { tilings, parts, ...counts } = done
    await runs.end(runId, 'exact', { result: { counts: [counts] } })
    expect(await end).toEqual({ result: { counts: [counts] }, error: undefined })
    expect([x.state, x.mode, x.set?.name]).toEqual(['done', 'reduce', 'Tangram'])
    expect(x.stats).toMatchObject({ tried: 9, placements: 3 })
    const solved = x.solved!
    expect([solved.name, solved.classes, solved.fixed]).toEqual(['half square', 1, 2])
    // The region and the pieces' corners exact again: √2/2 read back as a + b√2.
    expect(solved.region).toHaveLength(parts.length)
    expect(solved.region[0].outline[1][0]).toEqual(parseRoot2('√2'))
    expect(solved.tilings).toHaveLength(tilings.length)
    const [first, second] = solved.tilings[0]
    expect(first).toMatchObject({ piece: 0, name: 'small triangle', color: '#f3a712' })
    expect(second).toMatchObject({ piece: 1, name: 'other small triangle', color: '#2e6bd8' })
    expect(first.corners[1]).toEqual([parseRoot2('√2/2'), parseRoot2('√2/2')])

    // Exported from the finished run: the sheet names it, and the preview lays the tiling out.
    useCommands().openExport('exact')
    const output = useOutput()
    expect([output.open, output.source]).toEqual(['export', 'exact'])
    expect(output.sheetSource).toEqual({ exact: { runId } })
    expect(output.sheet?.pages[0].items).toHaveLength(1)

    // In the Gallery: the figure a section, its tiling a card drawn from the exact corners.
    const gallery = exactGallery(x.plan!, [solved], x.mode!)
    expect(gallery.figures.map((f) => [f.name, f.note, f.grey, f.tilings.length])).toEqual([
      ['half square', '1 tiling (2 fixed)', false, 1],
    ])
    const [card] = gallery.figures
    const box = drawingBox(card.frame())!
    expect([box.minX, box.minY]).toEqual([0, 0])
    expect(box.maxX).toBeCloseTo(Math.SQRT2, 12)
    const drawn = card.draw(0, 0.1)
    expect(drawn.pieces.map((p) => [p.name, p.color])).toEqual([
      ['small triangle', '#f3a712'],
      ['other small triangle', '#2e6bd8'],
    ])
    expect(drawn.pieces[0].polygon[1][0]).toBeCloseTo(Math.SQRT2 / 2, 12)
    // The cut between the two, drawn once; the outline doubled outside.
    expect(drawn.lines.filter((l) => l.kind === 'edge')).toHaveLength(1)
    expect(drawn.lines.some((l) => l.kind === 'outline-outer')).toBe(true)
    // Ctrl+E in the Gallery while it shows them exports them.
    output.source = 'job'
    x.inGallery = true
    useApp().view = 'gallery'
    useCommands().openExport()
    expect(output.source).toBe('exact')
  })

  it('a new solve stops the one before; every fixed tiling is asked with raw; a refusal is the error', async () => {
    const x = useExactTilings()
    void x.solve(tangram(), triangle)
    await runs.started('exact')
    void x.solve(tangram(), { ...triangle, name: 'again' }, 'raw')
    const again = await runs.started('exact')
    expect(runs.cancelled()).toEqual(['r1'])
    expect(again.params).toMatchObject({ mode: 'raw', figures: [{ name: 'again' }] })
    x.stop()
    expect(x.state).toBe('cancelled')
    host.answer('run.start', () => {
      throw new Error('figure "small": the figure\'s area is 2, the pieces\' 8')
    })
    await x.solve(tangram(), triangle)
    expect([x.state, x.error]).toEqual([
      'failed',
      'figure "small": the figure\'s area is 2, the pieces\' 8',
    ])
  })
})
