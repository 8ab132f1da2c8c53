import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  applyIsometry,
  area2,
  fromLattice,
  pointEq,
  segmentsMeet,
  translate,
  type XPoint,
  type XPolygon,
} from '../exact/geometry'
import { cmp, eq, mul, root2, sub, ZERO } from '../exact/root2'
import { nestPieces } from './nest'
import { offsetOutline } from './offset'

/** Is the point strictly inside the polygon? Exact ray casting to the right. */
function inside(p: XPoint, poly: XPolygon): boolean {
  let c = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [a, b] = [poly[i], poly[j]]
    if (cmp(a[1], p[1]) > 0 !== cmp(b[1], p[1]) > 0) {
      // x of the edge at p's height, compared with p's x without dividing (sign of dy known).
      const dy = sub(b[1], a[1])
      const lhs = mul(sub(p[0], a[0]), dy)
      const rhs = mul(sub(b[0], a[0]), sub(p[1], a[1]))
      if (cmp(dy, ZERO) > 0 ? cmp(lhs, rhs) < 0 : cmp(lhs, rhs) > 0) c = !c
    }
  }
  return c
}

/** Do the two polygons share any point (edges meeting, or one inside the other)? */
function overlap(p: XPolygon, q: XPolygon): boolean {
  for (let i = 0; i < p.length; i++)
    for (let j = 0; j < q.length; j++)
      if (segmentsMeet(p[i], p[(i + 1) % p.length], q[j], q[(j + 1) % q.length])) return true
  return inside(p[0], q) || inside(q[0], p)
}

const SHAPES = [
  [
    [0, 0],
    [1, 0],
    [0, 1],
  ],
  [
    [0, 0],
    [2, 0],
    [1, 1],
  ],
  [
    [0, 0],
    [2, 0],
    [2, 1],
    [0, 1],
  ],
  [
    [0, 0],
    [3, 0],
    [3, 1],
    [1, 1],
    [1, 2],
    [0, 2],
  ],
  [
    [0, 0],
    [1, 0],
    [2, 1],
    [1, 1],
  ],
  [
    [0, 0],
    [2, 0],
    [2, 2],
    [0, 2],
  ],
  [
    [0, 0],
    [4, 0],
    [4, 1],
    [0, 1],
  ],
].map((s) => fromLattice(s))

const pieces = fc.array(
  fc.record({
    shape: fc.integer({ min: 0, max: SHAPES.length - 1 }),
    turn: fc.integer({ min: 0, max: 7 }),
  }),
  { minLength: 1, maxLength: 14 },
)

describe('nestPieces', () => {
  it('places every piece once, inside the sheet, no two cut outlines sharing a point (exact)', () => {
    fc.assert(
      fc.property(
        pieces,
        fc.integer({ min: 5, max: 9 }),
        fc.integer({ min: 5, max: 9 }),
        fc.integer({ min: 0, max: 5 }),
        (chosen, w, hgt, k) => {
          const h = root2(BigInt(k), 0n, 20n)
          const cuts = chosen.map(({ shape, turn }) => {
            const turned = SHAPES[shape].map((p) => applyIsometry({ turn, mirror: false }, p))
            const r = offsetOutline(turned, h)
            if (!r.ok) throw new Error(r.problem)
            return { cut: r.polygon, shapes: [turned] }
          })
          const [width, height] = [root2(BigInt(w)), root2(BigInt(hgt))]
          const r = nestPieces(cuts, width, height, root2(1n, 0n, 5n))
          expect(r.ok).toBe(true)
          if (!r.ok) return
          const all = r.sheets.flat()
          expect(all.map((n) => n.index).sort((a, b) => a - b)).toEqual(cuts.map((_, i) => i))
          for (const sheet of r.sheets) {
            expect(sheet.length).toBeGreaterThan(0)
            for (const n of sheet) {
              // The same piece, turned and moved: its area, and its vertices in the same order.
              expect(eq(area2(n.cut), area2(cuts[n.index].cut))).toBe(true)
              const turned = cuts[n.index].cut.map((p) =>
                applyIsometry({ turn: n.turn, mirror: false }, p),
              )
              const moved = translate(
                turned,
                sub(n.cut[0][0], turned[0][0]),
                sub(n.cut[0][1], turned[0][1]),
              )
              expect(moved.every((p, i) => pointEq(p, n.cut[i]))).toBe(true)
              for (const [x, y] of n.cut) {
                expect(cmp(x, ZERO) >= 0 && cmp(x, width) <= 0).toBe(true)
                expect(cmp(y, ZERO) >= 0 && cmp(y, height) <= 0).toBe(true)
              }
            }
            for (let i = 0; i < sheet.length; i++)
              for (let j = i + 1; j < sheet.length; j++)
                expect(overlap(sheet[i].cut, sheet[j].cut)).toBe(false)
          }
        },
      ),
      { numRuns: 150 },
    )
  })

  it('turns a long piece to fit, and names the one that fits in no orientation', () => {
    const bar = {
      cut: fromLattice([
        [0, 0],
        [1, 0],
        [1, 5],
        [0, 5],
      ]),
    }
    const flat = nestPieces([bar], root2(6n), root2(2n), ZERO)
    expect(flat.ok && flat.sheets[0][0].turn % 4).toBe(2)
    const square = {
      cut: fromLattice([
        [0, 0],
        [3, 0],
        [3, 3],
        [0, 3],
      ]),
    }
    expect(nestPieces([bar, square], root2(6n), root2(2n), ZERO)).toEqual({ ok: false, piece: 1 })
  })

  it('opens a new sheet when one is full', () => {
    const square = {
      cut: fromLattice([
        [0, 0],
        [2, 0],
        [2, 2],
        [0, 2],
      ]),
    }
    const r = nestPieces([square, square, square, square, square], root2(4n), root2(4n), ZERO)
    expect(r.ok && r.sheets.map((s) => s.length)).toEqual([4, 1])
  })
})
