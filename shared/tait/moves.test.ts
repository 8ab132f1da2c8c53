import { describe, expect, it } from 'vitest'
import { applyMove, legalMoves } from './moves'
import { formatRow, parseRow } from './state'

describe('moves', () => {
  it('takes any two adjacent stones into any two adjacent empty cells', () => {
    // 2n − 1 pairs of stones, one pair of empty cells.
    expect(legalMoves(parseRow('WBWBWB__'))).toHaveLength(5)
    // With four empty cells in a row the pair has three places.
    expect(legalMoves(parseRow('WBWB____'))).toHaveLength(3 * 3)
    // A pair split by empty cells is not a pair; single empty cells take nothing.
    expect(legalMoves(parseRow('W_B_WB')).map((m) => [m.from, m.to])).toEqual([])
  })

  it('keeps the order of the pair, and the reverse move undoes it', () => {
    const row = parseRow('WBWBWB__')
    const moved = applyMove(row, { from: 1, to: 6 })
    expect(formatRow(moved)).toBe('W__BWBBW')
    expect(formatRow(applyMove(moved, { from: 6, to: 1 }))).toBe('WBWBWB__')
  })
})
