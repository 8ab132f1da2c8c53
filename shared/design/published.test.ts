import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { convexCases } from '../convex/convex'
import { parsePieceSet } from '../formats/load'
import { congruenceKey, type Shape } from '../pieces/shape'
import { d4Matrix } from '../lattice/d4'
import { buildTilingProblem, type PlacedPiece } from '../tiling/problem'
import { TilingSearch } from '../tiling/search'
import { verifyTiling } from '../tiling/verify'
import { exploreSets, type DesignResult } from './explore'

/**
 * Fox-Epstein, Katsumata & Uehara, "The Convex Configurations of Sei Shonagon Chie no Ita,
 * Tangram, and Other Silhouette Puzzles with Seven Pieces" (IEICE Trans. Fundamentals E99-A(6),
 * 2016): of the sets of pieces cut from 16 half-square triangles, exactly four sets of seven make
 * 19 of the 20 convex outlines, none makes 20, none of six makes 19, and eleven pieces are needed
 * for all 20.
 */
const bundled = (name: string) =>
  parsePieceSet(readFileSync(`resources/sets/${name}.json`, 'utf8'), name)

/** A set as the congruence classes of its pieces with their counts, to compare sets. */
const setKey = (pieces: readonly { shape: Shape; count: number }[]) =>
  pieces.map((p) => `${p.count} × ${congruenceKey(p.shape)}`).sort()

/** A tiling's placed pieces as the verifier's moves. */
const moves = (tiling: readonly PlacedPiece[]) =>
  tiling.map((p) => ({ piece: p.piece, matrix: d4Matrix(p.g), dx: p.dx, dy: p.dy }))

const best = (pieces: number, top = 1) => exploreSets({ area: 16, pieces, top })

/**
 * Re-checks every listed set: one tiling per outline it makes through the independent verifier,
 * and every outline decided and counted again by the other engine (dancing links), with no bound.
 */
function recheck(result: DesignResult): void {
  for (const set of result.sets) {
    const pieces = set.kinds.map((k) => ({
      name: k.name,
      polygon: k.candidate.polygon,
      count: k.count,
    }))
    for (const made of set.made) {
      const polygon = result.outlines[made.outline].polygon
      expect(verifyTiling(polygon, pieces, moves(made.tiling))).toBeUndefined()
    }
    const counts = result.outlines.map((o) => {
      const problem = buildTilingProblem(o.polygon, set.kinds)
      return new TilingSearch(problem, 'reduce', [], 'dlx').runToEnd().solutions
    })
    expect(counts.filter((n) => n > 0)).toHaveLength(set.outlines)
    expect(counts.reduce((s, n) => s + n, 0)).toBe(set.tilings)
    expect(set.made.map((m) => [m.outline, m.tilings])).toEqual(
      counts.flatMap((n, i) => (n > 0 ? [[i, n]] : [])),
    )
  }
}

describe('Fox-Epstein, Katsumata & Uehara 2016: sets of area 16', () => {
  it('the Sei Shonagon Chie no Ita set makes 16 convex figures (the tangram 13)', () => {
    const made = (name: string) => {
      const set = bundled(name)
      const kinds = set.pieces.map((p) => ({ name: p.name, shape: p.shape, count: p.count }))
      return convexCases(kinds).cases.filter((c) => {
        const search = new TilingSearch(buildTilingProblem(c.polygon, kinds), 'reduce')
        if (search.step(Number.MAX_SAFE_INTEGER) !== 'solution') return false
        expect(verifyTiling(c.polygon, set.pieces, moves(search.solution().pieces))).toBeUndefined()
        return true
      }).length
    }
    expect(made('sei-shonagon')).toBe(16)
    expect(made('tangram')).toBe(13)
  })

  it('exactly four sets of seven pieces make 19 convex outlines, none makes 20', () => {
    const r = best(7, 5)
    expect(r.complete).toBe(true)
    expect(r.outlines).toHaveLength(20)
    expect(r.sets.map((s) => s.outlines)).toEqual([19, 19, 19, 19, 18])
    recheck(r)
    // The bundled sets are these four, in this order.
    expect(['a', 'b', 'c', 'd'].map((x) => setKey(bundled(`explorer-7-19${x}`).pieces))).toEqual(
      r.sets.slice(0, 4).map((s) => setKey(s.kinds)),
    )
  })

  it('no set of six pieces makes 19', () => {
    const r = best(6)
    expect(r.sets[0].outlines).toBeLessThan(19)
    recheck(r)
  })

  // That eight to ten make 19 at most is the Papers row fox-epstein-eleven (registry.test.ts).
  it('eleven pieces make all 20', () => {
    const r = best(11)
    expect(r.sets[0].outlines).toBe(20)
    recheck(r)
    expect(setKey(bundled('explorer-11-20').pieces)).toEqual(setKey(r.sets[0].kinds))
  })
})
