import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bruteForce } from '../../testing/bruteforce'
import { convexCases } from '../convex/convex'
import { InputError } from '../errors'
import { parsePieceSet } from '../formats/load'
import { d4Matrix } from '../lattice/d4'
import { latticeKey } from '../pentagons/lattice'
import { analyzeShape } from '../pieces/shape'
import type { PieceKind, PlacedPiece } from '../tiling/problem'
import { verifyTiling } from '../tiling/verify'
import {
  findSilhouettes,
  SILHOUETTE_BUDGET,
  type SilhouetteRequest,
  type SilhouetteResult,
} from './search'

const tangram = parsePieceSet(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram').pieces
const brute = (polygon: readonly (readonly [number, number])[]) =>
  bruteForce(
    polygon,
    tangram.map((p) => ({ polygon: p.polygon, count: p.count })),
  )
const checks = (polygon: readonly (readonly [number, number])[], tiling: readonly PlacedPiece[]) =>
  verifyTiling(
    polygon,
    tangram,
    tiling.map((p) => ({ piece: p.piece, matrix: d4Matrix(p.g), dx: p.dx, dy: p.dy })),
  )

function run(
  pieces: readonly PieceKind[],
  request: Partial<SilhouetteRequest>,
  budget = SILHOUETTE_BUDGET,
): SilhouetteResult {
  return findSilhouettes(
    pieces,
    { kind: 'any', count: 5, unique: true, symmetric: false, seed: 1, ...request },
    budget,
  )
}

describe('figures a set builds in exactly one way', () => {
  it('finds distinct figures, each with one tiling by the brute force, easiest first', () => {
    const { figures, shortfall } = run(tangram, { count: 8 })
    expect(shortfall).toBeUndefined()
    expect(figures).toHaveLength(8)
    expect(new Set(figures.map((f) => latticeKey(f.polygon))).size).toBe(8)
    for (const f of figures) {
      expect(brute(f.polygon).solutions).toBe(1)
      expect(f.counts.solutions).toBe(1)
      expect(f.tilings).toHaveLength(1)
      expect(checks(f.polygon, f.tilings[0])).toBeUndefined()
    }
    const nodes = figures.map((f) => f.nodes)
    expect(nodes).toEqual([...nodes].sort((a, b) => a - b))
    expect(nodes[0]).toBeGreaterThan(0)
  })

  it('are the same figures for the same seed, others for another', () => {
    const keys = (seed: number) => run(tangram, { count: 3, seed }).figures.map((f) => f.key)
    expect(keys(5)).toEqual(keys(5))
    expect(keys(5)).not.toEqual(keys(6))
  })

  it('without --unique, counts every figure as the brute force does', () => {
    const { figures } = run(tangram, { count: 12, unique: false })
    expect(figures).toHaveLength(12)
    expect(figures.some((f) => f.counts.solutions > 1)).toBe(true)
    for (const f of figures) {
      const b = brute(f.polygon)
      expect([f.counts.solutions, f.counts.fixed]).toEqual([b.solutions, b.fixed])
    }
  })

  it('shows two tilings of a figure with several, the pieces that differ marked', () => {
    const { figures } = run(tangram, { count: 12, unique: false })
    for (const f of figures.filter((f) => f.counts.solutions > 1)) {
      const [a, b] = f.tilings
      expect(checks(f.polygon, a)).toBeUndefined()
      expect(checks(f.polygon, b)).toBeUndefined()
      const [da, db] = f.differ!
      const key = (p: PlacedPiece) => `${p.piece} ${p.g} ${p.dx} ${p.dy}`
      const inB = new Set(b.map(key))
      const inA = new Set(a.map(key))
      expect(da).toEqual(a.flatMap((p, i) => (inB.has(key(p)) ? [] : [i])))
      expect(db).toEqual(b.flatMap((p, i) => (inA.has(key(p)) ? [] : [i])))
      // Two different tilings: some piece differs, and not every piece (nothing to compare).
      expect(da.length).toBeGreaterThan(0)
      expect(db.length).toBeGreaterThan(0)
    }
  })

  it('convex: exactly the outlines the brute force builds in one way (the tangram: the square)', () => {
    const one = convexCases(tangram)
      .cases.filter((c) => brute(c.polygon).solutions === 1)
      .map((c) => latticeKey(c.polygon))
    const { figures, shortfall } = run(tangram, { kind: 'convex', count: 20 })
    expect(figures.map((f) => f.key).sort()).toEqual(one.sort())
    expect(figures.map((f) => f.polygon.length)).toEqual([4])
    expect(shortfall).toBe(
      'only 1 convex figure built in exactly one way (all 20 convex outlines counted)',
    )
  })

  it('symmetric: figures with a symmetry, each with one tiling', () => {
    const { figures } = run(tangram, { count: 4, symmetric: true })
    expect(figures).toHaveLength(4)
    for (const f of figures) {
      expect(f.symmetries).toBeGreaterThan(1)
      expect(brute(f.polygon).solutions).toBe(1)
    }
  })

  it('gives up on figures out of the set’s reach: symmetric ones of pieces it has once', () => {
    const tetraboloes = parsePieceSet(
      readFileSync('resources/sets/tetraboloes.json', 'utf8'),
      'tetraboloes',
    ).pieces
    expect(() =>
      run(tetraboloes, { symmetric: true }, { ...SILHOUETTE_BUDGET, barren: 20 }),
    ).toThrow(
      'no figure with a symmetry built in exactly one way: none of the last 20 figures drawn is one the set builds (a symmetric figure is grown with copies of its pieces the set may not have)',
    )
  })

  it('refuses a set too large to count every figure, and a request nothing meets', () => {
    const many = [{ ...tangram[4], count: 17 }]
    expect(() => run(many, {})).toThrow(
      new InputError(
        '17 pieces (copies counted) are too many to count every figure exhaustively: at most 16',
      ),
    )
    const l = {
      name: 'L',
      shape: analyzeShape([
        [0, 0],
        [2, 0],
        [2, 1],
        [1, 1],
        [1, 2],
        [0, 2],
      ]),
      count: 1,
    }
    expect(() => run([l], { kind: 'convex' })).toThrow(
      /^no convex figure built in exactly one way \(all \d+ convex outlines counted\)$/,
    )
  })
})
