import type { Point } from '../shared/lattice/polygon'

/** The rectangle from (x0, y0) to (x1, y1), counter-clockwise from its lower left corner. */
export const rect = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
]

/** The S tetromino (its mirror image is the Z). */
export const S_TETROMINO: readonly Point[] = [
  [0, 0],
  [2, 0],
  [2, 1],
  [3, 1],
  [3, 2],
  [1, 2],
  [1, 1],
  [0, 1],
]
