/**
 * The exhaustive solver of the queens game: which positions (sets of free squares, board.ts) the
 * player to move wins. The game is impartial, so a position is worth a nim heap of some size (its
 * Grundy value: the least value none of its moves reaches) and the player to move loses exactly
 * at value 0. A search of "position + heap of size x" answers whether the value is x (then that
 * sum is lost); with x = 0 it is the plain game. The search uses:
 *
 * - Sprague–Grundy sums: free squares that attack no free square of another group never interact,
 *   so a position that falls apart is the sum of its components and its value is the XOR of
 *   theirs. The largest component is searched with the heap x XOR the others' exact values.
 * - Values without search: empty is 0; squares that all attack each other are 1 (any queen ends
 *   them); a value is never more than the queens that still fit, at most n (one a row); every
 *   position of at most 6 squares is looked up by its graph (small.ts).
 * - Two tables, fixed in size, with 2 entries a bucket: one kept for the entry with the most work
 *   below it, one always replaced. Each entry records the values known to be wrong and the exact
 *   value once known. Positions of more than `endgame` (default 30) free squares are searched on
 *   the board and kept in the transposition table, keyed on the free set, from `canonical`
 *   squares up on its least image under the 8 symmetries of the board (so symmetric lines meet;
 *   the search itself is not turned, which would scatter the killer moves). Smaller positions
 *   are searched in a compact form (their squares numbered in one 32-bit word, with their attacks
 *   among themselves); those of 12 squares or more are kept in the transposition table too,
 *   smaller ones in the graph table, keyed on their graph alone, which also meets the same shape
 *   elsewhere on the board.
 * - Move order: the killer of the ply (the last square that won there) first, then the moves that
 *   leave the fewest free squares, whose positions are the cheapest to prove lost; on the board,
 *   first the moves whose positions the table already decides (enhanced transposition cutoff).
 *
 * The choices and the defaults come from measurements of nodes and time on n = 12 and on the
 * first moves of n = 14. Scratch memory is one typed array used as a stack of frames; an engine
 * is single-threaded.
 */
import { gameBoard, popcount, type GameBoard } from './board'
import { SMALL_SQUARES, smallTables } from './small'

/** Values 0 … 16: one bit each in the table's "not this value" mask. */
const VALUES = 17
const EXACT_SHIFT = VALUES
/** The table keeps log2 of the nodes below an entry, to decide what to overwrite. */
const WORK_SHIFT = EXACT_SHIFT + 5
const NOT_MASK = (1 << VALUES) - 1
const EXACT_MASK = 31 << EXACT_SHIFT

export interface EngineOptions {
  /** The transposition table has 2^ttBits entries of (words + 1) 32-bit integers. */
  ttBits?: number
  /** The graph table has 2^graphBits entries of 3 32-bit integers. */
  graphBits?: number
  /** Positions of at most this many free squares (0 … 32) are searched in compact form. */
  endgame?: number
  /** Positions of at least this many free squares are stored in canonical form. */
  canonical?: number
}

/**
 * The transposition table's default size: 2^16 entries up to 8 rows, 2^18 up to 12 (6 MiB for
 * n = 12), 2^21 above (64 MiB for n = 14). Measured on n = 14: 2^20 entries take as many nodes
 * as 2^22; on n = 12 2^16 as many as 2^20.
 */
export function defaultTtBits(n: number): number {
  return n <= 8 ? 16 : n <= 12 ? 18 : 21
}

/** The graph table's default size: 2^16 entries (768 KiB); larger ones measured slower. */
const GRAPH_BITS = 16

const SMALL = SMALL_SQUARES

/** Compact positions of fewer squares than this are keyed by their graph: 55 bits at most. */
const GRAPH_SQUARES = 12

export class GameEngine {
  readonly board: GameBoard
  /** Positions expanded (not answered by a rule or a table) since the engine was made. */
  nodes = 0
  /** Bytes of the transposition and graph tables: all the memory that grows with the search. */
  readonly tableBytes: number
  private readonly words: number
  private readonly attack: Int32Array
  private readonly heap: Int32Array
  private sp = 0
  private readonly tt: Int32Array
  private readonly bucketMask: number
  private readonly entryInts: number
  /** The square that last won at each ply (as a board square), tried first there. */
  private readonly killers = new Int32Array(64).fill(-1)
  private readonly endgame: number
  private readonly canonicalMin: number
  /** The compact form of the current endgame: its squares, and what each attacks among them. */
  private readonly squares = new Int32Array(32)
  private readonly adj = new Int32Array(32)
  /** The number of each square of the current endgame in its compact form. */
  private readonly local: Int32Array
  private readonly smallValues = smallTables()
  /**
   * The graph table: small positions by their graph (edges as bits, see small.ts, and the number
   * of squares), 3 integers an entry (the key in two, then the info word), 2 entries a bucket.
   */
  private readonly graphs: Int32Array
  private readonly graphMask: number
  /** The key graphKey computed. */
  private keyLo = 0
  private keyHi = 0
  /** Scratch of graphKey and smallValue: the number of each square of the position in order. */
  private readonly rank = new Int32Array(32)

  constructor(n: number, options: EngineOptions = {}) {
    this.board = gameBoard(n)
    const { words, size } = this.board
    this.words = words
    this.attack = this.board.attack
    const ttBits = options.ttBits ?? defaultTtBits(n)
    const graphBits = options.graphBits ?? GRAPH_BITS
    for (const bits of [ttBits, graphBits])
      if (!Number.isInteger(bits) || bits < 4 || bits > 28)
        throw new Error(`a table has 2^4 to 2^28 entries, not 2^${bits}`)
    this.entryInts = words + 1
    this.tt = new Int32Array((1 << ttBits) * this.entryInts)
    this.bucketMask = (1 << (ttBits - 1)) - 1
    this.graphs = new Int32Array(3 << graphBits)
    this.graphMask = (1 << (graphBits - 1)) - 1
    this.tableBytes = this.tt.byteLength + this.graphs.byteLength
    this.endgame = options.endgame ?? 30
    if (!Number.isInteger(this.endgame) || this.endgame < 0 || this.endgame > 32)
      throw new Error(`the compact form holds 0 to 32 squares, not ${this.endgame}`)
    // Compact positions are stored as they are: only larger ones can take the canonical form.
    this.canonicalMin = Math.max(options.canonical ?? Math.ceil(size / 5), this.endgame + 1)
    this.local = new Int32Array(size)
    // The frames of a chain of calls: at most n moves (one queen a row), one split into components
    // after each, and below each position up to VALUES searches of smaller heaps. A frame on the
    // board holds a move list, a child and canonical forms; in compact form at most 32 moves and
    // a free set.
    const chain = (n + 1) * VALUES
    this.heap = new Int32Array(chain * (size + 5 * words) + 2 * chain * (32 + words))
  }

  /** Whether the player to move wins the position `free` plus a nim heap of size x. */
  wins(free: Int32Array, x = 0): boolean {
    if (!Number.isInteger(x) || x < 0) throw new Error(`no nim heap of size ${x}`)
    const f = this.push(free)
    try {
      return this.win(f, x, 0)
    } finally {
      this.sp = 0
    }
  }

  /** The Grundy value of the position `free`. */
  value(free: Int32Array): number {
    const f = this.push(free)
    try {
      // At most n: a value is never more than the queens that still fit.
      for (let g = 0; g <= this.board.n; g++) if (!this.win(f, g, 0)) return g
      throw new Error('queens game: a position without a value')
    } finally {
      this.sp = 0
    }
  }

  private push(free: Int32Array): number {
    if (free.length !== this.words) throw new Error('a free set of another board size')
    this.sp = 0
    this.heap.set(free, 0)
    this.sp = this.words
    return 0
  }

  private count(f: number): number {
    let c = 0
    for (let w = 0; w < this.words; w++) c += popcount(this.heap[f + w])
    return c
  }

  /** Whether the player to move wins F + *x, F at heap offset f (left unchanged). */
  private win(f: number, x: number, ply: number): boolean {
    const heap = this.heap
    const W = this.words
    const count = this.count(f)
    if (count === 0) return x !== 0
    if (x > count || x > this.board.n) return true
    if (count <= this.endgame) return this.enterEndgame(f, x, ply)
    const base = this.sp
    // Typed arrays ignore writes out of bounds: never let that happen silently.
    if (base + this.board.size + 5 * W > heap.length)
      throw new Error('queens game: search stack overflow')
    // The table knows a large position by its canonical form, which the search need not use: the
    // table keeps no moves.
    let key = f
    if (count >= this.canonicalMin) {
      this.canonical(f, base)
      key = base
      this.sp = base + 2 * W
    }
    const slot = this.probe(key)
    if (slot >= 0) {
      const info = this.tt[slot + W]
      const exact = (info & EXACT_MASK) >>> EXACT_SHIFT
      if (exact) return exact - 1 !== x
      if (info & (1 << x)) return true
    }
    const nodes0 = ++this.nodes

    const A = this.attack
    const moves = this.sp
    let m = 0
    for (let w = 0; w < W; w++) {
      for (let bits = heap[f + w]; bits; bits &= bits - 1) {
        const s = (w << 5) | (31 - Math.clz32(bits & -bits))
        let hit = 0
        for (let v = 0; v < W; v++) hit += popcount(heap[f + v] & A[s * W + v])
        heap[moves + m++] = ((count - hit) << 8) | s
      }
    }
    sortInts(heap, moves, moves + m)
    const killer = this.killers[ply]
    for (let i = 0; i < m; i++) {
      if ((heap[moves + i] & 255) === killer) {
        const key = heap[moves + i]
        heap.copyWithin(moves + 1, moves, moves + i)
        heap[moves] = key
        break
      }
    }
    const child = moves + m
    this.sp = child + 3 * W
    let won = false
    // The children the table knows: one lost to the player to move wins here at once; those won
    // need no search.
    for (let i = 0; i < m && !won; i++) {
      const s = heap[moves + i] & 255
      for (let v = 0; v < W; v++) heap[child + v] = heap[f + v] & ~A[s * W + v]
      let c = child
      if (heap[moves + i] >> 8 >= this.canonicalMin) {
        this.canonical(child, child + W)
        c = child + W
      }
      const slot = this.probe(c)
      if (slot < 0) continue
      const info = this.tt[slot + W]
      const exact = (info & EXACT_MASK) >>> EXACT_SHIFT
      if (exact === x + 1) {
        won = true
        this.killers[ply] = s
      } else if (exact || info & (1 << x)) heap[moves + i] = -1
    }
    for (let i = 0; i < m && !won; i++) {
      if (heap[moves + i] < 0) continue
      const s = heap[moves + i] & 255
      for (let v = 0; v < W; v++) heap[child + v] = heap[f + v] & ~A[s * W + v]
      if (!this.win(child, x, ply + 1)) {
        won = true
        this.killers[ply] = s
      }
    }
    // F + *x is also won when F alone is worth less than x: take the heap down to F's value.
    for (let y = 0; y < x && !won; y++) won = !this.win(f, y, ply)
    this.store(key, won ? 1 << x : (x + 1) << EXACT_SHIFT, this.nodes - nodes0 + 1)
    this.sp = base
    return won
  }

  /**
   * Searches a small position (at most 32 free squares) in a compact form: its squares numbered
   * 0 … count − 1 in one 32-bit word, with their attacks among themselves, so that a move, a count
   * or a component takes a few word operations instead of a few per word of the board.
   */
  private enterEndgame(f: number, x: number, ply: number): boolean {
    const W = this.words
    const A = this.attack
    const heap = this.heap
    let k = 0
    for (let w = 0; w < W; w++) {
      for (let bits = heap[f + w]; bits; bits &= bits - 1) {
        const s = (w << 5) | (31 - Math.clz32(bits & -bits))
        this.local[s] = k
        this.squares[k++] = s
      }
    }
    for (let i = 0; i < k; i++) {
      const row = this.squares[i] * W
      let a = 0
      for (let w = 0; w < W; w++)
        for (let bits = heap[f + w] & A[row + w]; bits; bits &= bits - 1)
          a |= 1 << this.local[(w << 5) | (31 - Math.clz32(bits & -bits))]
      this.adj[i] = a
    }
    return this.lwin(k === 32 ? -1 : (1 << k) - 1, x, ply)
  }

  /** win() on the compact form: whether the player to move wins mask + *x. */
  private lwin(mask: number, x: number, ply: number): boolean {
    const count = popcount(mask)
    if (count <= SMALL) return this.smallValue(mask) !== x
    if (x > count || x > this.board.n) return true
    const first = this.component(mask)
    if (first !== mask) {
      // A sum: the exact values of all components but the largest, which is searched.
      let largest = first
      let most = popcount(first)
      let y = x
      for (let rest = mask ^ first; rest;) {
        const c = this.component(rest)
        rest ^= c
        const size = popcount(c)
        if (size > most) {
          y ^= this.lvalue(largest, ply)
          largest = c
          most = size
        } else y ^= this.lvalue(c, ply)
      }
      return this.lwin(largest, y, ply)
    }
    if (this.isClique(mask)) return x !== 1
    let info = 0
    let lo = 0
    let hi = 0
    if (count >= GRAPH_SQUARES) {
      const slot = this.probe(this.expand(mask))
      if (slot >= 0) info = this.tt[slot + this.words]
    } else {
      this.graphKey(mask)
      lo = this.keyLo
      hi = this.keyHi
      const slot = this.graphSlot(lo, hi)
      if (slot >= 0) info = this.graphs[slot + 2]
    }
    const exact = (info & EXACT_MASK) >>> EXACT_SHIFT
    if (exact) return exact - 1 !== x
    if (info & (1 << x)) return true
    const nodes0 = ++this.nodes

    const heap = this.heap
    const adj = this.adj
    const base = this.sp
    if (base + 32 + this.words > heap.length) throw new Error('queens game: search stack overflow')
    let won = false
    // The killer first, before the other moves are even counted: it wins often enough.
    const killer = this.killers[ply]
    const k = killer >= 0 ? this.local[killer] : -1
    let skip = 0
    if (k >= 0 && this.squares[k] === killer && mask & (1 << k)) {
      won = !this.lwin(mask & ~adj[k], x, ply + 1)
      skip = 1 << k
    }
    if (!won) {
      let m = 0
      for (let bits = mask & ~skip; bits; bits &= bits - 1) {
        const i = 31 - Math.clz32(bits & -bits)
        heap[base + m++] = (popcount(mask & ~adj[i]) << 5) | i
      }
      this.sp = base + m
      // Moves in order of the squares they leave, picked one at a time: most nodes stop early.
      for (let i = 0; i < m && !won; i++) {
        let best = i
        for (let t = i + 1; t < m; t++) if (heap[base + t] < heap[base + best]) best = t
        const j = heap[base + best] & 31
        heap[base + best] = heap[base + i]
        if (!this.lwin(mask & ~adj[j], x, ply + 1)) {
          won = true
          this.killers[ply] = this.squares[j]
        }
      }
    }
    for (let y = 0; y < x && !won; y++) won = !this.lwin(mask, y, ply)
    this.sp = base
    const learnt = won ? 1 << x : (x + 1) << EXACT_SHIFT
    if (count >= GRAPH_SQUARES) this.store(this.expand(mask), learnt, this.nodes - nodes0 + 1)
    else this.graphStore(lo, hi, learnt, this.nodes - nodes0 + 1)
    return won
  }

  /** The exact value of a connected component in compact form. */
  private lvalue(comp: number, ply: number): number {
    const count = popcount(comp)
    if (count <= SMALL) return this.smallValue(comp)
    if (this.isClique(comp)) return 1
    let g = 0
    while (this.lwin(comp, g, ply)) g++
    return g
  }

  /** Whether the squares all attack each other: then any queen ends them (value 1). */
  private isClique(mask: number): boolean {
    for (let bits = mask; bits; bits &= bits - 1)
      if (mask & ~this.adj[31 - Math.clz32(bits & -bits)]) return false
    return true
  }

  /** The value of a compact position of at most SMALL_SQUARES squares, from its graph. */
  private smallValue(mask: number): number {
    const adj = this.adj
    const rank = this.rank
    let j = 0
    for (let bits = mask; bits; bits &= bits - 1) rank[31 - Math.clz32(bits & -bits)] = j++
    let key = 0
    for (let bits = mask; bits; bits &= bits - 1) {
      const b = 31 - Math.clz32(bits & -bits)
      const pos = (rank[b] * (rank[b] - 1)) >> 1
      // Pair i < j is bit j·(j − 1)/2 + i, as in small.ts.
      for (let edges = adj[b] & mask & ((1 << b) - 1); edges; edges &= edges - 1)
        key |= 1 << (pos + rank[31 - Math.clz32(edges & -edges)])
    }
    return this.smallValues[j][key]
  }

  /** The component (in compact form) of the lowest square of the mask. */
  private component(mask: number): number {
    const adj = this.adj
    let comp = mask & -mask
    for (let frontier = comp; frontier;) {
      let reach = 0
      for (let bits = frontier; bits; bits &= bits - 1) reach |= adj[31 - Math.clz32(bits & -bits)]
      frontier = reach & mask & ~comp
      comp |= frontier
    }
    return comp
  }

  /**
   * Sets keyLo and keyHi to the graph of a compact position of fewer than GRAPH_SQUARES squares:
   * the pair i < j of its squares (numbered in order) is bit j·(j − 1)/2 + i of the 55, and the
   * number of squares is above them.
   */
  private graphKey(mask: number): void {
    const adj = this.adj
    const rank = this.rank
    let j = 0
    for (let bits = mask; bits; bits &= bits - 1) rank[31 - Math.clz32(bits & -bits)] = j++
    let lo = 0
    let hi = 0
    for (let bits = mask; bits; bits &= bits - 1) {
      const b = 31 - Math.clz32(bits & -bits)
      const pos = (rank[b] * (rank[b] - 1)) >> 1
      for (let edges = adj[b] & mask & ((1 << b) - 1); edges; edges &= edges - 1) {
        const p = pos + rank[31 - Math.clz32(edges & -edges)]
        if (p < 32) lo |= 1 << p
        else hi |= 1 << (p - 32)
      }
    }
    this.keyLo = lo
    this.keyHi = hi | (j << 24)
  }

  /** The graph table's slot for keyLo, keyHi, or −1. */
  private graphSlot(lo: number, hi: number): number {
    const g = this.graphs
    const slot = (mix(lo, hi) & this.graphMask) * 6
    if (g[slot] === lo && g[slot + 1] === hi && g[slot + 2] !== 0) return slot
    if (g[slot + 3] === lo && g[slot + 4] === hi && g[slot + 5] !== 0) return slot + 3
    return -1
  }

  private graphStore(lo: number, hi: number, learnt: number, work: number): void {
    const g = this.graphs
    const level = 31 - Math.clz32(work)
    let slot = this.graphSlot(lo, hi)
    if (slot >= 0) {
      const kept = Math.max(g[slot + 2] >>> WORK_SHIFT, level)
      g[slot + 2] = (g[slot + 2] & (NOT_MASK | EXACT_MASK)) | learnt | (kept << WORK_SHIFT)
      return
    }
    slot = (mix(lo, hi) & this.graphMask) * 6
    if (level < g[slot + 2] >>> WORK_SHIFT) slot += 3
    g[slot] = lo
    g[slot + 1] = hi
    g[slot + 2] = learnt | (level << WORK_SHIFT)
  }

  /** Writes the free set of a compact position at sp (not reserved) and returns its offset. */
  private expand(mask: number): number {
    const heap = this.heap
    const f = this.sp
    for (let w = 0; w < this.words; w++) heap[f + w] = 0
    for (let bits = mask; bits; bits &= bits - 1) {
      const s = this.squares[31 - Math.clz32(bits & -bits)]
      heap[f + (s >>> 5)] |= 1 << (s & 31)
    }
    return f
  }

  /** Writes at `out` the least of the 8 images of the position at f (uses out … out + 2·words). */
  private canonical(f: number, out: number): void {
    const heap = this.heap
    const W = this.words
    const { size, images } = this.board
    const tmp = out + W
    for (let v = 0; v < W; v++) heap[out + v] = heap[f + v]
    for (let t = 1; t < 8; t++) {
      for (let v = 0; v < W; v++) heap[tmp + v] = 0
      for (let w = 0; w < W; w++) {
        let bits = heap[f + w]
        while (bits) {
          const low = bits & -bits
          bits ^= low
          const s = images[t * size + ((w << 5) | (31 - Math.clz32(low)))]
          heap[tmp + (s >>> 5)] |= 1 << (s & 31)
        }
      }
      let v = W - 1
      while (v > 0 && heap[tmp + v] === heap[out + v]) v--
      if (heap[tmp + v] >>> 0 < heap[out + v] >>> 0)
        for (let u = 0; u < W; u++) heap[out + u] = heap[tmp + u]
    }
  }

  private hash(f: number): number {
    let h = 0x2545f491
    for (let w = 0; w < this.words; w++) {
      let k = Math.imul(this.heap[f + w], 0xcc9e2d51)
      k = Math.imul((k << 15) | (k >>> 17), 0x1b873593)
      h ^= k
      h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64
    }
    h ^= h >>> 16
    h = Math.imul(h, 0x85ebca6b)
    h ^= h >>> 13
    h = Math.imul(h, 0xc2b2ae35)
    return h ^ (h >>> 16)
  }

  private matches(slot: number, f: number): boolean {
    for (let w = 0; w < this.words; w++) if (this.tt[slot + w] !== this.heap[f + w]) return false
    return true
  }

  /** The table slot holding the position at f, or −1. */
  private probe(f: number): number {
    const slot = (this.hash(f) & this.bucketMask) * 2 * this.entryInts
    if (this.tt[slot + this.words] !== 0 && this.matches(slot, f)) return slot
    const other = slot + this.entryInts
    if (this.tt[other + this.words] !== 0 && this.matches(other, f)) return other
    return -1
  }

  /** Records what was learnt about the position at f (bits of the info word) and its work. */
  private store(f: number, learnt: number, work: number): void {
    const W = this.words
    const tt = this.tt
    const first = (this.hash(f) & this.bucketMask) * 2 * this.entryInts
    const second = first + this.entryInts
    const level = 31 - Math.clz32(work)
    for (let slot = first; slot <= second; slot += this.entryInts) {
      const info = tt[slot + W]
      if (info !== 0 && this.matches(slot, f)) {
        const kept = Math.max(info >>> WORK_SHIFT, level)
        tt[slot + W] = (info & (NOT_MASK | EXACT_MASK)) | learnt | (kept << WORK_SHIFT)
        return
      }
    }
    const slot = level >= tt[first + W] >>> WORK_SHIFT ? first : second
    for (let w = 0; w < W; w++) tt[slot + w] = this.heap[f + w]
    tt[slot + W] = learnt | (level << WORK_SHIFT)
  }
}

/** Sorts a[from … to) ascending: insertion sort, the lists are a few hundred at most. */
function sortInts(a: Int32Array, from: number, to: number): void {
  for (let i = from + 1; i < to; i++) {
    const v = a[i]
    let j = i - 1
    while (j >= from && a[j] > v) {
      a[j + 1] = a[j]
      j--
    }
    a[j + 1] = v
  }
}

/** A 32-bit hash of a graph key. */
function mix(lo: number, hi: number): number {
  let h = Math.imul(lo ^ 0x2545f491, 0x85ebca6b) ^ hi
  h = Math.imul(h ^ (h >>> 15), 0xc2b2ae35)
  return h ^ (h >>> 16)
}
