/**
 * Exact numbers of the field Q(√2): (a + b·√2) / d with integers a, b, d, d > 0 and
 * gcd(a, b, d) = 1, so that every number has one representation and equality is equality of
 * fields. Figures built from tans on two lattices turned by 45° against each other have corners
 * such as 3 − √2/2; every decision about them (area, sign, order, congruence) is made here,
 * without floating point.
 *
 * Sign: a + b√2 with a and b of the same sign has that sign; otherwise the larger of a² and 2b²
 * decides, since √2 is irrational and a² = 2b² only for a = b = 0.
 */
export interface Root2 {
  readonly a: bigint
  readonly b: bigint
  readonly d: bigint
}

const abs = (x: bigint) => (x < 0n ? -x : x)

function gcd(x: bigint, y: bigint): bigint {
  x = abs(x)
  y = abs(y)
  while (y !== 0n) [x, y] = [y, x % y]
  return x
}

/** (a + b√2)/d in lowest terms. */
export function root2(a: bigint, b: bigint = 0n, d: bigint = 1n): Root2 {
  if (d === 0n) throw new RangeError('division by zero')
  if (d < 0n) {
    a = -a
    b = -b
    d = -d
  }
  const g = gcd(gcd(a, b), d)
  return g === 1n ? { a, b, d } : { a: a / g, b: b / g, d: d / g }
}

export const ZERO = root2(0n)
export const ONE = root2(1n)
export const SQRT2 = root2(0n, 1n)
/** √2/2: the coordinate step of a unit edge turned by 45°. */
export const HALF_SQRT2 = root2(0n, 1n, 2n)

/** An integer or a JavaScript number that is an integer. */
export function fromInt(n: number | bigint): Root2 {
  if (typeof n === 'number' && !Number.isInteger(n)) throw new RangeError(`${n} is not an integer`)
  return root2(BigInt(n))
}

export function add(x: Root2, y: Root2): Root2 {
  return x.d === y.d
    ? root2(x.a + y.a, x.b + y.b, x.d)
    : root2(x.a * y.d + y.a * x.d, x.b * y.d + y.b * x.d, x.d * y.d)
}

export function neg(x: Root2): Root2 {
  return { a: -x.a, b: -x.b, d: x.d }
}

export function sub(x: Root2, y: Root2): Root2 {
  return add(x, neg(y))
}

export function mul(x: Root2, y: Root2): Root2 {
  return root2(x.a * y.a + 2n * x.b * y.b, x.a * y.b + x.b * y.a, x.d * y.d)
}

/** x / y: multiplied above and below by the conjugate a − b√2 of y, whose norm a² − 2b² ≠ 0. */
export function div(x: Root2, y: Root2): Root2 {
  const norm = y.a * y.a - 2n * y.b * y.b
  if (norm === 0n) throw new RangeError('division by zero')
  // x / y = x · d_y · (a_y − b_y√2) / norm
  const num = mul(x, root2(y.a * y.d, -y.b * y.d))
  return root2(num.a, num.b, num.d * norm)
}

export function sign(x: Root2): -1 | 0 | 1 {
  const sa = x.a > 0n ? 1 : x.a < 0n ? -1 : 0
  const sb = x.b > 0n ? 1 : x.b < 0n ? -1 : 0
  if (sa === sb || sb === 0) return sa
  if (sa === 0) return sb
  // Opposite signs: |a| against |b|√2, compared squared.
  const a2 = x.a * x.a
  const b2 = 2n * x.b * x.b
  return a2 > b2 ? sa : sb
}

export function cmp(x: Root2, y: Root2): -1 | 0 | 1 {
  return sign(sub(x, y))
}

export function eq(x: Root2, y: Root2): boolean {
  return x.a === y.a && x.b === y.b && x.d === y.d
}

export function isZero(x: Root2): boolean {
  return x.a === 0n && x.b === 0n
}

/** A rational number (no √2 part). */
export function isRational(x: Root2): boolean {
  return x.b === 0n
}

export function isInteger(x: Root2): boolean {
  return x.b === 0n && x.d === 1n
}

/** For drawing and for numbers shown to a person, never for a decision. */
export function toNumber(x: Root2): number {
  return (Number(x.a) + Number(x.b) * Math.SQRT2) / Number(x.d)
}

/** A key that is equal exactly for equal numbers. */
export function keyOf(x: Root2): string {
  return `${x.a},${x.b},${x.d}`
}

function fraction(n: bigint, d: bigint): string {
  return d === 1n ? String(n) : `${n}/${d}`
}

/**
 * Text a person writes: "3", "-1/2", "√2", "3-√2/2", "1/2+3√2/2", "-2√2". The same text is read
 * back by `parseRoot2`; with `pretty` the minus is "−" and the sign has spaces around it.
 */
export function formatRoot2(x: Root2, pretty = false): string {
  const g1 = gcd(x.a, x.d)
  const g2 = gcd(x.b, x.d)
  const ra = x.a === 0n ? '' : fraction(x.a / g1, x.d / g1)
  let rb = ''
  if (x.b !== 0n) {
    const n = x.b / g2
    const d = x.d / g2
    const coef = abs(n) === 1n ? '' : String(abs(n))
    rb = `${n < 0n ? '-' : ''}${coef}√2${d === 1n ? '' : `/${d}`}`
  }
  let text: string
  if (ra === '' && rb === '') text = '0'
  else if (rb === '') text = ra
  else if (ra === '') text = rb
  else text = rb.startsWith('-') ? `${ra}${rb}` : `${ra}+${rb}`
  if (!pretty) return text
  return text
    .replace(
      /(.)([+-])/g,
      (_, before: string, op: string) => `${before} ${op === '-' ? '−' : '+'} `,
    )
    .replace(/^-/, '−')
}

// One term: an optional sign, then a rational part, or a coefficient, √2 and a denominator.
const TERM = /^([+-]?)(?:(\d+)(?:\/(\d+))?(?!\d*√)|(\d*)√2(?:\/(\d+))?)/

/**
 * Reads "3-√2/2" and the like (the forms `formatRoot2` writes, with "−" or "-", spaces allowed):
 * a sum of at most one rational term and one √2 term. Returns undefined for anything else.
 */
export function parseRoot2(text: string): Root2 | undefined {
  let s = text.replace(/\s+/g, '').replace(/−/g, '-')
  if (s === '' || s.length > 200) return undefined
  let value = ZERO
  let rational = false
  let irrational = false
  let first = true
  while (s !== '') {
    if (!first && !/^[+-]/.test(s)) return undefined
    const m = TERM.exec(s)
    if (!m || m[0] === '' || m[0] === '+' || m[0] === '-') return undefined
    const minus = m[1] === '-'
    let term: Root2
    if (m[2] !== undefined) {
      if (rational) return undefined
      rational = true
      const d = BigInt(m[3] ?? '1')
      if (d === 0n) return undefined
      term = root2(BigInt(m[2]), 0n, d)
    } else {
      if (irrational) return undefined
      irrational = true
      const d = BigInt(m[5] ?? '1')
      if (d === 0n) return undefined
      term = root2(0n, BigInt(m[4] === '' ? '1' : m[4]), d)
    }
    value = add(value, minus ? neg(term) : term)
    s = s.slice(m[0].length)
    first = false
  }
  return value
}
