import { describe, expect, it } from 'vitest'
import { secondsLeft, TimeLeft } from './time-left'

describe('the time left', () => {
  it('comes from the weights of the work done, however unequal the parts', () => {
    // Parts of weights 90, 5 and 5: the heavy one done in 9 s leaves about 1 s, though only one
    // part of three is done.
    expect(secondsLeft({ workMs: 9000, total: 100, done: 90 })).toBeCloseTo(1)
    // The light ones first: 1 s for 5 leaves 19 s.
    expect(secondsLeft({ workMs: 1000, total: 100, done: 5 })).toBeCloseTo(19)
  })

  it('leaves out work done before a resumed run, which took no time in it', () => {
    expect(secondsLeft({ workMs: 2000, total: 100, done: 60, doneBefore: 50 })).toBeCloseTo(8)
  })

  it('waits for half a second of work and a twentieth of the weight', () => {
    expect(secondsLeft({ workMs: 400, total: 100, done: 50 })).toBeUndefined()
    expect(secondsLeft({ workMs: 5000, total: 100, done: 4 })).toBeUndefined()
    expect(secondsLeft({ workMs: 5000, total: 100, done: 54, doneBefore: 50 })).toBeUndefined()
    expect(secondsLeft({ workMs: 5000, total: 100, done: 100 })).toBe(0)
  })
})

/**
 * A `convex tetraboloes` run on two processes as the farm reported it (every half second): ms
 * since its first task went out, weight done, weight in all (as far as known), and whether the
 * work was settled (every figure planned and its split back). It ended at 28,539 ms.
 */
const TETRABOLOES: readonly (readonly [number, number, number, number])[] = [
  [1095, 0, 0, 0],
  [1658, 35000, 244999, 0],
  [2336, 122714, 1235464, 0],
  [2873, 192102, 2283682, 0],
  [3558, 192102, 16866818, 0],
  [4058, 358656, 16514493, 0],
  [4576, 358656, 57200800, 0],
  [5123, 358656, 73390773, 0],
  [5609, 358656, 97201875, 0],
  [6121, 495355, 70615053, 0],
  [6693, 1859948, 35545546, 1],
  [7176, 2098795, 35545546, 1],
  [7657, 2878554, 35545546, 1],
  [8257, 4153488, 35545546, 1],
  [8908, 4847708, 35545546, 1],
  [9518, 5099504, 35545546, 1],
  [10101, 5655477, 35545546, 1],
  [10581, 6780594, 35545546, 1],
  [11110, 7812524, 35545546, 1],
  [11663, 8310840, 35545546, 1],
  [12265, 8793863, 35545546, 1],
  [12763, 9168250, 35545546, 1],
  [13260, 9642886, 35545546, 1],
  [13756, 10066087, 35545546, 1],
  [14245, 11118627, 35545546, 1],
  [14798, 12381482, 35545546, 1],
  [15281, 13083520, 35545546, 1],
  [15852, 14137442, 35545546, 1],
  [16417, 14804428, 35545546, 1],
  [16956, 16318980, 35545546, 1],
  [17660, 16952758, 35545546, 1],
  [18269, 17825581, 35545546, 1],
  [18869, 18992139, 35545546, 1],
  [19365, 20295210, 35545546, 1],
  [19872, 21278755, 35545546, 1],
  [20397, 22213057, 35545546, 1],
  [20897, 23243109, 35545546, 1],
  [21381, 24044586, 35545546, 1],
  [21857, 25062971, 35545546, 1],
  [22370, 25725824, 35545546, 1],
  [22873, 26581846, 35545546, 1],
  [23364, 27100765, 35545546, 1],
  [23912, 27640190, 35545546, 1],
  [24497, 29241579, 35545546, 1],
  [25023, 30376140, 35545546, 1],
  [25524, 31218601, 35545546, 1],
  [26021, 32197222, 35545546, 1],
  [26506, 32749644, 35545546, 1],
  [27045, 33602251, 35545546, 1],
  [27652, 34301396, 35545546, 1],
  [28180, 35022462, 35545546, 1],
  [28539, 35545546, 35545546, 1],
]

describe('the time left of a run that plans before it searches', () => {
  const end = TETRABOLOES[TETRABOLOES.length - 1][0]
  /** The worst ratio (either way) of said to actual time left, after the run's first tenth. */
  const worst = (
    said: (ms: number, done: number, total: number, settled: boolean) => number | undefined,
  ) => {
    let ratio = 1
    for (const [ms, done, total, settled] of TETRABOLOES) {
      const s = said(ms, done, total, settled === 1)
      const left = (end - ms) / 1000
      if (s === undefined || ms < end / 10 || left === 0) continue
      ratio = Math.max(ratio, s / left, left / s)
    }
    return ratio
  }

  it('is within 2x of the actual after the first tenth, measured from when the work settled', () => {
    const timeLeft = new TimeLeft()
    expect(worst((ms, done, total, settled) => timeLeft.at(ms, done, total, settled))).toBeLessThan(
      2,
    )
    // From the run's start, the planning's 6.7 s count as search: 5.5 times too long.
    expect(worst((ms, done, total) => secondsLeft({ workMs: ms, total, done }))).toBeGreaterThan(4)
  })

  it('says nothing before the work settles, then goes by the weight done since', () => {
    const timeLeft = new TimeLeft()
    expect(timeLeft.at(5000, 10, 100, false)).toBeUndefined()
    expect(timeLeft.at(6000, 10, 100, true)).toBeUndefined()
    // 20 more done in 2 s: 70 left take 7 s.
    expect(timeLeft.at(8000, 30, 100, true)).toBeCloseTo(7)
  })

  it('goes from the first task by default, leaving out weight done before a resumed run', () => {
    const timeLeft = new TimeLeft({ ms: 0, done: 50 })
    expect(timeLeft.at(2000, 60, 100)).toBeCloseTo(8)
  })
})
