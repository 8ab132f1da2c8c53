import { describe, expect, it } from 'vitest'
import { isOneMove, verifySequence } from './verify'

/** The paper's example solution for n = 5 (§4), in its own notation. */
const PAPER_N5 = [
  '1 2 1 2 1 2 1 2 1 2 0 0',
  '1 0 0 2 1 2 1 2 1 2 2 1',
  '1 1 2 2 1 2 0 0 1 2 2 1',
  '1 1 2 0 0 2 2 1 1 2 2 1',
  '1 1 2 2 2 2 2 1 1 0 0 1',
  '0 0 2 2 2 2 2 1 1 1 1 1',
].map((r) => r.replace(/ /g, '').replace(/1/g, 'W').replace(/2/g, 'B').replace(/0/g, '_'))

describe('verifySequence', () => {
  it('accepts the paper’s example for n = 5', () => {
    expect(verifySequence(PAPER_N5, { start: 'WBWBWBWBWB__', moves: 5 })).toEqual({ ok: true })
  })

  it('rejects a wrong start, an illegal move, a row that is no goal and a wrong length', () => {
    expect(verifySequence(PAPER_N5, { start: 'BWBWBWBWBW__' }).ok).toBe(false)
    expect(verifySequence(PAPER_N5, { moves: 6 }).problem).toBe('5 moves, not the claimed 6')
    expect(verifySequence(PAPER_N5.slice(0, 4)).problem).toMatch(/is not a goal/)
    const skipped = [PAPER_N5[0], PAPER_N5[2], ...PAPER_N5.slice(3)]
    expect(verifySequence(skipped).problem).toMatch(/^move 1 .* is not a legal move$/)
  })

  it('knows a move: two adjacent stones, order kept, into two adjacent empty cells', () => {
    expect(isOneMove('WBWB__', 'W__BBW')).toBe(true)
    expect(isOneMove('WBWB__', 'W__BWB')).toBe(false) // order reversed
    expect(isOneMove('WB_B_W', '__WBBW')).toBe(false) // not into two adjacent empty cells
    expect(isOneMove('WBW__B', 'W__WBB')).toBe(false) // moved by one cell: not two empty cells
    expect(isOneMove('WBWB__', 'WBWB__')).toBe(false)
  })
})
