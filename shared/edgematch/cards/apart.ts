/**
 * Cards told apart, from boards of card types. The search (solve.ts) always runs over card types
 * (symmetry.ts: cards equal up to turning are one type with a count), so it meets each board of
 * types once instead of once per way to deal out the identical cards. With cards told apart, a
 * board of types stands for exactly ∏ m! boards of numbered cards, m running over the types' counts:
 * the cards of a type are dealt to the type's cells in every order, each turned to show what the
 * type shows there. Every board of numbered cards arises so from exactly one board of types.
 *
 * Boards of numbered cards are Int32Arrays of "card entries", cardFirst[card] + turns with turns
 * 0 … distinctTurns(card) − 1: cards ascending, then turns, the order the solver compares boards in.
 */
import type { Plan } from './plan'
import { distinctTurns, type CardPuzzle, type Placement } from './puzzle'
import type { BoardRotation } from './symmetry'

export class CardsApart {
  /** Boards of numbered cards per board of types: ∏ m! over the types (25 alike: 25!). */
  readonly perBoard: bigint
  private readonly n: number
  private readonly cardFirst: Int32Array
  private readonly cardWays: Int32Array
  /** Card entry → its card. */
  private readonly entryCard: Int32Array
  /** Type → where its cells start in `cells` and `deal` (prefix sums of the counts). */
  private readonly typeStart: Int32Array
  /** The cells holding each type, in cell order, filled per board. */
  private readonly cells: Int32Array
  /** deal[typeStart[t] + j]: the index in types[t].cards of the card dealt to the j-th cell. */
  private readonly deal: Int32Array
  private readonly filled: Int32Array
  private readonly cards: Int32Array

  constructor(
    private readonly p: Plan,
    puzzle: CardPuzzle,
  ) {
    const { cards } = puzzle
    this.n = p.n
    this.cardWays = Int32Array.from(cards, (card) => distinctTurns(card))
    this.cardFirst = new Int32Array(cards.length)
    for (let c = 1; c < cards.length; c++)
      this.cardFirst[c] = this.cardFirst[c - 1] + this.cardWays[c - 1]
    const entries = cards.length ? this.cardFirst[cards.length - 1] + this.cardWays.at(-1)! : 0
    this.entryCard = new Int32Array(entries)
    cards.forEach((_, c) =>
      this.entryCard.fill(c, this.cardFirst[c], this.cardFirst[c] + this.cardWays[c]),
    )
    this.typeStart = new Int32Array(p.types.length + 1)
    let perBoard = 1n
    p.types.forEach((t, type) => {
      this.typeStart[type + 1] = this.typeStart[type] + t.cards.length
      for (let k = 2; k <= t.cards.length; k++) perBoard *= BigInt(k)
    })
    this.perBoard = perBoard
    this.cells = new Int32Array(p.n)
    this.deal = new Int32Array(p.n)
    this.filled = new Int32Array(p.types.length)
    this.cards = new Int32Array(p.n)
  }

  /**
   * Visits every board of numbered cards showing the board of types `board` (entries of the plan),
   * the cards of each type first dealt in cell order. The array visited is reused: copy it to keep
   * it. `visit` returns true to stop; forEach returns whether it was stopped.
   */
  forEach(board: Int32Array, visit: (cards: Int32Array) => boolean): boolean {
    const { p, n, cells, deal, filled, typeStart } = this
    filled.fill(0)
    for (let cell = 0; cell < n; cell++) {
      const t = p.entryType[board[cell]]
      cells[typeStart[t] + filled[t]++] = cell
    }
    for (let t = 0; t < p.types.length; t++)
      for (let j = typeStart[t]; j < typeStart[t + 1]; j++) deal[j] = j - typeStart[t]
    for (;;) {
      this.write(board)
      if (visit(this.cards)) return true
      // The next deal: an odometer over the types, each running through its permutations.
      let t = 0
      while (t < p.types.length && !nextPermutation(deal, typeStart[t], typeStart[t + 1])) t++
      if (t === p.types.length) return false
    }
  }

  /** The board of numbered cards turned by g, written into `into`. */
  turn(g: BoardRotation, from: Int32Array, into: Int32Array): Int32Array {
    const { cardFirst, cardWays, entryCard } = this
    for (let cell = 0; cell < this.n; cell++) {
      const card = entryCard[from[cell]]
      into[g.image[cell]] =
        cardFirst[card] + ((from[cell] - cardFirst[card] + g.turns) % cardWays[card])
    }
    return into
  }

  placements(cards: Int32Array): Placement[] {
    return Array.from(cards, (e) => ({
      card: this.entryCard[e],
      turns: e - this.cardFirst[this.entryCard[e]],
    }))
  }

  private write(board: Int32Array): void {
    const { p, cells, deal, typeStart, cardFirst, cardWays } = this
    for (let t = 0; t < p.types.length; t++) {
      const type = p.types[t]
      for (let j = typeStart[t]; j < typeStart[t + 1]; j++) {
        const cell = cells[j]
        const k = deal[j]
        const card = type.cards[k]
        const turns = (p.entryTurns[board[cell]] - type.turns[k] + 4) % cardWays[card]
        this.cards[cell] = cardFirst[card] + turns
      }
    }
  }
}

/**
 * Steps a[from … to) to its next permutation in lexicographic order; false (and back to ascending
 * order) after the last.
 */
function nextPermutation(a: Int32Array, from: number, to: number): boolean {
  let i = to - 2
  while (i >= from && a[i] >= a[i + 1]) i--
  if (i >= from) {
    let j = to - 1
    while (a[j] <= a[i]) j--
    const x = a[i]
    a[i] = a[j]
    a[j] = x
  }
  for (let l = i + 1, r = to - 1; l < r; l++, r--) {
    const x = a[l]
    a[l] = a[r]
    a[r] = x
  }
  return i >= from
}
