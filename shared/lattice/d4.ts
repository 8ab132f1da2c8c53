/**
 * The symmetry group of the square (the paper's Figure 5): four rotations and four mirror images,
 * acting linearly on the plane about the origin. Element k maps (x, y) to
 * (a·x + b·y, c·x + d·y) with [a, b, c, d] = MATRICES[k].
 *
 * Numbering: 0 identity, 1–3 rotations by 90°, 180°, 270° counter-clockwise, 4 mirror in the
 * y-axis, 5 mirror in the diagonal y = x, 6 mirror in the x-axis, 7 mirror in the anti-diagonal.
 */
export type D4 = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7

export const D4_ELEMENTS: readonly D4[] = [0, 1, 2, 3, 4, 5, 6, 7]

const MATRICES: readonly (readonly [number, number, number, number])[] = [
  [1, 0, 0, 1],
  [0, -1, 1, 0],
  [-1, 0, 0, -1],
  [0, 1, -1, 0],
  [-1, 0, 0, 1],
  [0, 1, 1, 0],
  [1, 0, 0, -1],
  [0, -1, -1, 0],
]

export function d4Apply(g: D4, x: number, y: number): [number, number] {
  const m = MATRICES[g]
  return [m[0] * x + m[1] * y, m[2] * x + m[3] * y]
}

/** The x coefficient pair and y coefficient pair of g, for tight loops. */
export function d4Matrix(g: D4): readonly [number, number, number, number] {
  return MATRICES[g]
}

function fromMatrix(a: number, b: number, c: number, d: number): D4 {
  const k = MATRICES.findIndex((m) => m[0] === a && m[1] === b && m[2] === c && m[3] === d)
  if (k < 0) throw new Error('not an element of D4')
  return k as D4
}

/** compose(g, h) is "first h, then g". */
export function d4Compose(g: D4, h: D4): D4 {
  const [a, b, c, d] = MATRICES[g]
  const [e, f, p, q] = MATRICES[h]
  return fromMatrix(a * e + b * p, a * f + b * q, c * e + d * p, c * f + d * q)
}

export function d4Inverse(g: D4): D4 {
  const [a, b, c, d] = MATRICES[g]
  // Orthogonal matrices: the inverse is the transpose.
  return fromMatrix(a, c, b, d)
}

export function d4IsReflection(g: D4): boolean {
  const [a, b, c, d] = MATRICES[g]
  return a * d - b * c < 0
}

/**
 * The image of square (row, col) of a board of rows and columns 0 … m under g, the board's
 * centre fixed: rows run down, so (row, col) is the point (2·col − m, m − 2·row) about the centre.
 */
export function d4Square(g: D4, row: number, col: number, m: number): [number, number] {
  const [x, y] = d4Apply(g, 2 * col - m, m - 2 * row)
  return [(m - y) / 2, (x + m) / 2]
}
