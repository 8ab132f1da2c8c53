/**
 * Random triangle puzzles for tests and benchmarks, from a seeded generator. A "built" puzzle is cut
 * from a solved board (random halves on the rim, k and −k on every inner side), then its pieces are
 * shuffled and turned, so it has at least one solution; a "symmetric" one is cut from a solved board
 * that equals its own 120° turn (so that counts up to rotation meet such boards); a "loose" puzzle
 * is random pieces, which may have none. Few figures make many solutions.
 */
import { cellAt, neighbour, rotationMap, type Piece, type TrianglePuzzle } from './puzzle'

type Random = () => number

const figureHalf = (rand: Random, figures: number): number =>
  (1 + Math.floor(rand() * figures)) * (rand() < 0.5 ? -1 : 1)

export function randomPuzzle(
  rows: number,
  figures: number,
  origin: 'built' | 'symmetric' | 'loose',
  rand: Random,
): TrianglePuzzle {
  const n = rows * rows
  let pieces: Piece[]
  if (origin === 'loose') {
    pieces = Array.from({ length: n }, () => {
      const [a, b, c] = [0, 1, 2].map(() => figureHalf(rand, figures))
      return [a, b, c] as const
    })
  } else {
    // Halves by cell·3 + side; 0 until chosen. A symmetric board gives a side's 3 turns one value.
    const turn = rotationMap(rows)
    const half = new Int32Array(3 * n)
    const set = (i: number, v: number) => {
      for (let k = 0, at = i; k < (origin === 'symmetric' ? 3 : 1); k++, at = turn[at]) half[at] = v
    }
    for (let c = 0; c < n; c++) {
      const { r, j } = cellAt(c)
      for (let s = 0; s < 3; s++) {
        if (half[3 * c + s] !== 0) continue
        const v = figureHalf(rand, figures)
        set(3 * c + s, v)
        const nb = neighbour(rows, r, j, s)
        if (nb) set(3 * nb.cell + nb.side, -v)
      }
    }
    const sides = Array.from({ length: n }, (_, c) => Array.from(half.subarray(3 * c, 3 * c + 3)))
    pieces = sides.map((p) => {
      const t = Math.floor(rand() * 3)
      return [p[t], p[(t + 1) % 3], p[(t + 2) % 3]] as const
    })
    for (let i = n - 1; i > 0; i--) {
      const k = Math.floor(rand() * (i + 1))
      ;[pieces[i], pieces[k]] = [pieces[k], pieces[i]]
    }
  }
  return { figures, rows, pieces }
}
