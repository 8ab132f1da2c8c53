import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { solveJob } from '../../electron/services/solve-job'
import { documentFromJson } from '../document/document'
import { solvableDocument } from '../pieces/solvable'
import type { SolvedJob } from '../formats/solutions'
import { normalizePolygon, signedArea2, type Point } from '../lattice/polygon'
import { randomPiece } from '../../testing/random-puzzles'
import { seededRandom } from '../random'
import { lineprinterLines } from './lineprinter'
import { joinStrokes, measurePlan, planPaths, strokeLength, type Stroke, type XY } from './plan'
import { DEFAULT_SHEET, layoutSheet, toPage } from './sheet'
import { drawSolution, offsetPolygon, placedPolygon, type SolutionDrawing } from './solution'

let job: SolvedJob
beforeAll(async () => {
  const doc = documentFromJson(
    JSON.parse(readFileSync('resources/sets/tangram.json', 'utf8')),
    'tangram.json',
  )
  job = (await solveJob(solvableDocument(doc), { kind: 'convex', mode: 'reduce', workers: 1 })).job
})

/** Unit lattice steps of a polyline or polygon, as direction-free keys (with repeats). */
function steps(points: readonly (readonly [number, number])[], closed: boolean): string[] {
  const out: string[] = []
  const n = closed ? points.length : points.length - 1
  for (let i = 0; i < n; i++) {
    const a = points[i]
    const b = points[(i + 1) % points.length]
    const k = Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1]))
    for (let j = 0; j < k; j++) {
      const p = [a[0] + (j * (b[0] - a[0])) / k, a[1] + (j * (b[1] - a[1])) / k]
      const q = [a[0] + ((j + 1) * (b[0] - a[0])) / k, a[1] + ((j + 1) * (b[1] - a[1])) / k]
      out.push([p.join(','), q.join(',')].sort().join(' '))
    }
  }
  return out
}

const allDrawings = (): { drawing: SolutionDrawing; name: string }[] =>
  job.figures.flatMap((f) =>
    f.tilings.map((t) => ({
      drawing: drawSolution(job.document, f.polygon, t.pieces),
      name: f.name,
    })),
  )

describe('the solution drawing', () => {
  it('draws every edge of all 142 tangram tilings exactly once: shared edges once, the outline apart', () => {
    const drawings = allDrawings()
    expect(drawings).toHaveLength(142)
    for (const { drawing } of drawings) {
      const pieceSteps = new Set(drawing.pieces.flatMap((p) => steps(p.polygon, true)))
      const outline = steps(drawing.rings[0], true)
      const edges = drawing.lines
        .filter((l) => l.kind === 'edge')
        .flatMap((l) => steps(l.points, false))
      // No edge step twice, none on the outline, and together they are every piece edge.
      expect(new Set(edges).size).toBe(edges.length)
      expect(edges.filter((s) => outline.includes(s))).toEqual([])
      expect(new Set([...edges, ...outline])).toEqual(pieceSteps)
      // Each inner edge borders two pieces, each outline edge one: perimeters add up.
      const perimeter = (p: readonly Point[]) => strokeLength([...p, p[0]])
      const pieces = drawing.pieces.reduce((s, p) => s + perimeter(p.polygon), 0)
      const inner = drawing.lines
        .filter((l) => l.kind === 'edge')
        .reduce((s, l) => s + strokeLength(l.points), 0)
      expect(pieces).toBeCloseTo(2 * inner + perimeter(drawing.rings[0]), 9)
    }
  })

  it('places each piece where the tiling says (its polygon is the placed piece)', () => {
    const f = job.figures.find((x) => x.tilings.length > 0)!
    const d = drawSolution(job.document, f.polygon, f.tilings[0].pieces)
    d.pieces.forEach((p, i) =>
      expect(p.polygon).toEqual(placedPolygon(job.document, f.tilings[0].pieces[i])),
    )
  })

  it('strokes the outline double: a second outline at the given distance, outside', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e9 }),
        fc.double({ min: 0.02, max: 0.2, noNaN: true }),
        (seed, d) => {
          const poly = normalizePolygon(randomPiece(seededRandom(seed), 6))
          const out = offsetPolygon(poly, d)
          expect(out).toHaveLength(poly.length)
          // Each offset edge lies on the line of its edge moved outwards by d.
          const ccw = signedArea2(poly) > 0 ? 1 : -1
          for (let i = 0; i < poly.length; i++) {
            const [a, b] = [poly[i], poly[(i + 1) % poly.length]]
            const len = Math.hypot(b[0] - a[0], b[1] - a[1])
            for (const q of [out[i], out[(i + 1) % out.length]]) {
              const side = ((b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0])) / len
              expect(-side * ccw).toBeCloseTo(d, 9)
            }
          }
          expect(Math.abs(signedArea2(out))).toBeGreaterThan(Math.abs(signedArea2(poly)))
        },
      ),
      { seed: 4, numRuns: 300 },
    )
  })
})

describe('pen path planning', () => {
  const segmentKeys = (strokes: readonly Stroke[]): string[] =>
    strokes
      .flatMap((s) =>
        s.points.slice(1).map((q, i) => {
          const p = s.points[i]
          return `${s.pen}:${[p.join(','), q.join(',')].sort().join(' ')}`
        }),
      )
      .sort()

  const strokesArb = fc.array(
    fc.record({
      pen: fc.integer({ min: 1, max: 3 }),
      points: fc.array(fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })), {
        minLength: 2,
        maxLength: 5,
      }),
    }),
    { maxLength: 14 },
  )

  it('draws every segment exactly once with its own pen, pens in order, pen-down length unchanged', () => {
    fc.assert(
      fc.property(strokesArb, (raw) => {
        // Zero-length steps are not drawable lines; drop them like the drawing never makes them.
        const strokes: Stroke[] = raw
          .map((s) => ({
            pen: s.pen,
            points: s.points.filter(
              (p, i) => i === 0 || p.join() !== s.points[i - 1].join(),
            ) as XY[],
          }))
          .filter((s) => s.points.length > 1)
        const plan = planPaths(strokes)
        expect(segmentKeys(plan.paths)).toEqual(segmentKeys(strokes))
        const pens = plan.paths.map((p) => p.pen)
        expect(pens).toEqual([...pens].sort((a, b) => a - b))
        expect(plan.penDown).toBeCloseTo(measurePlan(strokes).penDown, 9)
        expect(plan.penUp).toBeCloseTo(measurePlan(plan.paths).penUp, 9)
      }),
      { seed: 11, numRuns: 500 },
    )
  })

  it('travels no less than the optimum a brute force over orders and directions finds', () => {
    // A sanity bound on small cases: pen-up travel below the optimum would mean a skipped move.
    fc.assert(
      fc.property(strokesArb, (raw) => {
        const strokes = raw
          .map((s) => ({ pen: 1, points: [s.points[0], s.points[s.points.length - 1]] as XY[] }))
          .filter((s) => s.points[0].join() !== s.points[1].join())
          .slice(0, 5)
        const plan = planPaths(strokes)
        const paths = joinStrokes(strokes)
        let best = Infinity
        const perms = (rest: XY[][], at: XY, acc: number): void => {
          if (acc >= best) return
          if (rest.length === 0) {
            best = acc
            return
          }
          rest.forEach((p, i) => {
            const others = rest.filter((_, j) => j !== i)
            const closed = p.length > 2 && p[0].join() === p[p.length - 1].join()
            const entries = closed
              ? p.slice(0, -1).map((_, k) => [...p.slice(k, -1), ...p.slice(0, k + 1)])
              : [p, [...p].reverse()]
            for (const e of entries) {
              perms(others, e[e.length - 1], acc + Math.hypot(e[0][0] - at[0], e[0][1] - at[1]))
            }
          })
        }
        perms(paths, [0, 0], 0)
        expect(plan.penUp).toBeGreaterThanOrEqual(best - 1e-9)
      }),
      { seed: 5, numRuns: 200 },
    )
  })
})

describe('the solution sheet', () => {
  it('lays out all 142 solutions on A4 pages, inside the margins, without overlaps', () => {
    const sheet = layoutSheet(job, DEFAULT_SHEET)
    expect(sheet.solutions).toBe(142)
    expect(sheet.pages.reduce((n, p) => n + p.items.length, 0)).toBe(142)
    for (const page of sheet.pages) {
      expect([page.width, page.height]).toEqual([210, 297])
      const boxes = page.items.map((item) => {
        const pts = item.drawing.lines.flatMap((l) => l.points.map((q) => toPage(item, q)))
        const xs = pts.map((p) => p[0])
        const ys = pts.map((p) => p[1])
        return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
      })
      for (const [x0, y0, x1, y1] of boxes) {
        expect(x0).toBeGreaterThanOrEqual(DEFAULT_SHEET.margin - 1e-9)
        expect(y0).toBeGreaterThanOrEqual(DEFAULT_SHEET.margin - 1e-9)
        expect(x1).toBeLessThanOrEqual(210 - DEFAULT_SHEET.margin + 1e-9)
        expect(y1).toBeLessThanOrEqual(297 - DEFAULT_SHEET.margin + 1e-9)
      }
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]]
          const apart = a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1]
          expect(apart).toBe(true)
        }
    }
    const texts = sheet.pages.flatMap((p) => p.texts.map((t) => t.text))
    expect(texts).toContain('rectangle 2 × 4 — 9 solutions')
    expect(texts).toContain('large triangle ×2')
    expect(texts).toContain(`1 / ${sheet.pages.length}`)
  })

  it('draws at a given size: 10 mm per unit, as many columns as fit', () => {
    const sheet = layoutSheet(job, { ...DEFAULT_SHEET, unit: 10 })
    expect(sheet.scale).toBe(10)
    const item = sheet.pages[0].items[0]
    const outline = item.drawing.lines
      .find((l) => l.kind === 'outline')!
      .points.map((q) => toPage(item, q))
    const xs = outline.map((p) => p[0])
    const ys = outline.map((p) => p[1])
    // The first outline is the rectangle 2 × 4: 20 mm by 40 mm on paper.
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(20, 9)
    expect(Math.max(...ys) - Math.min(...ys)).toBeCloseTo(40, 9)
    expect(sheet.solutions).toBe(142)
    expect(() => layoutSheet(job, { ...DEFAULT_SHEET, unit: 100 })).toThrow(/does not fit the page/)
  })

  it('plans the pen over the whole sheet with at most half the pen-up travel of drawing order', () => {
    const sheet = layoutSheet(job, DEFAULT_SHEET)
    let planned = 0
    let naive = 0
    for (const page of sheet.pages) {
      const strokes = page.items.flatMap((item) =>
        item.drawing.lines.map((l) => ({ pen: 1, points: l.points.map((q) => toPage(item, q)) })),
      )
      planned += planPaths(strokes).penUp
      naive += measurePlan(strokes).penUp
    }
    expect(planned).toBeLessThanOrEqual(naive / 2)
  })
})

describe('line-printer output (Figure 7)', () => {
  it('draws the outline in stars and the pieces in X, one character per line on diagonals', () => {
    const first = (name: string) => {
      const f = job.figures.find((x) => x.name.startsWith(name))!
      return lineprinterLines(drawSolution(job.document, f.polygon, f.tilings[0].pieces))
    }
    // The rectangle 2 × 4 upright: a unit is 6 columns and 3 lines.
    const rect = first('rectangle 2 × 4')
    expect(rect).toHaveLength(13)
    expect(rect[0]).toBe('*'.repeat(13))
    expect(rect[12]).toBe('*'.repeat(13))
    for (const l of rect.slice(1, -1)) expect(l).toMatch(/^\*[X ]{11}\*$/)
    expect(rect.join('')).toContain('X')
    // The tangram square stands on a corner (side 2√2): every line holds exactly two stars of
    // its diagonal sides, two columns further out per line, except the corners' lines.
    const square = first('square')
    expect(square).toHaveLength(13)
    const stars = square.map((l) => [...l].flatMap((c, i) => (c === '*' ? [i] : [])))
    expect(stars[0]).toEqual([12])
    expect(stars[12]).toEqual([12])
    for (let r = 1; r < 12; r++) {
      const out = r <= 6 ? 2 * r : 2 * (12 - r)
      expect(stars[r]).toEqual([12 - out, 12 + out])
    }
  })

  it('tells all 142 tangram solutions apart', () => {
    const texts = allDrawings().map(({ drawing }) => lineprinterLines(drawing).join('\n'))
    expect(new Set(texts).size).toBe(142)
  })
})
