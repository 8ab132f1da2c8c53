/**
 * How far a row is from the goal: the paper's "difference" and the lower bounds on the moves left
 * that the counters prune with.
 *
 * Read the stones left to right, skipping empty cells. `changes` counts neighbours of different
 * colour, `gaps` the runs of empty cells with stones on both sides. The paper's difference (§4,
 * as redefined there so that an inner ○○ counts 1) is D = changes + gaps; the goal is D = 1.
 *
 * Moving a pair takes it out between two stones a, b and puts it in between p, q. Taking it out
 * lowers `changes` by at most 2 (and never raises it: a ≠ b only if a stone between them
 * differs); putting it in raises `changes` by 0 to 2. So `changes` moves by at most 2 per move,
 * either way, and at least ⌈(changes − 1)/2⌉ moves are left: an admissible bound for any number of
 * empty cells.
 *
 * The paper's lemma (a move lowers D by at most 2) is not quite true. With one pair of empty cells
 * a move lowers D by 3 when it fills an inner gap between a white and a black stone with the pair
 * from an end of the stones whose first two are single (W W W W _ _ B B B B W B → W W W W W B B
 * B B B _ _); then the next move lowers D by at most 1. Paths that end with such a move break
 * the paper's bound (2) by one all along, so it is a heuristic for them, not a bound. The
 * corrected difference Φ = D − 1 for a row with an inner gap between stones of different colours
 * and such an end (else Φ = D) drops by at most 2 on every move, so ⌈(Φ − 1)/2⌉ is admissible.
 * A move changes Φ only through the stones beside the pair's two places and the three at each
 * end, so small rows hold every case: bound.test.ts checks every move of every row for n ≤ 7,
 * and random rows up to n = 30. With two or more pairs of
 * empty cells a move can lower D by 4 (a pair lifted out from between two gaps fills a third one)
 * and neither D nor Φ bounds anything; the paper's supplementary table shows the effect (see
 * paper.ts).
 */
import { BLACK, EMPTY, WHITE, type Row } from './state'

export interface RowShape {
  /** Neighbouring stones of different colour, empty cells skipped. */
  changes: number
  /** Runs of empty cells with stones on both sides. */
  gaps: number
  /** Colours of the stones either side of the first inner gap (0 if there is none). */
  gapLeft: number
  gapRight: number
  /** An end of the stones whose first two stones are single (W B W… or …B W B). */
  alternatingEnd: boolean
  /** Runs of one stone (empty cells skipped). */
  singles: number
}

/** The shape of a row in one pass; `out` is reused by hot loops. */
export function rowShape(row: Row, out: RowShape = emptyShape()): RowShape {
  let changes = 0
  let gaps = 0
  let prev = EMPTY
  let gapOpen = false
  let gapLeft = 0
  let gapRight = 0
  let count = 0
  let s0 = 0
  let s1 = 0
  let s2 = 0
  let t0 = 0
  let t1 = 0
  let t2 = 0
  let singles = 0
  let runLength = 0
  for (let i = 0; i < row.length; i++) {
    const c = row[i]
    if (c === EMPTY) {
      if (prev !== EMPTY) gapOpen = true
      continue
    }
    if (prev !== EMPTY) {
      if (c !== prev) {
        changes++
        if (runLength === 1) singles++
        runLength = 0
      }
      if (gapOpen) {
        if (gaps === 0) {
          gapLeft = prev
          gapRight = c
        }
        gaps++
      }
    }
    gapOpen = false
    runLength++
    prev = c
    if (count === 0) s0 = c
    else if (count === 1) s1 = c
    else if (count === 2) s2 = c
    t2 = t1
    t1 = t0
    t0 = c
    count++
  }
  out.changes = changes
  out.gaps = gaps
  out.gapLeft = gapLeft
  out.gapRight = gapRight
  out.alternatingEnd = count >= 3 && ((s0 !== s1 && s1 !== s2) || (t0 !== t1 && t1 !== t2))
  out.singles = singles + (runLength === 1 ? 1 : 0)
  return out
}

export function emptyShape(): RowShape {
  return { changes: 0, gaps: 0, gapLeft: 0, gapRight: 0, alternatingEnd: false, singles: 0 }
}

/** The paper's difference D: changes of colour plus inner gaps (1 at the goal). */
export function difference(row: Row): number {
  const s = rowShape(row)
  return s.changes + s.gaps
}

/** Φ: D, less 1 where a 3-drop is possible (see above); for rows with one pair of empty cells. */
export function correctedDifference(shape: RowShape): number {
  const d = shape.changes + shape.gaps
  return shape.gaps === 1 && shape.gapLeft !== shape.gapRight && shape.alternatingEnd ? d - 1 : d
}

/**
 * The fewest stones that must still move: over every goal (either colour order, any offset in the
 * row), the stones not on a cell of their colour in it. Each move moves two stones.
 */
export function misplacedStones(
  row: Row,
  n: number,
  w = new Int32Array(row.length + 1),
  b = new Int32Array(row.length + 1),
): number {
  const len = row.length
  for (let i = 0; i < len; i++) {
    w[i + 1] = w[i] + (row[i] === WHITE ? 1 : 0)
    b[i + 1] = b[i] + (row[i] === BLACK ? 1 : 0)
  }
  let best = Infinity
  for (let o = 0; o + 2 * n <= len; o++) {
    const inside = w[o + 2 * n] - w[o] + b[o + 2 * n] - b[o]
    const outside = 2 * n - inside
    // White block first: black stones in its cells, white ones in the black block's.
    const wb = outside + (b[o + n] - b[o]) + (w[o + 2 * n] - w[o + n])
    const bw = outside + (w[o + n] - w[o]) + (b[o + 2 * n] - b[o + n])
    best = Math.min(best, wb, bw)
  }
  return best
}

/** Stones on a cell that held something else in `start`: each move fills two cells. */
export function changedCells(row: Row, start: Row): number {
  let m = 0
  for (let i = 0; i < row.length; i++) if (row[i] !== EMPTY && row[i] !== start[i]) m++
  return m
}

/** Moves still needed from a row with n stones of each colour, for any number of empty cells. */
export function movesLeftBound(row: Row, n: number): number {
  const { changes } = rowShape(row)
  return Math.max(Math.ceil((changes - 1) / 2), Math.ceil(misplacedStones(row, n) / 2), 0)
}
