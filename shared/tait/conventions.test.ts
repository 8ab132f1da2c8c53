import { describe, expect, it } from 'vitest'
import { TWO_PAIR_CONVENTIONS, finalRows } from './conventions'
import { SUPPLEMENT, paperTable } from './tables'

const counts = (id: string, ns: number[]) => {
  const c = TWO_PAIR_CONVENTIONS.find((x) => x.id === id)!
  return ns.map((n) => {
    const r = c.count(n)
    return r.moves === n ? Number(r.sequences) : `${r.sequences} in ${r.moves} moves`
  })
}

describe('conventions for two pairs of empty cells', () => {
  const ns = [3, 4, 5, 6, 7, 8]
  it('only the paper’s program gives the supplementary table', () => {
    expect(counts('paper-program', ns)).toEqual(ns.map((n) => SUPPLEMENT.get(n)))
    expect(counts('every-right', ns)).toEqual([1, 1, 1, 1, 9, 16])
    expect(counts('using-both-right', ns)).toEqual([1, 0, 0, 0, 7, 0])
    expect(counts('every-split', ns)).toEqual(['14 in 4 moves', 2, 2, 2, 4, 32])
  })

  it('every minimal sequence ends with the black block first, shifted two cells right', () => {
    for (const n of [4, 5, 6, 7, 8])
      expect([...finalRows(n).keys()]).toEqual(['__' + 'B'.repeat(n) + 'W'.repeat(n)])
    // With two pairs, the seven new sequences for n = 7 end at the far right.
    const seven = 'B'.repeat(7) + 'W'.repeat(7)
    expect(Object.fromEntries(finalRows(7, 4))).toEqual({
      [`__${seven}__`]: 2,
      [`____${seven}`]: 7,
    })
  })
})

describe("the paper's tables by pairs of empty cells", () => {
  it('give Table 1 for one pair, the supplementary table for two, nothing else', () => {
    expect([paperTable(7, 1), paperTable(7, 2), paperTable(3, 2)]).toEqual([2, 4, 1])
    expect([paperTable(3, 1), paperTable(11, 1), paperTable(7, 3)]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
  })
})
