import { describe, expect, it } from 'vitest'
import { plural } from './plural'

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
