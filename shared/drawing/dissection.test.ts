import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { solveJob } from '../../electron/services/solve-job'
import { documentFromJson } from '../document/document'
import { solvableDocument } from '../pieces/solvable'
import { fromLattice } from '../exact/geometry'
import { toNumber } from '../exact/root2'
import type { Polygon } from '../lattice/polygon'
import type { SolvedJob } from '../formats/solutions'
import { parsePieceSet } from '../formats/load'
import { findPentagons } from '../pentagons/pentagons'
import { drawDissection } from './dissection'
import { strokeLength } from './plan'
import { drawSolution, placedPolygon, type DrawnLine } from './solution'

const tangramText = readFileSync('resources/sets/tangram.json', 'utf8')
let job: SolvedJob
beforeAll(async () => {
  const doc = documentFromJson(JSON.parse(tangramText), 'tangram.json')
  job = (await solveJob(solvableDocument(doc), { kind: 'convex', mode: 'reduce', workers: 1 })).job
})

/** A line as text independent of its direction, with its piece. */
const lineKey = (l: DrawnLine) =>
  `${l.kind} ${l.piece ?? ''} ${l.points
    .map((p) => p.map((v) => v.toFixed(9)).join(','))
    .sort()
    .join(' ')}`

describe('the drawing of an exact dissection', () => {
  it('is the lattice drawing itself for every one of the 142 tangram tilings', () => {
    let compared = 0
    for (const f of job.figures)
      for (const t of f.tilings) {
        const lattice = drawSolution(job.document, f.polygon, t.pieces, { gap: 0.1 })
        const exact = drawDissection(
          fromLattice(f.polygon as Polygon),
          t.pieces.map((p) => ({
            piece: p.piece,
            name: job.document.pieces[p.piece].name,
            color: job.document.pieces[p.piece].color,
            corners: fromLattice(placedPolygon(job.document, p)),
          })),
          { gap: 0.1 },
        )
        expect(exact.pieces).toEqual(lattice.pieces)
        expect(exact.rings).toEqual(lattice.rings)
        expect(exact.bounds).toEqual(lattice.bounds)
        expect(exact.lines.map(lineKey).sort()).toEqual(lattice.lines.map(lineKey).sort())
        compared++
      }
    expect(compared).toBe(142)
  })

  it('draws the 53 pentagons from their exact corners, each inner edge once and none on the outline', () => {
    const tangram = parsePieceSet(tangramText, 'tangram.json')
    const colors = new Map(tangram.pieces.map((p, i) => [p.name, { i, color: p.color! }]))
    for (const p of findPentagons(tangram.pieces).pentagons) {
      const d = drawDissection(
        p.corners,
        p.dissection.map((part) => ({
          piece: colors.get(part.piece)!.i,
          name: part.piece,
          color: colors.get(part.piece)!.color,
          corners: part.corners,
        })),
      )
      // Off the lattice too, the corners are where the exact numbers put them (3 − √2/2 …).
      expect(d.rings[0]).toEqual(p.corners.map(([x, y]) => [toNumber(x), toNumber(y)]))
      expect(d.pieces.map((q) => q.color)).toEqual(
        p.dissection.map((q) => colors.get(q.piece)!.color),
      )
      const edges = d.lines.filter((l) => l.kind === 'edge')
      for (const [i, e] of edges.entries()) {
        expect(e.points).toHaveLength(2)
        for (const other of edges.slice(i + 1)) expect(overlap(e, other), p.key).toBe(false)
        expect(onPolygon(e, d.rings[0]), p.key).toBe(false)
      }
      // Each inner edge borders two parts, each outline edge one: the perimeters add up.
      const ring = (poly: readonly (readonly [number, number])[]) =>
        strokeLength([...poly, poly[0]])
      const parts = d.pieces.reduce((s, q) => s + ring(q.polygon), 0)
      const inner = edges.reduce((s, l) => s + strokeLength(l.points), 0)
      expect(parts).toBeCloseTo(2 * inner + ring(d.rings[0]), 9)
    }
  })
})

type XY = readonly [number, number]
const EPS = 1e-9

/** Do two segments share more than a point (collinear and overlapping)? */
function overlap(a: DrawnLine, b: DrawnLine): boolean {
  const [p, q] = a.points as [XY, XY]
  const [r, s] = b.points as [XY, XY]
  const cross = (o: XY, u: XY, v: XY) =>
    (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])
  if (Math.abs(cross(p, q, r)) > EPS || Math.abs(cross(p, q, s)) > EPS) return false
  const len = Math.hypot(q[0] - p[0], q[1] - p[1])
  const t = (x: XY) => ((x[0] - p[0]) * (q[0] - p[0]) + (x[1] - p[1]) * (q[1] - p[1])) / len
  const [lo, hi] = [Math.min(t(r), t(s)), Math.max(t(r), t(s))]
  return Math.min(len, hi) - Math.max(0, lo) > EPS
}

/** Does the segment lie along an edge of the polygon? */
function onPolygon(e: DrawnLine, poly: readonly XY[]): boolean {
  return poly.some((a, i) => overlap(e, { kind: 'edge', points: [a, poly[(i + 1) % poly.length]] }))
}
