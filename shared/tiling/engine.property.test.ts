import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BitCover } from '../exactcover/bitcover'
import type { EngineKind } from '../exactcover/engine'
import { d4Matrix } from '../lattice/d4'
import { analyzeShape } from '../pieces/shape'
import { BruteForce, type BruteForceResult } from '../../testing/bruteforce'
import { puzzleArbitrary, type RandomPuzzle } from '../../testing/random-puzzles'
import { addPartStats, runPart, splitSearch } from './jobs'
import { buildTilingProblem, type TilingProblem } from './problem'
import { TilingSearch, type SymmetryMode, type TilingSolution } from './search'
import { verifyTiling, type VerifyMove } from './verify'

const SEED = 20_250_611
const RUNS = 250

interface Prepared {
  readonly problem: TilingProblem
  readonly brute: BruteForce
  readonly expected: BruteForceResult
}

// fast-check draws the same puzzles for every property (same seed): solve each once.
const cache = new Map<string, Prepared>()
function prepare(p: RandomPuzzle): Prepared {
  const key = JSON.stringify(p)
  let hit = cache.get(key)
  if (!hit) {
    const kinds = p.pieces.map((q) => ({
      name: q.name,
      shape: analyzeShape(q.polygon),
      count: q.count,
    }))
    const brute = new BruteForce(p.figure, p.pieces)
    hit = { problem: buildTilingProblem(p.figure, kinds), brute, expected: brute.solve() }
    cache.set(key, hit)
  }
  return hit
}

function movesOf(s: TilingSolution): VerifyMove[] {
  return s.pieces.map((pp) => ({ piece: pp.piece, matrix: d4Matrix(pp.g), dx: pp.dx, dy: pp.dy }))
}

/** Checks a solution with the independent verifier and returns its brute-force description. */
function check(p: RandomPuzzle, brute: BruteForce, s: TilingSolution) {
  const moves = movesOf(s)
  const problem = verifyTiling(p.figure, p.pieces, moves)
  if (problem !== undefined) throw new Error(`verifyTiling rejects an emitted tiling: ${problem}`)
  return brute.describe(moves)
}

function run(p: RandomPuzzle, mode: SymmetryMode, engine: EngineKind) {
  const { problem, brute } = prepare(p)
  const emitted: { key: string; canonical: string; orbit: number; s: TilingSolution }[] = []
  const counts = new TilingSearch(problem, mode, [], engine).runToEnd((s) =>
    emitted.push({ ...check(p, brute, s), s }),
  )
  return { counts, emitted }
}

const sorted = (xs: readonly string[]) => [...xs].sort()
const params = { seed: SEED, numRuns: RUNS }

describe('tiling engine against a plain brute force', () => {
  it('generated "built" figures have a tiling, by the brute force', () => {
    fc.assert(
      fc.property(puzzleArbitrary(), (p) => {
        if (p.origin === 'built') expect(prepare(p).expected.fixed).toBeGreaterThan(0)
      }),
      params,
    )
  })

  it("'bits' in 'raw' mode emits exactly the brute force's tilings", () => {
    fc.assert(
      fc.property(puzzleArbitrary(), (p) => {
        const { expected } = prepare(p)
        const { counts, emitted } = run(p, 'raw', 'bits')
        expect(counts.fixed).toBe(expected.fixed)
        expect(counts.solutions).toBe(expected.solutions)
        expect(sorted(emitted.map((e) => e.key))).toEqual(expected.tilings)
        // Raw mode marks one representative per class and knows each tiling's class size.
        expect(emitted.filter((e) => e.s.canonical).length).toBe(expected.solutions)
        for (const e of emitted) expect(e.s.classSize).toBe(e.orbit)
      }),
      params,
    )
  })

  it("'bits' in 'reduce' mode emits one tiling per class, with the right class sizes", () => {
    fc.assert(
      fc.property(puzzleArbitrary(), (p) => {
        const { expected } = prepare(p)
        const { counts, emitted } = run(p, 'reduce', 'bits')
        expect(counts.solutions).toBe(expected.solutions)
        expect(counts.fixed).toBe(expected.fixed)
        // Pairwise non-equivalent, and together every class.
        expect(sorted(emitted.map((e) => e.canonical))).toEqual(expected.classes)
        for (const e of emitted) expect(e.s.classSize).toBe(e.orbit)
        expect(emitted.reduce((s, e) => s + e.s.classSize, 0)).toBe(expected.fixed)
      }),
      params,
    )
  })

  it("'dlx' agrees in both modes, and BitCover's general path gives the raw count", () => {
    fc.assert(
      fc.property(puzzleArbitrary(), (p) => {
        const { problem, expected } = prepare(p)
        const raw = run(p, 'raw', 'dlx')
        expect(raw.counts).toEqual({ solutions: expected.solutions, fixed: expected.fixed })
        expect(sorted(raw.emitted.map((e) => e.key))).toEqual(expected.tilings)
        const reduce = run(p, 'reduce', 'dlx')
        expect(reduce.counts).toEqual({ solutions: expected.solutions, fixed: expected.fixed })
        expect(sorted(reduce.emitted.map((e) => e.canonical))).toEqual(expected.classes)
        for (const general of [true, false]) {
          const cover = new BitCover(problem.cover, [], { general })
          let n = 0
          while (cover.run(1 << 30) === 'solution') n++
          expect(n, general ? 'general path' : 'fast path').toBe(expected.fixed)
        }
      }),
      params,
    )
  })

  it('split searches add up, counts and statistics, on either engine and with tiny step budgets', async () => {
    await fc.assert(
      fc.asyncProperty(
        puzzleArbitrary(),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom<EngineKind>('bits', 'dlx'),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined }),
        async (p, k, engine, stepBudget) => {
          const { problem, brute, expected } = prepare(p)
          for (const mode of ['raw', 'reduce'] as const) {
            const total = { solutions: 0, fixed: 0 }
            const keys: string[] = []
            const split = splitSearch(problem, mode, k)
            let stats = split.stats
            for (const part of split.parts) {
              const out = await runPart(problem, mode, part, {
                engine,
                stepBudget,
                onSolution: (s) => keys.push(check(p, brute, s).key),
              })
              expect(out.complete).toBe(true)
              total.solutions += out.counts.solutions
              total.fixed += out.counts.fixed
              stats = addPartStats(stats, out.stats)
            }
            if (mode === 'raw') expect(sorted(keys)).toEqual(expected.tilings)
            else expect(keys.length).toBe(expected.solutions)
            expect(total, mode).toEqual({ solutions: expected.solutions, fixed: expected.fixed })
            // The statistics of the unsplit search, run in one go, whatever the split and the
            // step budget (the split branches as 'bits' does, so only its parts compare).
            if (engine === 'bits') {
              const whole = new TilingSearch(problem, mode)
              whole.runToEnd()
              expect(stats, mode).toEqual(whole.stats())
            }
            expect(stats.placements).toBeLessThanOrEqual(stats.tried)
          }
        },
      ),
      params,
    )
  })

  it('the verifier rejects a tiling with one piece shifted', () => {
    fc.assert(
      fc.property(
        puzzleArbitrary(),
        fc.nat(),
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: -2, max: 2 }),
        (p, which, dx, dy) => {
          fc.pre(dx !== 0 || dy !== 0)
          const { problem } = prepare(p)
          let first: TilingSolution | undefined
          new TilingSearch(problem, 'raw').runToEnd((s) => (first ??= s))
          if (!first) return
          const moves = movesOf(first)
          expect(verifyTiling(p.figure, p.pieces, moves)).toBeUndefined()
          const i = which % moves.length
          const shifted = moves.map((m, j) =>
            j === i ? { ...m, dx: m.dx + dx, dy: m.dy + dy } : m,
          )
          expect(verifyTiling(p.figure, p.pieces, shifted)).toEqual(expect.any(String))
        },
      ),
      params,
    )
  })
})
