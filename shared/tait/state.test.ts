import { describe, expect, it } from 'vitest'
import { formatRow, isGoal, parseRow, rowFromKey, rowKey, startRow, stoneCounts } from './state'

describe('rows', () => {
  it('reads and writes W/B/_ and the paper’s 1/2/0', () => {
    expect(formatRow(parseRow('1 2 1 2 0 0'))).toBe('WBWB__')
    expect(formatRow(parseRow('wb..'))).toBe('WB__')
    expect(() => parseRow('WBX_')).toThrow('a row has only W, B and _')
  })

  it('starts alternating, white first, with the empty cells where asked', () => {
    expect(formatRow(startRow(3))).toBe('WBWBWB__')
    expect(formatRow(startRow(2, 4))).toBe('WBWB____')
    expect(formatRow(startRow(2, 4, 'left'))).toBe('____WBWB')
    expect(formatRow(startRow(2, 4, 'split'))).toBe('__WBWB__')
    expect(stoneCounts(startRow(5))).toEqual({ white: 5, black: 5 })
  })

  it('takes both blocks, in either order and anywhere, for the goal', () => {
    for (const goal of ['WWWBBB__', '__BBBWWW', '_BBBWWW_', 'WB__'])
      expect(isGoal(parseRow(goal))).toBe(true)
    for (const other of ['WWBWBB__', 'WWW__BBB', 'WBWBWB__', 'W__WWBBB'])
      expect(isGoal(parseRow(other))).toBe(false)
  })

  it('keys rows of up to 64 cells one to one', () => {
    for (const text of ['WBWB__', 'W'.repeat(31) + '_B' + 'B'.repeat(30), '__' + 'BW'.repeat(31)]) {
      const row = parseRow(text)
      const { lo, hi } = rowKey(row)
      expect(Number.isSafeInteger(lo) && Number.isSafeInteger(hi)).toBe(true)
      expect(formatRow(rowFromKey(lo, hi, row.length))).toBe(text)
    }
    expect(rowKey(parseRow('WB__'))).not.toEqual(rowKey(parseRow('BW__')))
  })
})
