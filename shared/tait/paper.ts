/**
 * The paper's own program (§4, rules I–IV), rebuilt: a search to depth n that drops every row
 * whose difference D (bound.ts) exceeds 2(n − i) + 1 after i moves (bound (2), stated for i > 1)
 * and takes D = 1 for the goal. It counts the sequences it would print, by rows like count.ts
 * (the same count as its depth-first search).
 *
 * With one pair of empty cells the bound misses only sequences whose last move lowers D by 3, and
 * none of those is minimal (checked against count.ts), so it finds every minimal sequence: Table
 * 1. With two pairs a move can lower D by 4, the bound drops minimal sequences, and the program
 * finds fewer than there are: for n = 7, 4 of the 9. These are the numbers of the supplementary
 * table (補表), which is therefore what the program printed with two pairs at the right end.
 */
import { difference } from './bound'
import { countPass, type TaitProgress } from './count'
import { KEEP, type Pruner } from './prune'
import { startRow, type Row } from './state'

export interface PaperCount {
  readonly n: number
  readonly empty: number
  /** Sequences of n moves the program finds. */
  readonly sequences: bigint
  /** Rows in each layer (the program's depth-first search visits each layer's rows). */
  readonly layers: readonly number[]
}

/** Bound (2): from move `from` on (the paper: i > 1, so 2), D ≤ 2(n − i) + 1. */
export function paperPruner(n: number, from = 2): Pruner {
  return {
    memoSize: 0,
    judge: (row: Row, i: number) => (i < from || difference(row) <= 2 * (n - i) + 1 ? KEEP : 0),
  }
}

/** What the program finds for n pairs of stones and `empty` empty cells at the right end. */
export function paperCount(
  n: number,
  empty = 2,
  from = 2,
  onProgress?: (p: TaitProgress) => void,
): PaperCount {
  const pass = countPass(startRow(n, empty), n, paperPruner(n, from), onProgress)
  return { n, empty, sequences: pass.total, layers: pass.layers }
}
