/**
 * The triangle edge-matching puzzle ("Dreieckspuzzle", BwInf 39, round 1, task 2): n² triangular
 * pieces fill a big triangle of n rows; each side of a piece carries half a figure, k or −k, and
 * where two pieces meet the halves must be k and −k. Pieces turn but are never flipped; the sides
 * on the rim of the big triangle are free.
 *
 * Board geometry. Row r (0 at the apex) holds cells j = 0 … 2r; even j point up, odd j point down.
 * Cells are numbered row by row: cell (r, j) is r² + j. A cell's sides are numbered clockwise (as
 * drawn, y downwards) from its first side:
 *   up cell:   0 left, 1 right, 2 bottom
 *   down cell: 0 top,  1 right, 2 left
 * A piece's three numbers are read clockwise too, so a piece placed with turn t shows its number
 * (s + t) mod 3 on side s.
 */

export type Piece = readonly [number, number, number]

export interface TrianglePuzzle {
  /** Kinds of figure: every number on a piece is ±1 … ±figures. */
  readonly figures: number
  /** Rows of the big triangle; there are rows² pieces. */
  readonly rows: number
  readonly pieces: readonly Piece[]
}

/** How a piece lies on a cell: its number `turn` is on the cell's side 0. */
export interface Placement {
  readonly piece: number
  readonly turn: number
}

/** A filled board: the placement on each cell, by cell number. */
export type Solution = readonly Placement[]

export const cellIndex = (r: number, j: number): number => r * r + j
export const isUp = (j: number): boolean => j % 2 === 0

/** Row and position of a cell number. */
export function cellAt(cell: number): { r: number; j: number } {
  const r = Math.floor(Math.sqrt(cell))
  return { r, j: cell - r * r }
}

/** The number a placed piece shows on side s of its cell. */
export const sideValue = (pieces: readonly Piece[], p: Placement, s: number): number =>
  pieces[p.piece][(s + p.turn) % 3]

export interface Side {
  readonly cell: number
  readonly side: number
}

/** The cell side that meets side s of cell (r, j), or undefined on the rim. */
export function neighbour(rows: number, r: number, j: number, s: number): Side | undefined {
  if (isUp(j)) {
    if (s === 0) return j > 0 ? { cell: cellIndex(r, j - 1), side: 1 } : undefined
    if (s === 1) return j < 2 * r ? { cell: cellIndex(r, j + 1), side: 2 } : undefined
    return r + 1 < rows ? { cell: cellIndex(r + 1, j + 1), side: 0 } : undefined
  }
  if (s === 0) return { cell: cellIndex(r - 1, j - 1), side: 2 }
  if (s === 1) return { cell: cellIndex(r, j + 1), side: 0 }
  return { cell: cellIndex(r, j - 1), side: 1 }
}

/**
 * Turning the big triangle by 120°: where side s of each cell goes. The corners of cell sides are
 * lattice points (r, i), 0 ≤ i ≤ r ≤ rows; in barycentric terms (rows − r, r − i, i) the turn
 * cycles the three coordinates. Returns, for every cell·3 + side, the cell·3 + side it lands on.
 */
export function rotationMap(rows: number): Int32Array {
  const turnPoint = ([r, i]: readonly [number, number]): [number, number] => [
    rows - r + i,
    rows - r,
  ]
  const key = ([r, i]: readonly [number, number]) => r * (rows + 1) + i
  // Each directed side (its first corner, clockwise) → cell·3 + side.
  const sideByCorners = new Map<string, number>()
  const corners: [number, number][][] = []
  for (let r = 0; r < rows; r++) {
    for (let j = 0; j <= 2 * r; j++) {
      const k = j >> 1
      const c: [number, number][] = isUp(j)
        ? [
            [r + 1, k],
            [r, k],
            [r + 1, k + 1],
          ]
        : [
            [r, k],
            [r, k + 1],
            [r + 1, k + 1],
          ]
      corners.push(c)
      for (let s = 0; s < 3; s++)
        sideByCorners.set(`${key(c[s])},${key(c[(s + 1) % 3])}`, cellIndex(r, j) * 3 + s)
    }
  }
  const map = new Int32Array(rows * rows * 3)
  corners.forEach((c, cell) => {
    for (let s = 0; s < 3; s++) {
      const a = turnPoint(c[s])
      const b = turnPoint(c[(s + 1) % 3])
      map[cell * 3 + s] = sideByCorners.get(`${key(a)},${key(b)}`)!
    }
  })
  return map
}

/** The number of rows for a piece count, or undefined if it is not a square number. */
export function rowsFor(pieceCount: number): number | undefined {
  const n = Math.round(Math.sqrt(pieceCount))
  return n >= 1 && n * n === pieceCount ? n : undefined
}
