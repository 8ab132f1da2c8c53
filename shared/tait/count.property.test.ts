import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bruteCount } from '../../testing/brute/tait'
import { countFrom, countTait } from './count'
import { formatRow, parseRow, startRow, type EmptyAt } from './state'

const params = { seed: 20_260_117, numRuns: 40 }

describe('the counters against plain breadth-first search', () => {
  it('any n, empty cells and start (right, left, split): same fewest moves and count', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(fc.integer({ min: 1, max: 6 }), fc.constant(2)),
          fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 3, max: 5 })),
          fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 6, max: 7 })),
        ),
        fc.constantFrom<EmptyAt>('right', 'left', 'split'),
        ([n, empty], at) => {
          const brute = bruteCount(formatRow(startRow(n, empty, at)))
          for (const method of ['auto', 'plain'] as const) {
            const c = countTait({ n, empty, at }, { method })
            expect({ moves: c.moves, sequences: c.sequences }).toEqual({
              moves: brute.moves,
              sequences: brute.sequences,
            })
          }
        },
      ),
      params,
    )
  })

  it('any row with one pair of empty cells: the one-pair rules, the plain ones and BFS agree', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 6 })
          .chain((n) =>
            fc.tuple(
              fc.shuffledSubarray([...'W'.repeat(n), ...'B'.repeat(n)], { minLength: 2 * n }),
              fc.integer({ min: 0, max: 2 * n }),
            ),
          ),
        ([stones, at]) => {
          const text = stones.slice(0, at).join('') + '__' + stones.slice(at).join('')
          const brute = bruteCount(text)
          const fast = countFrom(parseRow(text))
          const plain = countFrom(parseRow(text), { method: 'plain' })
          expect([fast.moves, fast.sequences]).toEqual([brute.moves, brute.sequences])
          expect([plain.moves, plain.sequences]).toEqual([brute.moves, brute.sequences])
        },
      ),
      params,
    )
  })

  it('the one-pair rules agree with the plain ones further on, from random rows', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 7, max: 10 })
          .chain((n) =>
            fc.tuple(
              fc.shuffledSubarray([...'W'.repeat(n), ...'B'.repeat(n)], { minLength: 2 * n }),
              fc.integer({ min: 0, max: 2 * n }),
            ),
          ),
        ([stones, at]) => {
          const text = stones.slice(0, at).join('') + '__' + stones.slice(at).join('')
          const fast = countFrom(parseRow(text))
          const plain = countFrom(parseRow(text), { method: 'plain' })
          expect([fast.moves, fast.sequences]).toEqual([plain.moves, plain.sequences])
        },
      ),
      { seed: 7_340_993, numRuns: 60 },
    )
  })
})
