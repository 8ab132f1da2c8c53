import { describe, expect, it } from 'vitest'
import { BruteForce, bruteForce, type Pt } from './bruteforce'

const rect = (w: number, h: number, x = 0, y = 0): Pt[] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
]
const triangle: Pt[] = [
  [0, 0],
  [1, 0],
  [0, 1],
]
// The three diaboloes: square, big triangle (two halves joined along a leg), parallelogram.
const square: Pt[] = rect(1, 1)
const bigTriangle: Pt[] = [
  [0, 0],
  [2, 0],
  [1, 1],
]
const parallelogram: Pt[] = [
  [0, 0],
  [1, 0],
  [2, 1],
  [1, 1],
]

describe('brute force, hand-checked', () => {
  it('two half-squares make a unit square along either diagonal, one up to symmetry', () => {
    const r = bruteForce(rect(1, 1), [{ polygon: triangle, count: 2 }])
    expect(r.fixed).toBe(2)
    expect(r.solutions).toBe(1)
  })

  it('two half-squares of different kinds: the labels double the count', () => {
    const r = bruteForce(rect(1, 1), [
      { polygon: triangle, count: 1 },
      { polygon: triangle, count: 1 },
    ])
    // Two diagonals × which half gets which kind; the square's group joins all four.
    expect(r.fixed).toBe(4)
    expect(r.solutions).toBe(1)
  })

  it('two dominoes fill a 2×2 square lying or standing; a quarter turn joins them', () => {
    const r = bruteForce(rect(2, 2), [{ polygon: rect(2, 1), count: 2 }])
    expect(r.fixed).toBe(2)
    expect(r.solutions).toBe(1)
  })

  it('identical copies are not permuted: two unit squares fill a 2×1 rectangle once', () => {
    const r = bruteForce(rect(2, 1), [{ polygon: square, count: 2 }])
    expect(r.fixed).toBe(1)
    expect(r.solutions).toBe(1)
  })

  it('four half-squares in a 2×1 rectangle: 2² diagonal choices, 2 classes', () => {
    // The horizontal mirror flips both diagonals: {//, \\} and {/\, \/} are the classes.
    const r = bruteForce(rect(2, 1), [{ polygon: triangle, count: 4 }])
    expect(r.fixed).toBe(4)
    expect(r.solutions).toBe(2)
  })

  it('eight half-squares in a 2×2 square: 2⁴ tilings, 6 classes by Burnside', () => {
    // Fixed points: identity 16, quarter turns 2 + 2, half turn 4, axis mirrors 4 + 4,
    // diagonal mirrors 8 + 8; (16 + 2 + 2 + 4 + 4 + 4 + 8 + 8) / 8 = 6.
    const r = bruteForce(rect(2, 2), [{ polygon: triangle, count: 8 }])
    expect(r.fixed).toBe(16)
    expect(r.solutions).toBe(6)
  })

  it('the three diaboloes cannot fill a 3×1 rectangle: both short ends need the square', () => {
    const r = bruteForce(rect(3, 1), [
      { polygon: square, count: 1 },
      { polygon: bigTriangle, count: 1 },
      { polygon: parallelogram, count: 1 },
    ])
    expect(r.fixed).toBe(0)
    expect(r.solutions).toBe(0)
  })

  it('the three diaboloes fill a notched figure in exactly one way', () => {
    // Square at the bottom left, the triangle right of it (hypotenuse on x = 1), the
    // parallelogram above. The half-square at the top left touches only one other along an
    // edge, so the parallelogram is forced, and then the square and the triangle.
    const figure: Pt[] = [
      [0, 0],
      [1, 0],
      [2, 1],
      [1, 2],
      [0, 3],
      [0, 2],
      [1, 1],
      [0, 1],
    ]
    const pieces = [
      { polygon: square, count: 1 },
      { polygon: bigTriangle, count: 1 },
      { polygon: parallelogram, count: 1 },
    ]
    const r = bruteForce(figure, pieces)
    expect(r.fixed).toBe(1)
    expect(r.solutions).toBe(1)
  })

  it('finds the symmetries of the figure, wherever it lies', () => {
    expect(new BruteForce(rect(2, 2, -3, 5), []).symmetries).toHaveLength(8)
    expect(new BruteForce(rect(3, 1, 7, -2), []).symmetries).toHaveLength(4)
    expect(new BruteForce(bigTriangle, []).symmetries).toHaveLength(2)
    expect(new BruteForce(parallelogram, []).symmetries).toHaveLength(2)
  })

  it('counts do not depend on where the figure lies or how the piece is given', () => {
    const turned: Pt[] = [
      [5, 5],
      [5, 3],
      [6, 3],
      [6, 5],
    ]
    const r = bruteForce(rect(2, 2, -4, 9), [{ polygon: turned, count: 2 }])
    expect(r.fixed).toBe(2)
    expect(r.solutions).toBe(1)
  })

  it('describes a tiling given as moves: key, canonical key, class size', () => {
    const bf = new BruteForce(rect(1, 1), [{ polygon: triangle, count: 2 }])
    const r = bf.solve()
    // The triangle and its half turn about the square's centre.
    const d = bf.describe([
      { piece: 0, matrix: [1, 0, 0, 1], dx: 0, dy: 0 },
      { piece: 0, matrix: [-1, 0, 0, -1], dx: 1, dy: 1 },
    ])
    expect(r.tilings).toContain(d.key)
    expect(r.classes).toEqual([d.canonical])
    expect(d.orbit).toBe(2)
  })
})
