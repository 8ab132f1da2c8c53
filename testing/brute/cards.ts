/**
 * A deliberately plain brute force for card puzzles, the reference the solver is tested against.
 * It shares no code with the solver (no codes, no tables, no types of identical cards, no
 * Burnside): like the source's anlegen() it lays every unused card in all four turns on each cell
 * in turn, tests the card against every side, and keeps what the finished boards show.
 *  - Boards are told apart by what each cell shows and which card shows it, so turns of a
 *    self-symmetric card that look alike are one board.
 *  - Boards with identical cards taken as one are told apart by what each cell shows alone.
 *  - Classes under turning the whole board: each board's least key over its turned copies.
 * Slow on purpose; keep inputs tiny.
 */
import type { CardPuzzle, Edge } from '../../shared/edgematch/cards/puzzle'

export interface BruteCounts {
  readonly fixed: bigint
  readonly upToRotation: bigint
}

export interface BruteResult extends BruteCounts {
  readonly identicalAsOne: BruteCounts
  /** Every board on the fixed board as its key (see `boardKey`), sorted. */
  readonly boards: readonly string[]
}

/** A cell of a finished board: the card's number and the four edges it shows. */
export interface BruteCell {
  readonly card: number
  readonly shows: readonly Edge[]
}

/** A board's key: per cell, the card and what it shows; without cards, what it shows alone. */
export function boardKey(cells: readonly BruteCell[], withCards = true): string {
  return cells.map((x) => (withCards ? `${x.card}:` : '') + JSON.stringify(x.shows)).join('|')
}

/** The board turned a quarter turn counter-clockwise (rows and cols swap). */
function turnBoard(cells: readonly BruteCell[], rows: number, cols: number): BruteCell[] {
  const out = new Array<BruteCell>(cells.length)
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = cells[r * cols + c]
      // (r, c) of a rows × cols board goes to (cols − 1 − c, r) of the cols × rows board, and
      // the edge on side s moves to side s + 1.
      out[(cols - 1 - c) * rows + r] = {
        card: x.card,
        shows: [x.shows[3], x.shows[0], x.shows[1], x.shows[2]],
      }
    }
  }
  return out
}

function leastKey(cells: readonly BruteCell[], rows: number, cols: number, withCards: boolean) {
  const keys: string[] = []
  let b = cells
  for (let q = 0; q < 4; q++) {
    // A quarter turn of a non-square board gives another board shape: not a symmetry.
    if (q % 2 === 0 || rows === cols) keys.push(boardKey(b, withCards))
    b = turnBoard(b, q % 2 === 0 ? rows : cols, q % 2 === 0 ? cols : rows)
  }
  return keys.sort()[0]
}

export function bruteForceCards(puzzle: CardPuzzle): BruteResult {
  const { rows, cols, cards, frame, match } = puzzle
  const n = rows * cols
  const used = new Array<boolean>(cards.length).fill(false)
  const board: BruteCell[] = []
  const fixed = new Set<string>()
  const visible = new Set<string>()
  const classes = new Set<string>()
  const visibleClasses = new Set<string>()

  const isFrame = (e: Edge) => !Array.isArray(e)
  const fits = (a: Edge, b: Edge) => {
    if (!Array.isArray(a) || !Array.isArray(b)) return false
    if (a[0] !== b[0]) return false
    return match === 'halves' ? a[1] !== b[1] : a[1] === b[1]
  }
  const allowed = (cell: number, shows: Edge[]) => {
    const r = Math.floor(cell / cols)
    const c = cell % cols
    const border = [r === 0, c === 0, r === rows - 1, c === cols - 1]
    for (let side = 0; side < 4; side++) {
      if (border[side] && frame !== undefined && shows[side] !== frame) return false
      if (!border[side] && isFrame(shows[side])) return false
    }
    if (r > 0 && !fits(shows[0], board[cell - cols].shows[2])) return false
    if (c > 0 && !fits(shows[1], board[cell - 1].shows[3])) return false
    return true
  }
  const lay = (cell: number) => {
    if (cell === n) {
      fixed.add(boardKey(board))
      visible.add(boardKey(board, false))
      classes.add(leastKey(board, rows, cols, true))
      visibleClasses.add(leastKey(board, rows, cols, false))
      return
    }
    for (let k = 0; k < cards.length; k++) {
      if (used[k]) continue
      for (let turns = 0; turns < 4; turns++) {
        const shows = [0, 1, 2, 3].map((side) => cards[k][(side - turns + 4) % 4])
        if (!allowed(cell, shows)) continue
        used[k] = true
        board.push({ card: k, shows })
        lay(cell + 1)
        board.pop()
        used[k] = false
      }
    }
  }
  lay(0)
  return {
    fixed: BigInt(fixed.size),
    upToRotation: BigInt(classes.size),
    identicalAsOne: { fixed: BigInt(visible.size), upToRotation: BigInt(visibleClasses.size) },
    boards: [...fixed].sort(),
  }
}

/** The key of a board given as placements (for comparing a solver's boards with these). */
export function placedKey(
  puzzle: CardPuzzle,
  board: readonly { readonly card: number; readonly turns: number }[],
  withCards = true,
): string {
  const cells = board.map(({ card, turns }) => ({
    card,
    shows: [0, 1, 2, 3].map((side) => puzzle.cards[card][(side - turns + 4) % 4]),
  }))
  return boardKey(cells, withCards)
}
