import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  add,
  cmp,
  div,
  eq,
  formatRoot2,
  isZero,
  mul,
  neg,
  parseRoot2,
  root2,
  sign,
  sub,
  toNumber,
  type Root2,
} from './root2'

/**
 * A plain rational brute force to check Q(√2) against: a number is a pair of fractions
 * (p₁/q₁) + (p₂/q₂)·√2, never reduced, with schoolbook operations; its sign is found by bracketing
 * √2 between fractions lo/2^k < √2 < hi/2^k, halving the bracket until the sign is clear.
 */
type Frac = readonly [bigint, bigint]
type Plain = readonly [Frac, Frac]

const fadd = ([a, b]: Frac, [c, d]: Frac): Frac => [a * d + c * b, b * d]
const fmul = ([a, b]: Frac, [c, d]: Frac): Frac => [a * c, b * d]
const plainAdd = (x: Plain, y: Plain): Plain => [fadd(x[0], y[0]), fadd(x[1], y[1])]
const plainMul = (x: Plain, y: Plain): Plain => [
  fadd(fmul(x[0], y[0]), fmul([2n, 1n], fmul(x[1], y[1]))),
  fadd(fmul(x[0], y[1]), fmul(x[1], y[0])),
]

function plainSign([[p1, q1], [p2, q2]]: Plain): number {
  // Sign of p1/q1 + (p2/q2)·s for s in [lo, hi]/2^k, in integers: of p1·q2·2^k + p2·q1·s'.
  const norm = (q1 < 0n ? -1n : 1n) * (q2 < 0n ? -1n : 1n)
  for (let k = 0n; k < 400n; k++) {
    const scale = 1n << k
    // lo = floor(√2 · 2^k), by integer square root of 2·4^k.
    let lo = 0n
    for (let bit = k + 1n; bit >= 0n; bit--) {
      const t = lo | (1n << bit)
      if (t * t <= 2n * scale * scale) lo = t
    }
    const at = (s: bigint) => (p1 * q2 * scale + p2 * q1 * s) * norm
    const a = at(lo)
    const b = at(lo + 1n)
    if (a > 0n && b > 0n) return 1
    if (a < 0n && b < 0n) return -1
    if (p2 === 0n && p1 === 0n) return 0
  }
  throw new Error('sign not settled')
}

const toPlain = (x: Root2): Plain => [
  [x.a, x.d],
  [x.b, x.d],
]

const small = fc.bigInt({ min: -60n, max: 60n })
const num = fc
  .tuple(small, small, fc.bigInt({ min: 1n, max: 12n }))
  .map(([a, b, d]) => root2(a, b, d))

describe('exact numbers a + b√2', () => {
  it('add, subtract and multiply as the plain rational brute force does', () => {
    const same = (exact: Root2, plain: Plain) =>
      plainSign(plainAdd(toPlain(neg(exact)), plain)) === 0
    fc.assert(
      fc.property(num, num, (x, y) => {
        expect(same(add(x, y), plainAdd(toPlain(x), toPlain(y)))).toBe(true)
        expect(same(sub(x, y), plainAdd(toPlain(x), toPlain(neg(y))))).toBe(true)
        expect(same(mul(x, y), plainMul(toPlain(x), toPlain(y)))).toBe(true)
      }),
      { numRuns: 400 },
    )
  })

  it('decide sign and order as the brute force does, without floating point', () => {
    fc.assert(
      fc.property(num, num, (x, y) => {
        expect(sign(x)).toBe(plainSign(toPlain(x)))
        expect(cmp(x, y)).toBe(plainSign(toPlain(sub(x, y))))
      }),
      { numRuns: 1000 },
    )
    // Close calls that a double cannot tell apart: 665857 and 470832·√2 differ by about 7.5e-7.
    expect(sign(root2(665857n, -470832n))).toBe(1)
    expect(sign(root2(-665857n, 470832n))).toBe(-1)
    expect(sign(root2(886731088897n, -627013566048n))).toBe(1)
  })

  it('keep one representation per number, and divide exactly', () => {
    fc.assert(
      fc.property(num, num, (x, y) => {
        expect(eq(sub(add(x, y), y), x)).toBe(true)
        expect(eq(mul(x, add(y, y)), add(mul(x, y), mul(x, y)))).toBe(true)
        if (!isZero(y)) expect(eq(mul(div(x, y), y), x)).toBe(true)
      }),
      { numRuns: 500 },
    )
    expect(() => div(root2(1n), root2(0n))).toThrow(/division by zero/)
    expect(eq(root2(2n, 4n, 6n), root2(1n, 2n, 3n))).toBe(true)
  })

  it('are written as people write them, and read back', () => {
    expect(formatRoot2(root2(6n, -1n, 2n))).toBe('3-√2/2')
    expect(formatRoot2(root2(6n, -1n, 2n), true)).toBe('3 − √2/2')
    expect(formatRoot2(root2(1n, 3n, 2n))).toBe('1/2+3√2/2')
    expect(formatRoot2(root2(0n, -2n))).toBe('-2√2')
    expect(formatRoot2(root2(0n))).toBe('0')
    fc.assert(
      fc.property(num, (x) => {
        expect(eq(parseRoot2(formatRoot2(x))!, x)).toBe(true)
        expect(eq(parseRoot2(formatRoot2(x, true))!, x)).toBe(true)
        expect(toNumber(x)).toBeCloseTo((Number(x.a) + Number(x.b) * Math.SQRT2) / Number(x.d))
      }),
    )
    expect(parseRoot2(' 3 − √2 / 2 ')).toEqual(root2(6n, -1n, 2n))
    for (const bad of ['', '√3', '3-', '1/0', '√2/0', '2√2+√2', '1+2', '3x', '1/2√2', '--1'])
      expect(parseRoot2(bad), bad).toBeUndefined()
  })
})
