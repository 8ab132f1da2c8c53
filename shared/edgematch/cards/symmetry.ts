/**
 * The two symmetries the card counts divide out: turning the whole board, and identical cards
 * (a card equal to another one turned, which no one can tell apart on the table).
 */
import { edgeKey, turnCard, type Card } from './puzzle'

export interface BoardRotation {
  /** Quarter turns counter-clockwise of the whole board; every card on it turns as much. */
  readonly turns: number
  /** Cell (row by row) → the cell its card moves to. */
  readonly image: Int32Array
}

/**
 * The turns that map the board onto itself: 4 on a square board, the identity and the half turn
 * on any other rectangle. The identity comes first.
 */
export function boardRotations(rows: number, cols: number): BoardRotation[] {
  const n = rows * cols
  const half = Int32Array.from({ length: n }, (_, cell) => n - 1 - cell)
  const identity = Int32Array.from({ length: n }, (_, cell) => cell)
  if (rows !== cols) {
    return [
      { turns: 0, image: identity },
      { turns: 2, image: half },
    ]
  }
  // A quarter turn counter-clockwise takes (r, c) to (cols − 1 − c, r): the north-east corner
  // becomes the north-west one.
  const quarter = Int32Array.from(
    { length: n },
    (_, cell) => (cols - 1 - (cell % cols)) * cols + Math.floor(cell / cols),
  )
  const threeQuarters = Int32Array.from({ length: n }, (_, cell) => half[quarter[cell]])
  return [
    { turns: 0, image: identity },
    { turns: 1, image: quarter },
    { turns: 2, image: half },
    { turns: 3, image: threeQuarters },
  ]
}

/** Cards that are the same card, up to turning it. */
export interface CardType {
  /** Indices into the card list, ascending; the first is the type's representative. */
  readonly cards: readonly number[]
  /** turns[k]: card cards[k] is the representative turned this many quarter turns (the fewest). */
  readonly turns: readonly number[]
}

/** The cards grouped into types of identical cards, in order of their first card. */
export function cardTypes(cards: readonly Card[]): CardType[] {
  const byKey = new Map<string, { cards: number[]; turns: number[] }>()
  const types: { cards: number[]; turns: number[] }[] = []
  const keyOf = (card: Card) => card.map(edgeKey).join(',')
  cards.forEach((card, index) => {
    const ways = [0, 1, 2, 3].map((t) => keyOf(turnCard(card, t)))
    const canonical = [...ways].sort()[0]
    let type = byKey.get(canonical)
    if (!type) {
      type = { cards: [], turns: [] }
      byKey.set(canonical, type)
      types.push(type)
    }
    const rep = type.cards.length === 0 ? card : cards[type.cards[0]]
    type.cards.push(index)
    type.turns.push([0, 1, 2, 3].find((t) => keyOf(turnCard(rep, t)) === ways[0])!)
  })
  return types
}

/** The types with more than one card: what a user is told about. */
export const identicalGroups = (cards: readonly Card[]): CardType[] =>
  cardTypes(cards).filter((t) => t.cards.length > 1)
