/**
 * An independent check of a filled card board, sharing no code with the solver (no label codes,
 * no tables, not even the turning helpers): from the cards as given and the placements alone it
 * confirms that
 *  - every card lies exactly once, turned 0–3 quarter turns,
 *  - every pair of touching edges matches by the puzzle's rule,
 *  - with a frame, every edge on the border shows the frame figure and no inner edge does.
 */
import type { CardPuzzle, Edge, Placement } from './puzzle'

/** Returns undefined if the board is a solution, otherwise what is wrong. */
export function verifyCardBoard(
  puzzle: CardPuzzle,
  board: readonly Placement[],
): string | undefined {
  const { rows, cols, cards, frame, match } = puzzle
  if (board.length !== rows * cols) return `${board.length} placements for ${rows * cols} cells`
  const seen = new Set<number>()
  for (const [cell, p] of board.entries()) {
    if (!Number.isInteger(p.card) || p.card < 0 || p.card >= cards.length)
      return `cell ${cell + 1} names no card`
    if (![0, 1, 2, 3].includes(p.turns)) return `cell ${cell + 1}: turns must be 0, 1, 2 or 3`
    if (seen.has(p.card)) return `card ${p.card + 1} lies twice`
    seen.add(p.card)
  }
  // Side 0 north, 1 west, 2 south, 3 east; turning counter-clockwise brings side s − t up to s.
  const shown = (r: number, c: number, side: number): Edge => {
    const p = board[r * cols + c]
    return cards[p.card][(((side - p.turns) % 4) + 4) % 4]
  }
  const isPair = (e: Edge): e is readonly [string | number, 0 | 1] => Array.isArray(e)
  const matches = (a: Edge, b: Edge) =>
    isPair(a) && isPair(b) && a[0] === b[0] && (match === 'halves' ? a[1] !== b[1] : a[1] === b[1])
  const where = (r: number, c: number, side: number) =>
    `row ${r + 1}, column ${c + 1}, ${['north', 'west', 'south', 'east'][side]}`
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const border = [r === 0, c === 0, r === rows - 1, c === cols - 1]
      for (let side = 0; side < 4; side++) {
        const e = shown(r, c, side)
        if (frame !== undefined && border[side] && e !== frame)
          return `${where(r, c, side)}: ${JSON.stringify(e)} on the border, not the frame`
        if (!border[side] && !isPair(e))
          return `${where(r, c, side)}: the frame ${JSON.stringify(e)} inside the board`
      }
      if (c + 1 < cols && !matches(shown(r, c, 3), shown(r, c + 1, 1)))
        return `${where(r, c, 3)}: ${JSON.stringify(shown(r, c, 3))} against ${JSON.stringify(shown(r, c + 1, 1))}`
      if (r + 1 < rows && !matches(shown(r, c, 2), shown(r + 1, c, 0)))
        return `${where(r, c, 2)}: ${JSON.stringify(shown(r, c, 2))} against ${JSON.stringify(shown(r + 1, c, 0))}`
    }
  }
  return undefined
}
