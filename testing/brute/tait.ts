/**
 * A plain breadth-first counter for the tests: rows as strings, every move tried, no bound and
 * nothing shared with count.ts (its own moves and goal test). Layer by layer from the start, each
 * row entered once at its distance with the number of shortest sequences to it; the first layer
 * with a goal gives the fewest moves and, summed over its goals, the minimal sequences. Only for
 * small rows: it visits every row within that distance.
 */

export interface BruteCount {
  readonly moves: number | null
  readonly sequences: bigint
  /** Rows visited. */
  readonly rows: number
}

/** Every row one move away ("W", "B", "_"). */
export function bruteMoves(row: string): string[] {
  const out: string[] = []
  for (let i = 0; i + 1 < row.length; i++) {
    if (row[i] === '_' || row[i + 1] === '_') continue
    for (let j = 0; j + 1 < row.length; j++) {
      if (row[j] !== '_' || row[j + 1] !== '_') continue
      const cells = row.split('')
      cells[i] = '_'
      cells[i + 1] = '_'
      cells[j] = row[i]
      cells[j + 1] = row[i + 1]
      out.push(cells.join(''))
    }
  }
  return out
}

/** The stones in one block, one colour after the other. */
export function bruteIsGoal(row: string): boolean {
  return /^_*(W*B*|B*W*)_*$/.test(row)
}

export function bruteCount(start: string, maxMoves = 12): BruteCount {
  let layer = new Map<string, bigint>([[start, 1n]])
  const seen = new Set([start])
  for (let d = 0; d <= maxMoves && layer.size > 0; d++) {
    let sequences = 0n
    for (const [row, count] of layer) if (bruteIsGoal(row)) sequences += count
    if (sequences > 0n) return { moves: d, sequences, rows: seen.size }
    const next = new Map<string, bigint>()
    for (const [row, count] of layer) {
      for (const to of bruteMoves(row)) {
        if (seen.has(to) && !next.has(to)) continue
        next.set(to, (next.get(to) ?? 0n) + count)
      }
    }
    for (const row of next.keys()) seen.add(row)
    layer = next
  }
  return { moves: null, sequences: 0n, rows: seen.size }
}
