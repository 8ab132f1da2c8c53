import { describe, expect, it } from 'vitest'
import { secondsLeft } from './time-left'

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
