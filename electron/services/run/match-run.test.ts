import { describe, expect, it } from 'vitest'
import type { MatchResult } from '../../../shared/api/run'
import { PartsCount } from './match-run'

const ended: MatchResult = {
  fixed: '1',
  upToRotation: '1',
  complete: true,
  nodes: 10,
  placements: 10,
  ms: 1,
  identical: [],
}

describe('a split card count', () => {
  it('measures the time left only once each process has run its first two parts', () => {
    const count = new PartsCount()
    expect(count.settled(2)).toBe(false)
    count.split(10)
    for (let k = 1; k <= 3; k++) {
      count.add(`part ${k}`, ended)
      expect(count.settled(2)).toBe(false)
    }
    count.add('part 4', ended)
    expect(count.settled(2)).toBe(true)
    // More processes (a queue grown meanwhile): not yet.
    expect(count.settled(3)).toBe(false)
  })

  it('of fewer parts than that, once all have ended', () => {
    const count = new PartsCount()
    count.split(3)
    for (let k = 1; k <= 3; k++) count.add(`part ${k}`, ended)
    expect(count.settled(2)).toBe(true)
  })
})
