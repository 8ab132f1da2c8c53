/**
 * Partial solutions column by column (the seed's chart): for t = 1 … n, the number of ways to put
 * t non-attacking queens in the first t columns of an n × n board, one per column. Reflecting the
 * board in its diagonal makes that the first t rows: the number of nodes at depth t of the
 * plain row-by-row search, which a bitboard walk counts. Halved by the left–right mirror, which
 * maps the placements in the first rows onto each other: those with row 0's queen in the left half
 * count twice, the middle column (n odd) once.
 */
import { checkQueensSize } from './split'

const LEFT = new Int32Array(32)
const DOWN = new Int32Array(32)
const RIGHT = new Int32Array(32)
const FREE = new Int32Array(32)

/**
 * Adds to `depths[t − 1]` the placements of the first t rows with row 0's queen in `column`. Plain
 * numbers: each one counted is a node visited, so none can reach 2^53 in any feasible run.
 */
function walk(n: number, column: number, depths: Float64Array): void {
  const mask = (1 << n) - 1
  const last = n - 1
  depths[0]++
  if (n === 1) return
  // As in search.ts: the current row's masks in locals, the rows above in the arrays.
  const bit0 = 1 << column
  let left = bit0 << 1
  let down = bit0
  let right = bit0 >> 1
  let free = mask & ~(left | down | right)
  let y = 1
  for (;;) {
    if (free === 0) {
      if (y === 1) break
      y--
      free = FREE[y]
      left = LEFT[y]
      down = DOWN[y]
      right = RIGHT[y]
      continue
    }
    const bit = free & -free
    free ^= bit
    depths[y]++
    if (y === last) continue
    const l = (left | bit) << 1
    const d = down | bit
    const r = (right | bit) >> 1
    const next = mask & ~(l | d | r)
    if (next === 0) continue
    FREE[y] = free
    LEFT[y] = left
    DOWN[y] = down
    RIGHT[y] = right
    y++
    free = next
    left = l
    down = d
    right = r
  }
}

/** The number of placements of t non-attacking queens in the first t columns, t = 1 … n. */
export function partialCounts(n: number): bigint[] {
  checkQueensSize(n)
  const counts = new Array<bigint>(n).fill(0n)
  const depths = new Float64Array(n)
  for (let column = 0; 2 * column < n; column++) {
    depths.fill(0)
    walk(n, column, depths)
    const times = 2 * column + 1 === n ? 1n : 2n
    for (let t = 0; t < n; t++) counts[t] += BigInt(depths[t]) * times
  }
  return counts
}
