/**
 * Counting the minimal move sequences of Tait's problem by rows, not by sequences: layer i holds
 * every row a d-move sequence can be in after i moves (as far as prune.ts can tell) with how many
 * sequences reach it, and the sequences through a row multiply with the ways to go on from it.
 * d runs up from the lower bound until a layer d holds a goal; that d is the fewest moves and the
 * sum over the goals the number of minimal sequences. Memory is the largest layer, and with one
 * pair of empty cells the memo of phases counted without moving stones (prune.ts).
 */
import { InputError } from '../errors'
import { movesLeftBound } from './bound'
import { KEEP, prunerFor, type Pruner } from './prune'
import { CountTable } from './table'
import {
  EMPTY,
  MAX_CELLS,
  isGoal,
  keyWeight,
  rowFromKey,
  rowKey,
  startRow,
  stoneCounts,
  type EmptyAt,
  type Row,
} from './state'

export interface TaitProblem {
  /** Stones of each colour. */
  readonly n: number
  /** Empty cells (default 2: one pair). */
  readonly empty?: number
  /** Where they are at the start (default 'right', as in the paper). */
  readonly at?: EmptyAt
}

export interface TaitStats {
  /** Rows in each layer of the last (successful) pass. */
  readonly layers: readonly number[]
  /** Rows whose moves were tried, over all passes. */
  readonly expanded: number
  /** Bytes of the largest layer table, and entries in the memo of last phases. */
  readonly peakBytes: number
  readonly memo: number
  readonly ms: number
}

export interface TaitCount {
  readonly n: number
  readonly empty: number
  /** The fewest moves, or null if there is no solution within `maxMoves`. */
  readonly moves: number | null
  /** Minimal move sequences (0 if none). */
  readonly sequences: bigint
  /** 'one-pair': the rules for one pair of empty cells; 'plain': bounds valid for any number. */
  readonly method: 'one-pair' | 'plain'
  readonly stats: TaitStats
}

export interface CountOptions {
  /** 'plain': only the bounds valid for any number of empty cells (for cross-checks). */
  readonly method?: 'auto' | 'plain'
  /** Give up beyond this many moves (default: n + 3). */
  readonly maxMoves?: number
  /** Called as the rows of each layer are worked through (several times a second at most). */
  readonly onProgress?: (p: TaitProgress) => void
}

/** Where a count is: the pass for `moves` moves, its layer `move`, `rows` of its `of` rows done. */
export interface TaitProgress {
  readonly moves: number
  readonly move: number
  readonly rows: number
  readonly of: number
}

export function checkTaitProblem(n: number, empty: number): void {
  if (!Number.isInteger(n) || n < 1) throw new InputError(`n must be a whole number ≥ 1, not ${n}`)
  if (!Number.isInteger(empty) || empty < 2)
    throw new InputError(`the row needs at least 2 empty cells, not ${empty}`)
  if (2 * n + empty > MAX_CELLS)
    throw new InputError(`the row has at most ${MAX_CELLS} cells: 2n + empty cells ≤ ${MAX_CELLS}`)
}

/** The minimal sequences from the paper's start (or with the empty cells elsewhere). */
export function countTait(problem: TaitProblem, options: CountOptions = {}): TaitCount {
  const empty = problem.empty ?? 2
  checkTaitProblem(problem.n, empty)
  return countFrom(startRow(problem.n, empty, problem.at ?? 'right'), options)
}

/**
 * A count as its passes: the sequences of exactly d moves for d from a lower bound up, until a
 * pass finds some. Each pass stands alone (a worker may run one without the others).
 */
export interface TaitPlan {
  readonly start: Row
  readonly n: number
  readonly empty: number
  /** 'one-pair': the rules for one pair of empty cells; 'plain': bounds valid for any number. */
  readonly method: 'one-pair' | 'plain'
  /** The first pass: no sequence is shorter. */
  readonly fewest: number
  /** The last pass tried. */
  readonly most: number
}

export function planTait(
  start: Row,
  options: Pick<CountOptions, 'method' | 'maxMoves'> = {},
): TaitPlan {
  const { white, black } = stoneCounts(start)
  if (white !== black || white === 0)
    throw new InputError('the row needs as many white as black stones')
  const n = white
  const empty = start.length - 2 * n
  const method = (options.method ?? 'auto') === 'auto' && empty === 2 ? 'one-pair' : 'plain'
  return {
    start,
    n,
    empty,
    method,
    fewest: movesLeftBound(start, n),
    most: options.maxMoves ?? n + 3,
  }
}

/** The pruner of a plan's passes (with one pair of empty cells, its memo serves them all). */
export function taitPruner(plan: TaitPlan): Pruner {
  return prunerFor(plan.start, plan.n, plan.method === 'one-pair' ? 'auto' : 'plain')
}

/** The minimal sequences from any row with as many white as black stones. */
export function countFrom(start: Row, options: CountOptions = {}): TaitCount {
  const t0 = performance.now()
  const plan = planTait(start, options)
  const { n, empty, method } = plan
  const pruner = taitPruner(plan)
  let expanded = 0
  let peakBytes = 0
  let layers: number[] = []
  const stats = (): TaitStats => ({
    layers,
    expanded,
    peakBytes,
    memo: pruner.memoSize,
    ms: performance.now() - t0,
  })
  for (let d = plan.fewest; d <= plan.most; d++) {
    const pass = countPass(start, d, pruner, options.onProgress)
    expanded += pass.expanded
    peakBytes = Math.max(peakBytes, pass.peakBytes)
    layers = pass.layers
    if (pass.total > 0n)
      return { n, empty, moves: d, sequences: pass.total, method, stats: stats() }
  }
  layers = []
  return { n, empty, moves: null, sequences: 0n, method, stats: stats() }
}

export interface Pass {
  /** Sequences of exactly d moves that end in a goal (and pass the pruner). */
  readonly total: bigint
  readonly layers: number[]
  readonly expanded: number
  readonly peakBytes: number
}

/** The sequences of exactly d moves from `start` to a goal, through rows the pruner keeps. */
export function countPass(
  start: Row,
  d: number,
  pruner: Pruner,
  onProgress?: (p: TaitProgress) => void,
): Pass {
  const len = start.length
  if (d === 0) return { total: isGoal(start) ? 1n : 0n, layers: [1], expanded: 0, peakBytes: 0 }
  const key0 = rowKey(start)
  let layer = new CountTable(16)
  layer.add(key0.lo, key0.hi, 1)
  const layers = [1]
  const row = new Uint8Array(len)
  let total = 0n
  let expanded = 0
  let peakBytes = layer.bytes
  for (let i = 1; i <= d; i++) {
    const k = d - i
    const next = new CountTable(layer.size * 4)
    // Rows whose last phase is counted at once: their sequences are gathered, then multiplied.
    const finishing = new CountTable(64)
    let rows = 0
    layer.forEach((lo, hi, f) => {
      expanded++
      if (onProgress) onProgress({ moves: d, move: i, rows: rows++, of: layer.size })
      rowFromKey(lo, hi, len, row)
      for (let from = 0; from + 1 < len; from++) {
        const a = row[from]
        const b = row[from + 1]
        if (a === EMPTY || b === EMPTY) continue
        // The key without the pair, then with it at each pair of empty cells.
        let baseLo = lo
        let baseHi = hi
        if (from < 32) baseLo -= a * keyWeight(from)
        else baseHi -= a * keyWeight(from)
        if (from + 1 < 32) baseLo -= b * keyWeight(from + 1)
        else baseHi -= b * keyWeight(from + 1)
        for (let to = 0; to + 1 < len; to++) {
          if (row[to] !== EMPTY || row[to + 1] !== EMPTY) continue
          let nLo = baseLo
          let nHi = baseHi
          if (to < 32) nLo += a * keyWeight(to)
          else nHi += a * keyWeight(to)
          if (to + 1 < 32) nLo += b * keyWeight(to + 1)
          else nHi += b * keyWeight(to + 1)
          row[from] = EMPTY
          row[from + 1] = EMPTY
          row[to] = a
          row[to + 1] = b
          if (k === 0) {
            if (isGoal(row)) total += BigInt(f)
          } else if (!next.addIfPresent(nLo, nHi, f) && !finishing.addIfPresent(nLo, nHi, f)) {
            const verdict = pruner.judge(row, i, k)
            if (verdict === KEEP) next.add(nLo, nHi, f)
            else if (verdict > 0) finishing.add(nLo, nHi, f)
          }
          row[to] = EMPTY
          row[to + 1] = EMPTY
          row[from] = a
          row[from + 1] = b
        }
      }
    })
    finishing.forEach((fLo, fHi, f) => {
      const done = pruner.judge(rowFromKey(fLo, fHi, len), i, k)
      total += BigInt(f) * BigInt(done)
    })
    checkExact(next)
    checkExact(finishing)
    peakBytes = Math.max(peakBytes, next.bytes + layer.bytes + finishing.bytes)
    layers.push(next.size + finishing.size)
    layer = next
  }
  return { total, layers, expanded, peakBytes }
}

/** Counts are doubles: exact while below 2^53, which a layer's sums must not pass. */
function checkExact(table: CountTable): void {
  if (table.maxCount() > Number.MAX_SAFE_INTEGER)
    throw new Error('a count passed 2^53 and would no longer be exact')
}
