import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { beforeAll, describe, expect, it } from 'vitest'
import { documentFromJson } from '../../../shared/document/document'
import { solvableDocument } from '../../../shared/pieces/solvable'
import { DEFAULT_EXPORT, type ExportSettings } from '../../../shared/drawing/export-settings'
import { layoutSheet } from '../../../shared/drawing/sheet'
import type { SolvedJob } from '../../../shared/formats/solutions'
import { PLOTTERS, plotterById } from '../../../shared/hpgl/devices'
import { interpretHpgl, parseHpgl } from '../../../shared/hpgl/parse'
import { pageHpgl, pageStrokes } from '../../../shared/hpgl/write'
import { solveJob } from '../solve-job'
import { renderExport, writeExport } from './exporter'
import { needTools } from '../../../testing/tools'

const FONTS = 'resources/fonts'
const dir = mkdtempSync(join(tmpdir(), 'pw-export-'))
let job: SolvedJob
beforeAll(async () => {
  const doc = documentFromJson(
    JSON.parse(readFileSync('resources/sets/tangram.json', 'utf8')),
    'tangram.json',
  )
  job = (await solveJob(solvableDocument(doc), { kind: 'convex', mode: 'reduce', workers: 1 })).job
})
const settings = (s: Partial<ExportSettings>): ExportSettings => ({ ...DEFAULT_EXPORT, ...s })

describe('SVG', () => {
  /** The SVG 1.1 elements and attributes the writer may use. */
  const ELEMENTS = new Set(['svg', 'title', 'g', 'rect', 'polygon', 'path', 'text'])
  const ATTRIBUTES = new Set(
    (
      'xmlns version width height viewBox font-family x y fill stroke stroke-width points d ' +
      'stroke-linejoin stroke-linecap font-size text-anchor font-weight'
    ).split(' '),
  )

  it('is well-formed SVG 1.1 in millimetres with every solution, its colours and captions', async () => {
    const { files } = await renderExport(job, settings({ format: 'svg' }), FONTS)
    expect(files).toHaveLength(1)
    const text = String(files[0].content)
    const doc = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      preserveOrder: true,
    })
    const tree = doc.parse(text, true) as Record<string, unknown>[]
    const root = tree.find((n) => 'svg' in n) as { svg: unknown[]; ':@': Record<string, string> }
    const a = root[':@']
    expect(a.xmlns).toBe('http://www.w3.org/2000/svg')
    expect(a.version).toBe('1.1')
    expect(a.width).toMatch(/^\d+(\.\d+)?mm$/)
    expect(a.viewBox).toBe(`0 0 ${parseFloat(a.width)} ${parseFloat(a.height)}`)
    const counts = new Map<string, number>()
    const texts: string[] = []
    const walk = (nodes: unknown[]): void => {
      for (const n of nodes as Record<string, unknown>[]) {
        for (const [k, v] of Object.entries(n)) {
          if (k === ':@') {
            for (const attr of Object.keys(v as object)) expect(ATTRIBUTES).toContain(attr)
            continue
          }
          if (k === '#text') continue
          expect(ELEMENTS).toContain(k)
          counts.set(k, (counts.get(k) ?? 0) + 1)
          if (k === 'text') texts.push(String((v as { '#text': unknown }[])[0]['#text']))
          walk(v as unknown[])
        }
      }
    }
    walk(root.svg)
    // One group per solution; 7 filled pieces each; every number 1 … n under its outline.
    expect(counts.get('polygon')).toBe(142 * 7)
    expect(counts.get('g')).toBe(142)
    expect(texts).toContain('right trapezoid 2, 5, 2√2, 3 — 36 solutions')
    for (let i = 1; i <= 36; i++) expect(texts).toContain(String(i))
    // Numbers are finite and the drawing stays inside the page.
    const numbers = [...text.matchAll(/[ML](-?[\d.]+) (-?[\d.]+)/g)].map((m) => [+m[1], +m[2]])
    expect(numbers.length).toBeGreaterThan(1000)
    for (const [x, y] of numbers) {
      expect(x).toBeGreaterThan(0)
      expect(x).toBeLessThan(parseFloat(a.width))
      expect(y).toBeGreaterThan(0)
      expect(y).toBeLessThan(parseFloat(a.height))
    }
  })

  it('exports one solution on its own page', async () => {
    const figure = job.figures.findIndex((f) => f.tilings.length >= 3)
    const { files, solutions } = await renderExport(
      job,
      settings({ format: 'svg', only: { figure, tiling: 2 } }),
      FONTS,
    )
    expect(solutions).toBe(1)
    const text = String(files[0].content)
    expect(text.match(/<polygon /g)).toHaveLength(7)
    expect(text).toContain(`${job.figures[figure].name} — 3`)
  })
})

describe('HPGL', () => {
  it('parses back to exactly the planned lines: integer units, inside the clip range, IN … SP0', () => {
    for (const device of PLOTTERS) {
      for (const paper of Object.keys(device.papers)) {
        const sheet = layoutSheet(job, { ...DEFAULT_EXPORT.sheet, paper: paper as 'A4' | 'A3' })
        const page = sheet.pages[0]
        for (const relative of [false, true]) {
          const out = pageHpgl(page, { device, paper, scale: 'fit', pens: 'colors', relative })
          const lines = out.hpgl.trim().split('\n')
          expect(lines.slice(0, 3)).toEqual(['IN;', 'PA;', `VS${device.velocity};`])
          expect(lines.slice(-2)).toEqual(['PU;', 'SP0;'])
          const drawn = interpretHpgl(parseHpgl(out.hpgl))
          const clip = device.papers[paper]
          expect(drawn.bounds!.min[0]).toBeGreaterThanOrEqual(0)
          expect(drawn.bounds!.min[1]).toBeGreaterThanOrEqual(0)
          expect(drawn.bounds!.max[0]).toBeLessThanOrEqual(clip.xMax)
          expect(drawn.bounds!.max[1]).toBeLessThanOrEqual(clip.yMax)
          for (const s of drawn.segments) {
            for (const v of [...s.from, ...s.to]) expect(Number.isInteger(v)).toBe(true)
          }
          // The same segments as the sheet's lines, each once, with their pens (ignoring labels,
          // which the plotter draws with its own font).
          const key = (pen: number, a: readonly number[], b: readonly number[]) =>
            `${pen}:${[a.join(','), b.join(',')].sort().join(' ')}`
          const got = drawn.segments.map((s) => key(s.pen, s.from, s.to)).sort()
          const { strokes } = pageStrokes(page, 'colors', device.pens)
          const segs = strokes.flatMap((s) =>
            s.points.slice(1).map((q, i) => [s.pen, s.points[i], q] as const),
          )
          expect(got).toHaveLength(segs.length)
          const mm = (v: number) => v / device.unitsPerMm / out.scale
          // Compare after scaling back: lengths agree to rounding (half a plotter unit per end).
          const length = (a: readonly number[], b: readonly number[]) =>
            Math.hypot(a[0] - b[0], a[1] - b[1])
          const sumGot = drawn.segments.reduce((t, s) => t + mm(length(s.from, s.to)), 0)
          const sumWant = segs.reduce((t, [, a, b]) => t + length(a, b), 0)
          expect(Math.abs(sumGot - sumWant) / sumWant).toBeLessThan(1e-3)
          expect(new Set(got).size).toBe(got.length)
          expect(drawn.pens).toEqual(out.pens.map((p) => p.pen))
        }
      }
    }
  })

  it('gives edges a pen per piece colour, and everything pen 1 with one pen', () => {
    const page = layoutSheet(job, DEFAULT_EXPORT.sheet).pages[0]
    const device = plotterById('hp7475a')
    const colored = pageHpgl(page, { device, paper: 'A4', scale: 'fit', pens: 'colors' })
    // Pen 1 for the outlines, then one pen per colour that owns an edge on the page.
    const pens = colored.pens.map((p) => p.pen)
    expect(pens[0]).toBe(1)
    expect(pens.length).toBeGreaterThanOrEqual(4)
    const palette = job.document.pieces.map((p) => p.color)
    for (const p of colored.pens.slice(1)) {
      expect(p.colors).toHaveLength(1)
      expect(palette).toContain(p.colors[0])
    }
    expect(interpretHpgl(parseHpgl(colored.hpgl)).pens).toEqual(pens)
    const one = pageHpgl(page, { device, paper: 'A4', scale: 'fit', pens: 'one' })
    expect(interpretHpgl(parseHpgl(one.hpgl)).pens).toEqual([1])
  })

  it('halves the pen-up travel of drawing order, over the full sheet of 142 solutions', async () => {
    const r = await renderExport(job, settings({ format: 'hpgl' }), FONTS)
    expect(r.solutions).toBe(142)
    expect(r.plot!.penUp).toBeLessThanOrEqual(r.plot!.naivePenUp / 2)
    // And the numbers it reports are the HPGL's own.
    const measured = r.files.reduce(
      (t, f) => t + interpretHpgl(parseHpgl(String(f.content))).penUpLength,
      0,
    )
    const device = plotterById('hp7475a')
    // Labels add pen-up moves the plan leaves out, so the HPGL's total is at least the plan's.
    expect(measured / device.unitsPerMm).toBeGreaterThanOrEqual(r.plot!.penUp * 0.99)
  })

  it('renders in hp2xx', async (context) => {
    needTools(context, 'hp2xx')
    const { files } = await writeExport(
      job,
      join(dir, 'sheet.hpgl'),
      settings({ format: 'hpgl' }),
      FONTS,
    )
    expect(files).toHaveLength(5)
    const png = join(dir, 'sheet-1.png')
    execFileSync('hp2xx', ['-q', '-m', 'png', '-f', png, files[0]])
    const bytes = readFileSync(png)
    expect(bytes.subarray(1, 4).toString()).toBe('PNG')
    expect(bytes.length).toBeGreaterThan(2000)
  })
})

describe('PDF', () => {
  let pdf: string
  beforeAll(async () => {
    const r = await writeExport(job, join(dir, 'sheet.pdf'), settings({ format: 'pdf' }), FONTS)
    pdf = r.files[0]
    expect(r.pages).toBe(5)
  })

  it('carries the captions, piece legend and page numbers as text', (context) => {
    needTools(context, 'pdftotext')
    const text = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' })
    expect(text).toContain('Tangram')
    expect(text).toContain('142 solutions in 13 figures')
    expect(text).toContain('rectangle 2 × 4 — 9 solutions')
    expect(text).toContain('right trapezoid 2, 5, 2√2, 3 — 36 solutions')
    expect(text).toContain('large triangle ×2')
    expect(text).toContain('parallelogram')
    for (let p = 1; p <= 5; p++) expect(text).toContain(`${p} / 5`)
  })

  it('is vector only: no bitmaps', (context) => {
    needTools(context, 'pdfimages')
    const list = execFileSync('pdfimages', ['-list', pdf], { encoding: 'utf8' }).trim().split('\n')
    expect(list).toHaveLength(2) // the header lines alone
  })

  it('embeds its fonts', (context) => {
    needTools(context, 'pdffonts')
    const rows = execFileSync('pdffonts', [pdf], { encoding: 'utf8' }).trim().split('\n').slice(2)
    expect(rows.length).toBeGreaterThan(0)
    for (const r of rows) expect(r).toMatch(/DejaVuSans.*\byes\s+yes\s+yes\b/)
  })

  it('renders: pdftoppm draws the pieces on the first page', (context) => {
    needTools(context, 'pdftoppm')
    const base = join(dir, 'page')
    execFileSync('pdftoppm', ['-r', '30', '-f', '1', '-l', '1', '-gray', pdf, base])
    const file = [`${base}-1.pgm`, `${base}-01.pgm`].find(existsSync)!
    const pgm = readFileSync(file)
    // Binary PGM: "P5\n<w> <h>\n255\n" then one byte per pixel.
    const header = pgm.subarray(0, 20).toString('latin1').split(/\s+/)
    expect(header[0]).toBe('P5')
    const [w, h] = [Number(header[1]), Number(header[2])]
    // A4 at 30 dpi
    expect(Math.abs(w - (210 / 25.4) * 30)).toBeLessThan(1.5)
    expect(Math.abs(h - (297 / 25.4) * 30)).toBeLessThan(1.5)
    const pixels = pgm.subarray(pgm.length - w * h)
    const dark = pixels.filter((v) => v < 200).length / pixels.length
    expect(dark).toBeGreaterThan(0.05)
    expect(dark).toBeLessThan(0.6)
  })
})
