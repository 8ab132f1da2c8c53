/**
 * What the card search precomputes from a puzzle. Every label gets a small code; every way a card
 * type can lie (an "entry": the type's first card turned 0 … distinctTurns − 1 times) gets the
 * codes its east and south neighbours need; and one table maps (cell class, west needed, north
 * needed) to the entries that fit there, so the search does one lookup per cell.
 *
 * Cell classes: with a frame, a cell's class is the set of its sides on the border, and an entry
 * is listed only under the class equal to its set of frame edges: corners and sides only try
 * corner and side cards, and the south and east frame needs no test of its own. Without a frame
 * there is one class, and the code B ("border") as the west or north key means "anything".
 */
import {
  COMPLEMENT,
  distinctTurns,
  edgeKey,
  isFrameEdge,
  turnCard,
  type CardPuzzle,
  type Edge,
} from './puzzle'
import { cardTypes, type CardType } from './symmetry'

export interface Plan {
  readonly n: number
  readonly types: readonly CardType[]
  /** The first entry of each type; its entries are firstEntry[type] + turns. */
  readonly firstEntry: Int32Array
  /** Entry → its type, and how far it turns the type's first card. */
  readonly entryType: Int32Array
  readonly entryTurns: Int32Array
  /** Entry · 4 + q → the same card turned q more quarter turns. */
  readonly turned: Int32Array
  /** The codes an entry's east and south neighbours must show (B behind a frame edge). */
  readonly eastKey: Int32Array
  readonly southKey: Int32Array
  /** Entry · 4 + side → the code the entry shows there, and the code its neighbour there must show. */
  readonly ownKey: Int32Array
  readonly needKey: Int32Array
  /** (class · K + west) · K + north → list[start[t] … start[t + 1]). */
  readonly start: Int32Array
  readonly list: Int32Array
  /** The type of each list item, read without going through the entry. */
  readonly listType: Int32Array
  readonly K: number
  /** Cell → class · K · K, and the board positions of its west and north neighbours (n: none). */
  readonly cellBase: Int32Array
  readonly westOf: Int32Array
  readonly northOf: Int32Array
  /** Whether entry o can lie on cell c at all (its frame edges on the cell's border sides). */
  readonly fits: (o: number, cell: number) => boolean
}

/** Identical cards make one type with a count when `identicalAsOne`, else every card is its own. */
export function planCards(puzzle: CardPuzzle, identicalAsOne: boolean): Plan {
  const { rows, cols, cards, frame, match } = puzzle
  const n = rows * cols
  if (cards.length !== n) throw new RangeError(`${cards.length} cards for ${n} cells`)
  const types = identicalAsOne
    ? cardTypes(cards)
    : cards.map((_, i) => ({ cards: [i], turns: [0] }))

  const codes = new Map<string, number>()
  for (const card of cards) {
    for (const edge of card) {
      if (isFrameEdge(edge)) {
        if (frame === undefined || edgeKey(edge) !== edgeKey(frame))
          throw new RangeError(`edge ${edgeKey(edge)} is not the frame`)
      } else {
        for (const key of [edgeKey(edge), edgeKey(COMPLEMENT[match](edge))])
          if (!codes.has(key)) codes.set(key, codes.size)
      }
    }
  }
  const K = codes.size + 1
  const B = K - 1
  const own = (edge: Edge) => (isFrameEdge(edge) ? B : codes.get(edgeKey(edge))!)
  // What the neighbour on that side must show; frame edges never face one.
  const need = (edge: Edge) =>
    isFrameEdge(edge) ? B : codes.get(edgeKey(COMPLEMENT[match](edge)))!

  const firstEntry = new Int32Array(types.length)
  const entries: { type: number; turns: number; ways: number }[] = []
  types.forEach((t, type) => {
    firstEntry[type] = entries.length
    const ways = distinctTurns(cards[t.cards[0]])
    for (let turns = 0; turns < ways; turns++) entries.push({ type, turns, ways })
  })
  const count = entries.length
  const shown = entries.map((e) => turnCard(cards[types[e.type].cards[0]], e.turns))
  const turned = new Int32Array(count * 4)
  const eastKey = new Int32Array(count)
  const southKey = new Int32Array(count)
  const ownKey = new Int32Array(count * 4)
  const needKey = new Int32Array(count * 4)
  entries.forEach((e, o) => {
    for (let q = 0; q < 4; q++) {
      turned[o * 4 + q] = firstEntry[e.type] + ((e.turns + q) % e.ways)
      ownKey[o * 4 + q] = own(shown[o][q])
      needKey[o * 4 + q] = need(shown[o][q])
    }
    eastKey[o] = need(shown[o][3])
    southKey[o] = need(shown[o][2])
  })

  const cellMask = Array.from({ length: n }, (_, cell) => {
    const r = Math.floor(cell / cols)
    const c = cell % cols
    return (
      (r === 0 ? 1 : 0) | (c === 0 ? 2 : 0) | (r === rows - 1 ? 4 : 0) | (c === cols - 1 ? 8 : 0)
    )
  })
  const classOf = new Map<number, number>()
  if (frame !== undefined)
    for (const m of cellMask) if (!classOf.has(m)) classOf.set(m, classOf.size)
  const cellClass = cellMask.map((m) => classOf.get(m) ?? 0)
  const entryClass = shown.map((card) => {
    if (frame === undefined) return 0
    const mask = card.reduce<number>((m, edge, side) => m | (isFrameEdge(edge) ? 1 << side : 0), 0)
    return classOf.get(mask) ?? -1
  })
  const classes = Math.max(1, classOf.size)
  const keysOf = (o: number): number[] => {
    const w = own(shown[o][1])
    const nn = own(shown[o][0])
    if (frame === undefined) return [w * K + nn, B * K + nn, w * K + B, B * K + B]
    return entryClass[o] < 0 ? [] : [(entryClass[o] * K + w) * K + nn]
  }
  const size = classes * K * K
  const start = new Int32Array(size + 1)
  const keys = entries.map((_, o) => keysOf(o))
  for (const ks of keys) for (const t of ks) start[t + 1]++
  for (let t = 0; t < size; t++) start[t + 1] += start[t]
  const list = new Int32Array(start[size])
  const next = start.slice()
  keys.forEach((ks, o) => ks.forEach((t) => (list[next[t]++] = o)))

  const entryType = Int32Array.from(entries, (e) => e.type)
  return {
    n,
    types,
    firstEntry,
    entryType,
    entryTurns: Int32Array.from(entries, (e) => e.turns),
    turned,
    eastKey,
    southKey,
    ownKey,
    needKey,
    start,
    list,
    listType: Int32Array.from(list, (o) => entryType[o]),
    K,
    cellBase: Int32Array.from(cellClass, (c) => c * K * K),
    westOf: Int32Array.from({ length: n }, (_, cell) => (cell % cols === 0 ? n : cell - 1)),
    northOf: Int32Array.from({ length: n }, (_, cell) => (cell < cols ? n : cell - cols)),
    fits: (o, cell) => entryClass[o] === cellClass[cell],
  }
}
