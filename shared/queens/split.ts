/**
 * The N-queens count split into independent tasks, using the board's full symmetry group (the 4
 * turns and 4 reflections) in the manner of Kenjiro Takaki's counter: each solution is counted in
 * a normal form that fixes where the edge queens may be, and the few classes with several boards
 * in normal form are sorted out by a cheap check at the solution (search.ts).
 *
 * Every solution (n ≥ 2) has one queen on each edge of the board. Call the distance of an edge
 * queen from the nearer corner of its edge its depth. Normal form: the queen of row 0 has the
 * greatest depth D of the four, and sits in column D (left half: D ≤ n − 1 − D). So
 *   - rows D + 1 … n − 2 − D may not use the side columns 0 and n − 1 (the side queens are within
 *     D of a corner), and the queen of row n − 1 must be in a column within D of a side;
 *   - every class has a board in normal form: turn the deepest edge queen to the top, mirror it
 *     into the left half.
 * Takaki chooses the shallowest edge queen instead. Choosing the deepest puts the row-0 queen
 * nearer the middle, where the search finds more solutions per node, and puts the side-column
 * bound on the middle rows, where most of the search tree is: ~20 % fewer nodes for n = 16.
 *
 * Which other boards of a class are in normal form too? A map that takes the board to another
 * normal form must move one of its edge queens to (0, D). A reflection would take it from
 * (0, n − 1 − D), (D, 0), (n − 1, D) or (n − 1 − D, n − 1), all attacked by the queen at (0, D)
 * (same row, anti-diagonal, column, diagonal), unless D is the middle column, where the left–right
 * mirror keeps (0, D). (No reflection fixes a solution: a mirror would need two queens in a row or
 * all in one column, a diagonal reflection all queens on that diagonal or pairs of queens at
 * (r, c) and (c, r), which attack along the other diagonal.) So:
 *   - D in the middle column (n odd): the turns would need a queen at (D, 0), (n − 1, D) or
 *     (D, n − 1), all attacked too, so the only other normal form is the mirror image; we keep the
 *     board whose row-1 queen is in the left half. No turn fixes such a board: 8 boards a class.
 *   - D < n − 1 − D: only turns, which move the squares (0, D), (D, n − 1), (n − 1, n − 1 − D),
 *     (n − 1 − D, 0) into one another: a turn gives another normal form when it brings a queen
 *     from one of them to (0, D). Of these normal forms we keep those whose turn a quarter
 *     anticlockwise is not one, i.e. with (D, n − 1) empty (following the quarter turns from any
 *     normal form one soon reaches such a board), unless all four squares hold queens (a "ring"
 *     task, where all four turns are kept, and those four queens are placed from the start). That
 *     bound falls on row D, early in the search: another ~12 % fewer nodes for n = 16 (246, 195,
 *     171 million nodes for Takaki's form, the deepest queen, and this). What is left is sorted
 *     out at each solution (search.ts): a ring board is compared with its three turns, another
 *     board with its half turn if that is kept too (queen at (n − 1, n − 1 − D), none at
 *     (n − 1 − D, 0)); it is counted if it comes first, and a turn giving the board itself makes
 *     its class 4 (half turn) or 2 (quarter turn) boards instead of 8.
 *
 * A task also fixes the queens of the first rows (the prefix), which splits the count into many
 * similar pieces: enough for several processes and for sharding, few enough that the per-task
 * overhead does not matter (prefixRows).
 *
 * Placing the other edge queens from the start as well (the start constellations of Q27 and
 * NQueensFAF) makes more nodes here, not fewer: each choice of them repeats the search of the rows
 * above them. Measured with one plain search (the row-after-next cut only), n = 16: 138 million
 * nodes as here, 174 million with the last row's queen placed first, 198 million with all four
 * edge queens, 176 million with Q27's own constellations (the shallowest edge queen at the bottom).
 */

import { seededRandom } from '../random'

/** Random paths per task for its weight: enough to tell light tasks from heavy ones. */
const PROBES = 32

/** One independent piece of the count: plain data, safe to send to another process. */
export interface QueensTask {
  /**
   * The task's name: its prefix's columns, "r" before a ring's ("7.4", "r7"). A checkpoint
   * records finished tasks by it, so a saved task is never taken for another of a changed split.
   */
  readonly id: string
  /**
   * The columns of the queens in the first rows, row 0 first (its column is the depth D); the
   * task counts every way to complete them in normal form.
   */
  readonly rows: readonly number[]
  /** The four edge queens on the squares a quarter turn apart (only row 0's is in `rows`). */
  readonly ring: boolean
  /**
   * Estimated work, in search nodes, from a fixed sample of random paths (Knuth's estimate): for
   * progress bars and scheduling. Measured for n = 16: 9 tasks in 10 within −24 % … +50 % of the
   * nodes the task takes, and the running sums within 2 % of the work done.
   */
  readonly weight: number
}

/** The bounds of the normal form with the row-0 queen in column D. */
export interface Bounds {
  readonly n: number
  /** Per row, the columns the bounds leave (bit c = column c), before any attacks. */
  readonly allowed: Int32Array
}

/** The largest n: counts per task stay below 2^53 and the masks fit 32-bit integers. */
export const MAX_QUEENS = 27

export function checkQueensSize(n: number): void {
  if (!Number.isInteger(n) || n < 1 || n > MAX_QUEENS)
    throw new Error(`the board size must be an integer from 1 to ${MAX_QUEENS}, not ${n}`)
}

/** Whether the row-0 queen's column is the middle one (n odd). */
export function isMiddle(n: number, depth: number): boolean {
  return 2 * depth === n - 1
}

export function taskBounds(n: number, depth: number, ring: boolean): Bounds {
  const mask = (1 << n) - 1
  const m = n - 1
  const allowed = new Int32Array(n).fill(mask)
  allowed[0] = 1 << depth
  for (let y = depth + 1; y < m - depth; y++) allowed[y] = mask & ~((1 << m) | 1)
  // Row n − 1: columns 0 … D and n − 1 − D … n − 1.
  const middle = Math.max(0, m - 2 * depth - 1)
  allowed[m] = mask & ~(((1 << middle) - 1) << (depth + 1))
  if (isMiddle(n, depth)) allowed[1] = (1 << depth) - 1
  else if (ring) {
    // The queens at (D, n − 1), (n − 1 − D, 0) and (n − 1, n − 1 − D) are placed from the start:
    // no other row may use the squares they attack.
    const ringQueens = [
      [depth, m],
      [m - depth, 0],
      [m, m - depth],
    ]
    for (let y = 1; y < n; y++) {
      for (const [qy, qc] of ringQueens) {
        const dy = Math.abs(y - qy)
        const attacked = (1 << qc) | ((1 << qc) >> dy) | (qc + dy < n ? 1 << (qc + dy) : 0)
        allowed[y] &= y === qy ? 1 << qc : ~attacked
      }
    }
  } else allowed[depth] &= ~(1 << m)
  return { n, allowed }
}

/**
 * The depths D of the normal forms: 1 … ⌊(n − 1) / 2⌋. Never 0: at most one corner holds a queen,
 * so some edge queen is not in a corner.
 */
function queensDepths(n: number): number[] {
  return Array.from({ length: Math.floor((n - 1) / 2) }, (_, i) => i + 1)
}

/** The attacks of the queens of a prefix on the next row: [left, down, right]. */
function attacks(rows: readonly number[]): [number, number, number] {
  let left = 0
  let down = 0
  let right = 0
  for (const c of rows) {
    const bit = 1 << c
    left = (left | bit) << 1
    down |= bit
    right = (right | bit) >> 1
  }
  return [left, down, right]
}

/** Every way to place rows `rows.length` … `depth − 1` within the bounds, in column order. */
function extend(
  bounds: Bounds,
  rows: number[],
  depth: number,
  visit: (rows: number[]) => void,
): void {
  if (rows.length === depth) {
    visit(rows)
    return
  }
  const [left, down, right] = attacks(rows)
  let free = bounds.allowed[rows.length] & ~(left | down | right)
  while (free !== 0) {
    const bit = free & -free
    free ^= bit
    extend(bounds, [...rows, 31 - Math.clz32(bit)], depth, visit)
  }
}

/**
 * Knuth's estimate of the size of the search below a prefix: walk down random paths, and average
 * the sums of the products of the branching along them (the expected value is the number of
 * nodes). Rows with fewer choices prune sharply further down, which counting the first few rows
 * below the prefix does not see. The branching is the search's (search.ts): every free square of
 * a row is a node, and the search goes on below those that leave the next row a free square, and
 * the row after it and the last row too unless the row after it is the last.
 */
function estimateNodes(
  bounds: Bounds,
  rows: readonly number[],
  random: () => number,
  probes: number,
): number {
  const { n, allowed } = bounds
  const [left0, down0, right0] = attacks(rows)
  const survivors = new Int32Array(32)
  let sum = 0
  for (let p = 0; p < probes; p++) {
    let left = left0
    let down = down0
    let right = right0
    let width = 1
    for (let y = rows.length; y < n; y++) {
      let free = allowed[y] & ~(left | down | right)
      sum += width * popcount(free)
      let k = 0
      for (; free !== 0; free &= free - 1) {
        const bit = free & -free
        const l = (left | bit) << 1
        const d = down | bit
        const r = (right | bit) >> 1
        if (y + 1 < n && (allowed[y + 1] & ~(l | d | r)) === 0) continue
        if (y + 3 < n && (allowed[y + 2] & ~((l << 1) | d | (r >> 1))) === 0) continue
        const gap = n - 2 - y
        if (y + 3 < n && (allowed[n - 1] & ~((l << gap) | d | (r >> gap))) === 0) continue
        survivors[k++] = bit
      }
      if (k === 0 || y + 1 === n) break
      width *= k
      const bit = survivors[Math.floor(random() * k)]
      left = (left | bit) << 1
      down |= bit
      right = (right | bit) >> 1
    }
  }
  return sum / probes
}

function popcount(bits: number): number {
  let count = 0
  for (; bits !== 0; bits &= bits - 1) count++
  return count
}

/**
 * How many rows a task fixes (but a ring, whose search has three more queens placed from the
 * start, only row 0). Two up to n = 18, about a hundred tasks: a task costs a message each way
 * between processes, and the ~1000 tasks of three rows, a millisecond each at n = 16, made two
 * processes ~5 % slower. Three from n = 19 on, whose runs of minutes to months want smaller tasks
 * for checkpoints and for sharding over many machines. Fewer for n < 4.
 */
export function prefixRows(n: number): number {
  return Math.max(1, Math.min(n <= 18 ? 2 : 3, n - 2))
}

/** The prefix lengths a task may have: any number of rows leaving two to search. */
export function isPrefixLength(n: number, rows: number): boolean {
  return Number.isInteger(rows) && rows >= 1 && rows <= Math.max(1, n - 2)
}

/**
 * The prefixes of the tasks for an n × n board (n ≥ 2), in a fixed order: by D from the middle
 * out (deepest first: those tasks are the heaviest, so a pool taking them in order ends evenly),
 * then by the columns of the prefix. A prefix whose next row has no free square has no
 * solutions and makes no task.
 */
function forEachPrefix(
  n: number,
  rows: number,
  visit: (bounds: Bounds, prefix: number[], ring: boolean) => void,
): void {
  if (!isPrefixLength(n, rows))
    throw new Error(`a ${n}-queens task cannot fix ${rows} rows (1 to ${Math.max(1, n - 2)})`)
  const keep = (bounds: Bounds, prefix: number[], ring: boolean) => {
    const [left, down, right] = attacks(prefix)
    if ((bounds.allowed[prefix.length] & ~(left | down | right)) !== 0) visit(bounds, prefix, ring)
  }
  for (const depth of queensDepths(n).reverse()) {
    const bounds = taskBounds(n, depth, false)
    extend(bounds, [depth], rows, (prefix) => keep(bounds, prefix, false))
    if (isMiddle(n, depth)) continue
    const ring = taskBounds(n, depth, true)
    extend(ring, [depth], 1, (prefix) => keep(ring, prefix, true))
  }
}

function taskName(prefix: readonly number[], ring: boolean): string {
  return (ring ? 'r' : '') + prefix.join('.')
}

/** The names of the tasks `queensTasks(n)` makes, in its order, without weighing them. */
export function queensTaskIds(n: number): string[] {
  checkQueensSize(n)
  if (n === 1) return [taskName([0], false)]
  const ids: string[] = []
  forEachPrefix(n, prefixRows(n), (_, prefix, ring) => ids.push(taskName(prefix, ring)))
  return ids
}

/**
 * The tasks for an n × n board: summing `runQueensTask` over all of them gives the counts. Each
 * non-ring task fixes `rows` rows; any number from 1 to n − 2 splits the same count.
 */
export function queensTasks(n: number, rows = prefixRows(n)): QueensTask[] {
  checkQueensSize(n)
  // One queen: the only board, fixed by all 8 symmetries (the normal forms assume n ≥ 2).
  if (n === 1) return [{ id: taskName([0], false), rows: [0], ring: false, weight: 1 }]
  const tasks: QueensTask[] = []
  const random = seededRandom(n)
  forEachPrefix(n, rows, (bounds, prefix, ring) => {
    const weight = Math.max(1, Math.round(estimateNodes(bounds, prefix, random, PROBES)))
    tasks.push({ id: taskName(prefix, ring), rows: prefix, ring, weight })
  })
  return tasks
}
