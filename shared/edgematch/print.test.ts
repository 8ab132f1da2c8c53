import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { pageSvg } from '../drawing/svg'
import { parseCards } from './cards/format'
import { firstSolution } from './cards/solve'
import { cardsSheet, trianglesSheet } from './print'
import { parseTrianglePuzzle } from './triangle/parse'
import { solveFirst } from './triangle/solve'
import type { SheetPage } from '../drawing/sheet'

const INK = '#1d2433'

/** The shapes of a page's drawings within `r` of a point (in the drawing's own units, y up). */
function shapesNear(page: SheetPage, x: number, y: number, r: number) {
  return page.items[0].drawing.pieces.filter((p) => {
    const cx = p.polygon.reduce((s, q) => s + q[0], 0) / p.polygon.length
    const cy = p.polygon.reduce((s, q) => s + q[1], 0) / p.polygon.length
    return Math.hypot(cx - x, cy - y) < r && p.color !== '#ffffff'
  })
}

/** Eyes are small discs of ink (14 points); smiles are ink bands. */
const eyes = (shapes: ReturnType<typeof shapesNear>) =>
  shapes.filter((s) => s.color === INK && s.polygon.length === 14)
const faces = (shapes: ReturnType<typeof shapesNear>) => shapes.filter((s) => s.color !== INK)

describe('printing edge-matching puzzles', () => {
  it('prints the HIB cards to cut out, and a solution where every inner edge shows one whole face', () => {
    const puzzle = parseCards(readFileSync('resources/cards/hib-smiley.json', 'utf8'), 'hib')
    const solution = firstSolution(puzzle)!
    const sheet = cardsSheet(puzzle, solution)
    expect(sheet.pages).toHaveLength(2)
    expect(sheet.pages[0].items).toHaveLength(9)
    const board = sheet.pages[1]
    // Inner edges of the 3 × 3 board (drawing units: a card is 1, y up from the top row at 0).
    const mids: [number, number][] = []
    for (let r = 0; r < 3; r++) for (let c = 1; c < 3; c++) mids.push([c, -(r + 0.5)])
    for (let r = 1; r < 3; r++) for (let c = 0; c < 3; c++) mids.push([c + 0.5, -r])
    for (const [x, y] of mids) {
      const near = shapesNear(board, x, y, 0.32)
      const halves = faces(near)
      expect(halves).toHaveLength(2)
      expect(halves[0].color).toBe(halves[1].color)
      expect(eyes(near)).toHaveLength(2)
    }
    expect(pageSvg(board, sheet.options)).toContain('<polygon')
  })

  it('prints a contest triangle puzzle and its solution: upper and lower halves make whole faces', () => {
    const puzzle = parseTrianglePuzzle(
      readFileSync('shared/edgematch/triangle/examples/puzzle0.txt', 'utf8'),
      'puzzle0.txt',
    )
    const { solution } = solveFirst(puzzle)
    const sheet = trianglesSheet(puzzle, solution, 'puzzle0')
    expect(sheet.pages).toHaveLength(2)
    expect(sheet.pages[0].items).toHaveLength(9)
    const board = sheet.pages[1].items[0].drawing
    // Every side two triangles share: its midpoint appears in two outlines.
    const midpoints = new Map<string, [number, number]>()
    const seen = new Map<string, number>()
    for (const l of board.lines) {
      for (let i = 1; i < l.points.length; i++) {
        const m: [number, number] = [
          (l.points[i - 1][0] + l.points[i][0]) / 2,
          (l.points[i - 1][1] + l.points[i][1]) / 2,
        ]
        const key = m.map((v) => v.toFixed(6)).join()
        midpoints.set(key, m)
        seen.set(key, (seen.get(key) ?? 0) + 1)
      }
    }
    const inner = [...seen].filter(([, n]) => n === 2).map(([k]) => midpoints.get(k)!)
    expect(inner).toHaveLength(9) // 3 rows: the inner sides of the big triangle
    for (const [x, y] of inner) {
      const near = shapesNear(sheet.pages[1], x, y, 0.2)
      const halves = faces(near)
      expect(halves).toHaveLength(2)
      expect(halves[0].color).toBe(halves[1].color)
      // The upper half carries the eyes, the lower half the smile.
      expect(eyes(near)).toHaveLength(2)
    }
  })
})
