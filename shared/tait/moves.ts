/**
 * The one rule: two adjacent stones move together, order kept, into two adjacent empty cells. A
 * move is named by the first cell of the pair before (`from`) and after (`to`). Every move can be
 * taken back by the move from `to` to `from`, so the moves make an undirected graph of rows.
 */
import { EMPTY, type Row } from './state'

export interface Move {
  readonly from: number
  readonly to: number
}

/** Every legal move, by `from` then `to`. */
export function forEachMove(row: Row, visit: (from: number, to: number) => void): void {
  const last = row.length - 1
  for (let from = 0; from < last; from++) {
    if (row[from] === EMPTY || row[from + 1] === EMPTY) continue
    for (let to = 0; to < last; to++) {
      if (row[to] === EMPTY && row[to + 1] === EMPTY) visit(from, to)
    }
  }
}

export function legalMoves(row: Row): Move[] {
  const out: Move[] = []
  forEachMove(row, (from, to) => out.push({ from, to }))
  return out
}

/** Makes the move in place (the caller knows it is legal); the same call with to, from undoes it. */
export function moveInPlace(row: Row, from: number, to: number): void {
  const a = row[from]
  const b = row[from + 1]
  row[from] = EMPTY
  row[from + 1] = EMPTY
  row[to] = a
  row[to + 1] = b
}

/** The row after a legal move, as a new row. */
export function applyMove(row: Row, move: Move): Row {
  const next = row.slice()
  moveInPlace(next, move.from, move.to)
  return next
}
