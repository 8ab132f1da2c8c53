import { describe, expect, it } from 'vitest'
import { SearchTooLargeError } from '../../shared/errors'
import { partsFor, SplitPolicy } from './tiling-split'
import { partTasks, planTask, stepOfCheckpointId } from './tiling-tasks'

describe('the split policy of a tiling run', () => {
  it('splits into parts of a million nodes, finer for a small run, whole below one part', () => {
    expect(partsFor(5e7, 1e12, 2)).toBe(50)
    // A run of 3.2·10⁷ nodes on 2 workers: 32 tasks at least, parts of 10⁶ nodes.
    expect(partsFor(3.2e6, 3.2e7, 2)).toBe(3)
    expect(partsFor(1e6, 3.2e6, 2)).toBe(10)
    expect(partsFor(10, 1e9, 2)).toBe(1)
    expect(partsFor(1e15, 1e15, 2)).toBe(4096)
  })

  it('holds the splits until every figure is planned, then weighs the run', () => {
    const policy = new SplitPolicy(3, { transport: { workers: () => 2 } })
    policy.plan()
    policy.plan({ nodes: 4e6, spread: 2, toSplit: true })
    expect(policy.split(1, 4e6, false)).toEqual([])
    expect(policy.knownShare()).toBe(0)
    policy.plan({ nodes: 10, toSplit: false })
    expect(policy.release().map((t) => [t.id, t.input, t.weight])).toEqual([
      // 32 parts: the run's 4·10⁶ nodes over 16 tasks for each of 2 workers.
      ['f1.s', { step: 'split', figure: 1, nodes: 4e6, parts: 32 }, 0],
    ])
    expect(policy.settled()).toBe(false)
    policy.splitEnded(4e6)
    const scale = policy.weighParts(
      [
        { prefix: [1], weight: 1e6, rank: 1 },
        { prefix: [2], weight: 1e6, rank: 2 },
      ],
      4e6,
    )
    expect(scale).toBe(2)
    expect(policy.settled()).toBe(true)
    expect(policy.knownShare()).toBe(1)
  })

  it('refuses a run not forced once its estimate passes days of work, naming it', () => {
    const policy = new SplitPolicy(2, { transport: { workers: () => 4 } })
    expect(() => policy.plan({ nodes: 3e12, spread: 1.5, toSplit: true })).toThrow(
      SearchTooLargeError,
    )
    const forced = new SplitPolicy(2, { transport: { workers: () => 4 }, force: true })
    expect(() => forced.plan({ nodes: 3e12, toSplit: true })).not.toThrow()
  })

  it('gives each task a typed input and the id its checkpoint keeps, read back only to check one', () => {
    const parts = partTasks(7, [{ prefix: [3, 4], weight: 5, rank: 9 }], 2)
    expect(parts).toEqual([
      {
        id: 'f7.1',
        input: { step: 'part', figure: 7, part: 1, prefix: [3, 4] },
        weight: 10,
        priority: 9,
        group: 'f7',
      },
    ])
    expect(
      [planTask(7).id, 'f7.s', 'f7.1', 'f7.0', 'g7', 'f7.s.1'].map(stepOfCheckpointId),
    ).toEqual(['plan', 'split', 'part', undefined, undefined, undefined])
  })
})
