import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { solvedTangram } from '../../testing/tangram-job'
import { baselinePenUp } from '../../testing/plot-baseline'
import type { SolvedJob } from '../formats/solutions'
import { plotterById } from '../hpgl/devices'
import { placePage } from '../hpgl/write'
import { DEFAULT_EXPORT, exportSheet } from './export-settings'
import { joinStrokes, measurePlan, planPaths, type Stroke, type XY } from './plan'

/** Every drawn segment, direction-free, with its pen, repeats kept. */
const segments = (strokes: readonly Stroke[]): string[] =>
  strokes
    .flatMap((s) =>
      s.points
        .slice(1)
        .map((q, i) => `${s.pen}:${[s.points[i].join(), q.join()].sort().join(' ')}`),
    )
    .sort()

const drawingOrder = (strokes: readonly Stroke[]): number =>
  measurePlan([...strokes].sort((a, b) => a.pen - b.pen)).penUp

describe('pen planning', () => {
  // Points on a small grid, so that strokes meet, cross, repeat and close into loops.
  const point = fc.tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 12 }))
  const strokes = fc.array(
    fc.record({
      pen: fc.integer({ min: 1, max: 2 }),
      points: fc.array(point, { minLength: 2, maxLength: 6 }),
    }),
    { maxLength: 60 },
  )

  it('draws exactly the segments given, and never travels further lifted than the drawing order', () => {
    fc.assert(
      fc.property(strokes, fc.tuple(point, point), (raw, [start]) => {
        const given = raw as Stroke[]
        const plan = planPaths(given, start)
        expect(segments(plan.paths)).toEqual(segments(given))
        expect(plan.penUp).toBeCloseTo(measurePlan(plan.paths, start).penUp, 6)
        expect(plan.penUp).toBeLessThanOrEqual(
          measurePlan(
            [...given].sort((a, b) => a.pen - b.pen),
            start,
          ).penUp + 1e-9,
        )
      }),
      { seed: 27, numRuns: 400 },
    )
  })
})

describe('pen planning on the 142-tiling sheet', () => {
  let job: SolvedJob
  beforeAll(async () => {
    job = await solvedTangram()
  })

  it('travels lifted no further than greedy + 2-opt over the strokes, as drawn or merged, on every page', () => {
    const settings = { ...DEFAULT_EXPORT, format: 'hpgl' as const }
    const device = plotterById(settings.plotter.device)
    const pages = exportSheet(job, settings).pages
    expect(pages).toHaveLength(5)
    for (const page of pages) {
      const { strokes } = placePage(page, { ...settings.plotter, device })
      const planned = planPaths(strokes).penUp
      const merged = joinStrokes(strokes).map((points: XY[]) => ({ pen: 1, points }))
      expect(planned).toBeLessThanOrEqual(baselinePenUp(strokes))
      expect(planned).toBeLessThanOrEqual(baselinePenUp(merged))
      expect(planned).toBeLessThan(drawingOrder(strokes) / 2)
    }
  })
})
