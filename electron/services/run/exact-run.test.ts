import { readFileSync } from 'node:fs'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ExactFigureText } from '../../../shared/api/pentagons'
import type { ExactFigureDone, RunEvent, RunEventOf } from '../../../shared/api/run'
import type { WorkbenchDocument } from '../../../shared/document/document'
import { DEFAULT_EXPORT } from '../../../shared/drawing/export-settings'
import { fromLattice } from '../../../shared/exact/geometry'
import { OffLatticeSearch, type OffPart } from '../../../shared/offlattice/search'
import { partFromText, partToText } from '../../../shared/offlattice/wire'
import { verifyRegionDissection } from '../../../shared/pentagons/verify'
import { pointFromText } from '../../../shared/pentagons/wire'
import { TANGRAM_PIECES, tangramFigures } from '../../../testing/offlattice-figures'
import { apiCalls, testWorkbench } from '../../../testing/workbench'

/**
 * Figures with exact corners tiled through the one run API (`run.start` kind `exact`, issue 25),
 * over the real services and worker processes: the counts of the search in one process, every
 * tiling through the independent exact verifier, refusals in one line naming the figure, cancel.
 */
const { workbench, files, close } = testWorkbench({ workers: 2 })
afterAll(close)
const api = apiCalls(workbench)

type Ended = Extract<RunEventOf<'exact'>, { type: 'run.ended' }>
const eventsOf = (runId: string) =>
  api.events
    .filter((e): e is RunEventOf<'exact'> => e.type.startsWith('run.'))
    .filter((e) => e.runId === runId)

/** Starts a run of kind `exact` and waits for its end: its plan, items and end, in order. */
async function solve(params: object) {
  const { runId } = await api.ok<{ runId: string }>('run.start', { kind: 'exact', params })
  const end = await api.when(
    (e): e is Ended => e.type === 'run.ended' && (e as RunEvent).runId === runId,
  )
  const events = eventsOf(runId)
  const started = events[0]
  if (started.type !== 'run.started' || !started.plan) throw new Error('no plan came first')
  expect(events.at(-1)).toBe(end)
  const items = events.flatMap((e) => (e.type === 'run.items' ? e.items : []))
  return { runId, plan: started.plan, items, end }
}

let tangram: WorkbenchDocument
beforeAll(async () => {
  tangram = (await api.ok<{ document: WorkbenchDocument }>('library.open', { id: 'tangram' }))
    .document
})

/** Every tiling listed, through the verifier, with the pieces as the document draws them. */
function expectVerified(parts: readonly OffPart[], done: ExactFigureDone): void {
  const set = tangram.pieces.map((p) => ({
    name: p.name,
    corners: fromLattice(p.polygon),
    count: p.count,
  }))
  for (const t of done.tilings) {
    const pieces = t.map((p) => ({
      piece: tangram.pieces[p.piece].name,
      corners: p.corners.map(pointFromText),
    }))
    const outlines = parts.map((p) => p.outline)
    expect(
      verifyRegionDissection(
        outlines,
        parts.flatMap((p) => p.holes),
        pieces,
        set,
      ),
    ).toBe(undefined)
  }
}

const turned: ExactFigureText = {
  name: 'turned square',
  parts: [
    {
      outline: [
        ['0', '0'],
        ['2√2', '0'],
        ['2√2', '2√2'],
        ['0', '2√2'],
      ],
    },
  ],
}
const turnedParts = turned.parts.map((p) => partFromText({ outline: p.outline, holes: [] }))

describe('run.start exact: figures off the lattice on the task farm', () => {
  it('tiles the tangram square turned by 45° as the square: 1 class, 8 fixed tilings, each exact', async () => {
    const classes = await solve({
      document: tangram,
      figures: [turned],
      mode: 'reduce',
      list: true,
    })
    expect(classes.end.outcome).toBe('done')
    expect(classes.plan.set.name).toBe('Tangram')
    expect(classes.plan.set.pieces.map((p) => p.name)).toEqual(tangram.pieces.map((p) => p.name))
    expect(classes.plan.names).toEqual(['turned square'])
    expect(classes.items).toHaveLength(1)
    expect(classes.items[0]).toMatchObject({ figure: 0, classes: 1, fixed: 8, symmetries: 8 })
    const { tilings, parts, ...counts } = classes.items[0]
    // The figure as the worker read it; one tiling a class; the result, the counts alone.
    expect(parts).toEqual([{ ...turned.parts[0], holes: [] }])
    expect(tilings).toHaveLength(1)
    expectVerified(turnedParts, classes.items[0])
    expect(classes.end.result).toEqual({ counts: [counts] })

    // Every fixed tiling: the 8, all different.
    const raw = await solve({ document: tangram, figures: [turned], mode: 'raw', list: true })
    expect(raw.items[0]).toMatchObject({ classes: 1, fixed: 8 })
    expect(raw.items[0].tilings).toHaveLength(8)
    expect(new Set(raw.items[0].tilings.map((t) => JSON.stringify(t))).size).toBe(8)
    expectVerified(turnedParts, raw.items[0])

    // Counted only: no tilings.
    const counted = await solve({ document: tangram, figures: [turned], mode: 'raw', list: false })
    expect(counted.items[0]).toMatchObject({ classes: 1, fixed: 8, tilings: [] })

    // The tilings as an SVG sheet: a group per tiling, seven pieces each, the figure's heading.
    const r = await api.ok<{ files: string[]; solutions: number }>('export.sheet', {
      exact: { runId: raw.runId },
      path: 'turned.svg',
      settings: { ...DEFAULT_EXPORT, format: 'svg' },
    })
    expect(r.solutions).toBe(8)
    expect(r.files[0].startsWith(files)).toBe(true)
    const tree = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      readFileSync(r.files[0], 'utf8'),
    )
    const groups = [tree.svg.g].flat()
    expect(groups).toHaveLength(8)
    for (const g of groups) expect([g.polygon].flat()).toHaveLength(7)
    const texts = [tree.svg.text].flat().map((t: { '#text': unknown }) => String(t['#text']))
    expect(texts).toContain('turned square — 8 solutions')
    // And to the plotter: the same sheet's first page, as the plot panel times it.
    const plan = await api.ok<{ seconds: number; strokes: number }>('plotter.plan', {
      exact: { runId: raw.runId },
      settings: { ...DEFAULT_EXPORT, format: 'hpgl' },
      page: 0,
    })
    expect(plan.strokes).toBeGreaterThan(8)
    expect(plan.seconds).toBeGreaterThan(0)
    expect(
      await api.refused('export.sheet', {
        exact: { runId: raw.runId },
        path: 'turned.txt',
        settings: { ...DEFAULT_EXPORT, format: 'txt' },
      }),
    ).toBe('Tilings off the lattice are exported as SVG, PDF or HPGL, not as line-printer text.')
  })

  it('counts a figure with a hole and one of three parts as the search in one process', async () => {
    const [holed] = tangramFigures(1, 44)
    const [parted] = tangramFigures(1, 2)
    expect(holed.parts.flatMap((p) => p.holes)).toHaveLength(1)
    expect(parted.parts).toHaveLength(3)
    const figures = [holed, parted].map((f) => ({
      name: `seed ${f.seed}`,
      parts: f.parts.map(partToText),
    }))
    const { items } = await solve({ document: tangram, figures, mode: 'raw', list: true })
    const byFigure = [...items].sort((a, b) => a.figure - b.figure)
    expect(byFigure.map((i) => i.figure)).toEqual([0, 1])
    // As the worker read them: the hole and the three parts.
    expect(byFigure[0].parts.flatMap((p) => p.holes)).toHaveLength(1)
    expect(byFigure[1].parts).toHaveLength(3)
    for (const [k, f] of [holed, parted].entries()) {
      const here = new OffLatticeSearch(f.parts, TANGRAM_PIECES).run({ list: 'all' })
      expect(here.fixed).toBeGreaterThan(0)
      expect(byFigure[k]).toMatchObject({ fixed: here.fixed, classes: here.classes })
      expect(byFigure[k].tilings).toHaveLength(here.fixed)
      expectVerified(f.parts, byFigure[k])
    }
  })

  it('fails on a figure that is not one, in one line naming it; refuses bad parameters', async () => {
    const refused = async (figure: object) => {
      const { end } = await solve({
        document: tangram,
        figures: [turned, figure],
        mode: 'reduce',
        list: true,
      })
      expect(end.outcome).toBe('failed')
      expect(end.error).not.toContain('\n')
      return end.error
    }
    const small = {
      name: 'small',
      parts: [
        {
          outline: turned.parts[0].outline.map(([x, y]) => [
            x.replace('2', ''),
            y.replace('2', ''),
          ]),
        },
      ],
    }
    expect(await refused(small)).toBe(
      'figure "small": the figure\'s area is 2, the pieces\' 8: a tiling must use every piece exactly its count',
    )
    const broken = {
      name: 'broken',
      parts: [
        {
          outline: [
            ['0', '0'],
            ['2+√2/', '0'],
            ['0', '2'],
          ],
        },
      ],
    }
    expect(await refused(broken)).toMatch(
      /^figure "broken": .*vertex 2: "2\+√2\/" is not an exact number/,
    )
    const [holed] = tangramFigures(1, 44)
    const outside = {
      name: 'hole outside',
      parts: [
        {
          ...partToText(holed.parts[0]),
          holes: [
            [
              ['100', '100'],
              ['101', '100'],
              ['100', '101'],
            ],
          ],
        },
      ],
    }
    expect(await refused(outside)).toMatch(/^figure "hole outside": /)
    expect(
      await api.refused('run.start', {
        kind: 'exact',
        params: { document: tangram, figures: [], mode: 'reduce', list: true },
      }),
    ).toMatch(/^run\.start: bad parameters \(params\.figures: [^\n]+\)$/)
  })

  it('cancel ends the run at once, its end the last event, and nothing follows', async () => {
    const figures = tangramFigures(40).map((f) => ({
      name: `seed ${f.seed}`,
      parts: f.parts.map(partToText),
    }))
    const params = {
      document: tangram,
      figures: Array(25).fill(figures).flat(),
      mode: 'raw',
      list: true,
    }
    const { runId } = await api.ok<{ runId: string }>('run.start', { kind: 'exact', params })
    await api.ok('run.cancel', { runId })
    const events = eventsOf(runId)
    expect(events.at(-1)).toMatchObject({ type: 'run.ended', outcome: 'cancelled' })
    expect(events.at(-1)).not.toHaveProperty('result')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(eventsOf(runId)).toEqual(events)
    // The farm is free again: the next run is done.
    const next = await solve({ document: tangram, figures: [turned], mode: 'reduce', list: false })
    expect(next.end.outcome).toBe('done')
  })
})
