/**
 * Pen planning on the 142-tiling sheet (issue 27, point 5): each A4 page as the HP 7475A plots it,
 * pen-up travel planned against the drawing order and against a plain greedy + 2-opt
 * (`testing/plot-baseline.ts`) over the same strokes, as drawn and as merged where they meet, and
 * the time to plan the whole sheet in process; and the same sheet planned for the AxiDraw, down to
 * its EBB commands (issue 27, point 2).
 */
import { DEFAULT_EXPORT, exportSheet } from '../shared/drawing/export-settings'
import { joinStrokes, measurePlan, planPaths, type Stroke } from '../shared/drawing/plan'
import { ebbProgram, pageEbb } from '../shared/ebb/write'
import { plotterById } from '../shared/hpgl/devices'
import { BUNDLED_DEVICES } from '../shared/plotter/bundled'
import { deviceById } from '../shared/plotter/profile'
import { placePage } from '../shared/hpgl/write'
import type { SolvedJob } from '../shared/formats/solutions'
import { baselinePenUp } from '../testing/plot-baseline'
import { check, median, type Result } from './measure'

// The sheet is plotted with one pen (DEFAULT_EXPORT), so all its strokes may meet.
const merged = (strokes: readonly Stroke[]): Stroke[] =>
  joinStrokes(strokes).map((points) => ({ pen: 1, points }))

export function plotPlanBench(job: SolvedJob): Result[] {
  const settings = { ...DEFAULT_EXPORT, format: 'hpgl' as const }
  const device = plotterById(settings.plotter.device)
  const sheet = exportSheet(job, settings)
  check('tangram sheet pages', sheet.pages.length, 5)
  const pages = sheet.pages.map((p) => placePage(p, { ...settings.plotter, device }).strokes)
  const mm = (units: number): number => units / device.unitsPerMm / 1000
  const rows = pages.map((strokes) => ({
    planned: planPaths(strokes).penUp,
    drawn: measurePlan([...strokes].sort((a, b) => a.pen - b.pen)).penUp,
    baseline: baselinePenUp(strokes),
    merged: baselinePenUp(merged(strokes)),
  }))
  for (const [i, r] of rows.entries()) {
    if (r.planned > Math.min(r.baseline, r.merged)) {
      throw new Error(`page ${i + 1}: planned pen-up travel above the greedy + 2-opt baseline`)
    }
  }
  const sum = (k: keyof (typeof rows)[number]): number => rows.reduce((t, r) => t + r[k], 0)
  const times: number[] = []
  for (let i = 0; i <= 15; i++) {
    const t0 = performance.now()
    for (const strokes of pages) planPaths(strokes)
    if (i > 0) times.push(performance.now() - t0)
  }
  // The AxiDraw: placed, planned and made into both programs (SM, and LM for firmware 2.7.0 on).
  const axidraw = deviceById(BUNDLED_DEVICES, 'axidraw-v3', 'ebb')
  const ebbTimes: number[] = []
  let commands = 0
  for (let i = 0; i <= 15; i++) {
    const t0 = performance.now()
    commands = 0
    for (const page of sheet.pages) {
      const { paths } = pageEbb(page, { ...settings.plotter, paper: 'A4', device: axidraw })
      for (const lm of [false, true]) commands += ebbProgram(paths, axidraw, lm).steps.length
    }
    if (i > 0) ebbTimes.push(performance.now() - t0)
  }
  return [
    {
      name: 'tangram: the 142-tiling sheet planned as EBB (5 A4 pages, AxiDraw V3, SM and LM programs)',
      target: '≤ 200 ms',
      medianMs: median(ebbTimes),
      runs: ebbTimes.length,
      detail: `${commands} commands in the two programs together`,
    },
    {
      name: 'tangram: pen planning of the 142-tiling sheet (5 A4 pages, HP 7475A)',
      target: '≤ 200 ms; pen-up travel ≤ greedy + 2-opt on every page',
      medianMs: median(times),
      runs: times.length,
      detail:
        `pen up ${mm(sum('planned')).toFixed(2)} m planned; greedy + 2-opt ` +
        `${mm(sum('baseline')).toFixed(2)} m over the strokes, ${mm(sum('merged')).toFixed(2)} m over them merged; ` +
        `${mm(sum('drawn')).toFixed(2)} m in drawing order; planned ÷ merged baseline by page ` +
        rows.map((r) => (r.planned / r.merged).toFixed(2)).join(', '),
    },
  ]
}
