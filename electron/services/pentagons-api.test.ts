import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WorkbenchEvent } from '../../shared/api/contract'
import type { RunEventOf } from '../../shared/api/run'
import type { WorkbenchDocument } from '../../shared/document/document'
import { DEFAULT_EXPORT, type ExportSettings } from '../../shared/drawing/export-settings'
import { congruenceForm } from '../../shared/exact/geometry'
import { parseRoot2 } from '../../shared/exact/root2'
import { exactFigureFromJson } from '../../shared/formats/exact-figure'
import { interpretHpgl, parseHpgl } from '../../shared/hpgl/parse'
import { pageStrokes } from '../../shared/hpgl/write'
import { pentagonSheet } from '../../shared/pentagons/sheet'
import { verifyDissection } from '../../shared/pentagons/verify'
import { pentagonFromText, type PentagonText } from '../../shared/pentagons/wire'
import { needTools } from '../../testing/tools'
import { testWorkbench } from '../../testing/workbench'

/** The pentagons view's API (issue 12) through the dispatcher, over the real services. */
const events: WorkbenchEvent[] = []
const { workbench, files, close } = testWorkbench({})
workbench.onEvent((e) => events.push(e))
afterAll(() => close())

async function ok<T>(method: string, params?: unknown): Promise<T> {
  const reply = await workbench.call(method, params)
  if (!reply.ok) throw new Error(`${method} failed: ${reply.error}`)
  return reply.value as T
}
async function refused(method: string, params?: unknown): Promise<string> {
  const reply = await workbench.call(method, params)
  expect(reply.ok).toBe(false)
  return reply.ok ? '' : reply.error
}

type Ended = Extract<RunEventOf<'pentagons'>, { type: 'run.ended' }>
const ended = (runId: string) =>
  events.find((e): e is Ended => e.type === 'run.ended' && e.runId === runId)
/** The search's end, when its event comes. */
const until = (runId: string) =>
  new Promise<Ended>((resolve) => {
    const off = workbench.onEvent(() => {
      const e = ended(runId)
      if (e) resolve(e)
      if (e) off()
    })
  })
const find = (document: unknown) =>
  ok<{ runId: string }>('run.start', { kind: 'pentagons', params: { document } })
const settings = (s: Partial<ExportSettings>): ExportSettings => ({ ...DEFAULT_EXPORT, ...s })

let tangram: WorkbenchDocument
let runId: string
/** Calls answered while the search ran. */
let answered = 0
beforeAll(async () => {
  tangram = (await ok<{ document: WorkbenchDocument }>('library.open', { id: 'tangram' })).document
  ;({ runId } = await find(tangram))
  const end = until(runId)
  // The search runs on the task farm: other calls, arriving as a client's do (from the event
  // loop), are answered while it goes on.
  while (!ended(runId)) {
    await new Promise((resolve) => setTimeout(resolve, 10))
    await ok('app.info')
    if (!ended(runId)) answered++
  }
  await end
}, 90_000)

describe('run.start pentagons', () => {
  it('finds the tangram’s 53 pentagons while answering other calls, with progress, exact numbers as text', () => {
    expect(answered).toBeGreaterThanOrEqual(3)
    const progress = events.filter((e) => e.type === 'run.progress' && e.runId === runId)
    expect(progress.length).toBeGreaterThan(0)
    const end = ended(runId)!
    expect(end.outcome).toBe('done')
    const { pentagons, coverage, set } = end.result!
    expect(pentagons).toHaveLength(53)
    expect(pentagons.filter((p) => p.snug)).toHaveLength(22)
    expect(pentagons.filter((p) => p.convex)).toHaveLength(2)
    expect(pentagons.map((p) => p.number)).toEqual(pentagons.map((_, i) => i + 1))
    expect(coverage).toMatch(/Takeuchi’s assumption/)
    expect(set.pieces.map((p) => p.color)).toEqual(tangram.pieces.map((p) => p.color))
    // Corners are exact text that reads back; the verifier accepts every dissection read back.
    const verifierSet = set.pieces.map((p) => {
      const piece = tangram.pieces.find((q) => q.name === p.name)!
      return {
        name: p.name,
        count: p.count,
        corners: pentagonFromText(lattice(piece.polygon)).corners,
      }
    })
    for (const text of pentagons) {
      for (const c of text.corners.flat()) expect(parseRoot2(c), c).toBeDefined()
      const p = pentagonFromText(text)
      expect(verifyDissection(p.corners, p.dissection, verifierSet)).toBeUndefined()
      expect(congruenceForm(p.corners).key).toBe(p.key)
    }
    expect(pentagons.find((p) => p.number === 23)!.sides[0]).toBe('4-√2')
  })

  it('stops at once when cancelled', async () => {
    const { runId: id } = await find(tangram)
    await ok('run.cancel', { runId: id })
    // Ended when the cancel's reply came.
    expect(ended(id)).toMatchObject({ outcome: 'cancelled' })
    expect(ended(id)!.result).toBeUndefined()
  })

  it('refuses a set off the lattice, a set too large, in one line naming the piece or the size', async () => {
    const off: WorkbenchDocument = {
      name: 'Off',
      pieces: [
        {
          id: 'a',
          name: 'tan',
          polygon: [
            [0, 0],
            [2, 1],
            [0, 2],
          ],
          count: 1,
          color: '#000',
        },
      ],
      figures: [],
    }
    const refusedFind = (document: unknown) =>
      refused('run.start', { kind: 'pentagons', params: { document } })
    expect(await refusedFind(off)).toBe(
      'Off: piece "tan": edge 1 from (0, 0) to (2, 1) is not horizontal, vertical or diagonal at 45°',
    )
    const { document: tetraboloes } = await ok<{ document: WorkbenchDocument }>('library.open', {
      id: 'tetraboloes',
    })
    expect(await refusedFind(tetraboloes)).toMatch(
      /^Tetraboloes: 14 pieces \(copies counted\) are too many for the pentagon search, which takes at most 10/,
    )
    expect(await refusedFind(undefined)).toMatch(
      /^run\.start: bad parameters \(params\.document: [^\n]+\)$/,
    )
  })
})

describe('pentagons exported and plotted through the one drawing model', () => {
  const all = Array.from({ length: 53 }, (_, i) => i + 1)

  it('as a PDF sheet: text and pages that render', async (context) => {
    needTools(context, 'pdftotext', 'pdftoppm')
    const r = await ok<{ files: string[]; pages: number; solutions: number }>('export.sheet', {
      pentagons: { runId, numbers: all },
      path: 'pentagons.pdf',
      settings: settings({ format: 'pdf' }),
    })
    expect(r.files).toEqual([join(files, 'pentagons.pdf')])
    expect(r.solutions).toBe(53)
    const text = execFileSync('pdftotext', ['-raw', r.files[0], '-'], { encoding: 'utf8' })
    expect(text).toContain('Tangram — pentagons')
    expect(text).toContain('53 pentagons = 22 snug + 31 non-snug; 2 convex')
    expect(text).toContain('Snug (all pieces on one lattice) — 22')
    expect(text).toContain('Non-snug (pieces on two lattices turned by 45°) — 31')
    expect(text).toContain('large triangle ×2')
    const base = join(files, 'page')
    execFileSync('pdftoppm', ['-r', '30', '-f', '1', '-l', '1', '-gray', r.files[0], base])
    const pgm = readFileSync([`${base}-1.pgm`, `${base}-01.pgm`].find(existsSync)!)
    const [, w, h] = pgm.subarray(0, 20).toString('latin1').split(/\s+/).map(Number)
    const pixels = pgm.subarray(pgm.length - w * h)
    expect(pixels.filter((v) => v < 200).length / pixels.length).toBeGreaterThan(0.05)
  })

  it('as SVG, the filtered ones only: their pieces, captions, corners off the lattice', async () => {
    const convex = [13, 21]
    const nonSnug = 23
    const r = await ok<{ files: string[]; solutions: number }>('export.sheet', {
      pentagons: { runId, numbers: [...convex, nonSnug] },
      path: 'three.svg',
      settings: settings({ format: 'svg' }),
    })
    expect(r.solutions).toBe(3)
    const svg = readFileSync(r.files[0], 'utf8')
    const tree = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(svg)
    const groups = [tree.svg.g].flat()
    expect(groups).toHaveLength(3)
    for (const g of groups) expect([g.polygon].flat()).toHaveLength(7)
    const texts = [tree.svg.text].flat().map((t: { '#text': unknown }) => String(t['#text']))
    expect(texts).toEqual(expect.arrayContaining(['13', '21', '23']))
    expect(texts).toContain(
      '3 pentagons = 2 snug + 1 non-snug; 2 convex, each with a dissection into the set’s pieces',
    )
    // Pentagon 23 has a side 4 − √2: its corners are not on the millimetre grid of the lattice
    // ones (exact numbers drawn as floats, never snapped).
    const outline = (g: { path: { d: string }[] }) =>
      [...g.path[0].d.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [+m[1], +m[2]])
    const [a, b] = outline(groups[2])
    const side = Math.hypot(a[0] - b[0], a[1] - b[1])
    const [c, d] = outline(groups[0])
    const unit = Math.hypot(c[0] - d[0], c[1] - d[1]) / 3 // pentagon 13's first side is 3
    expect(side / unit).toBeCloseTo(4 - Math.SQRT2, 3)
  })

  it('as HPGL, to a file and to the plotter: every line of the sheet, pen down', async () => {
    const hpglSettings = settings({ format: 'hpgl' })
    const r = await ok<{ files: string[] }>('export.sheet', {
      pentagons: { runId, numbers: all },
      path: 'pentagons.hpgl',
      settings: hpglSettings,
    })
    expect(r.files.length).toBeGreaterThan(1)
    const drawn = interpretHpgl(parseHpgl(readFileSync(r.files[0], 'latin1')))
    expect(drawn.segments.length).toBeGreaterThan(100)
    const { plotId } = await ok<{ plotId: string }>('plotter.start', {
      pentagons: { runId, numbers: all },
      settings: hpglSettings,
      page: 0,
      target: { kind: 'file', path: 'plot.hpgl' },
    })
    await expect
      .poll(() =>
        events.some((e) => e.type === 'plot.state' && e.plotId === plotId && e.state === 'done'),
      )
      .toBe(true)
    const plotted = interpretHpgl(parseHpgl(readFileSync(join(files, 'plot.hpgl'), 'latin1')))
    expect(plotted.segments).toHaveLength(drawn.segments.length)
    // Every line of the page's drawings, each once: the outlines and the inner edges.
    const { set, pentagons } = ended(runId)!.result!
    const page = pentagonSheet(set, pentagons.map(pentagonFromText), hpglSettings).pages[0]
    const { strokes } = pageStrokes(page, 'one', 1)
    const segments = strokes.reduce((n, s) => n + s.points.length - 1, 0)
    expect(drawn.segments).toHaveLength(segments)
    expect(page.items.map((i) => i.drawing.pieces.length)).toEqual(page.items.map(() => 7))
  })

  it('refuses what it cannot draw, in one line', async () => {
    const base = { path: 'x.pdf', settings: settings({ format: 'pdf' }) }
    expect(await refused('export.sheet', { ...base, pentagons: { runId, numbers: [54] } })).toBe(
      'there is no pentagon 54: the set makes 53',
    )
    expect(
      await refused('export.sheet', {
        ...base,
        pentagons: { runId: 'run-99', numbers: [1] },
      }),
    ).toMatch(/^no results of run run-99 are kept/)
    expect(
      await refused('export.sheet', {
        ...base,
        settings: settings({ format: 'txt' }),
        pentagons: { runId, numbers: [1] },
      }),
    ).toMatch(/SVG, PDF or HPGL/)
    expect(
      await refused('export.sheet', {
        ...base,
        jobId: 'job-1',
        pentagons: { runId, numbers: [1] },
      }),
    ).toBe('export.sheet: bad parameters (value: give one of a jobId, pentagons or exact)')
  })
})

describe('figure files with exact corners', () => {
  it('saves a pentagon and opens it again, exactly', async () => {
    const p = ended(runId)!.result!.pentagons.find((q) => q.number === 23)!
    const saved = await ok<{ path: string }>('exactFigure.save', {
      path: 'pentagon-23.json',
      name: 'pentagon 23',
      corners: p.corners,
    })
    expect(saved.path).toBe(join(files, 'pentagon-23.json'))
    const file = JSON.parse(readFileSync(saved.path, 'utf8'))
    expect(exactFigureFromJson(file).corners).toEqual(pentagonFromText(p).corners)
    const opened = await ok<{ name: string; corners: string[][] }>('exactFigure.open', {
      path: 'pentagon-23.json',
    })
    expect(opened).toMatchObject({ name: 'pentagon 23', corners: p.corners })
  })

  it('refuses a bad file in one line naming the file and the vertex, and paths outside the folder', async () => {
    writeFileSync(
      join(files, 'bad.json'),
      JSON.stringify({
        polygon: [
          [0, 0],
          ['3-√2/', 0],
          [0, 2],
        ],
      }),
    )
    expect(await refused('exactFigure.open', { path: 'bad.json' })).toBe(
      'bad.json: vertex 2: "3-√2/" is not an exact number (write whole numbers, fractions like 1/2, or a + b√2 like "3-√2/2")',
    )
    writeFileSync(
      join(files, 'flat.json'),
      JSON.stringify({
        polygon: [
          [0, 0],
          [1, 0],
          [2, 0],
          [0, 2],
        ],
      }),
    )
    expect(await refused('exactFigure.open', { path: 'flat.json' })).toBe(
      'flat.json: vertex 2 lies on a straight edge (its sides are collinear)',
    )
    expect(await refused('exactFigure.open', { path: 'none.json' })).toMatch(/^none.json: /)
    expect(await refused('exactFigure.open', { path: '/etc/passwd' })).toMatch(/outside the folder/)
    expect(
      await refused('exactFigure.save', {
        path: 'x.json',
        name: 'x',
        corners: [
          ['0', '0'],
          ['1', '1'],
        ],
      }),
    ).toBe('x.json: the figure has 2 vertices; a polygon needs at least 3')
    expect(existsSync(join(files, 'x.json'))).toBe(false)
  })
})

/** A lattice polygon as exact corners, through the text form. */
function lattice(poly: readonly (readonly [number, number])[]): PentagonText {
  return {
    number: 0,
    corners: poly.map(([x, y]) => [String(x), String(y)] as const),
    snug: true,
    convex: false,
    sides: [],
    angles: [],
    dissection: [],
    key: '',
  }
}
