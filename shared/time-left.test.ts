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
 * A `convex pentominoes` run on two processes (on a machine loaded by other work), as the farm
 * reported it (the last report in each 50 ms): as TETRABOLOES, and the weight of the heaviest task
 * not finished. It ended at 4,786 ms: planning and splitting took 62 % of it, and its search
 * (1.8 s) builds the largest figure's problem in each process and has one part (f40.11) weighing
 * 39 % of the figure's estimate that made 12 % of its placements.
 */
const PENTOMINOES: readonly (readonly [number, number, number, number, number])[] = [
  [857, 0, 0, 0, 0],
  [1081, 0, 0, 0, 0],
  [1382, 9095, 87740, 0, 0],
  [1414, 9095, 74579, 0, 0],
  [1860, 85473, 609458, 0, 0],
  [1940, 85473, 3556974, 0, 0],
  [1958, 85473, 3290201, 0, 0],
  [2014, 85473, 3060652, 0, 0],
  [2073, 85473, 2861044, 0, 0],
  [2149, 85473, 1078754, 0, 0],
  [2156, 85473, 817441, 0, 0],
  [2342, 85473, 3989469, 0, 0],
  [2497, 85473, 3989469, 0, 147434],
  [2650, 232907, 3989469, 0, 112933],
  [2722, 281471, 3989469, 0, 112933],
  [2866, 365870, 3989469, 0, 112933],
  [2982, 424440, 3989469, 1, 1328479],
  [3079, 493331, 3989469, 1, 1328479],
  [3150, 520402, 3989469, 1, 1328479],
  [3434, 633336, 3989469, 1, 1328479],
  [3535, 705167, 3989469, 1, 1328479],
  [3580, 724692, 3989469, 1, 1328479],
  [3630, 785270, 3989469, 1, 1328479],
  [3681, 825366, 3989469, 1, 1328479],
  [3769, 897369, 3989469, 1, 1328479],
  [3802, 923734, 3989469, 1, 1328479],
  [3912, 1308068, 3989469, 1, 1328479],
  [3987, 1499020, 3989469, 1, 1328479],
  [4030, 2790370, 3989469, 1, 289237],
  [4089, 2928917, 3989469, 1, 289237],
  [4134, 3011038, 3989469, 1, 289237],
  [4182, 3242428, 3989469, 1, 289237],
  [4249, 3342576, 3989469, 1, 289237],
  [4290, 3366027, 3989469, 1, 289237],
  [4349, 3410879, 3989469, 1, 289237],
  [4379, 3432681, 3989469, 1, 289237],
  [4431, 3516892, 3989469, 1, 289237],
  [4468, 3519423, 3989469, 1, 289237],
  [4546, 3643379, 3989469, 1, 289237],
  [4598, 3661510, 3989469, 1, 289237],
  [4614, 3661692, 3989469, 1, 289237],
  [4737, 3982992, 3989469, 1, 4971],
  [4786, 3989469, 3989469, 1, 0],
]

type Said = (
  ms: number,
  done: number,
  total: number,
  settled: boolean,
  heaviest: number,
) => number | undefined

/**
 * The worst ratio (either way) of said to actual time left in a run, after its first tenth, both
 * at least half a second: the display shows whole seconds.
 */
const worst = (run: readonly (readonly number[])[], said: Said) => {
  const end = run[run.length - 1][0]
  let ratio = 1
  for (const [ms, done, total, settled, heaviest = 0] of run) {
    const s = said(ms, done, total, settled === 1, heaviest)
    if (s === undefined || ms < end / 10) continue
    const r = Math.max(s, 0.5) / Math.max((end - ms) / 1000, 0.5)
    ratio = Math.max(ratio, r, 1 / r)
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

  it('is said before the end of a short search whose rate changes, and within 2x', () => {
    const says = timeLeftSays()
    const end = PENTOMINOES[PENTOMINOES.length - 1][0]
    const from = PENTOMINOES.find(
      ([ms, done, total, settled, heaviest]) =>
        ms < end && says(ms, done, total, settled === 1, heaviest) !== undefined,
    )
    // From 0.84 of the run (0.76 s to go); nothing before the end while the second half's rate
    // was compared with the first half's, which built the largest figure's problem.
    expect(from).toBeDefined()
    expect(from![0] / end).toBeLessThan(0.9)
    expect(worst(PENTOMINOES, timeLeftSays())).toBeLessThan(2)
    // By the rate since the work settled alone, without the gates: 3x off.
    let settled: { ms: number; done: number } | undefined
    const rateAlone: Said = (ms, done, total, isSettled) => {
      if (!isSettled) return undefined
      settled ??= { ms, done }
      return secondsLeft({ workMs: ms - settled.ms, total, done, doneBefore: settled.done })
    }
    expect(worst(PENTOMINOES, rateAlone)).toBeGreaterThan(2.5)
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

  it('says nothing while the rate of the last half is under half the rate of all the time', () => {
    const timeLeft = new TimeLeft({ ms: 0, done: 0 })
    // 45 done in the first 0.4 s, 5 in the next 0.6 s: other work came on the machine.
    for (let ms = 100; ms <= 400; ms += 100) timeLeft.at(ms, (ms * 45) / 400, 100, true, 0)
    expect(timeLeft.at(1000, 50, 100)).toBeUndefined()
    // 5 done in the first half second, 45 in the second (building before searching): the
    // overall rate says 1 s, the last half's 0.56 s, within 2x.
    const building = new TimeLeft({ ms: 0, done: 0 })
    for (let ms = 100; ms <= 500; ms += 100) building.at(ms, ms / 100, 100, true, 0)
    expect(building.at(1000, 50, 100)).toBeCloseTo(1)
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
