/**
 * The middle phase of a minimal sequence with one pair of empty cells, counted without moving
 * stones (prune.ts says when it applies and why it is exact).
 *
 * The inner gap lies between a run of colour x and one of colour y, D = 2k + 1 with k moves left,
 * and every remaining move lowers D by 2 (or by 3 and then 1). Then a move is one of:
 * - two single stones x y, between a y and an x, lifted into the gap (y x y x → y x; the gap's
 *   runs grow by one each); the gap is now between y and x;
 * - a single x and the first stone of a longer y run, after a y (y x y y → y y), or the last
 *   stone of a longer x run and a single y, before an x (x x y x → x x); the runs either side
 *   join around the new gap, and homo.ts counts the rest;
 * - a doubleton (run of exactly two) of either colour lifted into the gap; the gap now lies inside
 *   the run its neighbours make, and homo.ts counts the rest;
 * - two single stones x y at an end lifted into the gap (a 3-drop), then a doubleton of the end's
 *   colour lifted to that end (on to homo.ts), or, as the last move, the far end's doubleton;
 * - as the last move, the far end's doubleton into the gap.
 * Runs only grow or vanish (one shortened by a lift joins the gap's run at once), so a run is
 * known well enough by its length up to 3 (1, 2 or more).
 * Here a row is the string of its run lengths, capped at 3, with '|' at the gap: "21|1123".
 */
import { homoCompletions } from './homo'
import type { Memo } from './memo'
import { EMPTY, type Row } from './state'

/** The letters of hetero.ts's strings (for the memo's keys). */
export const HETERO_ALPHABET = '123|'

/** The runs of a row whose inner gap lies between runs, as capped lengths with '|' at the gap. */
export function heteroRuns(row: Row): string {
  let s = ''
  let colour = EMPTY
  let length = 0
  let gap = false
  for (let i = 0; i <= row.length; i++) {
    const c = i < row.length ? row[i] : -1
    if (c === EMPTY) {
      if (length > 0) gap = true
      continue
    }
    if (c !== colour) {
      if (length > 0) s += Math.min(length, 3)
      if (gap && c !== -1) s += '|'
      colour = c
      length = 0
    }
    length++
    gap = false
  }
  return s
}

/** Runs longer than one stone. */
export function longRuns(row: Row): number {
  let runs = 0
  let colour = EMPTY
  let length = 0
  for (let i = 0; i <= row.length; i++) {
    const c = i < row.length ? row[i] : -1
    if (c === EMPTY) continue
    if (c !== colour) {
      if (length >= 2) runs++
      colour = c
      length = 0
    }
    length++
  }
  return runs
}

const GROW: Record<string, string> = { '1': '2', '2': '3', '3': '3' }

/** Homo.ts's form of capped lengths: doubletons 'd', other runs 'o'. */
function flags(lens: string): string {
  let f = ''
  for (let i = 0; i < lens.length; i++) f += lens[i] === '2' ? 'd' : 'o'
  return f
}

/** Runs `left` … `right` become one run holding the gap (what is inside no longer matters). */
const joinAround = (form: string, left: number, right: number) =>
  form.slice(0, left) + 'h' + form.slice(right + 1)

/** The run at `i` grown past a doubleton. */
const grownPast = (form: string, i: number) => form.slice(0, i) + 'o' + form.slice(i + 1)

/** Memos for one count: this phase's and homo.ts's. */
export interface PhaseMemo {
  readonly hetero: Memo
  readonly homo: Memo
}

/** Completions of the phase from these runs. */
export function heteroCompletions(runs: string, memo: PhaseMemo): number {
  const key = runs
  const known = memo.hetero.get(key)
  if (known !== undefined) return known
  const g = key.indexOf('|')
  const lens = key.slice(0, g) + key.slice(g + 1)
  const m = lens.length
  let total = 0
  if (m === 3) {
    // The last move: the doubleton at the far end into the gap.
    total = (g === 1 && lens[2] === '2') || (g === 2 && lens[0] === '2') ? 1 : 0
  } else {
    // The gap's two runs grow by one when a pair of both colours goes in.
    const grown = lens.slice(0, g - 1) + GROW[lens[g - 1]] + GROW[lens[g]] + lens.slice(g + 1)
    const grownForm = flags(grown)
    const form = flags(lens)
    for (let r = 0; r + 1 < m; r++) {
      // A pair x y needs r of the gap's left colour, and not the run left of the gap.
      if ((r - g + 1) % 2 === 0 && r !== g - 1) {
        // Two single stones, not touching the gap, lifted into it.
        if (r >= 1 && r + 2 < m && r !== g - 2 && lens[r] === '1' && lens[r + 1] === '1')
          total += heteroCompletions(grown.slice(0, r) + '|' + grown.slice(r + 2), memo)
        // A single and a neighbour from a longer run (perhaps an end run): the runs either
        // side join (on to homo.ts).
        if (r >= 1 && lens[r] === '1' && lens[r + 1] !== '1')
          total += homoCompletions(joinAround(grownForm, r - 1, r + 1), memo.homo)
        if (r + 2 < m && lens[r] !== '1' && lens[r + 1] === '1')
          total += homoCompletions(joinAround(grownForm, r, r + 2), memo.homo)
      }
      // A doubleton (not beside the gap) lifted into it, growing the gap's run of its colour.
      if (r >= 1 && r !== g - 1 && r !== g && lens[r] === '2') {
        const filled = grownPast(form, (r - g + 1) % 2 === 0 ? g - 1 : g)
        total += homoCompletions(joinAround(filled, r - 1, r + 1), memo.homo)
      }
    }
    // A 3-drop: an end's two single stones, of the gap's colours, lifted into the gap.
    if (lens[0] === '1' && lens[1] === '1' && g % 2 === 1 && g >= 3)
      total += afterEndLift(grown.slice(2), 0, memo)
    if (lens[m - 1] === '1' && lens[m - 2] === '1' && g % 2 === 0 && g <= m - 3)
      total += afterEndLift(grown.slice(0, m - 2), m - 3, memo)
  }
  memo.hetero.set(key, total)
  return total
}

/** The empty cells at the end run `near` after a 3-drop: the next move lowers D by 1. */
function afterEndLift(lens: string, near: number, memo: PhaseMemo): number {
  const m = lens.length
  if (m === 3) return lens[2 - near] === '2' ? 1 : 0
  const form = grownPast(flags(lens), near)
  let total = 0
  // A doubleton of the end run's colour lifted to that end.
  for (let r = 1; r + 1 < m; r++)
    if ((r - near) % 2 === 0 && lens[r] === '2')
      total += homoCompletions(joinAround(form, r - 1, r + 1), memo.homo)
  return total
}
