import { describe, expect, it } from 'vitest'
import { D4_ELEMENTS, d4Apply, d4Compose, d4Inverse, d4IsReflection } from './d4'
import { areaInHalfSquares, isConvex, latticePolygonProblem, normalizePolygon } from './polygon'
import {
  halfSquares,
  normalizeQuarters,
  quarterPoint,
  rasterizePolygon,
  traceOutline,
} from './quarters'

describe('the symmetry group of the square', () => {
  it('is a group of 8 elements, 4 of them reflections', () => {
    for (const g of D4_ELEMENTS) {
      expect(d4Compose(g, d4Inverse(g))).toBe(0)
      for (const h of D4_ELEMENTS) {
        const [x, y] = d4Apply(h, 3, 7)
        expect(d4Apply(d4Compose(g, h), 3, 7)).toEqual(d4Apply(g, x, y))
      }
    }
    expect(D4_ELEMENTS.filter(d4IsReflection)).toHaveLength(4)
    expect(new Set(D4_ELEMENTS.map((g) => d4Apply(g, 1, 2).join()))).toHaveProperty('size', 8)
  })
})

describe('lattice polygons', () => {
  it('measures area in half-square triangles', () => {
    expect(
      areaInHalfSquares([
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 1],
      ]),
    ).toBe(2)
    expect(
      areaInHalfSquares([
        [0, 0],
        [2, 0],
        [0, 2],
      ]),
    ).toBe(4)
  })

  it.each([
    [
      [
        [0, 0],
        [1, 0],
      ],
      'has 2 vertices; a polygon needs at least 3',
    ],
    [
      [
        [0, 0],
        [1.5, 0],
        [0, 1],
      ],
      'vertex 2 (1.5, 0) is off the lattice: coordinates must be whole numbers',
    ],
    [
      [
        [0, 0],
        [2, 1],
        [0, 1],
      ],
      'edge 1 from (0, 0) to (2, 1) is not horizontal, vertical or diagonal at 45°',
    ],
    [
      [
        [0, 0],
        [2, 2],
        [2, 0],
        [0, 2],
      ],
      'edges 1 and 3 cross at (1, 1): the outline intersects itself',
    ],
    [
      [
        [0, 0],
        [2, 0],
        [1, 1],
        [2, 2],
        [0, 2],
        [1, 1],
      ],
      'touches itself at (1, 1)',
    ],
    [
      [
        [0, 0],
        [2, 0],
        [1, 0],
      ],
      'the outline doubles back on itself at vertex 2 (2, 0)',
    ],
    [
      [
        [0, 0],
        [1, 0],
        [1, 0],
        [0, 1],
      ],
      'vertex 3 repeats vertex 2 (1, 0)',
    ],
    [
      [
        [0, 0],
        [100000, 0],
        [0, 1],
      ],
      'is too far out',
    ],
  ])('rejects %j: %s', (poly, message) => {
    expect(latticePolygonProblem(poly)).toContain(message)
  })

  it('accepts non-convex pieces and a repeated closing vertex', () => {
    const l = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
      [0, 0],
    ]
    expect(latticePolygonProblem(l)).toBeUndefined()
    expect(isConvex(normalizePolygon(l))).toBe(false)
    expect(normalizePolygon(l)).toHaveLength(6)
  })
})

describe('the quarter-triangle raster', () => {
  it('has two quarters per half-square, for any polygon', () => {
    const shapes = [
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
        [2, 0],
        [4, 2],
        [2, 4],
        [0, 2],
      ],
      [
        [0, 0],
        [3, 0],
        [3, 1],
        [1, 1],
        [1, 3],
        [0, 3],
      ],
      [
        [-3, -1],
        [1, -1],
        [-1, 1],
      ],
    ] as const
    for (const s of shapes) expect(halfSquares(rasterizePolygon(s))).toBe(areaInHalfSquares(s))
  })

  it('traces a raster back to its polygon', () => {
    const shapes = [
      [
        [0, 0],
        [1, 0],
        [2, 1],
        [1, 1],
      ],
      [
        [1, 0],
        [2, 1],
        [2, 4],
        [1, 5],
        [0, 4],
        [0, 1],
      ],
      [
        [0, 0],
        [3, 0],
        [3, 1],
        [1, 1],
        [1, 3],
        [0, 3],
      ],
    ] as const
    for (const s of shapes) {
      const traced = traceOutline(rasterizePolygon(s))
      expect(traced.ok && traced.polygons[0]).toEqual(normalizePolygon(s))
    }
  })

  it('names holes, parts touching at a corner, separate parts and stray quarters', () => {
    const cells = (list: [number, number][]) =>
      normalizeQuarters(
        Int32Array.from(
          list.flatMap(([x, y]) =>
            [0, 1, 2, 3].flatMap((d) => quarterPoint(x, y, d as 0 | 1 | 2 | 3)),
          ),
        ),
      ).quarters
    const ring = cells([
      [0, 0],
      [1, 0],
      [2, 0],
      [0, 1],
      [2, 1],
      [0, 2],
      [1, 2],
      [2, 2],
    ])
    expect(traceOutline(ring)).toEqual({ ok: false, problem: 'has a hole at (1, 1)' })
    expect(
      traceOutline(
        cells([
          [0, 0],
          [1, 1],
        ]),
      ),
    ).toEqual({ ok: false, problem: 'has parts that meet only at the point (1, 1)' })
    expect(
      traceOutline(
        cells([
          [0, 0],
          [2, 0],
        ]),
      ),
    ).toEqual({ ok: false, problem: 'falls apart into 2 parts' })
    const quarter = Int32Array.from(quarterPoint(0, 0, 0))
    expect(traceOutline(quarter)).toMatchObject({
      ok: false,
      problem: expect.stringContaining('not made of half-square triangles'),
    })
  })
})
