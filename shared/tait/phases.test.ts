import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rowShape } from './bound'
import { countPass } from './count'
import { HETERO_ALPHABET, heteroCompletions, heteroRuns, longRuns } from './hetero'
import { HOMO_ALPHABET, homoCompletions, homoRuns } from './homo'
import { Memo } from './memo'
import { legalMoves, moveInPlace } from './moves'
import { plainPruner } from './prune'
import { formatRow, parseRow, startRow, type Row } from './state'

/** Sequences of exactly k moves from `row` to a goal, by the plain rules only. */
const plainCompletions = (row: Row, k: number) =>
  Number(countPass(row, k, plainPruner(row, row.length / 2 - 1)).total)

describe('the phases counted without moving stones', () => {
  it('reads runs as homo.ts and hetero.ts want them', () => {
    expect(homoRuns(parseRow('WWBBW__WBBWW'))).toBe('ddhdd')
    expect(heteroRuns(parseRow('WWBBBW__BWBB'))).toBe('231|112')
    expect(longRuns(parseRow('WWBBBW__BWBB'))).toBe(3)
  })

  it('count what moving the stones counts, from rows along random walks from the start', () => {
    const memo = { hetero: new Memo(HETERO_ALPHABET), homo: new Memo(HOMO_ALPHABET) }
    let checked = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 6, max: 10 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
        (n, choices) => {
          const row = startRow(n)
          for (const c of choices) {
            const moves = legalMoves(row)
            const m = moves[c % moves.length]
            moveInPlace(row, m.from, m.to)
            // The rows where a phase applies: σ = 0, the gap inside a run or between two.
            const s = rowShape(row)
            if (s.gaps !== 1) continue
            const k = (s.changes + s.gaps - 1) / 2
            if (!Number.isInteger(k) || k < 1) continue
            const plain = plainCompletions(row, k)
            if (s.gapLeft === s.gapRight)
              expect(homoCompletions(homoRuns(row), memo.homo), formatRow(row)).toBe(plain)
            else if (longRuns(row) > 4)
              expect(heteroCompletions(heteroRuns(row), memo), formatRow(row)).toBe(plain)
            checked++
          }
        },
      ),
      { seed: 4_242_017, numRuns: 120 },
    )
    expect(checked).toBeGreaterThan(50)
  })
})
