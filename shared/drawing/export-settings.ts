import { z } from 'zod'
import { InputError } from '../errors'
import type { SolvedJob } from '../formats/solutions'
import { lineprinterSheet } from './lineprinter'
import { DEFAULT_SHEET, layoutSheet, PAPERS, type Sheet } from './sheet'
import { drawSolution } from './solution'
import { solutionPage } from './svg'

/**
 * What the export dialog and the CLI's `export` choose: the format, the sheet layout, the plotter
 * settings for HPGL, and optionally one solution instead of the whole sheet. One schema, checked
 * where it arrives (IPC, WebSocket, command line).
 */
export const EXPORT_FORMATS = ['svg', 'pdf', 'hpgl', 'gcode', 'txt'] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

export const sheetOptionsSchema = z.strictObject({
  paper: z.enum(Object.keys(PAPERS) as [keyof typeof PAPERS, ...(keyof typeof PAPERS)[]]),
  orientation: z.enum(['portrait', 'landscape']),
  margin: z.number().min(0).max(100),
  columns: z.number().int().min(1).max(30),
  colors: z.boolean(),
  labels: z.boolean(),
  gap: z.number().min(0).max(5),
  /** mm per lattice unit; without it the columns set the size. */
  unit: z.number().min(0.5).max(200).optional(),
})

export const plotterOptionsSchema = z.strictObject({
  device: z.string().max(50),
  paper: z.string().max(20),
  scale: z.union([z.literal('fit'), z.number().positive().max(100)]),
  pens: z.enum(['one', 'colors']),
  relative: z.boolean().optional(),
  velocity: z.number().int().min(1).max(128).optional(),
})

export const exportSettingsSchema = z.strictObject({
  format: z.enum(EXPORT_FORMATS),
  sheet: sheetOptionsSchema,
  plotter: plotterOptionsSchema,
  /** One solution (figure and tiling index) instead of the whole sheet. */
  only: z
    .strictObject({ figure: z.number().int().min(0), tiling: z.number().int().min(0) })
    .optional(),
})
export type ExportSettings = z.infer<typeof exportSettingsSchema>
export type PlotterOptions = z.infer<typeof plotterOptionsSchema>

export const DEFAULT_EXPORT: ExportSettings = {
  format: 'pdf',
  sheet: { ...DEFAULT_SHEET },
  plotter: { device: 'hp7475a', paper: 'A4', scale: 'fit', pens: 'one' },
}

/** The job narrowed to the chosen solution, if one is chosen. */
function chosen(job: SolvedJob, only: ExportSettings['only']) {
  if (!only) return undefined
  const f = job.figures[only.figure]
  const t = f?.tilings[only.tiling]
  if (!f || !t) throw new InputError('There is no such solution in this job.')
  return { figure: f, tiling: t, number: only.tiling + 1 }
}

/**
 * The pages to render: the whole sheet, laid out on the paper (SVG gets one continuous page), or
 * one solution on a page of its own size.
 */
export function exportSheet(job: SolvedJob, s: ExportSettings): Sheet {
  const one = chosen(job, s.only)
  if (one) {
    const scale = 10
    const drawing = drawSolution(job.document, one.figure.polygon, one.tiling.pieces, {
      gap: s.sheet.gap / scale,
    })
    const page = solutionPage(drawing, scale, `${one.figure.name} — ${one.number}`)
    return { pages: [page], options: s.sheet, scale, solutions: 1 }
  }
  return layoutSheet(job, { ...s.sheet, continuous: s.format === 'svg' })
}

/** Line-printer text (Figure 7): every solution, or the chosen one, grouped by outline. */
export function exportText(job: SolvedJob, s: ExportSettings): string {
  const one = chosen(job, s.only)
  const groups = one
    ? [{ figure: one.figure, tilings: [{ t: one.tiling, n: one.number }] }]
    : job.figures
        .filter((f) => f.tilings.length > 0)
        .map((f) => ({ figure: f, tilings: f.tilings.map((t, i) => ({ t, n: i + 1 })) }))
  return groups
    .map(({ figure, tilings }) =>
      lineprinterSheet(
        tilings.map(({ t, n }) => ({
          caption: `${figure.name}  ${n}`,
          drawing: drawSolution(job.document, figure.polygon, t.pieces),
        })),
      ),
    )
    .join('\n')
}
