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
import { drawUntil, type Budget, type Drawn, type Spent } from '../draws'
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
import { plural } from '../../plural'

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
 * board, cards told apart, proven by an exhaustive count, within the budget (see draws.ts).
 */
export function generateUniqueCards(
  rows: number,
  cols: number,
  figures: number,
  frameColors: number | undefined,
  seed: number,
  budget: Budget,
  options: { readonly match?: MatchRule; readonly onProgress?: (spent: Spent) => void } = {},
): Drawn<RandomCards> {
  return drawUntil(
    budget,
    (k, onNodes) => {
      const drawn = randomCardPuzzle(rows, cols, figures, frameColors, seed + k, options.match)
      const count = countSolutions(drawn.puzzle, 2, { onProgress: onNodes })
      const unique = count.complete && count.upToRotation === 1n
      return { found: unique ? drawn : undefined, nodes: count.nodes }
    },
    options.onProgress,
  )
}

/**
 * Why rows × cols cards cannot have exactly one solution, or undefined if they may. Cards that
 * are alike (one is another turned) can swap places: a board of m₁, m₂, … alike cards is one of
 * m₁! · m₂! · … boards showing the same, and a class of boards under turning holds at most 4 (2
 * on an oblong board). With L edge labels there are only (L⁴ + L² + 2L) / 4 different cards, so
 * too few figures force too many alike.
 */
export function uniquenessProblem(
  rows: number,
  cols: number,
  figures: number,
  frameColors: number | undefined,
  match: MatchRule = 'halves',
): string | undefined {
  const kinds = (f: number) => {
    const colours = f + (frameColors ?? 0)
    const labels =
      (match === 'halves' ? 2 * colours : colours) + (frameColors === undefined ? 0 : 1)
    return (labels ** 4 + labels ** 2 + 2 * labels) / 4
  }
  const forced = (f: number) => leastSwaps(rows * cols, kinds(f)) > (rows === cols ? 4 : 2)
  if (!forced(figures)) return undefined
  let need = figures + 1
  while (forced(need)) need++
  return (
    `${rows} × ${cols} cards with ${plural(figures, 'figure')} cannot have exactly one solution: ` +
    `${kinds(figures) === 1 ? 'there is only 1 kind of card' : `there are only ${kinds(figures)} different cards`}, ` +
    `so some of the ${rows * cols} are alike, ` +
    `and alike cards can swap places; use at least ${plural(need, 'figure')}`
  )
}

/** The fewest boards showing the same that n cards of at most k kinds make: ∏ m! spread evenly. */
function leastSwaps(n: number, k: number): number {
  if (n <= k) return 1
  const q = Math.floor(n / k)
  const factorial = (m: number): number => (m <= 1 ? 1 : m * factorial(m - 1))
  // Grows past any board's turns at once: a few factors decide it.
  let product = 1
  for (let i = 0; i < k && product <= 4; i++) product *= factorial(i < n % k ? q + 1 : q)
  return product
}
