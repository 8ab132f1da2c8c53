import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { figureFromJson, parsePieceSet, pieceSetFromJson } from '../formats/load'
import { d4Matrix } from '../lattice/d4'
import type { Point } from '../lattice/polygon'
import { asRegion } from '../lattice/region'
import { analyzeShape } from '../pieces/shape'
import { solvableSet } from '../pieces/solvable'
import { bruteForce } from '../../testing/bruteforce'
import { rect, S_TETROMINO } from '../../testing/shapes'
import { buildTilingProblem } from './problem'
import { TilingSearch } from './search'
import { verifyTiling } from './verify'

const cells = (rows: string[]) =>
  asRegion(figureFromJson({ cells: rows }, 'cells').polygon)[0].outline
const mirror = (poly: readonly Point[]): Point[] => poly.map(([x, y]) => [-x, y])
const L: Point[] = [
  [0, 0],
  [3, 0],
  [3, 1],
  [1, 1],
  [1, 2],
  [0, 2],
]

interface Piece {
  readonly name: string
  readonly polygon: readonly Point[]
  readonly count: number
  readonly flip?: boolean
}

/** Both counts, every tiling through the verifier. */
function count(figure: readonly Point[], pieces: readonly Piece[]) {
  const kinds = pieces.map((p) => ({
    name: p.name,
    shape: analyzeShape(p.polygon, p.flip !== false),
    count: p.count,
  }))
  const problem = buildTilingProblem(figure, kinds)
  const counts = new TilingSearch(problem, 'reduce').runToEnd((t) => {
    const moves = t.pieces.map((p) => ({ ...p, matrix: d4Matrix(p.g) }))
    expect(verifyTiling(figure, pieces, moves)).toBeUndefined()
  })
  return { counts, symmetries: problem.figure.symmetry.length }
}

describe('one-sided pieces ("flip": false)', () => {
  it.each([
    [
      'an S and its mirror twin side by side: the mirror maps the set to itself',
      cells(['.####.', '##..##']),
      [
        { name: 'S', polygon: S_TETROMINO, count: 1, flip: false },
        { name: 'Z', polygon: mirror(S_TETROMINO), count: 1, flip: false },
      ],
      2,
    ],
    [
      'two one-sided S in a slanted box: the half turn counts',
      cells(['.####', '####.']),
      [{ name: 'S', polygon: S_TETROMINO, count: 2, flip: false }],
      2,
    ],
    [
      'one-sided L tetrominoes in a 4 × 4 square: the quarter turns count, no mirror',
      rect(0, 0, 4, 4),
      [{ name: 'L', polygon: L, count: 4, flip: false }],
      4,
    ],
    [
      'free L tetrominoes in a 4 × 4 square, for comparison',
      rect(0, 0, 4, 4),
      [{ name: 'L', polygon: L, count: 4 }],
      8,
    ],
    [
      'an L and its twin, each twice, in a 4 × 4 square',
      rect(0, 0, 4, 4),
      [
        { name: 'L', polygon: L, count: 2, flip: false },
        { name: 'J', polygon: mirror(L), count: 2, flip: false },
      ],
      8,
    ],
  ] as const)('%s', (_, figure, pieces, symmetries) => {
    const expected = bruteForce(figure, pieces)
    const got = count(figure, pieces)
    expect(got.counts).toEqual({ solutions: expected.solutions, fixed: expected.fixed })
    expect(got.symmetries).toBe(symmetries)
    expect(expected.fixed).toBeGreaterThan(0)
  })

  it('the verifier refuses a one-sided piece turned over', () => {
    const pieces = [{ name: 'S', polygon: S_TETROMINO, count: 1, flip: false }]
    const over = { piece: 0, matrix: [-1, 0, 0, 1] as const, dx: 3, dy: 0 }
    expect(
      verifyTiling(
        mirror(S_TETROMINO).map(([x, y]) => [x + 3, y] as const),
        pieces,
        [over],
      ),
    ).toBe('move 0 turns the one-sided piece "S" over')
  })

  it('a set file says "flip": false; twins and free copies of a shape stay kinds of their own', () => {
    const set = solvableSet(
      pieceSetFromJson(
        {
          name: 'twins',
          pieces: [
            { name: 'S', polygon: S_TETROMINO, flip: false },
            { name: 'Z', polygon: mirror(S_TETROMINO), flip: false },
            { name: 'free S', polygon: S_TETROMINO },
            {
              name: 'T',
              polygon: [
                [0, 0],
                [3, 0],
                [3, 1],
                [2, 1],
                [2, 2],
                [1, 2],
                [1, 1],
                [0, 1],
              ],
              flip: false,
            },
          ],
        },
        'twins.json',
      ),
    )
    expect(set.pieces.map((p) => [p.name, p.count, p.flip])).toEqual([
      ['S', 1, false],
      ['Z', 1, false],
      ['free S', 1, undefined],
      // A one-sided piece its turns already mirror is a free piece.
      ['T', 1, undefined],
    ])
    expect(set.wire.pieces.map((p) => p.flip)).toEqual([false, false, undefined, undefined])
  })

  it('the 18 one-sided pentominoes fill the 3 × 30 rectangle in 46 ways up to its 4 symmetries (published)', () => {
    // The twins are all there, so the mirrors count (and no twin can be the piece that breaks the
    // symmetry: with the F first, 38 were found); 'raw', which breaks none, finds as many.
    const free = parsePieceSet(readFileSync('resources/sets/pentominoes.json', 'utf8'), 'p')
    const kinds = free.pieces.flatMap((p) => {
      const shape = analyzeShape(p.polygon, false)
      const twin = shape.flip
        ? []
        : [{ name: `${p.name}'`, shape: analyzeShape(mirror(p.polygon), false), count: 1 }]
      return [{ name: p.name, shape, count: 1 }, ...twin]
    })
    expect(kinds).toHaveLength(18)
    // The bundled example is that set and that board.
    const example = solvableSet(
      parsePieceSet(readFileSync('resources/sets/one-sided-pentominoes.json', 'utf8'), 'o'),
    )
    expect(example.pieces.map((p) => [p.name, p.shape.orientations.length])).toEqual(
      kinds.map((k) => [k.name, k.shape.orientations.length]),
    )
    expect(example.figures).toEqual([{ name: 'rectangle 3 × 30', polygon: rect(0, 0, 30, 3) }])
    const problem = buildTilingProblem(example.figures[0].polygon, example.pieces)
    expect(problem.figure.symmetry).toEqual([0, 2, 4, 6])
    expect(new TilingSearch(problem, 'reduce').runToEnd()).toEqual({ solutions: 46, fixed: 184 })
    expect(new TilingSearch(problem, 'raw').runToEnd().fixed).toBe(184)
  })
})
