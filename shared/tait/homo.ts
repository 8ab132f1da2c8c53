/**
 * The last phase of a minimal sequence with one pair of empty cells, counted without moving
 * stones (prune.ts says when this phase has begun and why it is exact).
 *
 * Read the stones as runs of one colour. When the inner gap lies inside a run (stones of the same
 * colour x either side) and D = 2k + 1 with k moves left, every remaining move lowers D by 2:
 * k − 1 times a "doubleton" (a run of exactly two stones, not at an end) of the gap's colour is
 * lifted into the gap, which puts the gap between the doubleton's two neighbours, runs of the
 * other colour, now joined; the colours alternate x, y, x, …. The last move lifts a doubleton at
 * an end into the gap, leaving two runs and the empty cells at that end. Runs only grow or join
 * in this phase, so no new doubleton appears: the count depends on nothing but which runs are
 * doubletons and where the gap is. Here a row is a string of runs: 'h' the run with the gap,
 * 'd' a doubleton, 'o' any other run; colours alternate along it.
 */
import type { Memo } from './memo'
import { EMPTY, type Row } from './state'

/** The letters of homo.ts's strings (for the memo's keys). */
export const HOMO_ALPHABET = 'hdo'

/** The runs of a row whose inner gap lies inside a run, as 'h', 'd' and 'o'. */
export function homoRuns(row: Row): string {
  let s = ''
  let colour = EMPTY
  let length = 0
  let holed = false
  let gap = false
  for (let i = 0; i <= row.length; i++) {
    const c = i < row.length ? row[i] : -1
    if (c === EMPTY) {
      if (length > 0) gap = true
      continue
    }
    if (c === colour) {
      length++
      if (gap) holed = true
    } else {
      if (length > 0) s += holed ? 'h' : length === 2 ? 'd' : 'o'
      colour = c
      length = 1
      holed = false
    }
    gap = false
  }
  return s
}

/** Quick necessary conditions: enough doubletons of each colour, and the right one at an end. */
function feasible(runs: string, h: number): boolean {
  const m = runs.length
  const k = (m - 1) / 2
  if (m < 3 || m % 2 === 0 || h < 0) return false
  let same = 0
  let other = 0
  for (let r = 1; r < m - 1; r++) {
    if (runs[r] !== 'd') continue
    if ((r - h) % 2 === 0) same++
    else other++
  }
  if (same < Math.ceil((k - 1) / 2) || other < Math.floor((k - 1) / 2)) return false
  // The last move lifts an end doubleton of the gap's colour after k − 1 alternations; both end
  // runs have the colour of run 0.
  const lastIsGapColour = (k - 1) % 2 === 0
  const endIsGapColour = h % 2 === 0
  if (lastIsGapColour !== endIsGapColour) return false
  // End runs never become doubletons: one of them must be one now.
  return runs[0] === 'd' || runs[m - 1] === 'd'
}

/** Completions of the phase from these runs (memo shared within one count). */
export function homoCompletions(runs: string, memo: Memo): number {
  const m = runs.length
  const h = runs.indexOf('h')
  if (m === 3) return (h === 0 && runs[2] === 'd') || (h === 2 && runs[0] === 'd') ? 1 : 0
  // Most rows fail at once; only the others are worth a memo entry.
  if (!feasible(runs, h)) return 0
  const known = memo.get(runs)
  if (known !== undefined) return known
  let total = 0
  const base = runs.slice(0, h) + 'o' + runs.slice(h + 1)
  for (let r = 2 - (h % 2); r < m - 1; r += 2) {
    if (r === h || base[r] !== 'd') continue
    // The doubleton leaves; its two neighbours join around the gap.
    total += homoCompletions(base.slice(0, r - 1) + 'h' + base.slice(r + 2), memo)
  }
  memo.set(runs, total)
  return total
}
