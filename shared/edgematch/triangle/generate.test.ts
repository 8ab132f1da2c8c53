import { describe, expect, it } from 'vitest'
import { TriangleBrute } from '../../../testing/brute/triangle'
import type { Spent } from '../draws'
import { BUDGETS } from '../generate'
import { generateUniqueTriangle } from './generate'
import { PROGRESS_NODES } from './solve'

describe('generating triangle puzzles', () => {
  it.each([
    [2, 3, 1],
    [3, 4, 7],
    [3, 6, 11],
  ])(
    '%i rows, %i figures (seed %i): exactly one solution up to turning, by the brute force too',
    (rows, figures, seed) => {
      const g = generateUniqueTriangle(rows, figures, seed, BUDGETS.triangle)
      if (!g.ok) throw new Error(`ran out of ${g.ranOut}`)
      expect(g.puzzle.rows).toBe(rows)
      expect(g.nodes).toBeGreaterThan(0)
      const brute = new TriangleBrute(rows, g.puzzle.pieces).solve()
      expect(brute.upToRotation).toBe(1)
    },
  )

  it('stops when the budget is spent, in draws or in search nodes, saying which', () => {
    const spent: Spent[] = []
    // Eight rows of one figure: each draw is a long search (it ran for ever before).
    const g = generateUniqueTriangle(8, 1, 1, { draws: 200, nodes: 300_000 }, (s) => spent.push(s))
    expect(g).toMatchObject({ ok: false, ranOut: 'nodes' })
    expect(g.nodes).toBeGreaterThanOrEqual(300_000)
    expect(g.nodes).toBeLessThan(300_000 + 2 * PROGRESS_NODES)
    // Progress as it went: every draw begun, and the nodes now and then within one.
    expect(spent.length).toBeGreaterThanOrEqual(4)
    expect(spent.at(-1)!.nodes).toBeGreaterThanOrEqual(300_000)
    const few = generateUniqueTriangle(3, 1, 1, { draws: 3, nodes: 1e9 })
    expect(few).toMatchObject({ ok: false, ranOut: 'draws', draws: 3 })
  })
})
