/**
 * The frame arc check, a pruning rule for framed puzzles. The border cells form a ring; walked
 * clockwise (the north row west to east, the east column down, the south row east to west, the
 * west column up), each border card has an edge it is entered by and one it is left by, fixed by
 * where its frame edges are: the two edges next to a side card's frame edge, the two non-frame
 * edges of a corner card. On the board, the edge a card is left by matches the edge the next
 * card is entered by.
 *
 * The search fills cells in scan order, so the border cells laid always form one unbroken arc of
 * the ring that holds the north-west corner. The rest of the ring is one open arc, known from the
 * cell last laid: its length, where its corners are, the code its first card must show where it
 * is entered (what the arc's clockwise neighbour needs) and the code its last card must show where
 * it is left (what the counter-clockwise neighbour needs). The unused border cards must be able to
 * fill it — corner cards on its corners, side cards elsewhere — with every step matching; whether
 * they can is looked up, or found by a small depth-first search whose every step is itself such a
 * question and is remembered (keyed by which border cards are used, the two codes and where the
 * arc starts). Only the border cards' ring edges are looked at, so the check never rejects a board
 * that can be completed: every completion fills the open arc that way.
 *
 * Among random Eternity-style boards (few frame colours) this rejects most partial boards whose
 * frame cannot be closed rows before the search would reach the south row.
 */
import type { Plan } from './plan'
import type { CardPuzzle } from './puzzle'

/** log2 of the answer table's slots: it starts at 2^10 and grows up to 2^18 (about 3.4 MB). */
const FIRST_BITS = 10
const MOST_BITS = 18

export class FrameArcs {
  /**
   * Per cell, after a card is laid there: the ring index the open arc starts at, or −1 (not a
   * border cell, or no open arc left); and the positions in the search's `need` array (2 · cell
   * for the east side, 2 · cell + 1 for the south side) holding the codes at its two ends.
   */
  readonly arcStart: Int32Array
  readonly arcLength: Int32Array
  readonly entryAt: Int32Array
  readonly exitAt: Int32Array
  /**
   * The used-border-cards mask, two words of 30 bits: the k-th card laid of a type (k from 0)
   * adds lowBit[copy[type] + k] and highBit[copy[type] + k]. Zero for cards off the ring.
   */
  readonly copy: Int32Array
  readonly lowBit: Int32Array
  readonly highBit: Int32Array

  private readonly K: number
  private readonly ringLength: number
  /** Border cards in the puzzle: the bits of the mask. */
  private readonly borderCards: number
  private readonly corner: Uint8Array
  private readonly borderTypes: Int32Array
  /** (corner · K + code) → border types entered by that code, corner or side cards. */
  private readonly enteredBy: readonly Int32Array[]
  private readonly exitOwn: Int32Array
  private readonly exitNeed: Int32Array
  private readonly count: Int32Array
  private readonly rem: Int32Array
  /**
   * Answers found so far, a table of 2^bits slots, one answer each, a newer one taking the slot
   * of an older: a slot holds its whole key (the mask's words; the codes and the arc's start in
   * one word), so an answer is only ever read back for its own question. answer: 0 none, 1 no,
   * 2 yes. Once it has taken twice as many answers as it has slots, it starts afresh four times
   * as large, up to 2^MOST_BITS slots.
   */
  private bits = 0
  private shift = 0
  private stored = 0
  private slotLow = new Int32Array(0)
  private slotHigh = new Int32Array(0)
  private slotRest = new Int32Array(0)
  private answer = new Uint8Array(0)

  private constructor(p: Plan, rows: number, cols: number) {
    const { n, K } = p
    const B = K - 1
    this.K = K
    const T = p.types.length
    // The ring, clockwise from the north-west corner.
    const ring: number[] = []
    for (let c = 0; c < cols; c++) ring.push(c)
    for (let r = 1; r < rows; r++) ring.push(r * cols + cols - 1)
    for (let c = cols - 2; c >= 0; c--) ring.push((rows - 1) * cols + c)
    for (let r = rows - 2; r >= 1; r--) ring.push(r * cols)
    const L = ring.length
    this.corner = new Uint8Array(L)
    for (const k of [0, cols - 1, cols - 1 + rows - 1, 2 * (cols - 1) + rows - 1])
      this.corner[k] = 1
    const ringIndex = new Int32Array(n).fill(-1)
    ring.forEach((cell, k) => (ringIndex[cell] = k))
    // Where `need` holds what cell a needs of its neighbour b: only east and south come later.
    const needAt = (a: number, b: number): number => {
      if (b === a + 1) return 2 * a
      if (b === a + cols) return 2 * a + 1
      throw new Error('the open arc meets a cell laid earlier on its north or west')
    }
    this.arcStart = new Int32Array(n).fill(-1)
    this.arcLength = new Int32Array(n)
    this.entryAt = new Int32Array(n)
    this.exitAt = new Int32Array(n)
    const laid = new Uint8Array(L)
    for (let cell = 0; cell < n; cell++) {
      if (ringIndex[cell] < 0) continue
      laid[ringIndex[cell]] = 1
      // The laid arc runs from ring index a (its counter-clockwise end; L if that is 0) to b.
      let b = 0
      while (b + 1 < L && laid[b + 1]) b++
      let a = L
      while (a - 1 > b && laid[a - 1]) a--
      if (b + 1 === a) continue // the ring is closed
      for (let k = b + 1; k < a; k++) if (laid[k]) throw new Error('the laid ring is not one arc')
      this.arcStart[cell] = b + 1
      this.arcLength[cell] = a - b - 1
      this.entryAt[cell] = needAt(ring[b], ring[b + 1])
      this.exitAt[cell] = needAt(ring[a % L], ring[a - 1])
    }

    // Border types: how they are entered and left going clockwise.
    const entryOwn = new Int32Array(T).fill(-1)
    this.exitOwn = new Int32Array(T).fill(-1)
    this.exitNeed = new Int32Array(T).fill(-1)
    const isCorner = new Uint8Array(T)
    this.count = Int32Array.from(p.types, (t) => t.cards.length)
    this.copy = new Int32Array(T)
    const border: number[] = []
    for (let t = 0; t < T; t++) {
      const o = p.firstEntry[t]
      const frame = [0, 1, 2, 3].filter((side) => p.ownKey[o * 4 + side] === B)
      let entry = -1
      let exit = -1
      if (frame.length === 1) {
        entry = (frame[0] + 1) & 3
        exit = (frame[0] + 3) & 3
      } else if (frame.length === 2) {
        const f = frame.find((side) => frame.includes((side + 1) & 3))
        // Frame edges on opposite sides: the card fits no ring of a board 2 × 2 or larger.
        if (f !== undefined) {
          entry = (f + 2) & 3
          exit = (f + 3) & 3
          isCorner[t] = 1
        }
      }
      if (entry >= 0) {
        entryOwn[t] = p.ownKey[o * 4 + entry]
        this.exitOwn[t] = p.ownKey[o * 4 + exit]
        this.exitNeed[t] = p.needKey[o * 4 + exit]
        border.push(t)
      }
    }
    this.borderTypes = Int32Array.from(border)
    // The mask's bits: one per border card, type by type; every other type gets weight 0 (the bit
    // `borderCards`, past the mask, has none).
    const isBorder = new Uint8Array(T)
    for (const t of border) isBorder[t] = 1
    let bits = 0
    for (let t = 0; t < T; t++) {
      this.copy[t] = bits
      if (isBorder[t]) bits += this.count[t]
    }
    for (let t = 0; t < T; t++) if (!isBorder[t]) this.copy[t] = bits
    this.borderCards = bits
    const weight = (b: number, word: number) =>
      b < bits && Math.floor(b / 30) === word ? 2 ** (b % 30) : 0
    // Long enough that copy[t] + k stays inside for every type.
    const length = bits + n + 1
    this.lowBit = Int32Array.from({ length }, (_, b) => weight(b, 0))
    this.highBit = Int32Array.from({ length }, (_, b) => weight(b, 1))
    this.enteredBy = Array.from({ length: 2 * K }, (_, key) =>
      Int32Array.from(
        border.filter((t) => isCorner[t] === Math.floor(key / K) && entryOwn[t] === key % K),
      ),
    )
    this.rem = new Int32Array(T)
    this.ringLength = L
    this.table(FIRST_BITS)
  }

  private table(bits: number): void {
    this.bits = bits
    this.shift = 32 - bits
    this.stored = 0
    this.slotLow = new Int32Array(1 << bits)
    this.slotHigh = new Int32Array(1 << bits)
    this.slotRest = new Int32Array(1 << bits)
    this.answer = new Uint8Array(1 << bits)
  }

  /**
   * The check for a framed puzzle of two rows and two columns or more, or undefined (no frame, a
   * single row or column, or keys too large: more than 60 border cards, or K² × ring ≥ 2^31).
   */
  static build(p: Plan, puzzle: CardPuzzle): FrameArcs | undefined {
    if (puzzle.frame === undefined || puzzle.rows < 2 || puzzle.cols < 2) return undefined
    const arcs = new FrameArcs(p, puzzle.rows, puzzle.cols)
    const fits = arcs.borderCards <= 60 && p.K * p.K * arcs.ringLength < 2 ** 31
    return fits ? arcs : undefined
  }

  /**
   * Whether the unused border cards can fill the open arc left once a card lies on `cell`, its
   * first card entered by `entry` and its last left by `exit`. (low, high) is the mask of border
   * cards laid, `left` the search's counts of unused cards per type.
   */
  fits(low: number, high: number, entry: number, exit: number, cell: number, left: Int32Array) {
    const start = this.arcStart[cell]
    // Below 2^31 (see build).
    const rest = (entry * this.K + exit) * this.ringLength + start
    const slot = this.slot(low, high, rest)
    if (this.answer[slot] !== 0 && this.slotLow[slot] === low && this.slotHigh[slot] === high)
      if (this.slotRest[slot] === rest) return this.answer[slot] === 2
    let remaining = 0
    for (const t of this.borderTypes) {
      this.rem[t] = left[t]
      remaining += left[t]
    }
    // Every ring cell takes a border card and every border card a ring cell.
    if (remaining !== this.arcLength[cell]) return false
    if (this.stored > 2 << this.bits && this.bits < MOST_BITS)
      this.table(Math.min(MOST_BITS, this.bits + 2))
    return this.search(low, high, entry, exit, start, remaining)
  }

  private slot(low: number, high: number, rest: number): number {
    let h = Math.imul(low, 0x9e3779b1) ^ Math.imul(high + 0x7f4a7c15, 0x85ebca77)
    h = Math.imul(h ^ rest ^ (h >>> 15), 0xc2b2ae3d)
    return (h ^ (h >>> 13)) >>> this.shift
  }

  private search(
    low: number,
    high: number,
    entry: number,
    exit: number,
    at: number,
    remaining: number,
  ): boolean {
    const rest = (entry * this.K + exit) * this.ringLength + at
    const slot = this.slot(low, high, rest)
    if (this.answer[slot] !== 0 && this.slotLow[slot] === low && this.slotHigh[slot] === high)
      if (this.slotRest[slot] === rest) return this.answer[slot] === 2
    const { rem, count, copy } = this
    let found = false
    for (const t of this.enteredBy[this.corner[at] * this.K + entry]) {
      if (rem[t] === 0) continue
      if (remaining === 1) {
        found = this.exitOwn[t] === exit
      } else {
        const b = copy[t] + count[t] - rem[t]
        rem[t]--
        found = this.search(
          low + this.lowBit[b],
          high + this.highBit[b],
          this.exitNeed[t],
          exit,
          at + 1,
          remaining - 1,
        )
        rem[t]++
      }
      if (found) break
    }
    this.slotLow[slot] = low
    this.slotHigh[slot] = high
    this.slotRest[slot] = rest
    this.answer[slot] = found ? 2 : 1
    this.stored++
    return found
  }
}
