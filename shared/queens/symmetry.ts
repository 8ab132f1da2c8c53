/**
 * The 8 symmetries of the square board acting on queen placements, for drawing and listing: a
 * placement is the column of the queen in each row (a permutation when it is a solution).
 * The counting core does not use these (it has its own cheap checks on bitboards, see search.ts).
 */

import { d4Square, type D4 } from '../lattice/d4'

/** Column of the queen in each row, rows top to bottom, columns left to right, from 0. */
export type Queens = readonly number[]

/**
 * The board's symmetries in the order listings and the game number them: the identity, the
 * quarter turns clockwise (90°, 180°, 270°), then the reflections (left–right, top–bottom, main
 * diagonal, anti-diagonal), as elements of the square's one group (lattice/d4.ts).
 */
export const BOARD_SYMMETRIES: readonly D4[] = [0, 3, 2, 1, 4, 6, 7, 5]

function isPermutation(queens: Queens): boolean {
  const seen = new Set(queens)
  return (
    seen.size === queens.length &&
    queens.every((c) => Number.isInteger(c) && c >= 0 && c < queens.length)
  )
}

/** The image of a placement under symmetry `s` (0 … 7, in the order above). */
export function transformQueens(queens: Queens, s: number): number[] {
  if (!isPermutation(queens))
    throw new Error('a queen placement must put one queen in every row and column')
  if (!Number.isInteger(s) || s < 0 || s >= BOARD_SYMMETRIES.length)
    throw new Error(`no symmetry ${s}: they are numbered 0 to 7`)
  const m = queens.length - 1
  const image = new Array<number>(queens.length)
  queens.forEach((c, r) => {
    const [r2, c2] = d4Square(BOARD_SYMMETRIES[s], r, c, m)
    image[r2] = c2
  })
  return image
}

/** All 8 images, in the order of the symmetries (duplicates kept). */
export function queensImages(queens: Queens): number[][] {
  return BOARD_SYMMETRIES.map((_, s) => transformQueens(queens, s))
}

/** Lexicographic order on placements of the same size. */
export function compareQueens(a: Queens, b: Queens): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i]
  return 0
}

/** The representative of the placement's symmetry class: its lexicographically least image. */
export function canonicalQueens(queens: Queens): number[] {
  return queensImages(queens).reduce((best, q) => (compareQueens(q, best) < 0 ? q : best))
}

/** The size of the placement's symmetry class: how many distinct boards its images are (1 … 8). */
export function queensOrbit(queens: Queens): number {
  return new Set(queensImages(queens).map((q) => q.join(','))).size
}
