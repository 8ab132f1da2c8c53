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
 * question and is remembered (keyed by how many border cards of each kind are used, the two codes
 * and where the arc starts). Only the border cards' ring edges are looked at, so the check never
 * rejects a board that can be completed: every completion fills the open arc that way.
 *
 * The question only sees a border card's kind: corner or side, and the codes it is entered and
 * left by. Cards of one kind are interchangeable in it, so the search picks kinds, not cards: asked
 * by card, a 12 × 12 board's arc of 40 cells, its cards of a few frame colours but all different
 * inside, took ~150 ms per question (the same arc filled by every order of look-alike cards), and
 * a 16 × 16 board's first report came after 10 s. A question that still takes more than
 * MOST_STEPS steps is given up and answered yes (the card is kept): the check only prunes, so the
 * counts stay exact, and no search node costs more than a bounded time.
 *
 * Among random Eternity-style boards (few frame colours) this rejects most partial boards whose
 * frame cannot be closed rows before the search would reach the south row.
 */
import type { Plan } from './plan'
import type { CardPuzzle } from './puzzle'

/** log2 of the answer table's slots: it starts at 2^10 and grows up to 2^18 (about 3.4 MB). */
const FIRST_BITS = 10
const MOST_BITS = 18
/** Steps (questions asked) one check may take before it is given up. */
const MOST_STEPS = 200

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

  private readonly K: number
  private readonly ringLength: number
  /** Border cards in the puzzle: the bits of the mask. */
  private readonly borderCards: number
  private readonly corner: Uint8Array
  private readonly borderTypes: Int32Array
  /** Border type → its kind (corner or side, entered by, left by). */
  private readonly kindOf: Int32Array
  /** (corner · K + code) → kinds entered by that code, corner or side cards. */
  private readonly enteredBy: readonly Int32Array[]
  /** Per kind: what its cards show and need where they are left, and how many there are. */
  private readonly exitOwn: Int32Array
  private readonly exitNeed: Int32Array
  private readonly count: Int32Array
  /** Per kind, its cards not laid (during a check). */
  private readonly rem: Int32Array
  /**
   * The used-border-cards mask, two words of 30 bits: the u-th card used of a kind (u from 0) is
   * bit copy[kind] + u; lowBit and highBit give its weight in each word.
   */
  private readonly copy: Int32Array
  private readonly lowBit: Int32Array
  private readonly highBit: Int32Array
  /** The border types of kind k: kindTypes[kindFirst[k] … kindFirst[k + 1]), and their cards. */
  private readonly kindFirst: Int32Array
  private readonly kindTypes: Int32Array
  private readonly typeCards: Int32Array
  /**
   * The path's mask, kept as the search lays border cards (`lay`): after a card on cell c, the
   * mask's words and the border cards laid are at c + 1; before cell c, at lastAt[c] (one past
   * the last checked cell before c, 0 for none). Built card by card from the last checked cell's,
   * it costs a check a few loads, where summing it over every kind took 40 % of a framed 6 × 6
   * board's solve.
   */
  private readonly lastAt: Int32Array
  private readonly lowAt: Int32Array
  private readonly highAt: Int32Array
  private readonly laidAt: Int32Array
  /** Steps of the check in progress, and of all so far: its cost. */
  private steps = 0
  totalSteps = 0
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
    const exitOwn = new Int32Array(T).fill(-1)
    const exitNeed = new Int32Array(T).fill(-1)
    const isCorner = new Uint8Array(T)
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
        exitOwn[t] = p.ownKey[o * 4 + exit]
        exitNeed[t] = p.needKey[o * 4 + exit]
        border.push(t)
      }
    }
    this.borderTypes = Int32Array.from(border)
    // Kinds: border types alike on the ring.
    const kindKey = (t: number) => (isCorner[t] * K + entryOwn[t]) * K + exitOwn[t]
    const kinds = [...new Set(border.map(kindKey))]
    this.kindOf = new Int32Array(T).fill(-1)
    for (const t of border) this.kindOf[t] = kinds.indexOf(kindKey(t))
    const first = kinds.map((key) => border.find((t) => kindKey(t) === key)!)
    this.exitOwn = Int32Array.from(first, (t) => exitOwn[t])
    this.exitNeed = Int32Array.from(first, (t) => exitNeed[t])
    this.count = new Int32Array(kinds.length)
    for (const t of border) this.count[this.kindOf[t]] += p.types[t].cards.length
    // The mask's bits: one per border card, kind by kind.
    this.copy = new Int32Array(kinds.length)
    let bits = 0
    this.count.forEach((c, k) => ((this.copy[k] = bits), (bits += c)))
    this.borderCards = bits
    const weight = (b: number, word: number) =>
      b < bits && Math.floor(b / 30) === word ? 2 ** (b % 30) : 0
    this.lowBit = Int32Array.from({ length: bits }, (_, b) => weight(b, 0))
    this.highBit = Int32Array.from({ length: bits }, (_, b) => weight(b, 1))
    this.enteredBy = Array.from({ length: 2 * K }, (_, key) =>
      Int32Array.from(
        first.flatMap((t, k) =>
          isCorner[t] === Math.floor(key / K) && entryOwn[t] === key % K ? [k] : [],
        ),
      ),
    )
    this.rem = new Int32Array(kinds.length)
    this.kindFirst = new Int32Array(kinds.length + 1)
    for (const t of border) this.kindFirst[this.kindOf[t] + 1]++
    for (let k = 0; k < kinds.length; k++) this.kindFirst[k + 1] += this.kindFirst[k]
    this.kindTypes = Int32Array.from(
      [...border].sort((a, b) => this.kindOf[a] - this.kindOf[b] || a - b),
    )
    this.typeCards = Int32Array.from(p.types, (type) => type.cards.length)
    this.lastAt = new Int32Array(n)
    for (let c = 0, last = 0; c < n; c++) {
      this.lastAt[c] = last
      if (this.arcStart[c] >= 0) last = c + 1
    }
    this.lowAt = new Int32Array(n + 1)
    this.highAt = new Int32Array(n + 1)
    this.laidAt = new Int32Array(n + 1)
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
   * A border card of `type` is laid on `cell` (a cell with arcStart ≥ 0), `left` the search's
   * counts of unused cards per type with it taken: its bit joins the mask of the checked cells
   * before it. The search lays in scan order, so those cells were laid on the same path.
   */
  lay(cell: number, type: number, left: Int32Array): void {
    const k = this.kindOf[type]
    // The cards of its kind laid before it.
    let u = -1
    for (let j = this.kindFirst[k]; j < this.kindFirst[k + 1]; j++) {
      const t = this.kindTypes[j]
      u += this.typeCards[t] - left[t]
    }
    const from = this.lastAt[cell]
    this.lowAt[cell + 1] = this.lowAt[from] + this.lowBit[this.copy[k] + u]
    this.highAt[cell + 1] = this.highAt[from] + this.highBit[this.copy[k] + u]
    this.laidAt[cell + 1] = this.laidAt[from] + 1
  }

  /**
   * Whether the unused border cards can fill the open arc left once a card lies on `cell` (laid
   * by `lay`), its first card entered by `entry` and its last left by `exit` (or the question
   * took too long to answer: then yes). `left` is the search's counts of unused cards per type.
   */
  fits(entry: number, exit: number, cell: number, left: Int32Array): boolean {
    const remaining = this.borderCards - this.laidAt[cell + 1]
    // Every ring cell takes a border card and every border card a ring cell.
    if (remaining !== this.arcLength[cell]) return false
    const low = this.lowAt[cell + 1]
    const high = this.highAt[cell + 1]
    const at = this.arcStart[cell]
    const rest = (entry * this.K + exit) * this.ringLength + at
    const known = this.known(this.slot(low, high, rest), low, high, rest)
    if (known !== 0) return known === 2
    // Not known: the search below takes the unused border cards by kind.
    const { rem, borderTypes, kindOf } = this
    rem.fill(0)
    for (let j = 0; j < borderTypes.length; j++) rem[kindOf[borderTypes[j]]] += left[borderTypes[j]]
    if (this.stored > 2 << this.bits && this.bits < MOST_BITS)
      this.table(Math.min(MOST_BITS, this.bits + 2))
    this.steps = 0
    const yes = this.search(low, high, entry, exit, at, remaining)
    this.totalSteps += this.steps
    return yes
  }

  /** The answer remembered for a question: 0 none, 1 no, 2 yes. */
  private known(slot: number, low: number, high: number, rest: number): number {
    return this.slotLow[slot] === low &&
      this.slotHigh[slot] === high &&
      this.slotRest[slot] === rest
      ? this.answer[slot]
      : 0
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
    // Below 2^31 (see build).
    const rest = (entry * this.K + exit) * this.ringLength + at
    const slot = this.slot(low, high, rest)
    const known = this.known(slot, low, high, rest)
    if (known !== 0) return known === 2
    // Given up: yes, remembered so on the way back (a yes is always safe).
    if (++this.steps > MOST_STEPS) return true
    const { rem, count, copy } = this
    let found = false
    for (const k of this.enteredBy[this.corner[at] * this.K + entry]) {
      if (rem[k] === 0) continue
      if (remaining === 1) {
        found = this.exitOwn[k] === exit
      } else {
        const b = copy[k] + count[k] - rem[k]
        rem[k]--
        found = this.search(
          low + this.lowBit[b],
          high + this.highBit[b],
          this.exitNeed[k],
          exit,
          at + 1,
          remaining - 1,
        )
        rem[k]++
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
