import { describe, expect, it } from 'vitest'
import { bruteForce, byKey, listed, square, type BruteSet } from '../../testing/design-bruteforce'
import { exploreSets } from './explore'
import type { DesignRequest } from './request'

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
