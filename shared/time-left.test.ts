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

/**
 * A `convex pentominoes` run on two processes beside two busy loops, as the farm reported it (the
 * last report in each 50 ms): as TETRABOLOES, and the weight of the heaviest task not finished. It
 * ended at 3,480 ms; its search took 1.2 s, of which half went to building the largest figure's
 * problem in each process, and one part weighs 39 % of the whole (f40.11: 584,006).
 */
const PENTOMINOES: readonly (readonly [number, number, number, number, number])[] = [
  [628, 0, 0, 0, 0],
  [1006, 9095, 135598, 0, 0],
  [1249, 85473, 424774, 0, 0],
  [1277, 85473, 378852, 0, 0],
  [1532, 85473, 12480985, 0, 0],
  [1596, 85473, 10065736, 0, 0],
  [1649, 85473, 4063807, 0, 0],
  [1676, 85473, 3376743, 0, 21444],
  [1729, 106917, 3376743, 0, 16426],
  [1765, 113981, 3376743, 0, 16426],
  [1825, 126256, 3376743, 0, 16426],
  [1885, 144795, 3376743, 0, 16426],
  [1933, 148733, 3376743, 0, 16426],
  [2010, 162888, 3376743, 0, 16426],
  [2307, 162888, 1590774, 1, 584006],
  [2652, 179314, 1590774, 1, 584006],
  [2718, 189762, 1590774, 1, 584006],
  [2794, 234490, 1590774, 1, 584006],
  [2811, 239703, 1590774, 1, 584006],
  [2889, 279441, 1590774, 1, 584006],
  [2901, 304303, 1590774, 1, 584006],
  [2973, 452834, 1590774, 1, 584006],
  [3047, 1068492, 1590774, 1, 127150],
  [3098, 1137809, 1590774, 1, 127150],
  [3137, 1203434, 1590774, 1, 127150],
  [3193, 1310981, 1590774, 1, 127150],
  [3239, 1352732, 1590774, 1, 127150],
  [3299, 1385875, 1590774, 1, 127150],
  [3348, 1433377, 1590774, 1, 127150],
  [3394, 1447236, 1590774, 1, 127150],
  [3449, 1587395, 1590774, 1, 3364],
  [3480, 1590774, 1590774, 1, 0],
]

type Said = (
  ms: number,
  done: number,
  total: number,
  settled: boolean,
  heaviest: number,
) => number | undefined

/** The worst ratio (either way) of said to actual time left in a run, after its first tenth. */
const worst = (run: readonly (readonly number[])[], said: Said) => {
  const end = run[run.length - 1][0]
  let ratio = 1
  for (const [ms, done, total, settled, heaviest = 0] of run) {
    const s = said(ms, done, total, settled === 1, heaviest)
    const left = (end - ms) / 1000
    if (s === undefined || ms < end / 10 || left === 0) continue
    ratio = Math.max(ratio, s / left, left / s)
  }
  return ratio
}

/** What a fresh TimeLeft says along a run. */
const timeLeftSays = (): Said => {
  const timeLeft = new TimeLeft()
  return (ms, done, total, settled, heaviest) => timeLeft.at(ms, done, total, settled, heaviest)
}

describe('the time left of a run that plans before it searches', () => {
  it('is within 2x of the actual after the first tenth, measured from when the work settled', () => {
    expect(worst(TETRABOLOES, timeLeftSays())).toBeLessThan(2)
    // From the run's start, the planning's 6.7 s count as search: 5.5 times too long.
    expect(
      worst(TETRABOLOES, (ms, done, total) => secondsLeft({ workMs: ms, total, done })),
    ).toBeGreaterThan(4)
  })

  it('is said from a third of a run whose rate is steady', () => {
    const says = timeLeftSays()
    const from = TETRABOLOES.find(
      ([ms, done, total, settled]) => says(ms, done, total, settled === 1, 0) !== undefined,
    )
    expect(from![0]).toBeLessThan(TETRABOLOES[TETRABOLOES.length - 1][0] / 3)
  })

  it('is within 2x in a short search whose rate changes and whose weight is in one part', () => {
    expect(worst(PENTOMINOES, timeLeftSays())).toBeLessThan(2)
    // By the rate since the work settled alone: "7.8 s" with 0.6 s to go.
    let settled: { ms: number; done: number } | undefined
    const rateAlone: Said = (ms, done, total, isSettled) => {
      if (!isSettled) return undefined
      settled ??= { ms, done }
      return secondsLeft({ workMs: ms - settled.ms, total, done, doneBefore: settled.done })
    }
    expect(worst(PENTOMINOES, rateAlone)).toBeGreaterThan(4)
  })

  it('says nothing while one task holds over a third of the weight left', () => {
    const timeLeft = new TimeLeft({ ms: 0, done: 0 })
    // (Progress on the way, held back by a task that holds it all.)
    for (let ms = 100; ms <= 1000; ms += 100) timeLeft.at(ms, ms / 20, 100, true, 100)
    // 50 done in 1 s, 50 left: 1 s, but not while one task weighs 20 of them.
    expect(timeLeft.at(1000, 50, 100, true, 20)).toBeUndefined()
    expect(timeLeft.at(1000, 50, 100, true, 16)).toBeCloseTo(1)
    // Once said, said on: the run's last part holds all the weight left.
    expect(timeLeft.at(1800, 90, 100, true, 10)).toBeCloseTo(0.2)
  })

  it('says nothing while the rate of the last half is over 2x that of the first', () => {
    const timeLeft = new TimeLeft({ ms: 0, done: 0 })
    // 5 done in the first half second, 45 in the second: building before searching.
    for (let ms = 100; ms <= 500; ms += 100) timeLeft.at(ms, ms / 100, 100, true, 100)
    expect(timeLeft.at(1000, 50, 100)).toBeUndefined()
    expect(timeLeft.at(1500, 80, 100)).toBeUndefined()
    // 40 in each half of 2 s.
    const steady = new TimeLeft({ ms: 0, done: 0 })
    for (let ms = 100; ms <= 1000; ms += 100) steady.at(ms, ms / 25, 100, true, 100)
    expect(steady.at(2000, 80, 100)).toBeCloseTo(0.5)
  })

  it('says nothing before the work settles, then goes by the weight done since', () => {
    const timeLeft = new TimeLeft()
    expect(timeLeft.at(5000, 10, 100, false)).toBeUndefined()
    expect(timeLeft.at(6000, 10, 100, true)).toBeUndefined()
    // 20 more done in 2 s, evenly: 70 left take 7 s.
    expect(timeLeft.at(7000, 20, 100, true)).toBeUndefined()
    expect(timeLeft.at(8000, 30, 100, true)).toBeCloseTo(7)
  })

  it('goes from the first task by default, leaving out weight done before a resumed run', () => {
    const timeLeft = new TimeLeft({ ms: 0, done: 50 })
    timeLeft.at(500, 52.5, 100)
    expect(timeLeft.at(1000, 55, 100)).toBeCloseTo(9)
    expect(timeLeft.at(2000, 60, 100)).toBeCloseTo(8)
  })
})
