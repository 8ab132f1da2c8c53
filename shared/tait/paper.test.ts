import { describe, expect, it } from 'vitest'
import { SUPPLEMENT, TABLE_1 } from './tables'
import { countTait } from './count'
import { paperCount } from './paper'

describe("the paper's program", () => {
  it('finds Table 1 with one pair of empty cells, and nothing for n = 3 (it needs 4 moves)', () => {
    for (const [n, published] of TABLE_1) expect(paperCount(n).sequences).toBe(BigInt(published))
    expect(paperCount(3).sequences).toBe(0n)
  })

  it('prints the supplementary table with two pairs at the right end', () => {
    for (const [n, published] of SUPPLEMENT)
      expect(paperCount(n, 4).sequences).toBe(BigInt(published))
  })

  it('misses minimal sequences with two pairs: n = 7 has 9, the program finds 4', () => {
    expect(countTait({ n: 7, empty: 4 })).toMatchObject({ moves: 7, sequences: 9n })
    expect(paperCount(7, 4).sequences).toBe(4n)
  })

  it('applies bound (2) from move 2 as printed (i > 1); from move 1 it finds the same', () => {
    for (const n of [5, 7, 9])
      expect(paperCount(n, 4, 1).sequences).toBe(paperCount(n, 4, 2).sequences)
  })
})
