import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { convexCases, outlineFigures } from '../convex/convex'
import { convexOutlines } from '../convex/outlines'
import { figureFromJson, parseFigure, parsePieceSet, type PieceSet } from '../formats/load'
import { d4Matrix } from '../lattice/d4'
import type { FigureShape } from '../lattice/region'
import { buildTilingProblem } from './problem'
import { planSearch, TilingSearch, type SymmetryMode, type TilingSolution } from './search'
import { verifyTiling } from './verify'

const set = (name: string) =>
  parsePieceSet(readFileSync(`resources/sets/${name}.json`, 'utf8'), name)
const figure = (name: string) =>
  parseFigure(readFileSync(`resources/figures/${name}.json`, 'utf8'), name)
const kinds = (s: PieceSet) =>
  s.pieces.map((p) => ({ name: p.name, shape: p.shape, count: p.count }))

/** Runs a search, re-checking every tiling it emits with the independent verifier. */
function solveVerified(
  s: PieceSet,
  polygon: FigureShape,
  mode: SymmetryMode = 'reduce',
  engine: 'bits' | 'dlx' = 'bits',
) {
  const problem = buildTilingProblem(polygon, kinds(s))
  const search = new TilingSearch(problem, mode, [], engine)
  const tilings: TilingSolution[] = []
  const counts = search.runToEnd((t) => {
    const problem = verifyTiling(
      polygon,
      s.pieces,
      t.pieces.map((p) => ({ piece: p.piece, matrix: d4Matrix(p.g), dx: p.dx, dy: p.dy })),
    )
    expect(problem).toBeUndefined()
    tilings.push(t)
  })
  return { counts, tilings }
}

describe('Läuchli 1967: the tangram', () => {
  const tangram = set('tangram')
  const cases = convexCases(kinds(tangram)).cases

  it('has 20 convex outlines of area 16, 13 of them tileable, 142 tilings in all', () => {
    expect(cases).toHaveLength(20)
    const counts = cases.map((c) => solveVerified(tangram, c.polygon).counts)
    expect(counts.filter((c) => c.solutions > 0)).toHaveLength(13)
    expect(counts.reduce((s, c) => s + c.solutions, 0)).toBe(142)
    // Between 1 (the square) and 36 (the right trapezoid 3, 2, 5, 2√2) per outline.
    const positive = counts.map((c) => c.solutions).filter((n) => n > 0)
    expect(Math.min(...positive)).toBe(1)
    expect(Math.max(...positive)).toBe(36)
    expect(counts[cases.findIndex((c) => c.name === 'square 2√2')].solutions).toBe(1)
    expect(
      counts[cases.findIndex((c) => c.name === 'right trapezoid 2, 5, 2√2, 3')].solutions,
    ).toBe(36)
  })

  it('finds the same tilings with every symmetry counted (raw) and with dancing links', () => {
    let fixedReduced = 0
    let fixedRaw = 0
    let classesRaw = 0
    for (const c of cases) {
      const reduced = solveVerified(tangram, c.polygon).counts
      const raw = solveVerified(tangram, c.polygon, 'raw')
      const dlx = solveVerified(tangram, c.polygon, 'reduce', 'dlx').counts
      expect(dlx).toEqual(reduced)
      expect(raw.tilings).toHaveLength(raw.counts.fixed)
      expect(raw.counts.solutions).toBe(reduced.solutions)
      fixedReduced += reduced.fixed
      fixedRaw += raw.counts.fixed
      classesRaw += raw.tilings.filter((t) => t.canonical).length
    }
    expect(fixedRaw).toBe(fixedReduced)
    expect(classesRaw).toBe(142)
  })

  it('rejects the outlines that cannot work before searching where a cheap argument applies', () => {
    const rejected = outlineFigures(cases, kinds(tangram)).filter((f) => f.prepare().rejected)
    // The large triangle does not fit the four thin outlines (the paper's "rectangle 1 × 8").
    expect(rejected.map((f) => f.name)).toEqual([
      'rectangle 1 × 8',
      'parallelogram √2, 8, √2, 8',
      'trapezoid √2, 7, √2, 9',
      'parallelogram 8√2, 1, 8√2, 1',
    ])
  })
})

describe('pentomino rectangles', () => {
  const pentominoes = set('pentominoes')
  it.each([
    ['rectangle-6x10', 2339],
    ['rectangle-5x12', 1010],
    ['rectangle-4x15', 368],
    ['rectangle-3x20', 2],
  ])('%s has %i tilings up to its symmetries, 4 times as many fixed', (name, n) => {
    const { counts, tilings } = solveVerified(pentominoes, figure(name).polygon)
    expect(counts.solutions).toBe(n)
    expect(counts.fixed).toBe(4 * n)
    expect(tilings).toHaveLength(n)
  })

  it('6 × 10: the search places the X first, on one position of each symmetry class', () => {
    const problem = buildTilingProblem(figure('rectangle-6x10').polygon, pentominoes.pieces)
    const setup = planSearch(problem, 'reduce')
    const search = new TilingSearch(problem, 'reduce', [], 'bits', setup)
    const root = search.branch()!
    const pieces = root.options.map((o) => problem.placements[setup.optionPlacement[o]].piece)
    expect(new Set(pieces.map((p) => problem.pieces[p].name))).toEqual(new Set(['X']))
    // The X's 24 positions in the rectangle fall into classes of 4 and of 2 (on a mirror line).
    expect(root.options).toHaveLength(8)
    expect(search.runToEnd()).toEqual({ solutions: 2339, fixed: 9356 })
  })
})

describe('convex outlines: N(F)', () => {
  it('matches OEIS A245676 for F = 1..20 and gives 63 for the tetraboloes (F = 56)', () => {
    const A245676 = [1, 3, 2, 6, 3, 7, 5, 11, 5, 10, 7, 14, 7, 16, 11, 20, 9, 17, 13, 22]
    expect(A245676.map((_, i) => convexOutlines(i + 1).length)).toEqual(A245676)
    expect(convexOutlines(56)).toHaveLength(63)
  })
})

describe('pentomino boards with holes (the classic 8 × 8 puzzles), as the app bundles them', () => {
  // The bundled example (resources/sets, made by scripts/make-sets.ts): its pieces and figures.
  const example = set('pentominoes-8x8-holes')
  const pentominoes = set('pentominoes')
  const board = (name: string) => example.figures.find((f) => f.name === name)!.polygon
  it.each([
    ['8 × 8, centre hole', 65, 8],
    ['8 × 8, holes one in from the corners', 188, 8],
    ['8 × 8, holes two in from the corners', 21, 8],
    ['8 × 8, pinwheel holes', 126, 4],
  ] as const)('%s', (name, n, symmetries) => {
    const { counts, tilings } = solveVerified(example, board(name))
    expect(counts).toEqual({ solutions: n, fixed: symmetries * n })
    expect(tilings).toHaveLength(n)
  })

  it('two parts, apart or joined at a corner point, have the same tilings: the 2 ways to split the set into two 5 × 6', () => {
    const parts = set('pentominoes-two-parts')
    const [apart, corner] = parts.figures.map((f) => solveVerified(parts, f.polygon).counts)
    // 2 splits × 4 symmetries of each rectangle × 2 ways to put the halves = 64 fixed tilings;
    // apart the board has 4 symmetries, at a corner 2.
    expect(apart).toEqual({ solutions: 16, fixed: 64 })
    expect(corner).toEqual({ solutions: 32, fixed: 64 })
  })

  it('the centre hole written as "polygons" counts the same, with the hole either way round', () => {
    for (const hole of [
      [
        [3, 3],
        [5, 3],
        [5, 5],
        [3, 5],
      ],
      [
        [3, 3],
        [3, 5],
        [5, 5],
        [5, 3],
      ],
    ] as const) {
      const figure = figureFromJson(
        {
          polygons: [
            {
              outline: [
                [0, 0],
                [0, 8],
                [8, 8],
                [8, 0],
              ],
              holes: [hole],
            },
          ],
        },
        '8x8',
      ).polygon
      expect(solveVerified(pentominoes, figure).counts).toEqual({ solutions: 65, fixed: 520 })
    }
  })
})
