import { describe, expect, it } from 'vitest'
import { TABLE_1 } from './tables'
import { countTait } from './count'
import { listTait } from './list'
import { formatRow, startRow } from './state'
import { verifySequence } from './verify'

describe('listTait', () => {
  it.each([...TABLE_1].filter(([n]) => n <= 9))(
    'n = %i: as many sequences as counted, all different, each replaying to a goal in n moves',
    (n, published) => {
      const { moves, sequences } = listTait({ n })
      expect(moves).toBe(n)
      const texts = sequences.map((s) => s.map(formatRow))
      expect(texts).toHaveLength(published)
      expect(new Set(texts.map((t) => t.join(' '))).size).toBe(published)
      const start = formatRow(startRow(n))
      for (const rows of texts)
        expect(verifySequence(rows, { start, moves: n })).toEqual({ ok: true })
    },
  )

  it('lists every minimal sequence for two pairs too, and stops at the limit', () => {
    const all = listTait({ n: 7, empty: 4 })
    expect(all.sequences).toHaveLength(Number(countTait({ n: 7, empty: 4 }).sequences))
    for (const s of all.sequences)
      expect(verifySequence(s.map(formatRow), { moves: 7 }).ok).toBe(true)
    expect(listTait({ n: 12 }, 3).sequences).toHaveLength(3)
    expect(listTait({ n: 12 }, 0).sequences).toHaveLength(0)
    expect(listTait({ n: 2 })).toEqual({ moves: null, sequences: [], steps: [] })
  })

  it('gives the moves with the rows', () => {
    const { steps, sequences } = listTait({ n: 5 })
    expect(steps[0]).toEqual([
      { from: 1, to: 10 },
      { from: 6, to: 1 },
      { from: 3, to: 6 },
      { from: 9, to: 3 },
      { from: 0, to: 9 },
    ])
    expect(sequences[0]).toHaveLength(6)
  })
})
