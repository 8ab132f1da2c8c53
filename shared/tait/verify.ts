/**
 * An independent replay checker for a move sequence given as its rows ("WBWB__", …): the cells
 * are compared directly, without moves.ts. Each step must move two adjacent stones, order kept,
 * into two adjacent cells that were empty; the last row must be a goal; and, if given, the start
 * and the number of moves must be as claimed (the fewest, from the counter).
 */

export interface Replay {
  readonly ok: boolean
  /** What is wrong, for the first fault found. */
  readonly problem?: string
}

/** Whether `b` follows from `a` by one legal move. */
export function isOneMove(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  const changed: number[] = []
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) changed.push(i)
  if (changed.length !== 4) return false
  // The two cells emptied and the two filled, each a pair of neighbours.
  const emptied = changed.filter((i) => b[i] === '_')
  const filled = changed.filter((i) => a[i] === '_')
  if (emptied.length !== 2 || filled.length !== 2) return false
  const [p, q] = emptied
  const [r, s] = filled
  if (q !== p + 1 || s !== r + 1) return false
  return a[p] !== '_' && a[q] !== '_' && b[r] === a[p] && b[s] === a[q]
}

function isGoalRow(row: string): boolean {
  const stones = row.replace(/^_+|_+$/g, '')
  return !stones.includes('_') && /^(W*B*|B*W*)$/.test(stones)
}

export function verifySequence(
  rows: readonly string[],
  claim: { readonly start?: string; readonly moves?: number } = {},
): Replay {
  if (rows.length === 0) return { ok: false, problem: 'no rows' }
  if (rows.some((r) => !/^[WB_]+$/.test(r) || r.length !== rows[0].length))
    return { ok: false, problem: 'rows must be of W, B and _, all of one length' }
  if (claim.start !== undefined && rows[0] !== claim.start)
    return { ok: false, problem: `starts at ${rows[0]}, not ${claim.start}` }
  for (let i = 1; i < rows.length; i++)
    if (!isOneMove(rows[i - 1], rows[i]))
      return { ok: false, problem: `move ${i} (${rows[i - 1]} → ${rows[i]}) is not a legal move` }
  if (!isGoalRow(rows[rows.length - 1]))
    return { ok: false, problem: `${rows[rows.length - 1]} is not a goal` }
  if (claim.moves !== undefined && rows.length - 1 !== claim.moves)
    return { ok: false, problem: `${rows.length - 1} moves, not the claimed ${claim.moves}` }
  return { ok: true }
}
