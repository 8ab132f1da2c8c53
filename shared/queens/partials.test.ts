import { describe, expect, it } from 'vitest'
import { brutePartialCounts } from '../../testing/brute/queens'
import { publishedQueens } from './oeis'
import { partialCounts } from './partials'

describe('partialCounts', () => {
  it('n = 13 reproduces the seed chart', () => {
    const counts = partialCounts(13).map(Number)
    expect(counts[0]).toBe(13)
    expect(counts[1]).toBe(132)
    const max = Math.max(...counts)
    expect(counts.indexOf(max)).toBe(9)
    expect(max).toBeGreaterThan(1_100_000)
    expect(counts[12]).toBe(73_712)
  })

  it.each(Array.from({ length: 9 }, (_, i) => i + 1))('n = %i: the brute-force count', (n) => {
    expect(partialCounts(n).map(Number)).toEqual(brutePartialCounts(n))
  })

  it('ends with all the solutions', () => {
    for (let n = 1; n <= 12; n++) expect(partialCounts(n).at(-1)).toBe(publishedQueens(n)!.total)
  })
})
