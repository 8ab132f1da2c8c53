/**
 * Random card puzzles: a solved board is drawn edge by edge, then its cards are cut out, shuffled
 * and turned, so every puzzle has at least the board it came from.
 *
 * Figures are numbers: 1 … figures inside the board. With a frame, the frame figure is 0 and the
 * puzzle is Eternity-style: the edges that run into the frame (between two neighbouring cards on
 * the border) take one of frameColors further figures, figures + 1 … figures + frameColors, and
 * every other inner edge an inner figure; frameColors 0 draws those edges from the inner figures.
 */
import { seededRandom } from '../../random'
import { countSolutions } from './solve'
import {
  complement,
  distinctTurns,
  turnCard,
  type Card,
  type CardBoard,
  type CardPuzzle,
  type Edge,
  type Label,
  type MatchRule,
} from './puzzle'

export interface RandomCards {
  readonly puzzle: CardPuzzle
  /** The board the cards were cut from. */
  readonly solution: CardBoard
}

export const FRAME_FIGURE = 0

export function randomCardPuzzle(
  rows: number,
  cols: number,
  figures: number,
  frameColors: number | undefined,
  seed: number,
  match: MatchRule = 'halves',
): RandomCards {
  const rand = seededRandom(seed)
  const below = (k: number) => Math.floor(rand() * k)
  const framed = frameColors !== undefined
  const label = (intoFrame: boolean): Label => {
    const figure =
      framed && intoFrame && frameColors > 0 ? figures + 1 + below(frameColors) : 1 + below(figures)
    return [figure, match === 'halves' && below(2) === 1 ? 1 : 0]
  }
  const outer = (): Edge => (framed ? FRAME_FIGURE : label(false))
  // laid[cell][side], sides north, west, south, east.
  const laid: Edge[][] = Array.from({ length: rows * cols }, () => [
    outer(),
    outer(),
    outer(),
    outer(),
  ])
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell = r * cols + c
      if (c + 1 < cols) {
        const l = label(r === 0 || r === rows - 1)
        laid[cell][3] = l
        laid[cell + 1][1] = complement(l, match)
      }
      if (r + 1 < rows) {
        const l = label(c === 0 || c === cols - 1)
        laid[cell][2] = l
        laid[cell + cols][0] = complement(l, match)
      }
    }
  }
  // Card k of the puzzle is the card of cell order[k], turned back by turns[k].
  const order = Array.from({ length: rows * cols }, (_, i) => i)
  for (let i = order.length - 1; i > 0; i--) {
    const j = below(i + 1)
    ;[order[i], order[j]] = [order[j], order[i]]
  }
  const turns = order.map(() => below(4))
  const cards = order.map((cell, k) => turnCard(laid[cell] as unknown as Card, 4 - turns[k]))
  const solution = new Array<{ card: number; turns: number }>(rows * cols)
  order.forEach(
    (cell, k) => (solution[cell] = { card: k, turns: turns[k] % distinctTurns(cards[k]) }),
  )
  const puzzle: CardPuzzle = {
    name: `random ${rows}×${cols}, ${figures} figures${framed ? `, frame with ${frameColors} colours` : ''}, seed ${seed}`,
    rows,
    cols,
    cards,
    ...(framed ? { frame: FRAME_FIGURE } : {}),
    match,
  }
  return { puzzle, solution }
}

/**
 * Draws puzzles (seeds seed, seed + 1, …) until one has exactly one solution up to turning the
 * board, cards told apart, proven by an exhaustive count; undefined after `tries` draws.
 */
export function generateUniqueCards(
  rows: number,
  cols: number,
  figures: number,
  frameColors: number | undefined,
  seed: number,
  tries = 100,
  match: MatchRule = 'halves',
): (RandomCards & { draws: number; nodes: number }) | undefined {
  for (let k = 0; k < tries; k++) {
    const drawn = randomCardPuzzle(rows, cols, figures, frameColors, seed + k, match)
    const count = countSolutions(drawn.puzzle, 2)
    if (count.complete && count.upToRotation === 1n)
      return { ...drawn, draws: k + 1, nodes: count.nodes }
  }
  return undefined
}
