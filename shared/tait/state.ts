/**
 * The row of Tait's problem (Takeuchi & Okuno §4): cells left to right, each empty or holding a
 * white or a black stone. As text a row reads "WBWB__" (W white, B black, _ empty); the paper
 * writes 1, 2 and 0 (1 2 1 2 0 0), which `parseRow` accepts too.
 */
import { InputError } from '../errors'

export const EMPTY = 0
export const WHITE = 1
export const BLACK = 2

/** One byte per cell: EMPTY, WHITE or BLACK. */
export type Row = Uint8Array

/** The most cells a row may have: two numbers of 32 base-3 digits each hold its key. */
export const MAX_CELLS = 64

const LETTER = ['_', 'W', 'B']

export function formatRow(row: Row): string {
  let s = ''
  for (const c of row) s += LETTER[c]
  return s
}

/** "WB__", "1 2 0 0" or "wb.." (spaces ignored). */
export function parseRow(text: string): Row {
  const chars = text.replace(/\s+/g, '')
  const row = new Uint8Array(chars.length)
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i].toUpperCase()
    if (ch === 'W' || ch === '1') row[i] = WHITE
    else if (ch === 'B' || ch === '2') row[i] = BLACK
    else if (ch === '_' || ch === '0' || ch === '.') row[i] = EMPTY
    else throw new InputError(`a row has only W, B and _ (or 1, 2, 0), not "${chars[i]}"`)
  }
  if (row.length > MAX_CELLS) throw new InputError(`a row has at most ${MAX_CELLS} cells`)
  return row
}

/** Where the empty cells are at the start: the paper puts them at the right end. */
export type EmptyAt = 'right' | 'left' | 'split'

/**
 * The starting row: n white and n black stones alternating, white first, and `empty` empty cells
 * at the right end (the paper's rule II), at the left end, or half at each end ('split').
 */
export function startRow(n: number, empty = 2, at: EmptyAt = 'right'): Row {
  const left = at === 'right' ? 0 : at === 'left' ? empty : Math.floor(empty / 2)
  const row = new Uint8Array(2 * n + empty)
  for (let i = 0; i < 2 * n; i++) row[left + i] = i % 2 === 0 ? WHITE : BLACK
  return row
}

/** Stones of each colour. */
export function stoneCounts(row: Row): { white: number; black: number } {
  let white = 0
  let black = 0
  for (const c of row) {
    if (c === WHITE) white++
    else if (c === BLACK) black++
  }
  return { white, black }
}

/**
 * The goal: the stones contiguous, all white ones in one block and all black ones in the other,
 * in either order and anywhere in the row (the paper's example ends with the black block first,
 * two cells from where the stones began).
 */
export function isGoal(row: Row): boolean {
  let first = -1
  let last = -1
  for (let i = 0; i < row.length; i++) {
    if (row[i] === EMPTY) continue
    if (first < 0) first = i
    last = i
  }
  if (first < 0) return true
  let changes = 0
  for (let i = first + 1; i <= last; i++) {
    if (row[i] === EMPTY) return false
    if (row[i] !== row[i - 1]) changes++
  }
  return changes <= 1
}

/** 3^i for i < 32: a row's key is its cells as base-3 digits, 32 to a number (< 2^53). */
const POW3 = Array.from({ length: 32 }, (_, i) => 3 ** i)

/** The key of a row: cells 0…31 as `lo`, cells 32…63 as `hi`. */
export function rowKey(row: Row): { lo: number; hi: number } {
  let lo = 0
  let hi = 0
  for (let i = row.length - 1; i >= 0; i--) {
    if (i >= 32) hi += row[i] * POW3[i - 32]
    else lo += row[i] * POW3[i]
  }
  return { lo, hi }
}

/** The row with this key (its length given). */
export function rowFromKey(lo: number, hi: number, length: number, into?: Row): Row {
  const row = into ?? new Uint8Array(length)
  for (let i = 0; i < length && i < 32; i++) {
    row[i] = lo % 3
    lo = (lo - row[i]) / 3
  }
  for (let i = 32; i < length; i++) {
    row[i] = hi % 3
    hi = (hi - row[i]) / 3
  }
  return row
}

/** What cell `i` holding `value` adds to the key: to `lo` for i < 32, else to `hi`. */
export function keyWeight(i: number): number {
  return i < 32 ? POW3[i] : POW3[i - 32]
}
