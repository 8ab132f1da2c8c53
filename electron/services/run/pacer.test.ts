import { afterEach, describe, expect, it, vi } from 'vitest'
import { Pacer } from './pacer'

afterEach(() => vi.useRealTimers())

describe('Pacer', () => {
  it('sends the first poke at once, those within its time once at its end, and flushes at once', () => {
    vi.useFakeTimers()
    const sent: number[] = []
    let latest = 0
    const pacer = new Pacer(100, () => sent.push(latest))
    latest = 1
    pacer.poke()
    latest = 2
    pacer.poke()
    latest = 3
    pacer.poke()
    expect(sent).toEqual([1])
    vi.advanceTimersByTime(100)
    // The last update within the time is not lost.
    expect(sent).toEqual([1, 3])
    latest = 4
    pacer.poke()
    pacer.flush()
    expect(sent).toEqual([1, 3, 4])
    vi.advanceTimersByTime(1000)
    expect(sent).toEqual([1, 3, 4])
  })
})
