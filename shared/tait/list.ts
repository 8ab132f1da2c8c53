/**
 * The minimal move sequences themselves, in order of their moves (each move by the cell it takes
 * the pair from, then the cell it puts it in), the first `limit` of them. A depth-first search
 * through the rows the counter's pruner keeps; the pruner drops every row no minimal sequence
 * passes through in its phases (prune.ts), and the rest are remembered once found dead, so the
 * search does not wander.
 */
import { countFrom } from './count'
import { forEachMove, moveInPlace, type Move } from './moves'
import { prunerFor } from './prune'
import { formatRow, isGoal, startRow, stoneCounts, type EmptyAt, type Row } from './state'

export interface TaitListing {
  /** The fewest moves (null: no solution). */
  readonly moves: number | null
  /** Each sequence as its rows, from the start to the goal. */
  readonly sequences: Row[][]
  /** Each sequence's moves. */
  readonly steps: Move[][]
}

export function listTait(
  problem: { n: number; empty?: number; at?: EmptyAt },
  limit = Infinity,
  moves?: number | null,
): TaitListing {
  return listFrom(startRow(problem.n, problem.empty ?? 2, problem.at ?? 'right'), limit, moves)
}

/** `moves`: the fewest moves, when a count has found them already. */
export function listFrom(
  start: Row,
  limit = Infinity,
  moves = countFrom(start).moves,
): TaitListing {
  if (moves === null) return { moves, sequences: [], steps: [] }
  const n = stoneCounts(start).white
  const pruner = prunerFor(start, n, 'auto')
  const dead = new Set<string>()
  const sequences: Row[][] = []
  const steps: Move[][] = []
  const rows: Row[] = [start.slice()]
  const path: Move[] = []
  const row = start.slice()
  // Whether some sequence goes on from `row` after i moves; records what it finds.
  const search = (i: number): boolean => {
    if (i === moves) {
      if (!isGoal(row)) return false
      sequences.push(rows.map((r) => r.slice()))
      steps.push([...path])
      return true
    }
    const key = `${formatRow(row)}:${i}`
    if (dead.has(key)) return false
    let found = false
    forEachMove(row.slice(), (from, to) => {
      if (sequences.length >= limit) return
      moveInPlace(row, from, to)
      if (i + 1 === moves || pruner.judge(row, i + 1, moves - i - 1) !== 0) {
        rows.push(row.slice())
        path.push({ from, to })
        if (search(i + 1)) found = true
        rows.pop()
        path.pop()
      }
      moveInPlace(row, to, from)
    })
    if (!found && sequences.length < limit) dead.add(key)
    return found
  }
  if (limit > 0) search(0)
  return { moves, sequences, steps }
}
