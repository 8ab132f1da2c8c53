import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { latticePolygons } from '../pentagons/lattice'
import {
  applyIsometry,
  area2,
  congruenceForm,
  fromLattice,
  interiorAngles,
  ISOMETRIES,
  isConvexPolygon,
  polygonProblem,
  translate,
  type XPoint,
} from './geometry'
import { eq, parseRoot2, root2 } from './root2'

const x = (text: string) => parseRoot2(text)!
const pt = (a: string, b: string): XPoint => [x(a), x(b)]

// Random figures to move about: lattice polygons of a few areas, and some with irrational corners.
const shapes = [
  ...latticePolygons(5, 16, { a: 20, b: 10 }).map(fromLattice),
  ...latticePolygons(4, 6, { a: 8, b: 4 }).map(fromLattice),
  [pt('0', '0'), pt('2', '0'), pt('2', '√2'), pt('√2', '√2')],
]
const shift = fc
  .tuple(
    fc.integer({ min: -9, max: 9 }),
    fc.integer({ min: -9, max: 9 }),
    fc.integer({ min: 1, max: 4 }),
  )
  .map(([a, b, d]) => root2(BigInt(a), BigInt(b), BigInt(d)))

describe('exact polygons', () => {
  it('have one normal form for every image under the 16 isometries and any translation', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...shapes),
        fc.constantFrom(...ISOMETRIES),
        shift,
        shift,
        fc.nat(),
        (poly, g, dx, dy, start) => {
          const moved = translate(
            poly.map((p) => applyIsometry(g, p)),
            dx,
            dy,
          )
          const rolled = [
            ...moved.slice(start % moved.length),
            ...moved.slice(0, start % moved.length),
          ]
          expect(congruenceForm(rolled).key).toBe(congruenceForm(poly).key)
          expect(
            eq(area2(congruenceForm(rolled).polygon), area2(congruenceForm(poly).polygon)),
          ).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })

  it('tell different shapes apart', () => {
    const keys = new Set(shapes.map((s) => congruenceForm(s).key))
    expect(keys.size).toBe(shapes.length)
  })

  it('know their angles and convexity, and say what is wrong with a bad one', () => {
    const trapezoid = [pt('0', '0'), pt('2', '0'), pt('2', '√2'), pt('√2', '√2')]
    expect(interiorAngles(trapezoid)).toEqual([45, 90, 90, 135])
    expect(isConvexPolygon(trapezoid)).toBe(true)
    expect(polygonProblem(trapezoid)).toBeUndefined()
    expect(polygonProblem([pt('0', '0'), pt('1', '0'), pt('2', '0'), pt('1', '1')])).toBe(
      'vertex 2 lies on a straight edge (its sides are collinear)',
    )
    expect(polygonProblem([pt('0', '0'), pt('2', '0'), pt('0', '1'), pt('2', '1')])).toMatch(
      /runs in none of the 8 directions/,
    )
    expect(polygonProblem([pt('0', '0'), pt('2', '2'), pt('2', '0'), pt('0', '2')])).toBe(
      'the edge from vertex 1 crosses or touches the edge from vertex 3',
    )
    expect(polygonProblem([pt('0', '0'), pt('√2', '0')])).toBe(
      'has 2 vertices; a polygon needs at least 3',
    )
  })
})
