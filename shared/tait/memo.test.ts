import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HETERO_ALPHABET } from './hetero'
import { HOMO_ALPHABET } from './homo'
import { Memo } from './memo'

describe('the memo of phase counts', () => {
  it('answers as a Map of strings does, short keys and long ones alike', () => {
    for (const alphabet of [HOMO_ALPHABET, HETERO_ALPHABET]) {
      const key = fc
        .array(fc.constantFrom(...alphabet), { minLength: 1, maxLength: 80 })
        .map((cs) => cs.join(''))
      fc.assert(
        fc.property(fc.array(fc.tuple(key, fc.nat(2 ** 40))), key, (entries, probe) => {
          const memo = new Memo(alphabet)
          const map = new Map<string, number>()
          for (const [k, v] of entries)
            if (!map.has(k)) {
              memo.set(k, v)
              map.set(k, v)
            }
          for (const k of [...map.keys(), probe]) expect(memo.get(k)).toBe(map.get(k))
          expect(memo.size).toBe(map.size)
        }),
        { seed: 31_337, numRuns: 200 },
      )
    }
  })

  it('tells apart keys that differ only in leading letters of value 0, or in length', () => {
    const memo = new Memo(HOMO_ALPHABET)
    memo.set('hhd', 1)
    memo.set('hd', 2)
    memo.set('d', 3)
    expect([memo.get('hhd'), memo.get('hd'), memo.get('d'), memo.get('hhhd')]).toEqual([
      1,
      2,
      3,
      undefined,
    ])
  })
})
