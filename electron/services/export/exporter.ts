import { extname, join, resolve } from 'node:path'
import {
  exportSheet,
  exportText,
  type ExportSettings,
} from '../../../shared/drawing/export-settings'
import { InputError } from '../../../shared/errors'
import type { SolvedJob } from '../../../shared/formats/solutions'
import { BUNDLED_DEVICES } from '../../../shared/plotter/bundled'
import { deviceById, type DeviceProfile } from '../../../shared/plotter/profile'
import { pageHpgl } from '../../../shared/hpgl/write'
import { pageGcode } from '../../../shared/gcode/write'
import type { Sheet } from '../../../shared/drawing/sheet'
import { pageSvg } from '../../../shared/drawing/svg'
import { saveFile, writesIntoStream } from '../atomic-write'

/**
 * Writes a job's solutions as SVG, PDF, HPGL, G-code or line-printer text, each file atomically.
 * A sheet of several pages gives one PDF, one continuous SVG, or one HPGL or G-code file per page
 * (a plotter takes one sheet of paper at a time): name-1.hpgl, name-2.hpgl …
 */
export interface ExportResult {
  readonly files: string[]
  readonly pages: number
  readonly solutions: number
  /** HPGL and G-code only, in mm on paper, summed over pages. */
  readonly plot?: { penDown: number; penUp: number; naivePenUp: number }
}

export interface RenderedFile {
  /** '' for the only file, '-2' … for later pages. */
  readonly suffix: string
  readonly content: string | Buffer
}

export interface Rendered {
  readonly files: RenderedFile[]
  readonly pages: number
  readonly solutions: number
  readonly plot?: ExportResult['plot']
}

export async function renderExport(
  job: SolvedJob,
  s: ExportSettings,
  fontsDir: string,
  devices: readonly DeviceProfile[] = BUNDLED_DEVICES,
): Promise<Rendered> {
  if (s.format === 'txt') {
    const solutions = s.only ? 1 : job.figures.reduce((n, f) => n + f.tilings.length, 0)
    return { files: [{ suffix: '', content: exportText(job, s) }], pages: 1, solutions }
  }
  const sheet = exportSheet(job, s)
  if (sheet.solutions === 0) throw new InputError('There are no solutions to export.')
  return renderSheet(sheet, s, `${job.document.name} — solutions`, fontsDir, devices)
}

/** A laid-out sheet as SVG, PDF, HPGL or G-code; `title` names the document inside the SVG and PDF. */
export async function renderSheet(
  sheet: Sheet,
  s: ExportSettings,
  title: string,
  fontsDir: string,
  devices: readonly DeviceProfile[] = BUNDLED_DEVICES,
): Promise<Rendered> {
  const base = { pages: sheet.pages.length, solutions: sheet.solutions }
  switch (s.format) {
    case 'txt':
      throw new InputError('A sheet is written as SVG, PDF, HPGL or G-code.')
    case 'svg':
      return {
        ...base,
        files: sheet.pages.map((p, i) => ({
          suffix: i === 0 ? '' : `-${i + 1}`,
          content: pageSvg(p, sheet.options, title),
        })),
      }
    case 'pdf': {
      // PDFKit takes a tenth of a second to load: only when a PDF is asked for.
      const { sheetPdf } = await import('./pdf-sheet')
      const pdf = await sheetPdf(
        sheet,
        {
          regular: join(fontsDir, 'DejaVuSans.ttf'),
          bold: join(fontsDir, 'DejaVuSans-Bold.ttf'),
        },
        title,
      )
      return { ...base, files: [{ suffix: '', content: pdf }] }
    }
    case 'hpgl': {
      const device = deviceById(devices, s.plotter.device, 'hpgl')
      return plotFiles(
        base,
        sheet.pages.map((p) => {
          const page = pageHpgl(p, { ...s.plotter, device })
          return { ...page, content: page.hpgl }
        }),
      )
    }
    case 'gcode': {
      const device = deviceById(devices, s.plotter.device, 'gcode')
      return plotFiles(
        base,
        sheet.pages.map((p) => {
          const page = pageGcode(p, { ...s.plotter, device })
          return { ...page, content: page.gcode }
        }),
      )
    }
  }
}

/** A plotter program per page (a plotter takes one sheet at a time), with the travel summed. */
function plotFiles(
  base: Pick<Rendered, 'pages' | 'solutions'>,
  pages: readonly { content: string; penDown: number; penUp: number; naivePenUp: number }[],
): Rendered {
  const sum = (k: 'penDown' | 'penUp' | 'naivePenUp') => pages.reduce((t, p) => t + p[k], 0)
  return {
    ...base,
    files: pages.map((p, i) => ({
      suffix: pages.length === 1 ? '' : `-${i + 1}`,
      content: p.content,
    })),
    plot: { penDown: sum('penDown'), penUp: sum('penUp'), naivePenUp: sum('naivePenUp') },
  }
}

export async function writeExport(
  job: SolvedJob,
  path: string,
  s: ExportSettings,
  fontsDir: string,
  devices: readonly DeviceProfile[] = BUNDLED_DEVICES,
): Promise<ExportResult> {
  return writeRendered(path, await renderExport(job, s, fontsDir, devices))
}

/**
 * Writes rendered files, later pages beside the first: name-2.hpgl …; into a device or a pipe
 * (`/dev/null`, a plotter's), all of them one after the other, as to standard output.
 */
export async function writeRendered(path: string, rendered: Rendered): Promise<ExportResult> {
  const { files, ...rest } = rendered
  const abs = resolve(path)
  if (await writesIntoStream(abs)) {
    await saveFile(abs, Buffer.concat(files.map((f) => Buffer.from(f.content))))
    return { files: [abs], ...rest }
  }
  const ext = extname(abs)
  const stem = abs.slice(0, abs.length - ext.length)
  const written: string[] = []
  for (const f of files) {
    const file = f.suffix === '' ? abs : `${stem}${f.suffix}${ext}`
    await saveFile(file, f.content)
    written.push(file)
  }
  return { files: written, ...rest }
}
