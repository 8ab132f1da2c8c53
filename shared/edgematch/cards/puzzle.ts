/**
 * Square edge-matching cards (issue 5, the HIB smiley puzzle): rows × cols square cards, each
 * with a label on each of its four edges, are laid out as a board so that wherever two cards
 * touch, their labels match. Cards turn (quarter turns) but are never flipped.
 *
 * A label is a figure and a half: in the HIB puzzle a smiley's colour and whether the edge shows
 * its left or right half. Which labels match is a rule given by `complement(label)`, the one label
 * that matches it: 'halves' (the source's rule: same figure, other half) or 'same' (equal labels,
 * as in Eternity-style puzzles). A rule must be an involution, so that matching is symmetric and
 * turning the whole board keeps a solution a solution; a further rule is one more entry here.
 *
 * Frame (optional, Eternity-style): every edge on the board's border must show the frame figure
 * and no edge inside the board may. So a card with one frame edge goes on a side with that edge
 * outwards, one with two adjacent frame edges in a corner, one without any inside. Frame edges
 * carry no half: they touch nothing. Without a frame, edges on the border are free.
 *
 * Sides are numbered from north counter-clockwise, as in the source text: 0 north, 1 west,
 * 2 south, 3 east. A card turned `turns` quarter turns counter-clockwise shows its edge
 * (side − turns) mod 4 on side `side`: one turn brings the east edge (3) to the north.
 */

export type Figure = string | number
export type Half = 0 | 1
/** An edge label: a figure and which half of it the edge shows. */
export type Label = readonly [Figure, Half]
/** What one edge of a card shows: a label, or (in a framed puzzle) the frame figure alone. */
export type Edge = Label | Figure
/** A card's edges from north counter-clockwise: north, west, south, east. */
export type Card = readonly [Edge, Edge, Edge, Edge]

export type MatchRule = 'halves' | 'same'

export interface CardPuzzle {
  readonly name?: string
  readonly description?: string
  readonly rows: number
  readonly cols: number
  /** rows × cols cards. */
  readonly cards: readonly Card[]
  /** The frame figure: border edges must show it, inner edges must not. */
  readonly frame?: Figure
  readonly match: MatchRule
}

/**
 * A card on the board: its index in `cards` and its quarter turns counter-clockwise (0–3; the
 * solver gives the fewest turns that show the same, for a card that looks alike turned).
 */
export interface Placement {
  readonly card: number
  readonly turns: number
}

/** A filled board: a placement per cell, row by row from the north-west corner. */
export type CardBoard = readonly Placement[]

export const SIDE_NAMES = ['north', 'west', 'south', 'east'] as const

export const COMPLEMENT: Readonly<Record<MatchRule, (label: Label) => Label>> = {
  halves: ([figure, half]) => [figure, half === 0 ? 1 : 0],
  same: (label) => label,
}

export const complement = (label: Label, rule: MatchRule): Label => COMPLEMENT[rule](label)

export const isFrameEdge = (edge: Edge): edge is Figure => !Array.isArray(edge)

/** The edge a card shows on `side` after `turns` quarter turns (the source's bild()). */
export const edgeAt = (card: Card, turns: number, side: number): Edge => card[(side - turns) & 3]

export function turnCard(card: Card, turns: number): Card {
  return [0, 1, 2, 3].map((side) => edgeAt(card, turns, side)) as unknown as Card
}

/** A key equal for equal edges: 1 and "1" are different figures. */
export const edgeKey = (edge: Edge): string => JSON.stringify(edge)

/** Whether two cards are equal edge for edge, as they lie. */
const sameCard = (a: Card, b: Card): boolean =>
  a.every((edge, side) => edgeKey(edge) === edgeKey(b[side]))

/**
 * How many different ways a card can lie: 4, or 2 (1) if a half (quarter) turn leaves it as it
 * was. Turns 0 … distinctTurns − 1 are those ways; turning by more repeats one of them.
 */
export function distinctTurns(card: Card): 1 | 2 | 4 {
  if (sameCard(turnCard(card, 1), card)) return 1
  return sameCard(turnCard(card, 2), card) ? 2 : 4
}
