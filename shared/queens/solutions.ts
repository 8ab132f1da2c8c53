/**
 * Solutions to list and draw, for small boards: a plain row-by-row bitboard search that keeps the
 * board (the counter in search.ts never writes solutions out).
 */
import { checkQueensSize } from './split'
import { canonicalQueens, compareQueens, queensOrbit, type Queens } from './symmetry'

/** Every solution (column per row) in lexicographic order, the first `limit` of them. */
export function queensSolutions(n: number, limit = Infinity): number[][] {
  checkQueensSize(n)
  const mask = (1 << n) - 1
  const out: number[][] = []
  const board: number[] = []
  const place = (left: number, down: number, right: number): void => {
    if (board.length === n) {
      out.push([...board])
      return
    }
    let free = mask & ~(left | down | right)
    while (free !== 0 && out.length < limit) {
      const bit = free & -free
      free ^= bit
      board.push(31 - Math.clz32(bit))
      place((left | bit) << 1, down | bit, (right | bit) >> 1)
      board.pop()
    }
  }
  if (limit > 0) place(0, 0, 0)
  return out
}

export interface QueensClass {
  /** The least image of the class (lexicographically), see `canonicalQueens`. */
  readonly queens: Queens
  /** How many solutions the class has: 8, 4 (half-turn symmetric), 2 (quarter-turn), 1 (n = 1). */
  readonly size: number
}

/** One solution per symmetry class, the canonical one, in lexicographic order. */
export function uniqueQueensSolutions(n: number, limit = Infinity): QueensClass[] {
  const out: QueensClass[] = []
  for (const s of queensSolutions(n)) {
    if (out.length >= limit) break
    if (compareQueens(canonicalQueens(s), s) === 0) out.push({ queens: s, size: queensOrbit(s) })
  }
  return out
}
