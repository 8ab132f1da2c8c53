import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Point } from './polygon'
import { selfContact } from './self-contact'

const STEPS: readonly Point[] = [
  [1, 0],
  [1, 1],
  [0, 1],
  [-1, 1],
  [-1, 0],
  [-1, -1],
  [0, -1],
  [1, -1],
]

/** A closed walk: the steps taken, then back to the start diagonally and straight. */
function walk(steps: readonly (readonly [number, number])[]): Point[] {
  const pts: Point[] = [[0, 0]]
  let [x, y] = [0, 0]
  for (const [d, length] of steps) {
    x += STEPS[d][0] * length
    y += STEPS[d][1] * length
    pts.push([x, y])
  }
  const diagonal = Math.min(Math.abs(x), Math.abs(y))
  x -= Math.sign(x) * diagonal
  y -= Math.sign(y) * diagonal
  pts.push([x, y])
  return pts
}

/** What selfContact asks of its outline: distinct consecutive vertices, no edge doubling back. */
function admissible(p: readonly Point[]): boolean {
  const n = p.length
  if (n < 3) return false
  for (let i = 0; i < n; i++) {
    const [a, b, c] = [p[i], p[(i + 1) % n], p[(i + 2) % n]]
    const [ux, uy, vx, vy] = [b[0] - a[0], b[1] - a[1], c[0] - b[0], c[1] - b[1]]
    if ((ux === 0 && uy === 0) || (ux * vy - uy * vx === 0 && ux * vx + uy * vy < 0)) return false
  }
  return true
}

/** Whether closed segments ab and cd share a point, the textbook way. */
function meet(a: Point, b: Point, c: Point, d: Point): boolean {
  const orient = (o: Point, u: Point, v: Point) =>
    Math.sign((u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0]))
  const within = (o: Point, u: Point, v: Point) =>
    Math.min(u[0], v[0]) <= o[0] &&
    o[0] <= Math.max(u[0], v[0]) &&
    Math.min(u[1], v[1]) <= o[1] &&
    o[1] <= Math.max(u[1], v[1])
  const [o1, o2, o3, o4] = [orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)]
  if (o1 * o2 < 0 && o3 * o4 < 0) return true
  return (
    (o1 === 0 && within(c, a, b)) ||
    (o2 === 0 && within(d, a, b)) ||
    (o3 === 0 && within(a, c, d)) ||
    (o4 === 0 && within(b, c, d))
  )
}

const edge = (p: readonly Point[], i: number) => [p[i], p[(i + 1) % p.length]] as const
const neighbours = (n: number, i: number, j: number) =>
  (i + 1) % n === j || (j + 1) % n === i || i === j

/** Every pair of edges that are not neighbours and meet: the quadratic check it replaces. */
function bruteContacts(p: readonly Point[]): [number, number][] {
  const found: [number, number][] = []
  for (let i = 0; i < p.length; i++)
    for (let j = i + 1; j < p.length; j++)
      if (!neighbours(p.length, i, j) && meet(...edge(p, i), ...edge(p, j))) found.push([i, j])
  return found
}

describe('selfContact, the sweep over an outline’s edges', () => {
  it('finds a meeting pair exactly when the quadratic check does, and the pair it names meets', () => {
    let meeting = 0
    let simple = 0
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), fc.integer({ min: 1, max: 3 })), {
          minLength: 2,
          maxLength: 14,
        }),
        (steps) => {
          const p = walk(steps)
          fc.pre(admissible(p))
          const brute = bruteContacts(p)
          const found = selfContact(p)
          expect(found !== undefined).toBe(brute.length > 0)
          if (found) {
            const [i, j] = found
            expect(neighbours(p.length, i, j)).toBe(false)
            expect(meet(...edge(p, i), ...edge(p, j))).toBe(true)
            meeting++
          } else simple++
        },
      ),
      { seed: 20_251_124, numRuns: 3000 },
    )
    // Both kinds were met often, so the property says something about each.
    expect(Math.min(meeting, simple)).toBeGreaterThan(300)
  })

  it('takes a 9,998-vertex staircase as simple and finds a spike pushed into it', () => {
    const k = 4998
    const stairs: Point[] = []
    for (let i = 0; i < k; i++) stairs.push([i, i], [i + 1, i])
    stairs.push([k, k], [0, k])
    expect(selfContact(stairs)).toBeUndefined()
    // The top edge with a spike down through the steps: x = 3000 from y = k down to 2998.
    const spiked: Point[] = [...stairs.slice(0, -1), [3000, k], [3000, 2998], [1000, k], [0, k]]
    const found = selfContact(spiked)
    expect(found).toBeDefined()
    expect(meet(...edge(spiked, found![0]), ...edge(spiked, found![1]))).toBe(true)
  })
})
