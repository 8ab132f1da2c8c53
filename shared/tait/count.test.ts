import { describe, expect, it } from 'vitest'
import { bruteCount } from '../../testing/brute/tait'
import { TABLE_1 } from './tables'
import { countFrom, countTait } from './count'
import { formatRow, parseRow, startRow } from './state'

describe('countTait', () => {
  it.each([...TABLE_1])(
    'n = %i: Table 1’s count, in n moves, by both rule sets',
    (n, published) => {
      for (const method of ['auto', 'plain'] as const) {
        const c = countTait({ n }, { method })
        expect([c.moves, c.sequences]).toEqual([n, BigInt(published)])
      }
    },
  )

  // One test a size: each a long synchronous count, which must not hold vitest's thread past
  // the 60 s its calls to the runner wait on a loaded machine.
  it.each([
    [11, 288n],
    [12, 2592n],
  ])(
    'counts on where the paper stopped (n = %i), the one-pair rules agreeing with the plain ones',
    (n, sequences) => {
      const fast = countTait({ n })
      const plain = countTait({ n }, { method: 'plain' })
      expect(fast.method).toBe('one-pair')
      expect(plain.sequences).toBe(fast.sequences)
      expect(fast.sequences).toBe(sequences)
    },
  )

  it('counts the start reversed with its colours swapped (the empty cells at the left) the same', () => {
    // Reversing the row and swapping the colours maps moves to moves and goals to goals.
    for (const n of [4, 7, 8, 10, 12]) {
      const right = countTait({ n })
      const left = countTait({ n, at: 'left' })
      expect(formatRow(startRow(n, 2, 'left'))).toBe('__' + 'WB'.repeat(n))
      expect([left.moves, left.sequences]).toEqual([right.moves, right.sequences])
    }
  })

  it('handles the small cases as breadth-first search does: n = 1 done, n = 2 impossible, n = 3 in 4 moves', () => {
    expect(countTait({ n: 1 })).toMatchObject({ moves: 0, sequences: 1n })
    expect(countTait({ n: 2 })).toMatchObject({ moves: null, sequences: 0n })
    expect(bruteCount('WBWB__')).toMatchObject({ moves: null })
    expect(countTait({ n: 3 })).toMatchObject({ moves: 4, sequences: 4n })
    expect(bruteCount('WBWBWB__')).toMatchObject({ moves: 4, sequences: 4n })
    // With two pairs n = 3 takes 3 moves (the classical puzzle).
    expect(countTait({ n: 3, empty: 4 })).toMatchObject({ moves: 3, sequences: 1n })
  })

  it('reports the layers and the memory it used', () => {
    const c = countTait({ n: 10 })
    expect(c.stats.layers[0]).toBe(1)
    expect(c.stats.layers).toHaveLength(11)
    expect(c.stats.peakBytes).toBeGreaterThan(0)
    expect(c.stats.memo).toBeGreaterThan(0)
    expect(c.stats.expanded).toBeGreaterThan(0)
  })

  it('counts from any row with as many white as black stones, and refuses others', () => {
    expect(countFrom(parseRow('WWBB__')).sequences).toBe(1n)
    expect(countFrom(parseRow('BWWB__'))).toMatchObject({ moves: null, sequences: 0n })
    expect(bruteCount('BWWB__').moves).toBeNull()
    expect(() => countFrom(parseRow('WWB__'))).toThrow('as many white as black')
    expect(() => countTait({ n: 0 })).toThrow('n must be a whole number')
    expect(() => countTait({ n: 4, empty: 1 })).toThrow('at least 2 empty cells')
    expect(() => countTait({ n: 31, empty: 4 })).toThrow('at most 64 cells')
  })
})
