import { describe, expect, it } from 'vitest'
import { seededRandom } from '../random'
import { randomCardPuzzle } from './cards/random'
import { solveCards } from './cards/solve'
import { identicalGroups } from './cards/symmetry'
import { formatShare, searchClock, timeLeftText, treeFraction } from './progress'
import { randomPuzzle } from './triangle/random'
import { solveAll } from './triangle/solve'

/**
 * Each solver's reports over a whole count (every 65,536 nodes): nodes and the share of the tree
 * done. With time taken as proportional to nodes (a microsecond a node), the share is checked
 * against the share of the nodes, and the time left said against the nodes in fact left, from the
 * first tenth of the run on (both floored at half a second, as the display's whole seconds are).
 */
function check(reports: [number, number][], total: number, share: number, within: number) {
  expect(reports.length).toBeGreaterThan(10)
  reports.forEach(([, f], k) => {
    expect(f).toBeGreaterThan(0)
    expect(f).toBeLessThan(1)
    if (k > 0) expect(f).toBeGreaterThanOrEqual(reports[k - 1][1])
  })
  // Near the end by the end.
  expect(reports.at(-1)![1]).toBeGreaterThan(0.9)
  const clock = searchClock()
  let said = false
  for (const [nodes, f] of reports) {
    const eta = clock(f, nodes, nodes / 1000).etaSeconds
    if (nodes < total / 10) continue
    const ofNodes = nodes / total
    expect(Math.max(f / ofNodes, ofNodes / f)).toBeLessThan(share)
    if (eta === undefined) continue
    said = true
    const left = Math.max(0.5, (total - nodes) / 1e6)
    const e = Math.max(0.5, eta)
    expect(Math.max(e / left, left / e)).toBeLessThan(within)
  }
  expect(said).toBe(true)
}

describe('the progress of an edge-matching count', () => {
  it('grows with the triangle search, nears 1 at its end and gives a sane time left', () => {
    const reports: [number, number][] = []
    const { stats } = solveAll(randomPuzzle(4, 6, 'built', seededRandom(7)), undefined, (n, f) =>
      reports.push([n, f]),
    )
    check(reports, stats.nodes, 1.5, 2)
  })

  it('cards: a framed board with alike cards advances with the search (the pruned corners and used-up cards are no share)', () => {
    // The marker corner card lies on the first cell: the other three corners there end at once.
    // Counted as shares, the bar stood at a quarter of the nodes' share (0.23 to 0.34).
    const { puzzle } = randomCardPuzzle(6, 6, 3, 1, 1)
    expect(identicalGroups(puzzle.cards).length).toBeGreaterThan(0)
    const reports: [number, number][] = []
    const { stats } = solveCards(puzzle, { onProgress: (n, f) => void reports.push([n, f]) })
    check(reports, stats.nodes, 1.6, 2)
  })

  it('grows with the card search, nears 1 at its end and gives a time left once it holds', () => {
    const reports: [number, number][] = []
    const { stats } = solveCards(randomCardPuzzle(7, 7, 4, 2, 1).puzzle, {
      onProgress: (n, f) => void reports.push([n, f]),
    })
    check(reports, stats.nodes, 2, 4)
  })

  it('takes each branch entered as an equal share of its parent', () => {
    // Level 0: branch 1 of 4 done (a quarter); level 1: 1 of 2 (half of a quarter).
    const before = [1, 1]
    const width = [4, 2]
    expect(
      treeFraction(
        2,
        (d) => before[d],
        (d) => width[d],
      ),
    ).toBeCloseTo(0.375)
  })

  it('says no time left before it can be trusted, and shows small shares in two figures', () => {
    const early = searchClock()
    expect(early(0.5, 100, 400).etaSeconds).toBeUndefined()
    // 1 % in a minute: too little of the tree to go by, but roughly 1.7 hours more.
    const slow = searchClock()(0.01, 100, 60_000)
    expect(slow.etaSeconds).toBeUndefined()
    expect(slow.roughSeconds).toBeCloseTo(5940, 6)
    expect(timeLeftText(slow)).toBe('roughly 1.7 hours')
    // A count of years says so, as an order of magnitude (not in its first moments).
    expect(timeLeftText(searchClock()(1e-12, 5e6, 10_000))).toBe('roughly 320,000 years')
    expect(timeLeftText(searchClock()(1e-12, 5e5, 1_000))).toBe('…')
    // A steady rate: said, from the rate.
    const steady = searchClock()
    for (let s = 1; s <= 10; s++) steady(s / 100, s, s * 1000)
    const said = steady(0.11, 11, 11_000)
    expect(said.etaSeconds).toBeCloseTo(89, 0)
    expect([said.roughSeconds, timeLeftText(said)]).toEqual([undefined, '89 s'])
    // The rate of the second half under half the whole's (the search slowing, as it does after
    // its first, quickest subtrees; here as t^0.3): not yet, only rough.
    const slowing = searchClock()
    const at = (s: number) => 0.06 * s ** 0.3
    for (let s = 1; s <= 10; s++) expect(slowing(at(s), s, s * 1000).etaSeconds).toBeUndefined()
    expect(slowing(at(10), 10, 10_000).roughSeconds).toBeGreaterThan(0)
    expect(formatShare(0.374)).toBe('37 %')
    expect(formatShare(0.000123)).toBe('0.012 %')
  })
})
