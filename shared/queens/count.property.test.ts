import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bruteQueens, type BruteQueens } from '../../testing/brute/queens'
import { addQueensCounts, countQueens, queensTasks, runQueensTask } from './count'
import { publishedQueens } from './oeis'

const params = { seed: 20_251_121, numRuns: 60 }

const brute = new Map<number, BruteQueens>()
function bruteFor(n: number): BruteQueens {
  if (!brute.has(n)) brute.set(n, bruteQueens(n))
  return brute.get(n)!
}

describe('the fast counter against the brute force', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8, 9])('n = %i: same counts, and the brute force is right', (n) => {
    const b = bruteFor(n)
    expect(publishedQueens(n)).toEqual({ total: BigInt(b.total), unique: BigInt(b.unique) })
    const { total, unique } = countQueens(n)
    expect({ total, unique }).toEqual({ total: BigInt(b.total), unique: BigInt(b.unique) })
  })

  it('any subset of the tasks of any prefix length, in any order, and the rest add up to the counts', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 9 })
          .chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: Math.max(1, n - 2) })))
          .chain(([n, rows]) =>
            fc.tuple(fc.constant(n), fc.constant(rows), fc.shuffledSubarray(queensTasks(n, rows))),
          ),
        ([n, rows, some]) => {
          const ids = new Set(some.map((t) => t.id))
          const rest = queensTasks(n, rows).filter((t) => !ids.has(t.id))
          const results = some.map((t) => runQueensTask(n, t))
          const a = addQueensCounts(results)
          const b = addQueensCounts(rest.map((t) => runQueensTask(n, t)))
          expect(a.total + b.total).toBe(BigInt(bruteFor(n).total))
          expect(a.unique + b.unique).toBe(BigInt(bruteFor(n).unique))
          for (const r of results) {
            // Each class counted has 2, 4 or 8 solutions (n = 1: the one queen).
            expect(r.total >= r.unique * (n === 1 ? 1n : 2n)).toBe(true)
            expect(r.total <= r.unique * 8n).toBe(true)
          }
        },
      ),
      params,
    )
  })

  it('a task counts the same every time, whatever ran before it', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 4, max: 11 })
          .chain((n) =>
            fc.tuple(fc.constant(n), fc.array(fc.nat(queensTasks(n).length - 1), { minLength: 2 })),
          ),
        ([n, ids]) => {
          const tasks = queensTasks(n)
          const first = ids.map((id) => runQueensTask(n, tasks[id]))
          const again = [...ids].reverse().map((id) => runQueensTask(n, tasks[id]))
          expect(again.reverse()).toEqual(first)
        },
      ),
      params,
    )
  })
})
