import { extname, join } from 'node:path'
import { lineprinterSheet } from '../../../shared/drawing/lineprinter'
import { drawSolution } from '../../../shared/drawing/solution'
import type { Figure } from '../../../shared/formats/load'
import type { SolvableSet } from '../../../shared/pieces/solvable'
import { buildTilingProblem } from '../../../shared/tiling/problem'
import { traceToFirstTiling } from '../../../shared/tiling/trace'
import { saveFile } from '../../services/atomic-write'
import {
  DEFAULT_EXPORT,
  EXPORT_FORMATS,
  exportSettingsSchema,
  type ExportFormat,
  type ExportSettings,
} from '../../../shared/drawing/export-settings'
import { InputError } from '../../../shared/errors'
import { solveJob } from '../../services/solve-job'
import { renderExport, writeExport } from '../../services/export/exporter'
import { loadOutlineFigure, loadSolvableSet, RESOURCES } from '../inputs'
import { defaultDataDir } from '../../services/plotter/announced'
import { loadDevices } from '../../services/plotter/device-profiles'
import { checkBinaryStdout, isStdout, toStdout } from '../output'
import { progressBar } from '../progress'
import { workerCount } from '../jobs'
import { withBar, type CommonOptions } from '../run'
import { plural } from '../../../shared/plural'

export interface ExportOptions extends CommonOptions {
  output: string
  format?: string
  figure?: string
  solution?: string
  paper: string
  landscape?: boolean
  columns: string
  margin: string
  gap: string
  unit?: string
  colors: boolean
  labels?: boolean
  device?: string
  plotterPaper?: string
  pens: string
  scale: string
  relative?: boolean
  velocity?: string
  trace?: boolean
  pieces?: boolean
  kerf?: string
}

const number = (name: string, v: string | undefined): number | undefined => {
  if (v === undefined) return undefined
  const n = Number(v)
  if (!Number.isFinite(n)) throw new InputError(`${name} must be a number, not "${v}"`)
  return n
}

const OPTION_NAMES: Record<string, string> = {
  'sheet.paper': '--paper',
  'sheet.columns': '--columns',
  'sheet.margin': '--margin',
  'sheet.gap': '--gap',
  'sheet.unit': '--unit',
  'plotter.device': '--device',
  'plotter.paper': '--plotter-paper',
  'plotter.scale': '--scale',
  'plotter.pens': '--pens',
  'plotter.velocity': '--velocity',
}

/** The export settings the options ask for, checked against the one schema the app uses too. */
export function exportSettingsFromOptions(o: ExportOptions): ExportSettings {
  const byExt = extname(o.output)
    .slice(1)
    .toLowerCase()
    .replace(/^(plt|hpg)$/, 'hpgl')
    .replace(/^(nc|ngc|gc)$/, 'gcode')
  const format = (o.format ?? byExt) as ExportFormat
  if (!EXPORT_FORMATS.includes(format)) {
    throw new InputError(
      `choose a format with --format ${EXPORT_FORMATS.join('|')} (the output's extension ".${byExt}" names none)`,
    )
  }
  const settings = {
    format,
    sheet: {
      ...DEFAULT_EXPORT.sheet,
      paper: o.paper,
      orientation: o.landscape ? 'landscape' : 'portrait',
      columns: number('--columns', o.columns),
      margin: number('--margin', o.margin),
      gap: number('--gap', o.gap),
      unit: number('--unit', o.unit),
      colors: o.colors,
      labels: Boolean(o.labels),
    },
    plotter: {
      device: o.device ?? (format === 'gcode' ? 'grbl-servo' : 'hp7475a'),
      paper: o.plotterPaper ?? (o.paper === 'A3' ? 'A3' : 'A4'),
      scale: o.scale === 'fit' ? 'fit' : number('--scale', o.scale),
      pens: o.pens,
      relative: Boolean(o.relative),
      velocity: number('--velocity', o.velocity),
    },
  }
  const parsed = exportSettingsSchema.safeParse(settings)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const option = OPTION_NAMES[issue.path.join('.')] ?? issue.path.join('.')
    throw new InputError(`${option}: ${issue.message}`)
  }
  return parsed.data
}

/**
 * The paper's Figure 7: every intermediate result of the search up to the first tiling of the
 * figure (the pieces placed after each step that fitted), in line-printer text, side by side.
 */
function traceText(set: SolvableSet, figure: Figure): string {
  const { steps, solved } = traceToFirstTiling(
    buildTilingProblem(figure.polygon, set.pieces),
    'reduce',
    500,
  )
  const blocks = steps.map((placed, i) => ({
    caption: i === steps.length - 1 && solved ? `${i + 1}: tiled` : `${i + 1}`,
    drawing: drawSolution(set.document, figure.polygon, placed),
  }))
  const note = solved ? '' : `\n(no tiling within ${steps.length} steps)\n`
  return `${figure.name}: the search up to its first tiling\n\n${lineprinterSheet(blocks)}${note}`
}

async function writeText(path: string, text: string, write: (t: string) => void): Promise<number> {
  if (isStdout(path)) await toStdout(text)
  else {
    await saveFile(path, text)
    write(`wrote ${path}`)
  }
  return 0
}

/**
 * Solves the set (every convex figure, or --figure) and writes its solutions as a sheet: SVG,
 * PDF, HPGL (one file per page) or line-printer text.
 */
export async function exportCommand(
  setArg: string,
  opts: ExportOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  if (opts.pieces) {
    const { cutTemplateCommand } = await import('./cut-template')
    return cutTemplateCommand(setArg, opts, write)
  }
  const settings = exportSettingsFromOptions(opts)
  // The bundled devices and the user's own (devices.json in the settings folder).
  const devices = loadDevices(defaultDataDir())
  if (isStdout(opts.output) && settings.format === 'pdf') checkBinaryStdout('a PDF')
  const { set } = loadSolvableSet(setArg)
  const figure = opts.figure ? loadOutlineFigure(opts.figure, 'export') : undefined
  if (opts.trace) {
    if (!figure || settings.format !== 'txt') {
      throw new InputError(
        '--trace prints the search for one figure as text: add --figure F and -o FILE.txt',
      )
    }
    return writeText(opts.output, traceText(set, figure), write)
  }
  const workers = workerCount(opts.jobs)
  const { job, outcome } = await withBar(progressBar(opts.progress !== false), (hooks) =>
    solveJob(set, {
      kind: figure ? 'tile' : 'convex',
      figures: figure ? [figure] : undefined,
      mode: opts.raw ? 'raw' : 'reduce',
      workers,
      force: opts.force,
      signal,
      ...hooks,
    }),
  )
  if (outcome.error) throw new InputError(outcome.error)
  if (opts.solution !== undefined) {
    const n = number('--solution', opts.solution) ?? 0
    const f = job.figures.findIndex((x) => x.tilings.length > 0)
    if (!Number.isInteger(n) || n < 1 || f < 0 || n > job.figures[f].tilings.length) {
      throw new InputError(
        `--solution must be from 1 to ${f < 0 ? 0 : job.figures[f].tilings.length}, not "${opts.solution}"`,
      )
    }
    settings.only = { figure: f, tiling: n - 1 }
  }
  const fonts = join(RESOURCES, 'fonts')
  if (isStdout(opts.output)) {
    const { files } = await renderExport(job, settings, fonts, devices)
    for (const f of files) await toStdout(f.content)
    return outcome.cancelled ? 130 : 0
  }
  const r = await writeExport(job, opts.output, settings, fonts, devices)
  if (opts.json) {
    write(JSON.stringify({ ...r, complete: outcome.complete }))
  } else {
    const what = plural(r.solutions, 'solution')
    const pages = settings.format === 'txt' ? '' : ` on ${plural(r.pages, 'page')}`
    write(
      `wrote ${r.files.join(', ')}: ${what}${pages}${outcome.complete ? '' : ' (stopped early: not all solutions)'}`,
    )
    if (r.plot) {
      write(
        `pen down ${(r.plot.penDown / 1000).toFixed(2)} m, pen up ${(r.plot.penUp / 1000).toFixed(2)} m ` +
          `(${(r.plot.naivePenUp / 1000).toFixed(2)} m in drawing order)`,
      )
    }
  }
  return outcome.cancelled ? 130 : 0
}
