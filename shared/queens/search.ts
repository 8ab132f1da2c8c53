/**
 * The counting core: completes one task's prefix (split.ts) row by row with bitboards, and sorts
 * each solution found by the size of its symmetry class.
 *
 * Bit c of a mask is column c. Going down one row, the squares attacked along the two diagonals
 * move one column: `left` (down-right diagonals) shifts up a bit, `right` (down-left) down a bit;
 * `down` holds the used columns. The free squares of a row are `allowed & ~(left | down | right)`
 * and `bits & -bits` takes the lowest. The search is a loop over an explicit stack (one entry per
 * row) with the current row's masks in locals, in WebAssembly (rows-kernel.wat): V8 checks every
 * typed-array read of the same loop in JavaScript. Cheap cuts: the last two rows are settled
 * without going down, and a branch ends as soon as the row after next (n = 16: 145 instead of
 * 171 million nodes, ~7 % faster), the last row, which the normal form bounds (121 million,
 * ~6 % faster), or the row after those two (113 million, ~4 % faster) has no square left that the
 * queens so far do not attack. It counts in plain numbers, turned into BigInt once per task.
 */
import { wasmKernel } from '../wasm-kernel'
import { rowsKernelBase64 } from './rows-kernel'
import { checkQueensSize, isMiddle, isPrefixLength, taskBounds, type QueensTask } from './split'

/** What a task (or the whole board) contributes. */
export interface QueensCount {
  /** All solutions (OEIS A000170). */
  readonly total: bigint
  /** Solutions up to the 8 symmetries of the board (OEIS A002562). */
  readonly unique: bigint
  /** Queens placed by the search: its work, for speed measurements. */
  readonly nodes: number
}

/** What rows-kernel.wat exports; its memory holds the allowed columns and the board of a task. */
interface RowsKernel {
  readonly memory: { readonly buffer: ArrayBuffer }
  setTask(n: number, ring: number, halfTurns: number, depth: number): void
  searchRows(y0: number, free: number, left: number, down: number, right: number): number
  nodes(): number
}

const rowsKernel = wasmKernel<RowsKernel>(rowsKernelBase64)

/** The kernel and views of its memory (one per thread: this module is single-threaded). */
interface Rows {
  readonly kernel: RowsKernel
  /** The allowed columns of each row of the task (n ≤ 27). */
  readonly allowed: Int32Array
  /** The queen of each row, as a one-bit mask. */
  readonly board: Int32Array
}
let loaded: Rows | undefined
/** The board and ring of the task running, for the kernel's `sized` calls. */
let current = { n: 0, ring: false }

function rowsState(): Rows {
  if (!loaded) {
    const sized = () => {
      SIZES[classSize(current.n, current.ring)]++
    }
    const kernel = rowsKernel.instantiate({ host: { sized } })
    const buffer = kernel.memory.buffer
    loaded = {
      kernel,
      allowed: new Int32Array(buffer, 0, 32),
      board: new Int32Array(buffer, 640, 32),
    }
  }
  return loaded
}

/** Solutions sorted by `classSize` (index 0: not counted), kept out of the search loop. */
const SIZES = new Float64Array(9)
/** A task's nodes and its solutions of 8 boards (counted by the kernel's `searchRows`). */
const TALLY = new Float64Array(2)
/** Columns of the queens and rows of the columns, for the symmetry check. */
const POS = new Int32Array(32)
const INV = new Int32Array(32)

/**
 * The class size of the solution on BOARD (row-0 queen in column D, not the middle one), or 0 when
 * it is not the one of its class to count: of its turns that are kept as normal forms too
 * (split.ts), none may come before it, comparing column by column from row 0. Those are all three
 * on a ring, else the half turn (the caller checks that it is kept). A turn giving the board
 * itself makes the class smaller.
 */
function classSize(n: number, ring: boolean): number {
  const m = n - 1
  const board = loaded!.board
  for (let y = 0; y < n; y++) {
    const c = 31 - Math.clz32(board[y])
    POS[y] = c
    INV[c] = y
  }
  // Quarter turn clockwise, (r, c) → (c, m − r): row i of the image has its queen in column
  // m − INV[i].
  if (ring) {
    let i = 1
    while (i < n && POS[i] === m - INV[i]) i++
    if (i === n) return 2
    if (m - INV[i] < POS[i]) return 0
  }
  // Half turn: row i of the image is row m − i mirrored.
  let i = 1
  while (i < n && POS[i] === m - POS[m - i]) i++
  if (i === n) return 4
  if (m - POS[m - i] < POS[i]) return 0
  // Quarter turn anticlockwise, (r, c) → (m − c, r). It gives the board itself only if the
  // clockwise one does, which returned above.
  if (ring) {
    i = 1
    while (i < n && POS[i] === INV[m - i]) i++
    if (i < n && INV[m - i] < POS[i]) return 0
  }
  return 8
}

/** What the two halves of a task's search share (the kernel holds the task's constants). */
interface Job {
  readonly rows: Rows
  /** The row where `spread` hands over to `searchRows`. */
  readonly split: number
}

/**
 * Rows placed by `spread` before the kernel's `searchRows` takes over: many short calls rather
 * than one long one.
 */
const SPREAD_ROWS = 2

/** Places rows `y` … `job.split − 1` by plain recursion, then searches below each placement. */
function spread(job: Job, y: number, left: number, down: number, right: number): void {
  const { allowed, board, kernel } = job.rows
  let free = allowed[y] & ~(left | down | right)
  if (y === job.split) {
    if (free !== 0) TALLY[1] += kernel.searchRows(y, free, left, down, right)
    return
  }
  while (free !== 0) {
    const bit = free & -free
    free ^= bit
    board[y] = bit
    TALLY[0]++
    spread(job, y + 1, (left | bit) << 1, down | bit, (right | bit) >> 1)
  }
}

function taskError(n: number, task: QueensTask): Error {
  return new Error(`not a task of the ${n}-queens count: ${JSON.stringify(task)}`)
}

/** Counts every completion of the task's prefix in normal form, by symmetry class size. */
export function runQueensTask(n: number, task: QueensTask): QueensCount {
  checkQueensSize(n)
  const rows = task.rows
  // Tasks may come from another process or a file: check that the prefix is one of ours.
  if (!Array.isArray(rows) || !rows.every(Number.isInteger)) throw taskError(n, task)
  if (n === 1) {
    if (rows.length !== 1 || rows[0] !== 0) throw taskError(n, task)
    return { total: 1n, unique: 1n, nodes: 1 }
  }
  const depth = rows[0]
  const ring = task.ring === true
  if (
    !(ring ? rows.length === 1 : isPrefixLength(n, rows.length)) ||
    !(depth >= 1 && 2 * depth <= n - 1) ||
    (ring && isMiddle(n, depth))
  )
    throw taskError(n, task)
  const { allowed } = taskBounds(n, depth, ring)
  const kernel = rowsState()
  kernel.allowed.fill(0).set(allowed)
  const board = kernel.board
  const start = rows.length
  let left = 0
  let down = 0
  let right = 0
  for (let y = 0; y < start; y++) {
    const bit = 1 << rows[y]
    if (rows[y] < 0 || rows[y] >= n || (allowed[y] & ~(left | down | right) & bit) === 0)
      throw taskError(n, task)
    board[y] = bit
    left = (left | bit) << 1
    down |= bit
    right = (right | bit) >> 1
  }

  const last = n - 1
  // Solutions that a turn may bring into normal form too (see classSize): on a ring all of them,
  // else those with a queen at (n − 1, n − 1 − D) and none at (n − 1 − D, 0); never in the middle.
  const halfTurns = !ring && !isMiddle(n, depth)
  kernel.kernel.setTask(n, ring ? 1 : 0, halfTurns ? 1 : 0, depth)
  const job: Job = { rows: kernel, split: Math.min(start + SPREAD_ROWS, last - 1) }
  current = { n, ring }
  SIZES.fill(0)
  TALLY.fill(0)
  const before = kernel.kernel.nodes()
  spread(job, start, left, down, right)
  const c8 = TALLY[1] + SIZES[8]
  return {
    total: BigInt(c8) * 8n + BigInt(SIZES[4]) * 4n + BigInt(SIZES[2]) * 2n,
    unique: BigInt(c8 + SIZES[4] + SIZES[2]),
    nodes: TALLY[0] + kernel.kernel.nodes() - before,
  }
}
