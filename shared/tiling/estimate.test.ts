import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  durationRange,
  estimateText,
  formatDuration,
  formatEstimate,
  formatSpread,
  NodeTally,
  RATE_SPREAD,
} from './estimate'

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹'

/** The number a formatted estimate stands for, and its significant digits. */
function readBack(text: string): { value: number; digits: string } {
  const power = /^(\d(?:\.\d)?)·10([⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/.exec(text)
  if (power) {
    const e = Number([...power[2]].map((c) => SUPERSCRIPT.indexOf(c)).join(''))
    return { value: Number(power[1]) * 10 ** e, digits: power[1].replace('.', '') }
  }
  const m = /^([\d,]+(?:\.\d+)?)( million)?$/.exec(text)
  if (!m) throw new Error(`"${text}" is not an estimate's format`)
  const plain = m[1].replace(/,/g, '')
  return {
    value: Number(plain) * (m[2] ? 1e6 : 1),
    digits: plain.replace('.', '').replace(/^0+/, '').replace(/0+$/, ''),
  }
}

const FORBIDDEN = /\^|e\+|billion|trillion|quadrillion|quintillion/

describe('the format of estimates', () => {
  it('gives two significant figures, no caret and no words beyond million, for any count', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.001, max: 1e30, noNaN: true }), (n) => {
        const text = formatEstimate(n)
        expect(text).not.toMatch(FORBIDDEN)
        const { value, digits } = readBack(text)
        expect(digits.length).toBeLessThanOrEqual(2)
        // Rounded to two figures: within 5 % (half a unit of the second figure).
        expect(Math.abs(value - n) / n).toBeLessThanOrEqual(0.0501)
      }),
      { numRuns: 2000 },
    )
  })

  it('words the values the issue found', () => {
    expect(formatEstimate(1.8e20)).toBe('1.8·10²⁰')
    expect(formatEstimate(4.5e16)).toBe('4.5·10¹⁶')
    expect(formatEstimate(569_149)).toBe('570,000')
    expect(formatEstimate(17_043_000)).toBe('17 million')
    expect(formatEstimate(2e12)).toBe('2.0·10¹²')
    expect(formatEstimate(45)).toBe('45')
    expect(formatSpread(3.04)).toBe('×/÷ 3')
    expect(formatSpread(4_412_345)).toBe('×/÷ 4.4 million')
    expect(formatDuration(569_149 * 365 * 86400)).toBe('570,000 years')
    expect(formatDuration(1.7e7 * 365 * 86400)).toBe('17 million years')
    expect(formatDuration(4000)).toBe('67 minutes')
    expect(formatDuration(1234 * 86400)).toBe('3.4 years')
  })

  it('gives every time as a range, two significant figures at each end', () => {
    const year = 365 * 86400
    expect(durationRange(13.7e6 * year, 1.25)).toBe('11–17 million years')
    expect(durationRange(0.2, 2)).toBe('under a second')
    expect(durationRange(1, 2)).toBe('up to 2 s')
    expect(durationRange(40 * 3600, 2)).toBe('20 hours – 3.3 days')
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 1e25, noNaN: true }),
        fc.double({ min: 1.01, max: 1000, noNaN: true }),
        (seconds, spread) => {
          const text = durationRange(seconds, spread)
          expect(text).not.toMatch(FORBIDDEN)
          for (const n of text.match(/[\d.,]+(·10[⁰¹²³⁴⁵⁶⁷⁸⁹]+)?/g) ?? [])
            expect(readBack(n).digits.length).toBeLessThanOrEqual(2)
        },
      ),
      { numRuns: 1000 },
    )
  })

  it('shows the spread of the nodes and of the times in the estimate', () => {
    const tally = new NodeTally()
    tally.add(1.5e20, 4)
    tally.add(3e19, 2)
    expect(tally.nodes).toBe(1.8e20)
    expect(tally.spread).toBeCloseTo(Math.sqrt((1.5e20 * 4 + 3e19 * 2) / (1.5e20 / 4 + 3e19 / 2)))
    const text = estimateText(
      {
        estimated: 301,
        figures: 301,
        ruledOut: 10,
        nodes: tally.nodes,
        spread: tally.spread,
        seconds: 1.8e20 / 1.6e6,
      },
      2,
      50,
      ['outline', 'outlines'],
    )
    expect(text).toBe(
      'about 1.8·10²⁰ nodes (×/÷ 3.5) in 291 outlines to search (10 ruled out): ' +
        '310,000 years – 10 million years here (2 processes), ' +
        '13,000–400,000 years on 50 workers of the queue',
    )
    expect(RATE_SPREAD).toBeGreaterThan(1)
  })
})
