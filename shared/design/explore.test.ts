import { describe, expect, it } from 'vitest'
import { convexOutlines, outlinePolygon } from '../convex/outlines'
import type { Point } from '../lattice/polygon'
import { freePolyaboloes } from '../pieces/polyforms'
import { analyzeShape, congruenceKey } from '../pieces/shape'
import { buildTilingProblem } from '../tiling/problem'
import { TilingSearch } from '../tiling/search'
import { exploreSets, type DesignResult } from './explore'
import type { DesignRequest } from './request'

/**
 * The explorer against a plain brute force: every multiset of free polyaboloes of the area, every
 * convex outline searched by the tiling engine, no bounds at all. The engine itself is tested
 * against its own brute force (testing/bruteforce.ts); what is tested here is the enumeration of
 * the sets and the soundness of the bounds that skip them.
 */
interface BruteSet {
  readonly key: string
  readonly outlines: number
  readonly tilings: number
}

const pieceKey = (polygon: readonly Point[]) => congruenceKey(analyzeShape(polygon))
const setKey = (polygons: readonly (readonly Point[])[]) =>
  polygons.map(pieceKey).sort().join(' | ')

function tilings(figure: readonly Point[], set: readonly (readonly Point[])[]): number {
  // Copies of one piece are one kind, never told apart.
  const kinds = new Map<
    string,
    { name: string; shape: ReturnType<typeof analyzeShape>; count: number }
  >()
  for (const p of set) {
    const key = pieceKey(p)
    const kind = kinds.get(key)
    if (kind) kind.count++
    else kinds.set(key, { name: key, shape: analyzeShape(p), count: 1 })
  }
  return new TilingSearch(buildTilingProblem(figure, [...kinds.values()]), 'reduce').runToEnd()
    .solutions
}

function bruteForce(r: DesignRequest): BruteSet[] {
  const largest = Math.min(r.maxPieceArea ?? r.area, r.area - r.pieces + 1)
  const pieces: Point[][] = []
  for (let a = 1; a <= largest; a++) pieces.push(...freePolyaboloes(a).polygons)
  const area = pieces.map((p) => analyzeShape(p).area)
  const outlines = convexOutlines(r.area).map(outlinePolygon)
  const out: BruteSet[] = []
  const chosen: Point[][] = []
  const visit = (from: number, left: number) => {
    if (chosen.length === r.pieces) {
      if (left !== 0) return
      if (r.from && tilings(r.from.polygon, chosen) === 0) return
      const counts = outlines.map((o) => tilings(o, chosen))
      const made = counts.filter((n) => n > 0).length
      if (made > 0)
        out.push({
          key: setKey(chosen),
          outlines: made,
          tilings: counts.reduce((s, n) => s + n, 0),
        })
      return
    }
    for (let i = from; i < pieces.length; i++) {
      if (area[i] > left) continue
      chosen.push(pieces[i])
      visit(i, left - area[i])
      chosen.pop()
    }
  }
  visit(0, r.area)
  return out.sort((a, b) => b.outlines - a.outlines || b.tilings - a.tilings)
}

const listed = (r: DesignResult): BruteSet[] =>
  r.sets.map((s) => ({
    key: setKey(s.kinds.flatMap((k) => Array<readonly Point[]>(k.count).fill(k.candidate.polygon))),
    outlines: s.outlines,
    tilings: s.tilings,
  }))

const byKey = (sets: readonly BruteSet[]) =>
  Object.fromEntries(sets.map((s) => [s.key, `${s.outlines}/${s.tilings}`]))

const square: DesignRequest['from'] = {
  name: 'square',
  polygon: [
    [0, 0],
    [2, 0],
    [2, 2],
    [0, 2],
  ],
}

describe('set explorer against a brute force', () => {
  it.each<[string, DesignRequest]>([
    ['area 6, 2 pieces', { area: 6, pieces: 2, top: 1e9 }],
    ['area 6, 3 pieces', { area: 6, pieces: 3, top: 1e9 }],
    ['area 8, 3 pieces', { area: 8, pieces: 3, top: 1e9 }],
    ['area 8, 4 pieces', { area: 8, pieces: 4, top: 1e9 }],
    ['area 9, 3 pieces of at most 4', { area: 9, pieces: 3, top: 1e9, maxPieceArea: 4 }],
    ['area 8, 3 pieces cut from the 2 × 2 square', { area: 8, pieces: 3, top: 1e9, from: square }],
  ])('%s: every set that makes a convex outline, with its outlines and tilings', (_, request) => {
    const expected = bruteForce(request)
    expect(expected.length).toBeGreaterThan(1)
    const result = exploreSets(request)
    expect(result.complete).toBe(true)
    expect(byKey(listed(result))).toEqual(byKey(expected))
    // Best first.
    const ranks = result.sets.map((s) => s.outlines * 1e6 + s.tilings)
    expect(ranks).toEqual([...ranks].sort((a, b) => b - a))
  })

  let area8: BruteSet[] | undefined
  it.each([1, 3, 5])('keeps the best %i sets and every set tied with the last', (top) => {
    const expected = (area8 ??= bruteForce({ area: 8, pieces: 3, top }))
    const last = expected[top - 1]
    const kept = expected.filter(
      (s) =>
        s.outlines > last.outlines || (s.outlines === last.outlines && s.tilings >= last.tilings),
    )
    const result = exploreSets({ area: 8, pieces: 3, top })
    expect(byKey(listed(result))).toEqual(byKey(kept))
    // The bounds let it skip sets: fewer searched than there are.
    expect(result.stats.searched).toBeLessThan(Number(result.stats.sets))
  })
})
