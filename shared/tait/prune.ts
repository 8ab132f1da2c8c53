/**
 * Which rows a minimal sequence can pass through: the counter (count.ts) asks for each new row
 * at depth i, with k = d − i moves left of a d-move sequence, and gets `KEEP`, or the number of
 * ways the sequence can still finish (0: none, the row is dropped). Two rule sets:
 *
 * `plainPruner`, for any number of empty cells, keeps a row unless a bound from bound.ts says the
 * goal is more than k moves away, or the start more than i moves back.
 *
 * `onePairPruner`, for one pair of empty cells, accounts for D = changes + gaps (bound.ts). The
 * pair lies at an end of the stones or in an inner gap, before and after a move; taking a pair
 * out lowers the changes by at most 2 and putting it in never lowers them, so a move from an
 * inner gap to an inner gap lowers D by at most 2, from an inner gap to an end by at most 3, and
 * a move from an end by at most 1. Let σ = 2k + 1 − D. A sequence whose last move is not a 3-drop
 * keeps σ ≥ 0 on every row (the paper's bound (2); a 3-drop is always followed by a 1-drop). One
 * whose last move is a 3-drop goes through a pre-goal row (D = 4) one move before the end and
 * keeps σ ≥ −1. Hence:
 * - empty cells at an end (no inner gap), k ≥ 1: the next move lowers σ by at least 1, so
 *   σ < 0 is dead; at σ = 0 only a sequence ending in a 3-drop could go on, through a row with
 *   σ = −1 and a gap between two colours, which needs a 1-drop that lifts two single stones or
 *   a doubleton from inside: the singles cost a change to put at the end (a 0-drop), the
 *   doubleton leaves its gap inside a run (see below). So σ = 0 is dead too;
 * - the inner gap inside a run of colour x: only the pair "xx" goes in without new changes, and
 *   it comes out with changes lowered by 2 only as a doubleton between two stones of the other
 *   colour, which puts the gap inside a run again. Every other move lowers D by at most 1, and a
 *   3-drop needs a gap between two colours. So σ < 0 is dead, and at σ = 0 the rest of every
 *   sequence is k − 1 doubleton lifts and a last lift from an end: homo.ts counts these;
 * - σ = −1, the gap between two colours: only a sequence ending in a 3-drop, and every move
 *   before the last must lower D by 2 and keep the gap between two colours (inside a run it is
 *   dead, above): it lifts two single stones (y x y x → y x), and no such move makes new single
 *   stones; the 3-drop lifts two more. So the row has at least 2k single stones of its 2k + 2
 *   runs, and lies within k − 1 moves of a pre-goal row;
 * - σ = 0, the gap between two colours: the moves that keep σ ≥ 0 are those hetero.ts lists,
 *   and none of them lowers the number of runs longer than one stone until the gap is inside a
 *   run. A row with σ = −1 has at most 2 such runs, and one move lowers their number by at most
 *   2 (bound.test.ts). So from a row with more than 4 of them no sequence ending in a 3-drop is
 *   possible, and hetero.ts counts every way to finish.
 * The counts agree with the plain rules and with plain breadth-first search (count.property.test.ts).
 */
import {
  changedCells,
  correctedDifference,
  difference,
  emptyShape,
  misplacedStones,
  rowShape,
} from './bound'
import { HETERO_ALPHABET, heteroCompletions, heteroRuns, longRuns, type PhaseMemo } from './hetero'
import { HOMO_ALPHABET, homoCompletions, homoRuns } from './homo'
import { Memo } from './memo'
import { forEachMove, moveInPlace } from './moves'
import { EMPTY, isGoal, type Row } from './state'

/** The verdict "go on moving from this row"; any other verdict is a count of completions. */
export const KEEP = -1

export interface Pruner {
  judge(row: Row, i: number, k: number): number
  /** Entries in the memo of counted last phases (memory, for the statistics). */
  readonly memoSize: number
}

/** How far the first move can lower or raise the colour changes (bounds from the start). */
function firstMoveSpan(start: Row): { drop: number; rise: number } {
  const c0 = rowShape(start).changes
  let drop = 0
  let rise = 0
  const row = start.slice()
  forEachMove(row, (from, to) => {
    moveInPlace(row, from, to)
    const c = rowShape(row).changes
    drop = Math.max(drop, c0 - c)
    rise = Math.max(rise, c - c0)
    moveInPlace(row, to, from)
  })
  return { drop, rise }
}

/** The admissible bounds, for a row whose colour changes `c` are known: whether it may stay. */
function admissible(start: Row, n: number): (row: Row, c: number, i: number, k: number) => boolean {
  const c0 = rowShape(start).changes
  const first = firstMoveSpan(start)
  const w = new Int32Array(start.length + 1)
  const b = new Int32Array(start.length + 1)
  return (row, c, i, k) =>
    c - 1 <= 2 * k &&
    c0 - c <= first.drop + 2 * (i - 1) &&
    c - c0 <= first.rise + 2 * (i - 1) &&
    misplacedStones(row, n, w, b) <= 2 * k &&
    changedCells(row, start) <= 2 * i
}

/** Admissible bounds only: colour changes both ways, and stones that must move. */
export function plainPruner(start: Row, n: number): Pruner {
  const may = admissible(start, n)
  const shape = emptyShape()
  return {
    memoSize: 0,
    judge: (row, i, k) => (may(row, rowShape(row, shape).changes, i, k) ? KEEP : 0),
  }
}

/**
 * Rows one move before a goal with D = 4: the only rows from which the last move lowers D by 3
 * (see bound.ts). Sequences ending that way are the only ones outside the paper's bound (2).
 */
export function preGoals(n: number, length: number): Row[] {
  const out: Row[] = []
  for (let left = 0; left + 2 * n <= length; left++) {
    for (const first of [1, 2]) {
      const goal = new Uint8Array(length)
      for (let i = 0; i < 2 * n; i++) goal[left + i] = i < n ? first : 3 - first
      if (!isGoal(goal)) continue
      const d = difference(goal)
      forEachMove(goal, (from, to) => {
        const row = goal.slice()
        moveInPlace(row, from, to)
        if (difference(row) - d === 3) out.push(row)
      })
    }
  }
  return out
}

/** One pair of empty cells: the rules above, on top of the plain ones. */
export function onePairPruner(start: Row, n: number): Pruner {
  if (start.reduce((e, c) => e + (c === EMPTY ? 1 : 0), 0) !== 2)
    throw new Error('onePairPruner: the row must have exactly two empty cells')
  const may = admissible(start, n)
  const pre = preGoals(n, start.length)
  const memo: PhaseMemo = { hetero: new Memo(HETERO_ALPHABET), homo: new Memo(HOMO_ALPHABET) }
  const shape = emptyShape()
  const nearPreGoal = (row: Row, k: number) => pre.some((p) => changedCells(row, p) <= 2 * (k - 1))
  return {
    get memoSize() {
      return memo.hetero.size + memo.homo.size
    },
    judge(row, i, k) {
      const s = rowShape(row, shape)
      const sigma = 2 * k + 1 - (s.changes + s.gaps)
      if (sigma < -1 || correctedDifference(s) - 1 > 2 * k) return 0
      if ((s.gaps === 0 || s.gapLeft === s.gapRight) && sigma < 0) return 0
      if (!may(row, s.changes, i, k)) return 0
      if (s.gaps === 0) return sigma > 0 ? KEEP : 0
      if (s.gapLeft === s.gapRight) {
        if (sigma < 0) return 0
        if (sigma === 0) return homoCompletions(homoRuns(row), memo.homo)
        return KEEP
      }
      if (sigma < 0) return s.singles >= 2 * k && nearPreGoal(row, k) ? KEEP : 0
      if (sigma === 0 && longRuns(row) > 4) return heteroCompletions(heteroRuns(row), memo)
      return KEEP
    },
  }
}

/** The pruner for a row: the one-pair rules where they hold. */
export function prunerFor(start: Row, n: number, method: 'auto' | 'plain'): Pruner {
  const empty = start.reduce((e, c) => e + (c === EMPTY ? 1 : 0), 0)
  return method === 'auto' && empty === 2 ? onePairPruner(start, n) : plainPruner(start, n)
}
