import { describe, expect, it } from 'vitest'
import { analyzeShape } from '../pieces/shape'
import { MAX_SUM_STEPS, reachableWeights } from './coloring'

const monomino = (count: number) => ({
  name: 'monomino',
  shape: analyzeShape([
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ]),
  count,
})

describe('the subset sum of the colourings', () => {
  it('reaches exactly the totals of one weight per copy', () => {
    const reach = reachableWeights([new Set([-1, 1]), new Set([0, 4])], [monomino(3), monomino(1)])
    const reached = [...Array(17).keys()].map((k) => k - 8).filter((t) => reach.has(t))
    expect(reached).toEqual([-3, -1, 1, 3, 5, 7])
  })

  it(`gives up past ${MAX_SUM_STEPS.toLocaleString('en')} steps, saying every total is reached (it then rules nothing out)`, () => {
    // 200 copies of ±1000: about 8·10⁷ steps. Every total reached is even.
    const reach = reachableWeights([new Set([-1000, 1000])], [monomino(200)])
    expect(reach.has(1)).toBe(true)
    const small = reachableWeights([new Set([-1000, 1000])], [monomino(20)])
    expect([small.has(1), small.has(0), small.has(20_000)]).toEqual([false, true, true])
  })
})
