import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bruteImageKeys, bruteQueens } from '../../testing/brute/queens'
import {
  canonicalQueens,
  compareQueens,
  queensImages,
  queensOrbit,
  transformQueens,
} from './symmetry'

const params = { seed: 20_251_121, numRuns: 200 }
const permutation = fc
  .integer({ min: 1, max: 9 })
  .chain((n) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }))

describe('symmetries of queen placements', () => {
  it('are the 8 maps of the square: turns and reflections, as sets of squares', () => {
    fc.assert(
      fc.property(permutation, (p) => {
        const keys = queensImages(p).map((q) =>
          q
            .map((c, r) => `${r},${c}`)
            .sort()
            .join(' '),
        )
        expect(keys).toEqual(bruteImageKeys(p))
      }),
      params,
    )
  })

  it('form a group: every image of an image is an image', () => {
    fc.assert(
      fc.property(permutation, fc.nat(7), (p, s) => {
        const images = queensImages(p).map((q) => q.join(','))
        for (const q of queensImages(transformQueens(p, s))) expect(images).toContain(q.join(','))
      }),
      params,
    )
  })

  it('the canonical form is the least image, the same for the whole class', () => {
    fc.assert(
      fc.property(permutation, fc.nat(7), (p, s) => {
        const c = canonicalQueens(p)
        for (const q of queensImages(p)) expect(compareQueens(c, q)).toBeLessThanOrEqual(0)
        expect(canonicalQueens(transformQueens(p, s))).toEqual(c)
        expect(canonicalQueens(c)).toEqual(c)
        expect(queensOrbit(transformQueens(p, s))).toBe(queensOrbit(p))
      }),
      params,
    )
  })

  it('the class sizes of the 8-queens solutions add up to 92, in 12 classes', () => {
    const { solutions } = bruteQueens(8)
    const classes = new Map<string, number>()
    for (const s of solutions) classes.set(canonicalQueens(s).join(','), queensOrbit(s))
    expect(classes.size).toBe(12)
    expect([...classes.values()].reduce((a, b) => a + b, 0)).toBe(92)
    // One 8-queens class is symmetric under the half turn.
    expect([...classes.values()].sort()).toEqual([4, ...Array(11).fill(8)])
  })

  it('refuses a placement that is not a permutation', () => {
    expect(() => transformQueens([0, 0], 1)).toThrow(/one queen in every row and column/)
    expect(() => transformQueens([0, 2], 1)).toThrow(/one queen in every row and column/)
    expect(() => transformQueens([0], 8)).toThrow(/no symmetry/)
  })
})
