import { describe, expect, it } from 'vitest'
import { WorkMeter, type FarmProgress } from './farm-progress'

describe('the work meter', () => {
  it('says 1 at a run that ended with every task done, though the known share sums below 1', () => {
    const seen: FarmProgress[] = []
    // The known share is a sum of floating-point parts: it may end a rounding below 1.
    const meter = new WorkMeter(Date.now(), { known: () => 1 - 2 ** -52 }, (p) => seen.push(p))
    for (const id of ['a', 'b', 'c']) meter.added(id, 0.1)
    meter.sent()
    for (const id of ['a', 'b', 'c']) meter.finished(id, 0.1, 0, false)
    meter.report(false, [], { done: 3, all: 3 })
    expect(seen.at(-1)!.fraction).toBeLessThan(1)
    meter.report(false, [], { done: 3, all: 3, ended: true })
    expect(seen.at(-1)!.fraction).toBe(1)
  })

  it('does not say 1 at a run that ended with tasks undone', () => {
    const seen: FarmProgress[] = []
    const meter = new WorkMeter(Date.now(), { known: () => 1 }, (p) => seen.push(p))
    meter.added('a', 1)
    meter.added('b', 1)
    meter.finished('a', 1, 0, false)
    meter.report(false, [], { done: 1, all: 2, ended: true })
    expect(seen.at(-1)!.fraction).toBe(0.5)
  })
})
