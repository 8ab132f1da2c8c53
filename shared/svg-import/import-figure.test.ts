import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  drawSvg,
  FRAME_WITH_HOLE,
  SEVEN_PIECE_FIGURE,
  type DrawingStyle,
} from '../../testing/svg-drawing'
import {
  anchored,
  applyIsometry,
  comparePoints,
  congruenceForm,
  fromLattice,
  ISOMETRIES,
  pointKey,
  type XPoint,
} from '../exact/geometry'
import { exactFigureFromJson } from '../formats/exact-figure'
import { add, root2, sub, ZERO } from '../exact/root2'
import { parsePieceSet, type PieceSet } from '../formats/load'
import { verifyDissection } from '../pentagons/verify'
import { seededRandom } from '../random'
import { randomFigure } from '../silhouettes/arrangement'
import { importedFigureJson, importSvgFigure, snapSummary } from './import-figure'

const tangram = parsePieceSet(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram.json')
const TURNS = ISOMETRIES.filter((g) => !g.mirror)
const fixture = (name: string) => readFileSync(`testing/svg/${name}`, 'utf8')

/** The same polygon up to a turn by 45° steps and a move. */
const shapeKey = (corners: readonly XPoint[]) => congruenceForm(corners, TURNS).key

const style = (over: Partial<DrawingStyle> = {}): DrawingStyle => ({
  scale: 37,
  turn: 0,
  offset: [10, 20],
  noise: 0,
  random: seededRandom(1),
  transforms: false,
  ...over,
})

describe('importing a silhouette drawn in SVG', () => {
  it('gives back the exact figure it was drawn from, at any scale, offset and turn by 45°, through small noise', () => {
    // Random tangram silhouettes (lattice outlines of area 8), drawn turned by k · 45°: every
    // odd k puts the corners off the lattice.
    const random = seededRandom(25)
    const figures: XPoint[][] = []
    while (figures.length < 12) {
      const f = randomFigure(tangram.pieces, random)
      if (f) figures.push(fromLattice(f.map(([x, y]) => [x, y])))
    }
    // And one with pieces turned by 45° against the others (corners off every single lattice).
    figures.push([
      ...importSvgFigure(drawSvg(SEVEN_PIECE_FIGURE, style()), 's.svg', tangram).parts[0].outline,
    ])
    fc.assert(
      fc.property(
        fc.nat(figures.length - 1),
        fc.integer({ min: 0, max: 7 }),
        fc.double({ min: 0.5, max: 500, noNaN: true }),
        fc.tuple(
          fc.double({ min: -1e4, max: 1e4, noNaN: true }),
          fc.double({ min: -1e4, max: 1e4, noNaN: true }),
        ),
        fc.double({ min: 0, max: 0.01, noNaN: true }),
        fc.boolean(),
        fc.integer(),
        (i, turn, scale, offset, noise, transforms, seed) => {
          const svg = drawSvg([{ corners: figures[i] }], {
            scale,
            turn,
            offset,
            noise,
            transforms,
            random: seededRandom(seed),
          })
          const f = importSvgFigure(svg, 'drawn.svg', tangram)
          const back = exactFigureFromJson(importedFigureJson(f), 'drawn.svg')
          expect(shapeKey(back.corners)).toBe(shapeKey(figures[i]))
          expect(f.report.largest).toBeLessThanOrEqual(5 * noise + 1e-5)
        },
      ),
      { numRuns: 120 },
    )
  })

  it('turns the figure back the way it was drawn: the page turned clockwise, the figure counter-clockwise', () => {
    const square: XPoint[] = fromLattice([
      [0, 0],
      [2, 0],
      [2, 4],
      [0, 4],
    ])
    const f = importSvgFigure(drawSvg([{ corners: square }], style({ turn: 2 })), 'r.svg', tangram)
    const turned = square.map((p) => applyIsometry({ turn: 6, mirror: false }, p))
    expect(anchored(f.parts[0].outline).polygon.map(pointKey).sort()).toEqual(
      anchored(turned).polygon.map(pointKey).sort(),
    )
  })

  it('gives the tiling back from a figure drawn as the seven pieces with ids, each piece where it was drawn', () => {
    for (const turn of [0, 1, 3]) {
      const svg = drawSvg(SEVEN_PIECE_FIGURE, style({ turn, noise: 0.005, transforms: turn !== 1 }))
      const f = importSvgFigure(svg, 'seven.svg', tangram)
      expect(f.tiling).toHaveLength(7)
      // The drawing turned by k · 45° clockwise on the page is the figure turned back.
      const g = { turn: (8 - turn) % 8, mirror: false }
      const expected = SEVEN_PIECE_FIGURE.map((p) => p.corners.map((q) => applyIsometry(g, q)))
      const low = expected.flat().reduce((a, b) => (comparePoints(b, a) < 0 ? b : a))
      const key = (corners: readonly XPoint[], d: XPoint) =>
        corners
          .map((q) => pointKey([sub(q[0], d[0]), sub(q[1], d[1])]))
          .sort()
          .join(' ')
      expect(f.tiling!.map((p) => key(p.corners, [ZERO, ZERO])).sort()).toEqual(
        expected.map((c) => key(c, low)).sort(),
      )
      expect(f.tiling!.map((p) => p.piece)).toEqual([
        'large triangle',
        'large triangle',
        'medium triangle',
        'square',
        'parallelogram',
        'small triangle',
        'small triangle',
      ])
      expect(f.parts).toHaveLength(1)
      const pieces = tangram.pieces.map((p) => ({
        name: p.name,
        corners: fromLattice(p.polygon),
        count: p.count,
      }))
      expect(verifyDissection(f.parts[0].outline, f.tiling!, pieces)).toBeUndefined()
    }
  })

  it('reads the fixtures: a path with relative commands turned by 45°, a frame with a hole, the seven pieces', () => {
    const square = importSvgFigure(fixture('square-turned.svg'), 'square-turned.svg', tangram)
    expect(importedFigureJson(square)).toMatchObject({
      polygon: [
        [0, 0],
        ['2√2', 0],
        ['2√2', '2√2'],
        [0, '2√2'],
      ],
    })
    const frame = importSvgFigure(fixture('frame-with-hole.svg'), 'frame-with-hole.svg', tangram)
    expect(importedFigureJson(frame)).toMatchObject(FRAME_WITH_HOLE)
    expect(snapSummary(frame)).toMatch(
      /placed by position alone \(touching nothing\): path 1 \("frame"\) subpath 2/,
    )
    const seven = importSvgFigure(
      fixture('tangram-seven-pieces.svg'),
      'tangram-seven-pieces.svg',
      tangram,
    )
    expect(seven.tiling).toHaveLength(7)
    expect(snapSummary(seven)).toMatch(
      /^unit 40(\.\d+)? drawing units .* 23 edges snapped to 45° .* largest correction 0\.\d+ drawing units = \d\.\d % of the unit/,
    )
  })
})

describe('silhouettes of several shapes', () => {
  it('merges shapes laid side by side (the pieces without ids): the same outline, no tiling', () => {
    const drawn = SEVEN_PIECE_FIGURE.map((p) => ({ corners: p.corners }))
    const plain = importSvgFigure(
      drawSvg(drawn, style({ turn: 3, noise: 0.005 })),
      'a.svg',
      tangram,
    )
    const pieces = importSvgFigure(drawSvg(SEVEN_PIECE_FIGURE, style()), 'b.svg', tangram)
    expect(plain.tiling).toBeUndefined()
    expect(plain.parts).toHaveLength(1)
    expect(shapeKey(plain.parts[0].outline)).toBe(shapeKey(pieces.parts[0].outline))
  })

  it('reads the seven pieces’ outline drawn as one polygon, a side of it √2 − 1 long (a leg partly covered)', () => {
    const pieces = importSvgFigure(drawSvg(SEVEN_PIECE_FIGURE, style()), 'pieces.svg', tangram)
    const outline = pieces.parts[0].outline
    for (const turn of [0, 1, 2, 5]) {
      const svg = drawSvg(
        [{ corners: outline }],
        style({ turn, noise: 0.008, random: seededRandom(turn) }),
      )
      const f = importSvgFigure(svg, 'one.svg', tangram)
      expect(shapeKey(f.parts[0].outline)).toBe(shapeKey(outline))
    }
  })

  it('gives the tiling of pieces whose figure is two parts meeting at a corner, each part verified', () => {
    // The tail moved to meet the body at a corner only.
    const tail = {
      id: 'small-triangle-2',
      corners: fromLattice([
        [0, 2],
        [-1, 2],
        [-1, 3],
      ]),
    }
    const drawn = SEVEN_PIECE_FIGURE.map((p) => (p.id === 'small-triangle-2' ? tail : p))
    const f = importSvgFigure(
      drawSvg(drawn, style({ turn: 1, noise: 0.004 })),
      'pinch.svg',
      tangram,
    )
    expect(f.parts).toHaveLength(2)
    expect(f.tiling).toHaveLength(7)
    // Two pieces' names swapped: the counts hold, the verifier finds them not congruent.
    const names: Record<string, string> = { square: 'parallelogram', parallelogram: 'square' }
    const wrong = drawn.map((p) => ({ ...p, id: names[p.id!] ?? p.id }))
    expect(() => importSvgFigure(drawSvg(wrong, style()), 'w.svg', tangram)).toThrow(
      /^w\.svg: the pieces as drawn are not a tiling of the set: part \d is not congruent to the piece "(square|parallelogram)"$/,
    )
  })

  it('keeps two parts that touch at a corner apart, as a region of two outlines', () => {
    const f = importSvgFigure(
      '<svg><rect x="5" y="5" width="20" height="20"/><rect x="25" y="25" width="20" height="20"/></svg>',
      'two.svg',
      tangram,
    )
    // Drawn upper left (y down on the page) and lower right, meeting at a corner.
    expect(importedFigureJson(f)).toMatchObject({
      polygons: [
        {
          outline: [
            [-2, 2],
            [0, 2],
            [0, 4],
            [-2, 4],
          ],
        },
        {
          outline: [
            [0, 0],
            [2, 0],
            [2, 2],
            [0, 2],
          ],
        },
      ],
    })
  })
})

describe('refusing what it cannot import, in one line naming the file', () => {
  const refuse = (svg: string, set: PieceSet = tangram) => {
    try {
      importSvgFigure(svg, 'bad.svg', set)
    } catch (e) {
      const message = (e as Error).message
      expect(message).not.toContain('\n')
      return message
    }
    throw new Error('imported')
  }

  it('an SVG without polygons', () => {
    expect(refuse('<svg><g><text>cat</text></g></svg>')).toBe(
      'bad.svg: no polygons (draw the silhouette with <polygon>, <rect> or <path>)',
    )
    expect(refuse('<svg><rect width="10"')).toMatch(/^bad\.svg: not well-formed XML \(line 1: /)
    expect(refuse('<html/>')).toBe('bad.svg: not an SVG drawing (no <svg> element)')
  })

  it('curves', () => {
    expect(refuse('<svg><path d="M0 0 L10 0 Q 10 10 0 10 Z"/></svg>')).toBe(
      'bad.svg: path 1: has a curve or an arc ("Q"): draw the silhouette with straight edges',
    )
    expect(refuse('<svg><circle r="4"/></svg>')).toBe(
      'bad.svg: circle is curved: draw the silhouette with straight edges',
    )
  })

  it('a silhouette of the wrong area: its sides are no lengths the set’s edges make at the unit its area gives', () => {
    // A 2 × 3 rectangle: at the tangram's area its sides are 2.31 and 3.46.
    expect(refuse('<svg><rect width="20" height="30"/></svg>')).toMatch(
      /^bad\.svg: rect 1: edge 3 is 2\.309 units long, 6\.7 % of the unit from the nearest length the set's edges make \(-2\+3√2\), more than the tolerance 5\.0 %: is the silhouette's area the set's\?$/,
    )
  })

  it('pieces off by more than the tolerance', () => {
    const pieces = SEVEN_PIECE_FIGURE.map((p, i) =>
      i === 3
        ? { ...p, corners: p.corners.map(([x, y]) => [x, add(y, root2(1n, 0n, 10n))] as XPoint) }
        : p,
    )
    expect(refuse(drawSvg(pieces, style()))).toBe(
      'bad.svg: polygon 4 ("square") touches no other piece within the tolerance 5.0 %',
    )
  })

  it('a side longer than all the set’s edges, and too many corners', () => {
    expect(refuse('<svg><rect width="1000" height="0.1"/></svg>')).toBe(
      "bad.svg: rect 1: edge 3 is 282.843 units long, longer than all the set's edges end to end (34.142): is the silhouette's area the set's?",
    )
    const many = Array.from({ length: 501 }, (_, i) => `<rect x="${3 * i}" width="1" height="1"/>`)
    expect(refuse(`<svg>${many.join('')}</svg>`)).toBe(
      'bad.svg: 2004 corners, more than a silhouette has (at most 2000)',
    )
  })

  it('pieces or shapes that overlap', () => {
    const pieces = SEVEN_PIECE_FIGURE.map((p, i) => (i === 1 ? SEVEN_PIECE_FIGURE[0] : p))
    expect(refuse(drawSvg(pieces, style()))).toBe('bad.svg: shapes overlap')
    // Two squares crossing (each drawn whole), not along a side.
    expect(
      refuse(
        '<svg><rect width="20" height="20"/><rect x="10" y="10" width="20" height="20"/></svg>',
      ),
    ).toBe('bad.svg: shapes overlap')
  })

  it('a set whose angles are not multiples of 45°', () => {
    const skew: PieceSet = {
      ...tangram,
      name: 'Skew',
      // The shape is the loader's; importing reads the polygon only.
      pieces: [
        {
          ...tangram.pieces[0],
          name: 'kite',
          polygon: [
            [0, 0],
            [2, 1],
            [0, 1],
          ],
          count: 1,
        },
      ],
    }
    expect(refuse('<svg><rect width="2" height="1"/></svg>', skew)).toBe(
      'set "Skew": piece "kite" has an angle that is not a multiple of 45° (edge 1)',
    )
  })
})
