import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { figureFromJson, parsePieceSet, pieceSetFromJson, type Piece } from '../formats/load'
import { d4Matrix } from '../lattice/d4'
import type { Point, Polygon } from '../lattice/polygon'
import type { Region } from '../lattice/region'
import { analyzeShape } from '../pieces/shape'
import { BruteForce, bruteForce } from '../../testing/bruteforce'
import { rangedArbitrary, type RandomRegion } from '../../testing/random-regions'
import { buildTilingProblem, checkArea, type PieceKind } from './problem'
import { ruleOuts } from './rule-out'
import { TilingSearch, type SymmetryMode } from './search'
import { verifyTiling, type VerifyPiece } from './verify'

const params = { seed: 20_261_129, numRuns: 150 }

const kinds = (pieces: RandomRegion['pieces']): PieceKind[] =>
  pieces.map((p) => ({
    name: p.name,
    shape: analyzeShape(p.polygon, p.flip !== false),
    count: p.count,
    ...(p.min === undefined ? {} : { min: p.min }),
  }))
const rings = (region: Region): Polygon[] => region.flatMap((p) => [p.outline, ...p.holes])
const area = (pieces: RandomRegion['pieces'], copies: (p: RandomRegion['pieces'][0]) => number) =>
  pieces.reduce((s, p) => s + analyzeShape(p.polygon).area * copies(p), 0)

/** Every tiling emitted, through the verifier, as the brute force's keys. */
function solve(figure: Region, pieces: RandomRegion['pieces'], mode: SymmetryMode) {
  const brute = new BruteForce(rings(figure), pieces)
  const keys: string[] = []
  const canon: string[] = []
  const counts = new TilingSearch(buildTilingProblem(figure, kinds(pieces)), mode).runToEnd((s) => {
    const moves = s.pieces.map((p) => ({ ...p, matrix: d4Matrix(p.g) }))
    const wrong = verifyTiling(figure, pieces, moves)
    if (wrong) throw new Error(`the verifier rejects an emitted tiling: ${wrong}`)
    const d = brute.describe(moves)
    keys.push(d.key)
    canon.push(d.canonical)
    expect(s.classSize).toBe(d.orbit)
  })
  return { counts, keys: keys.sort(), canon: canon.sort() }
}

describe('count ranges ("count": {"min": m, "max": n}) against the plain brute force', () => {
  it('the random sets have ranges that leave pieces out', () => {
    const drawn = fc.sample(rangedArbitrary(), params)
    const share = (test: (r: RandomRegion) => boolean) => drawn.filter(test).length / drawn.length
    expect(share((r) => r.pieces.some((p) => p.min === 0))).toBeGreaterThan(0.3)
    expect(share((r) => r.pieces.some((p) => p.min !== undefined && p.min > 0))).toBeGreaterThan(
      0.1,
    )
    expect(
      share((r) => r.pieces.some((p) => p.flip === false && p.min !== undefined)),
    ).toBeGreaterThan(0.1)
    expect(
      share((r) => area(r.pieces, (p) => p.count) > area(r.pieces, (p) => p.min ?? p.count)),
    ).toBeGreaterThan(0.5)
  })

  it("emits exactly the brute force's tilings in 'raw' mode and one per class in 'reduce' mode", () => {
    fc.assert(
      fc.property(rangedArbitrary(), (r) => {
        const expected = new BruteForce(rings(r.region), r.pieces).solve()
        const raw = solve(r.region, r.pieces, 'raw')
        expect(raw.counts).toEqual({ solutions: expected.solutions, fixed: expected.fixed })
        expect(raw.keys).toEqual(expected.tilings)
        const reduce = solve(r.region, r.pieces, 'reduce')
        expect(reduce.counts).toEqual({ solutions: expected.solutions, fixed: expected.fixed })
        expect(reduce.canon).toEqual(expected.classes)
        // Dancing links takes the spare cells as any other primary items.
        const dlx = new TilingSearch(
          buildTilingProblem(r.region, kinds(r.pieces)),
          'raw',
          [],
          'dlx',
        )
        expect(dlx.runToEnd()).toEqual(raw.counts)
      }),
      params,
    )
  })

  it('the rule-outs never rule out a region that has a tiling with some choice of counts', () => {
    fc.assert(
      fc.property(rangedArbitrary(), (r) => {
        const ruled = ruleOuts(kinds(r.pieces)).check(r.region)
        if (ruled) expect(new BruteForce(rings(r.region), r.pieces).solve().fixed).toBe(0)
      }),
      params,
    )
  })
})

describe('count ranges: the verifier, the area check and the set file', () => {
  const domino: Point[] = [
    [0, 0],
    [2, 0],
    [2, 1],
    [0, 1],
  ]
  const mono: Point[] = [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ]
  const board: Point[] = [
    [0, 0],
    [2, 0],
    [2, 2],
    [0, 2],
  ]
  const pieces: VerifyPiece[] = [
    { name: 'domino', polygon: domino, count: 2, min: 1 },
    { name: 'monomino', polygon: mono, count: 2, min: 0 },
  ]
  const at = (piece: number, dx: number, dy: number) => ({
    piece,
    matrix: [1, 0, 0, 1] as const,
    dx,
    dy,
  })

  it('the brute force counts every choice of counts: the 2 × 2 by dominoes and monominoes', () => {
    // Two dominoes (2 ways, one class) or a domino and two monominoes (4 ways, one class).
    expect(bruteForce(board, pieces)).toMatchObject({ fixed: 6, solutions: 2 })
    expect(new TilingSearch(buildTilingProblem(board, kinds(pieces)), 'reduce').runToEnd()).toEqual(
      { fixed: 6, solutions: 2 },
    )
  })

  it('accepts a tiling by an allowed subset and refuses one outside the range', () => {
    expect(verifyTiling(board, pieces, [at(0, 0, 0), at(0, 0, 1)])).toBeUndefined()
    expect(verifyTiling(board, pieces, [at(0, 0, 0), at(1, 0, 1), at(1, 1, 1)])).toBeUndefined()
    expect(verifyTiling(board, pieces, [at(1, 0, 0), at(1, 1, 0), at(1, 0, 1), at(1, 1, 1)])).toBe(
      'piece "domino" is used 0 times, not 1 to 2',
    )
  })

  it('refuses in one line a board no choice of counts fills by area, naming the areas reached', () => {
    const ks = kinds([
      { name: 'domino', polygon: domino, count: 2, min: 2 },
      { name: 'square', polygon: board, count: 1, min: 0 },
    ])
    expect(() => checkArea(ks, 10, 'S')).toThrow(
      'set "S": the figure covers 10 half-squares; with the counts\' ranges the pieces cover 8, 16',
    )
    expect(() => checkArea(ks, 16, 'S')).not.toThrow()
  })

  it('reads a range from a set file and writes it back', () => {
    const json = {
      name: 'r',
      pieces: [
        { name: 'a', polygon: domino, count: { min: 0, max: 2 } },
        { name: 'b', polygon: mono, count: { min: 1, max: 1 } },
      ],
    }
    const set = pieceSetFromJson(json, 'r.json')
    expect(set.pieces.map((p) => [p.count, p.min])).toEqual([
      [2, 0],
      [1, undefined],
    ])
    expect(() =>
      pieceSetFromJson(
        { ...json, pieces: [{ ...json.pieces[0], count: { min: 3, max: 2 } }] },
        'r.json',
      ),
    ).toThrow('r.json: piece 1 "a": count: min must not exceed max')
    expect(() =>
      pieceSetFromJson({ ...json, pieces: [{ ...json.pieces[0], count: { min: 0 } }] }, 'r.json'),
    ).toThrow('r.json: piece 1 "a": missing field "max"')
    expect(() =>
      pieceSetFromJson({ ...json, pieces: [{ ...json.pieces[0], count: 'two' }] }, 'r.json'),
    ).toThrow('r.json: piece 1 "a": count must be a number')
  })
})

describe('twelve pentominoes, each {"min": 0, "max": 1}, on a board of 55 cells', () => {
  const twelve = parsePieceSet(readFileSync('resources/sets/pentominoes.json', 'utf8'), 'p')
  // The 5 × 11 rectangle, in cells as a figure file gives it.
  const board = figureFromJson({ cells: Array(5).fill('#'.repeat(11)) }, 'board').polygon
  const asKinds = (ps: readonly Piece[], min?: number) =>
    ps.map((p) => ({
      name: p.name,
      shape: p.shape,
      count: 1,
      ...(min === undefined ? {} : { min }),
    }))

  it('counts the sum, over each piece left out, of the board with the other eleven', () => {
    const figure = board
    const ranged = new TilingSearch(
      buildTilingProblem(figure, asKinds(twelve.pieces, 0)),
    ).runToEnd()
    const sum = { solutions: 0, fixed: 0 }
    for (let i = 0; i < 12; i++) {
      const eleven = twelve.pieces.filter((_, j) => j !== i)
      const c = new TilingSearch(buildTilingProblem(figure, asKinds(eleven))).runToEnd()
      sum.solutions += c.solutions
      sum.fixed += c.fixed
    }
    expect(ranged).toEqual(sum)
    expect(ranged).toEqual({ solutions: 4103, fixed: 16412 })
    // The bundled example is that set and that board, and counts the same.
    const example = parsePieceSet(
      readFileSync('resources/sets/pentominoes-one-left-out.json', 'utf8'),
      'e',
    )
    expect(example.pieces.map((p) => [p.name, p.min, p.count])).toEqual(
      twelve.pieces.map((p) => [p.name, 0, 1]),
    )
    const bundled = new TilingSearch(
      buildTilingProblem(example.figures[0].polygon, asKinds(example.pieces, 0)),
    ).runToEnd()
    expect(bundled).toEqual(ranged)
  })
})
