import { describe, expect, it } from 'vitest'
import type { WorkbenchDocument } from '../document/document'
import { pageStrokes } from '../hpgl/write'
import type { Region } from '../lattice/region'
import type { PlacedPiece } from '../tiling/problem'
import { DEFAULT_SHEET, layoutSheet, toPage } from './sheet'
import { drawSolution } from './solution'
import { pageSvg, solutionPage } from './svg'

const square = (x: number, y: number, s = 1): [number, number][] => [
  [x, y],
  [x + s, y],
  [x + s, y + s],
  [x, y + s],
]

/** The 3 × 3 square with its centre cell a hole, and two cells apart at its corner: parts. */
const figure: Region = [
  { outline: square(0, 0, 3), holes: [square(1, 1)] },
  { outline: square(3, 3), holes: [] },
]
const doc: WorkbenchDocument = {
  name: 'Monominoes',
  pieces: [{ id: 'm', name: 'monomino', polygon: square(0, 0), count: 9, color: '#e4572e' }],
  figures: [],
}
const cells = [
  [0, 0],
  [1, 0],
  [2, 0],
  [0, 1],
  [2, 1],
  [0, 2],
  [1, 2],
  [2, 2],
  [3, 3],
]
const placed: PlacedPiece[] = cells.map(([dx, dy]) => ({ piece: 0, g: 0, dx, dy }))
const inHole = ([x, y]: readonly [number, number]) => x > 1 && x < 2 && y > 1 && y < 2
const unitSteps = (pts: readonly (readonly [number, number])[]) =>
  pts.slice(1).map((q, i) => [pts[i].join(), q.join()].sort().join(' '))

describe('a figure with a hole and two parts, drawn', () => {
  const d = drawSolution(doc, figure, placed, { gap: 0.2 })

  it('has a ring for each outline and hole, each stroked and doubled outside the region', () => {
    expect(d.rings).toHaveLength(3)
    const outlines = d.lines.filter((l) => l.kind === 'outline')
    expect(outlines).toHaveLength(3)
    const hole = outlines.find((l) =>
      l.points.every(([x, y]) => x >= 1 && x <= 2 && y >= 1 && y <= 2),
    )
    expect(hole?.points).toHaveLength(5)
    const outer = d.lines.filter((l) => l.kind === 'outline-outer')
    expect(outer).toHaveLength(3)
    // The hole's second outline lies in the hole, 0.2 inside its sides; the parts' outside them.
    expect(outer.filter((l) => l.points.every(inHole))).toHaveLength(1)
    const outside = (lo: number, hi: number) =>
      outer.filter((l) => l.points.every(([x, y]) => x < lo || x > hi || y < lo || y > hi))
    // Around the 3 × 3 and around the lone cell from (3, 3) to (4, 4).
    expect(outside(0, 3).filter((l) => l.points.some(([x]) => x < 0))).toHaveLength(1)
    expect(outside(3, 4).filter((l) => l.points.some(([x]) => x > 4))).toHaveLength(1)
  })

  it('draws no inner edge along the hole, and every edge between two cells once', () => {
    const ringSteps = new Set(
      d.lines.filter((l) => l.kind === 'outline').flatMap((l) => unitSteps(l.points)),
    )
    const edges = d.lines.filter((l) => l.kind === 'edge').flatMap((l) => unitSteps(l.points))
    expect(edges.filter((s) => ringSteps.has(s))).toEqual([])
    // Eight cells round the hole meet in eight unit edges; the lone cell meets none.
    expect(edges).toHaveLength(8)
    expect(new Set(edges).size).toBe(8)
  })

  it('fills only the pieces in SVG (the hole stays paper) and plots the hole ring in HP-GL', () => {
    const page = solutionPage(d, 10)
    const svg = pageSvg(page, { colors: true, labels: false })
    const fills = [...svg.matchAll(/<polygon points="([^"]+)" fill="([^"]+)"/g)]
    expect(fills).toHaveLength(9)
    const item = page.items[0]
    const [hx, hy] = toPage(item, [1.5, 1.5])
    for (const [, pts] of fills) {
      const xy = pts.split(' ').map((p) => p.split(',').map(Number))
      const xs = xy.map((p) => p[0])
      const ys = xy.map((p) => p[1])
      const covers =
        Math.min(...xs) < hx && hx < Math.max(...xs) && Math.min(...ys) < hy && hy < Math.max(...ys)
      expect(covers).toBe(false)
    }
    const { strokes } = pageStrokes(page, 'one', 1)
    const hole = square(1, 1).map((p) =>
      toPage(item, p)
        .map((v) => v.toFixed(3))
        .join(),
    )
    expect(
      strokes.some((s) =>
        hole.every((h) => s.points.some((p) => p.map((v) => v.toFixed(3)).join() === h)),
      ),
    ).toBe(true)
  })

  it('lays out a sheet of a solved region with its hole', () => {
    const sheet = layoutSheet(
      {
        document: doc,
        kind: 'tile',
        mode: 'reduce',
        complete: true,
        figures: [{ name: 'holed', polygon: figure, tilings: [{ pieces: placed, classSize: 1 }] }],
      },
      DEFAULT_SHEET,
    )
    const lines = sheet.pages[0].items[0].drawing.lines
    expect(lines.filter((l) => l.kind === 'outline')).toHaveLength(3)
  })
})
