import { describe, expect, it } from 'vitest'
import { bruteQueens, isQueensSolution } from '../../testing/brute/queens'
import { publishedQueens } from './oeis'
import { queensSolutions, uniqueQueensSolutions } from './solutions'
import { canonicalQueens, queensOrbit } from './symmetry'

describe('queensSolutions', () => {
  it.each(Array.from({ length: 10 }, (_, i) => i + 1))(
    'n = %i: every solution, each passing the attack check, in lexicographic order',
    (n) => {
      const list = queensSolutions(n)
      expect(BigInt(list.length)).toBe(publishedQueens(n)!.total)
      for (const s of list) expect(isQueensSolution(s, n)).toBe(true)
      const keys = list.map((s) => s.join(','))
      expect(new Set(keys).size).toBe(keys.length)
      if (n <= 8) expect(list).toEqual(bruteQueens(n).solutions)
    },
  )

  it('stops at the limit', () => {
    expect(queensSolutions(12, 5)).toEqual(queensSolutions(12).slice(0, 5))
    expect(queensSolutions(8, 0)).toEqual([])
    expect(queensSolutions(8, 1)).toEqual([[0, 4, 7, 5, 2, 6, 1, 3]])
  })
})

describe('uniqueQueensSolutions', () => {
  it.each(Array.from({ length: 10 }, (_, i) => i + 1))(
    'n = %i: one canonical solution per class, class sizes adding up to all solutions',
    (n) => {
      const classes = uniqueQueensSolutions(n)
      const published = publishedQueens(n)!
      expect(BigInt(classes.length)).toBe(published.unique)
      expect(BigInt(classes.reduce((s, c) => s + c.size, 0))).toBe(published.total)
      for (const c of classes) {
        expect(isQueensSolution(c.queens, n)).toBe(true)
        expect(canonicalQueens(c.queens)).toEqual(c.queens)
        expect(queensOrbit(c.queens)).toBe(c.size)
      }
    },
  )

  it('stops at the limit', () => {
    expect(uniqueQueensSolutions(10, 3)).toEqual(uniqueQueensSolutions(10).slice(0, 3))
  })
})
