import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { TANS } from '../../testing/offlattice-figures'
import {
  applyIsometry,
  area2,
  fromLattice,
  ISOMETRIES,
  onSegment,
  pointEq,
  pointKey,
  type XPoint,
} from '../exact/geometry'
import { add, eq, parseRoot2, sign, sub, toNumber, ZERO, type Root2 } from '../exact/root2'
import { exactRegionFromJson, exactRegionToJson } from '../formats/exact-figure'
import { verifyRegionDissection } from '../pentagons/verify'
import { exactRegionProblem } from '../offlattice/region'
import { OffLatticeSearch, type OffPiece } from '../offlattice/search'
import {
  boardPieces,
  compositionFigure,
  flipped,
  placedCorners,
  posed,
  slideLengths,
  snap,
  turned,
  type ComposePiece,
  type Composition,
} from './compose'

const TANGRAM: ComposePiece[] = TANS.map((t) => ({
  name: t.name,
  corners: fromLattice(t.polygon),
  flip: true,
}))
const BIG = 0
const SMALL = 5
const SMALL2 = 6
const r = (text: string): Root2 => parseRoot2(text)!
const pt = (x: string, y: string): XPoint => [r(x), r(y)]
const ID = ISOMETRIES[0]

/** The corners as a set of exact keys, whatever corner a ring starts from. */
const cornerSet = (corners: readonly XPoint[]) => corners.map(pointKey).sort().join('|')

describe('snapping a dropped piece exactly', () => {
  it('puts the first piece with a corner on the nearest grid point', () => {
    const t = snap({
      pieces: TANGRAM,
      composition: [],
      index: SMALL,
      g: turned(ID),
      at: [2.2, 0.9],
      tolerance: 0.3,
    })!
    // Turned by 45°, the triangle's corners are (0,0), (√2/2,√2/2), (−√2/2,√2/2): its corner at
    // the origin goes to (2, 1).
    expect(cornerSet(placedCorners(TANGRAM[SMALL], t))).toBe(
      cornerSet([pt('2', '1'), pt('2+√2/2', '1+√2/2'), pt('2-√2/2', '1+√2/2')]),
    )
  })

  it('joins two small triangles turned by 45° into the square turned by 45°, corner on corner', () => {
    const first = snap({
      pieces: TANGRAM,
      composition: [],
      index: SMALL,
      g: turned(ID),
      at: [0, 0],
      tolerance: 0.3,
    })!
    const composition: Composition = Object.assign([], { [SMALL]: first })
    // The second triangle turned by 225°: its right angle at the top; dropped a little off.
    const g = { turn: 5, mirror: false }
    const shape = posed(TANGRAM[SMALL2], g)
    expect(cornerSet(shape)).toBe(
      cornerSet([pt('0', '0'), pt('-√2/2', '-√2/2'), pt('√2/2', '-√2/2')]),
    )
    const second = snap({
      pieces: TANGRAM,
      composition,
      index: SMALL2,
      g,
      at: [0.05, Math.SQRT2 - 0.04],
      tolerance: 0.3,
    })!
    const both: Composition = Object.assign([], { [SMALL]: first, [SMALL2]: second })
    const figure = compositionFigure(TANGRAM, both, 'square at 45°')
    expect(figure.parts).toHaveLength(1)
    expect(figure.parts[0].holes).toEqual([])
    expect(cornerSet(figure.parts[0].outline)).toBe(
      cornerSet([pt('0', '0'), pt('√2/2', '√2/2'), pt('0', '√2'), pt('-√2/2', '√2/2')]),
    )
    // In the notation of figure files, read back to the same corners.
    const json = JSON.parse(JSON.stringify(exactRegionToJson(figure)))
    expect(json.polygons[0].outline).toContainEqual(['√2/2', '√2/2'])
    const back = exactRegionFromJson(json, 'square.json')
    expect(cornerSet(back.parts[0].outline)).toBe(cornerSet(figure.parts[0].outline))
  })

  it('slides a corner along an edge to a point the set’s lengths reach, off the grid', () => {
    // The large triangle turned by 45°: its hypotenuse on top, from (√2, √2) to (−√2, √2).
    const big: Composition = Object.assign([], {
      [BIG]: { g: turned(ID), dx: ZERO, dy: ZERO },
    })
    // The small triangle's right angle dropped near (1 − √2, √2), one unit along the hypotenuse
    // from its left end: no corner of the board is there.
    const t = snap({
      pieces: TANGRAM,
      composition: big,
      index: SMALL,
      g: ID,
      at: [1 - Math.SQRT2 + 0.03, Math.SQRT2 + 0.03],
      tolerance: 0.15,
    })!
    expect(eq(t.dx, r('1-√2')) && eq(t.dy, r('√2'))).toBe(true)
    const corner = pt('1-√2', '√2')
    expect(onSegment(corner, pt('√2', '√2'), pt('-√2', '√2'))).toBe(true)
    expect(cornerSet(placedCorners(TANGRAM[SMALL], t))).toBe(
      cornerSet([corner, pt('2-√2', '√2'), pt('1-√2', '1+√2')]),
    )
    expect(slideLengths(TANGRAM).some((l) => eq(l, r('1')))).toBe(true)
  })

  it('refuses a drop onto another piece when nothing near is free, and allows touching', () => {
    const square = TANS.findIndex((t) => t.name === 'square')
    const composition: Composition = Object.assign([], {
      [square]: { g: ID, dx: ZERO, dy: ZERO },
    })
    // A small triangle dropped inside the unit square, every snap near it overlapping.
    expect(
      snap({ pieces: TANGRAM, composition, index: SMALL, g: ID, at: [0, 0], tolerance: 0.1 }),
    ).toBeUndefined()
    // Beside it, sharing the edge x = 1: taken.
    const t = snap({
      pieces: TANGRAM,
      composition,
      index: SMALL,
      g: ID,
      at: [1.02, 0],
      tolerance: 0.1,
    })!
    expect(toNumber(t.dx)).toBe(1)
    expect(toNumber(t.dy)).toBe(0)
  })

  it('turns and flips as the 16 isometries compose', () => {
    const p = pt('2', '1')
    for (const g of ISOMETRIES) {
      const [x, y] = applyIsometry(g, p)
      expect(pointEq(applyIsometry(turned(g), p), applyIsometry(turned(ID), [x, y]))).toBe(true)
      expect(pointEq(applyIsometry(flipped(g), p), [sub(ZERO, x), y])).toBe(true)
    }
  })

  it('makes a region with a hole of eight unit squares round an empty one', () => {
    const unit: ComposePiece = { name: 'square', corners: fromLattice(TANS[2].polygon), flip: true }
    const eight = Array.from({ length: 8 }, () => unit)
    const ring = [
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2],
      [1, 2],
      [0, 2],
      [0, 1],
    ]
    const composition: (Composition[number] | undefined)[] = []
    ring.forEach(([x, y], i) => {
      composition[i] = snap({
        pieces: eight,
        composition,
        index: i,
        g: ID,
        at: [x, y],
        tolerance: 0.1,
      })
    })
    const figure = compositionFigure(eight, composition, 'frame')
    expect(figure.parts).toHaveLength(1)
    const [part] = figure.parts
    expect(cornerSet(part.outline)).toBe(
      cornerSet(
        fromLattice([
          [0, 0],
          [3, 0],
          [3, 3],
          [0, 3],
        ]),
      ),
    )
    expect(part.holes).toHaveLength(1)
    expect(cornerSet(part.holes[0])).toBe(
      cornerSet(
        fromLattice([
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 2],
        ]),
      ),
    )
    // Counter-clockwise, as a figure file reads it, and a region the search takes.
    expect(sign(area2(part.holes[0]))).toBe(1)
    expect(exactRegionProblem(figure.parts)).toBeUndefined()
  })

  it('refuses to make a figure of an empty board in one line', () => {
    expect(() => compositionFigure(TANGRAM, [], 'x')).toThrow('the board is empty')
  })
})

const areaOf = (corners: readonly XPoint[]) => {
  const a = area2(corners)
  return sign(a) < 0 ? sub(ZERO, a) : a
}

/**
 * A composition built by dropping pieces near corners of those laid, or somewhere along a side of
 * one (`along` in (0, 1) of the way), each drop snapped.
 */
function compose(
  drops: readonly {
    piece: number
    g: number
    target: number
    along: number
    own: number
    ox: number
    oy: number
  }[],
): Composition {
  const composition: (Composition[number] | undefined)[] = []
  for (const d of drops) {
    if (composition[d.piece]) continue
    const g = ISOMETRIES[d.g]
    const shape = posed(TANGRAM[d.piece], g)
    const [ox, oy] = shape[d.own % shape.length].map(toNumber)
    const board = boardPieces(TANGRAM, composition).flatMap((b) =>
      b.corners.map((p, i) =>
        [p, b.corners[(i + 1) % b.corners.length]].map((q) => q.map(toNumber)),
      ),
    )
    // The target: a point of a side of a piece laid, or the origin on an empty board.
    const [[ax, ay], [bx, by]] =
      board.length > 0
        ? board[d.target % board.length]
        : [
            [0, 0],
            [0, 0],
          ]
    const [tx, ty] = [ax + d.along * (bx - ax), ay + d.along * (by - ay)]
    const at: [number, number] = [tx - ox + d.ox, ty - oy + d.oy]
    const t = snap({ pieces: TANGRAM, composition, index: d.piece, g, at, tolerance: 0.4 })
    if (t) composition[d.piece] = t
  }
  return composition
}

describe('the union of a composition built by snapping (property)', () => {
  it('has the pieces’ area exactly, is a region, and the pieces are one of its tilings', () => {
    const drop = fc.record({
      piece: fc.integer({ min: 0, max: TANS.length - 1 }),
      g: fc.integer({ min: 0, max: 15 }),
      target: fc.nat(30),
      // Mostly at a corner (0), else along the side.
      along: fc.oneof(fc.constant(0), fc.double({ min: 0, max: 1, noNaN: true })),
      own: fc.nat(3),
      ox: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
      oy: fc.double({ min: -0.3, max: 0.3, noNaN: true }),
    })
    fc.assert(
      fc.property(fc.array(drop, { minLength: 1, maxLength: 12 }), (drops) => {
        const composition = compose(drops)
        const laid = boardPieces(TANGRAM, composition)
        const figure = compositionFigure(TANGRAM, composition, 'composed')
        // Area: outlines less holes, against the sum of the pieces'.
        let figureArea = ZERO
        for (const p of figure.parts) {
          figureArea = add(figureArea, areaOf(p.outline))
          for (const h of p.holes) figureArea = sub(figureArea, areaOf(h))
        }
        const piecesArea = laid.reduce((s, l) => add(s, areaOf(l.corners)), ZERO)
        expect(eq(figureArea, piecesArea)).toBe(true)
        expect(exactRegionProblem(figure.parts)).toBeUndefined()
        // The independent verifier takes the pieces as a dissection of the union.
        const counts = new Map<string, number>()
        for (const l of laid)
          counts.set(TANGRAM[l.index].name, (counts.get(TANGRAM[l.index].name) ?? 0) + 1)
        const set: OffPiece[] = [...counts].map(([name, count]) => ({
          name,
          count,
          flip: true,
          corners: TANGRAM.find((p) => p.name === name)!.corners,
        }))
        expect(
          verifyRegionDissection(
            figure.parts.map((p) => p.outline),
            figure.parts.flatMap((p) => p.holes),
            laid.map((l) => ({ piece: TANGRAM[l.index].name, corners: l.corners })),
            set,
          ),
        ).toBeUndefined()
        // And the search off the lattice lists the composition among the union's tilings.
        const result = new OffLatticeSearch(figure.parts, set, 'composed').run({ list: 'all' })
        const key = (pieces: readonly { name: string; corners: readonly XPoint[] }[]) =>
          pieces
            .map((p) => `${p.name}:${cornerSet(p.corners)}`)
            .sort()
            .join('/')
        const own = key(laid.map((l) => ({ name: TANGRAM[l.index].name, corners: l.corners })))
        const found = result.tilings.map((t) =>
          key(t.map((p) => ({ name: set[p.piece].name, corners: p.corners }))),
        )
        expect(found).toContain(own)
      }),
      { numRuns: 50, seed: 25 },
    )
  })
})
