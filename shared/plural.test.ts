import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { grouped, plural, pluralRange } from './plural'

describe('plural', () => {
  it('puts the noun in the number of its count', () => {
    expect(plural(1, 'half-square')).toBe('1 half-square')
    expect(plural(0, 'half-square')).toBe('0 half-squares')
    expect(plural(16, 'half-square')).toBe('16 half-squares')
    expect(plural(1n, 'tiling')).toBe('1 tiling')
    expect(plural(2, 'process', 'processes')).toBe('2 processes')
  })

  it('groups the count by thousands, BigInt too', () => {
    expect(plural(3719, 'tiling')).toBe('3,719 tilings')
    expect(plural(11_287_019_520_000n, 'sequence')).toBe('11,287,019,520,000 sequences')
  })
})

describe('grouped', () => {
  it('writes a count as toLocaleString does in English, without its locale data', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -(2 ** 53), max: 2 ** 53 }),
          fc.bigInt(),
          // No count is −0, which String writes as 0.
          fc.double({ noNaN: true, noDefaultInfinity: true }).filter((x) => !Object.is(x, -0)),
        ),
        (n) => grouped(n) === n.toLocaleString('en'),
      ),
      { numRuns: 2000 },
    )
    expect(grouped(-1234)).toBe('-1,234')
    expect(grouped(999)).toBe('999')
  })
})

describe('pluralRange', () => {
  it('states a range of counts, or one count', () => {
    expect(pluralRange(11, 12, 'piece')).toBe('11–12 pieces')
    expect(pluralRange(0, 1, 'piece')).toBe('0–1 pieces')
    expect(pluralRange(undefined, 1, 'piece')).toBe('1 piece')
    expect(pluralRange(3, 3, 'piece')).toBe('3 pieces')
  })
})
