import { describe, expect, it } from 'vitest'
import {
  addQueensCounts,
  countQueens,
  queensTaskIds,
  queensTasks,
  runQueensTask,
  type QueensTask,
} from './count'
import { publishedQueens } from './oeis'

describe('countQueens', () => {
  it.each(Array.from({ length: 15 }, (_, i) => i + 1))(
    'n = %i: both counts are the published ones (A000170, A002562)',
    (n) => {
      const { total, unique } = countQueens(n)
      expect({ total, unique }).toEqual(publishedQueens(n))
    },
  )

  it('reports progress after every task, by count and by weight', () => {
    const seen: [number, number][] = []
    let weightDone = 0
    const tasks = queensTasks(10)
    const result = countQueens(10, (p) => {
      seen.push([p.done, p.tasks])
      expect(p.task).toEqual(tasks[p.done - 1])
      expect(p.weightDone).toBe(weightDone + p.task.weight)
      weightDone = p.weightDone
      expect(p.weightTotal).toBe(tasks.reduce((s, t) => s + t.weight, 0))
    })
    expect(seen).toEqual(tasks.map((_, i) => [i + 1, tasks.length]))
    expect(weightDone).toBe(tasks.reduce((s, t) => s + t.weight, 0))
    expect(result.total).toBe(724n)
  })
})

describe('queensTasks', () => {
  it('gives about a hundred tasks up to n = 18 and thousands beyond, named by their prefixes, with positive weights', () => {
    for (const [n, least, most] of [
      [12, 40, 200],
      [18, 40, 200],
      [20, 1000, 5000],
    ]) {
      const tasks = queensTasks(n)
      expect(tasks.length).toBeGreaterThan(least)
      expect(tasks.length).toBeLessThan(most)
      expect(tasks.map((t) => t.id)).toEqual(
        tasks.map((t) => (t.ring ? 'r' : '') + t.rows.join('.')),
      )
      for (const t of tasks) expect(t.weight).toBeGreaterThan(0)
      expect(queensTaskIds(n)).toEqual(tasks.map((t) => t.id))
    }
  })

  it('weighs the tasks by the nodes their search will take: the sums agree within 5 %', () => {
    for (const n of [10, 12, 13]) {
      const tasks = queensTasks(n)
      const nodes = addQueensCounts(tasks.map((t) => runQueensTask(n, t))).nodes
      const weights = tasks.reduce((s, t) => s + t.weight, 0)
      expect(Math.abs(weights / nodes - 1)).toBeLessThan(0.05)
    }
  })

  it('is deterministic and survives a JSON round trip (tasks go to other processes)', () => {
    const tasks = queensTasks(11)
    expect(queensTasks(11)).toEqual(tasks)
    const copies = JSON.parse(JSON.stringify(tasks)) as QueensTask[]
    expect(addQueensCounts(copies.map((t) => runQueensTask(11, t)))).toEqual(
      addQueensCounts(tasks.map((t) => runQueensTask(11, t))),
    )
  })

  it('has no task twice', () => {
    const tasks = queensTasks(13)
    const keys = new Set(tasks.map((t) => t.rows.join(',')))
    expect(keys.size).toBe(tasks.length)
  })

  it('counts past 2^53 as BigInt at the boundary', () => {
    // The task results are BigInt, so sums never round however large.
    const big: ReturnType<typeof runQueensTask> = { total: 2n ** 60n, unique: 2n ** 57n, nodes: 1 }
    expect(addQueensCounts([big, big]).total).toBe(2n ** 61n)
  })

  it.each([0, -1, 1.5, 28, Number.NaN])('refuses the board size %s', (n) => {
    expect(() => queensTasks(n)).toThrow(/board size/)
    expect(() => countQueens(n)).toThrow(/board size/)
  })
})

describe('runQueensTask', () => {
  it('refuses tasks that are not of this board', () => {
    const task = queensTasks(10).find((t) => !t.ring)!
    const bad = (rows: number[]) => () => runQueensTask(10, { ...task, rows })
    // The deepest task of n = 10 (D = 4) on the 8 × 8 board (D ≤ 3).
    expect(task.rows[0]).toBe(4)
    expect(() => runQueensTask(8, task)).toThrow(/not a task/)
    // A prefix empty or leaving fewer than two rows, attacking queens, the row-0 queen in a
    // corner or the right half, a column off the board, the side column in row D off a ring
    // (D = 1), a side column in a middle row (D = 1, row 2), not a number.
    expect(bad([])).toThrow(/not a task/)
    expect(bad([1, 3, 5, 7, 9, 0, 2, 4, 6])).toThrow(/not a task/)
    expect(bad([1, 2])).toThrow(/not a task/)
    expect(bad([0, 2])).toThrow(/not a task/)
    expect(bad([6, 0])).toThrow(/not a task/)
    expect(bad([1, 10])).toThrow(/not a task/)
    expect(bad([1, 9])).toThrow(/not a task/)
    expect(bad([1, 3, 0])).toThrow(/not a task/)
    expect(bad([1, 5.5])).toThrow(/not a task/)
    // Rings fix row 0 only, and there are none with the row-0 queen in the middle column.
    expect(() => runQueensTask(10, { ...task, ring: true })).toThrow(/not a task/)
    expect(() => runQueensTask(10, { ...task, rows: [2], ring: true })).not.toThrow()
    expect(() => runQueensTask(9, { ...task, rows: [4], ring: true })).toThrow(/not a task/)
    expect(() => runQueensTask(1, { id: '0', rows: [1], ring: false, weight: 1 })).toThrow(
      /not a task/,
    )
    expect(() => runQueensTask(2, { id: '', rows: [], ring: false, weight: 1 })).toThrow(
      /not a task/,
    )
  })
})
