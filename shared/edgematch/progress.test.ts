import { describe, expect, it } from 'vitest'
import { seededRandom } from '../random'
import { randomCardPuzzle } from './cards/random'
import { solveCards } from './cards/solve'
import { formatShare, searchProgress, treeFraction } from './progress'
import { randomPuzzle } from './triangle/random'
import { solveAll } from './triangle/solve'

/**
 * Each solver's reports over a whole count (every 65,536 nodes): nodes and the share of the tree
 * done. With time taken as proportional to nodes, the time left the reports give is checked
 * against the nodes that were in fact left.
 */
function check(reports: [number, number][], total: number, within: number) {
  expect(reports.length).toBeGreaterThan(10)
  reports.forEach(([, f], k) => {
    expect(f).toBeGreaterThan(0)
    expect(f).toBeLessThan(1)
    if (k > 0) expect(f).toBeGreaterThanOrEqual(reports[k - 1][1])
  })
  // Near the end by the end.
  expect(reports.at(-1)![1]).toBeGreaterThan(0.9)
  for (const [nodes, f] of reports) {
    // A microsecond a node.
    const eta = searchProgress(f, nodes, nodes / 1000).etaSeconds
    if (nodes < total / 10 || nodes < 1e6) continue
    const left = (total - nodes) / 1e6
    expect(eta).toBeDefined()
    expect(Math.max(eta! / left, left / eta!)).toBeLessThan(within)
  }
}

describe('the progress of an edge-matching count', () => {
  it('grows with the triangle search, nears 1 at its end and gives a sane time left', () => {
    const reports: [number, number][] = []
    const { stats } = solveAll(randomPuzzle(4, 6, 'built', seededRandom(7)), undefined, (n, f) =>
      reports.push([n, f]),
    )
    check(reports, stats.nodes, 2)
  })

  it('grows with the card search, nears 1 at its end and gives a sane time left', () => {
    const reports: [number, number][] = []
    const { stats } = solveCards(randomCardPuzzle(4, 4, 3, undefined, 3).puzzle, {
      onProgress: (n, f) => void reports.push([n, f]),
    })
    // Subtrees of one level differ more here: the early estimates run up to 6 times long.
    check(reports, stats.nodes, 8)
  })

  it('takes each branch as an equal share of its parent', () => {
    // Level 0: branch 1 of 0…3 (a quarter done); level 1: branch 2 of 0…1 (half of a quarter).
    const at = [1, 1]
    const from = [0, 0]
    const to = [4, 2]
    expect(
      treeFraction(
        2,
        (d) => at[d],
        (d) => from[d],
        (d) => to[d],
      ),
    ).toBeCloseTo(0.375)
  })

  it('says no time left before a second has gone, and shows small shares in two figures', () => {
    expect(searchProgress(0.5, 100, 900).etaSeconds).toBeUndefined()
    expect(searchProgress(1e-9, 100, 60_000).etaSeconds).toBeCloseTo(6e10, -8)
    expect(formatShare(0.374)).toBe('37 %')
    expect(formatShare(0.000123)).toBe('0.012 %')
  })
})
