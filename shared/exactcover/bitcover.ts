import type { Branch, ExactCoverProblem, RunStatus, SearchStats } from './dlx'

/** The index of the lowest set bit of x (x ≠ 0). */
function ctz(x: number): number {
  return 31 - Math.clz32(x & -x)
}

const SKIP_NODE = 0
const EXPAND = 1
const REPLAY = 2

/**
 * Fast path: each option's row in `rows` holds its cells (4 words), its window (its cells from
 * the first on, bit 0 the first), its single-piece bit, whether it is special (cells beyond the
 * window or a multiplicity counter) and its multiplicity counter (−1 for none).
 */
const ROW = 8
const WINDOW = 4
const TOKEN = 5
const SPECIAL = 6
const MULTI = 7
// searchFast spells these out: see there.

/**
 * Fast path: each cell f's row in `cellRows` holds the cells stranded at f (4 words), the single
 * pieces stranded at f (whose options all start before f) and the range of options starting at f.
 */
const CELL_ROW = 8

/** Window bits with skip entries: conflicts nearly always come this close to the free cell. */
const SKIP_BITS = 16

/**
 * Exact cover with multiplicities on bitsets, for tilings. The board is a bitset of covered cells
 * and the search always branches on the first free cell in cell order: the options that can cover
 * it without touching an earlier (covered) cell are exactly those whose lowest cell it is, so each
 * cell keeps one list of them. With cells ordered in a scan across the figure's short side, the
 * first free cell is hemmed in on its trailing side and few options fit.
 *
 * Items [0, cellCount) are cells (problem.cellCount, default primaryCount). Every other item is a
 * counter: a primary item beyond the cells must be used once, a multiplicity item exactly its
 * multiplicity (identical pieces: never told apart, never permuted).
 *
 * Fit test: options at a cell are sorted by their cells in scan order (set before clear); when an
 * option conflicts first at window bit k (k cells after the free cell), every following option
 * that agrees with it on bits 0..k conflicts there too, and `skip` jumps past them.
 *
 * Pruning: a node is dead when a free cell or an unused counter can only be reached by options
 * starting before its first free cell (`stranded`). Nothing else is needed for correctness; a
 * flood-fill check for small enclosed pockets halved the placements but cost more time than it
 * saved on every benchmark, so it is not done.
 *
 * The search is a plain recursion (V8 keeps its state in registers: about twice as fast as an
 * explicit stack here). Figures of at most 128 cells with at most 32 single pieces take a fast
 * path with the board and the used pieces in arguments. To stop between steps, the recursion
 * unwinds and keeps the path it was on; the next run() replays that path (one placement per level,
 * no tests) and carries on.
 * Invariants: `covered` (general path) is the union of the masks on the current path; `left[s]` is
 * what counter s still needs; along a path the first free cell only moves forward.
 */
/**
 * Everything BitCover precomputes from a problem: option order, masks, skips, stranded rows. It
 * depends only on the problem, so one plan serves every part of a split search and every probe.
 */
export class BitCoverPlan {
  readonly cellCount: number
  readonly words: number
  readonly start: Int32Array
  /** Each option's first cell. */
  readonly first: Int32Array
  readonly abs: Int32Array
  readonly w0: Int32Array
  readonly w1: Int32Array
  readonly skip: Int32Array
  readonly slot: Int32Array
  readonly original: Int32Array
  /** Problem option index → position in the sorted option list. */
  readonly rank: Int32Array
  readonly initialLeft: Int32Array
  readonly slotLast: Int32Array
  readonly counterOrder: Int32Array
  readonly stranded: Int32Array
  readonly fast: boolean
  readonly rows: Int32Array
  readonly cellRows: Int32Array
  readonly allTokens: number
  readonly multiOrder: Int32Array
  readonly padding: Int32Array

  constructor(problem: ExactCoverProblem, options: { general?: boolean } = {}) {
    const n = problem.cellCount ?? problem.primaryCount
    this.cellCount = n
    const W = Math.max(1, Math.ceil(n / 32))
    this.words = W
    const count = problem.options.length
    // Options list their items ascending, so the cells are a prefix.
    const cells = Array.from({ length: count }, (_, k) => {
      const opt = problem.options[k]
      let m = 0
      while (m < opt.length && opt[m] < n) m++
      for (let i = m; i < opt.length; i++)
        if (opt[i] < n) throw new RangeError(`option ${k} is not sorted`)
      return Array.prototype.slice.call(opt, 0, m) as number[]
    })
    const lowest = cells.map((c, k) => {
      if (c.length === 0) throw new RangeError(`option ${k} covers no cell`)
      return c[0]
    })
    const order = Array.from({ length: count }, (_, k) => k).sort(
      (a, b) => lowest[a] - lowest[b] || compareCells(cells[a], cells[b]) || a - b,
    )
    this.original = Int32Array.from(order)
    this.first = Int32Array.from(order, (k) => lowest[k])
    this.start = new Int32Array(n + 1)
    for (let k = 0, i = 0; i <= n; i++) {
      while (k < count && lowest[order[k]] < i) k++
      this.start[i] = k
    }
    const counters = problem.primaryCount - n + problem.multiplicity.length
    this.initialLeft = new Int32Array(counters)
    this.initialLeft.fill(1, 0, problem.primaryCount - n)
    this.initialLeft.set(Array.from(problem.multiplicity), problem.primaryCount - n)
    this.abs = new Int32Array(count * W)
    this.w0 = new Int32Array(count)
    this.w1 = new Int32Array(count)
    this.slot = new Int32Array(count).fill(-1)
    this.slotLast = new Int32Array(counters).fill(-1)
    const lastCell = new Int32Array(n).fill(-1)
    order.forEach((k, r) => {
      for (const c of cells[k]) {
        this.abs[r * W + (c >>> 5)] |= 1 << (c & 31)
        lastCell[c] = Math.max(lastCell[c], lowest[k])
      }
      for (const item of Array.from(problem.options[k])) {
        if (item < n) continue
        if (this.slot[r] >= 0) throw new RangeError(`option ${k} uses two counters`)
        this.slot[r] = item - n
        this.slotLast[item - n] = Math.max(this.slotLast[item - n], lowest[k])
      }
      this.w0[r] = cells[k][0] >>> 5
      this.w1[r] = cells[k][cells[k].length - 1] >>> 5
    })
    this.skip = buildSkips(
      order.map((k) => cells[k]),
      this.start,
    )
    this.counterOrder = Int32Array.from(this.slotLast.keys()).sort(
      (a, b) => this.slotLast[a] - this.slotLast[b],
    )
    this.stranded = new Int32Array((n + 1) * W)
    for (let f = 0; f <= n; f++) {
      for (let j = 0; j < n; j++)
        if (lastCell[j] < f) this.stranded[f * W + (j >>> 5)] |= 1 << (j & 31)
    }

    const once = Array.from(this.initialLeft.keys()).filter((s) => this.initialLeft[s] === 1)
    this.fast = !options.general && W <= 4 && once.length <= 32
    const bitOf = new Map(once.map((s, i) => [s, i]))
    const fastSize = (size: number) => (this.fast ? size : 0)
    this.rows = new Int32Array(fastSize(count * ROW))
    this.cellRows = new Int32Array(fastSize((n + 1) * CELL_ROW))
    this.allTokens = once.length === 32 ? -1 : (1 << once.length) - 1
    this.multiOrder = this.counterOrder.filter((s) => !bitOf.has(s))
    this.padding = new Int32Array(4)
    if (this.fast) {
      for (let c = n; c < 128; c++) this.padding[c >>> 5] |= 1 << (c & 31)
      order.forEach((k, r) => {
        const row = r * ROW
        for (let w = 0; w < W; w++) this.rows[row + w] = this.abs[r * W + w]
        const s = this.slot[r]
        const multi = s >= 0 && !bitOf.has(s) ? s : -1
        if (s >= 0 && multi < 0) this.rows[row + TOKEN] = 1 << bitOf.get(s)!
        this.rows[row + MULTI] = multi
        const c0 = cells[k][0]
        for (const c of cells[k]) if (c - c0 < 32) this.rows[row + WINDOW] |= 1 << (c - c0)
        const wide = cells[k][cells[k].length - 1] - c0 >= 32
        if (wide || multi >= 0) this.rows[row + SPECIAL] = 1
      })
      for (let f = 0; f <= n; f++) {
        const row = f * CELL_ROW
        for (let w = 0; w < W; w++) this.cellRows[row + w] = this.stranded[f * W + w]
        for (const [s, i] of bitOf) if (this.slotLast[s] < f) this.cellRows[row + 4] |= 1 << i
        this.cellRows[row + 5] = this.start[f]
        this.cellRows[row + 6] = this.start[Math.min(f + 1, n)]
      }
    }

    this.rank = new Int32Array(count)
    order.forEach((k, r) => (this.rank[k] = r))
  }
}

export class BitCover {
  private readonly cellCount: number
  private readonly words: number
  /** Options sorted by lowest cell; those of cell i are [start[i], start[i + 1]). */
  private readonly start: Int32Array
  private readonly first: Int32Array
  /** Absolute masks (W words per option) and their first and last non-zero words. */
  private readonly abs: Int32Array
  private readonly w0: Int32Array
  private readonly w1: Int32Array
  /** skip[r·SKIP_BITS + k]: the first option after r that differs from r in window bits 0..k. */
  private readonly skip: Int32Array
  /** Counter used by each option (−1 for none), and the option's index in the problem. */
  private readonly slot: Int32Array
  private readonly original: Int32Array
  private readonly left: Int32Array
  /** Counters by the last cell at which one of their options starts. */
  private readonly slotLast: Int32Array
  private readonly counterOrder: Int32Array
  /** Row f (W words): cells whose options all start before f. */
  private readonly stranded: Int32Array
  private readonly covered: Int32Array

  /**
   * Fast path (W ≤ 4, at most 32 single pieces): one row of `rows` per option (its cells in 4
   * words, its window, its single-piece bit…: see ROW) and one of `cellRows` per cell (see
   * CELL_ROW); single pieces are bits of a `used` word, other counters stay in `left`, in
   * `multiOrder`. The fit test reads the board from
   * the first free cell on (32 cells) against an option's window. `padding` covers the cells
   * past the last one, so that a full board is all ones.
   */
  private readonly fast: boolean
  private readonly rows: Int32Array
  private readonly cellRows: Int32Array
  private readonly allTokens: number
  private readonly multiOrder: Int32Array
  private readonly padding: Int32Array

  /** Options on the current path (the first free cell at a level is its option's first). */
  private readonly path: Int32Array
  private readonly base: number
  private usedAtBase = 0
  /** Where the last run stopped: the node's depth, and whether it was a reported cover. */
  private depth = -1
  private stoppedAtCover = false
  private stopping = false
  private replayDepth = -1
  /** The run stops at the first node entered once `placed` reaches `limit`. */
  private limit = 0
  private done = false
  private tried = 0
  private placed = 0
  private found = 0

  get stats(): SearchStats {
    return { tried: this.tried, placements: this.placed, updates: 0, solutions: this.found }
  }

  constructor(
    problem: ExactCoverProblem | BitCoverPlan,
    prefix: readonly number[] = [],
    options: { general?: boolean } = {},
  ) {
    const plan = problem instanceof BitCoverPlan ? problem : new BitCoverPlan(problem, options)
    this.cellCount = plan.cellCount
    this.words = plan.words
    this.start = plan.start
    this.first = plan.first
    this.abs = plan.abs
    this.w0 = plan.w0
    this.w1 = plan.w1
    this.skip = plan.skip
    this.slot = plan.slot
    this.original = plan.original
    this.slotLast = plan.slotLast
    this.counterOrder = plan.counterOrder
    this.stranded = plan.stranded
    this.fast = plan.fast
    this.rows = plan.rows
    this.cellRows = plan.cellRows
    this.allTokens = plan.allTokens
    this.multiOrder = plan.multiOrder
    this.padding = plan.padding
    this.left = Int32Array.from(plan.initialLeft)
    this.covered = new Int32Array(plan.words)
    this.path = new Int32Array(plan.cellCount + 1)
    let level = 0
    for (const k of prefix) {
      const r = plan.rank[k]
      if (!this.fits(r)) {
        this.done = true
        break
      }
      this.place(r)
      if (this.fast) this.usedAtBase |= plan.rows[r * ROW + TOKEN]
      this.path[level++] = r
    }
    this.base = level
  }

  solution(): number[] {
    const out: number[] = []
    for (let l = 0; l < this.depth; l++) out.push(this.original[this.path[l]])
    return out
  }

  isDone(): boolean {
    return this.done
  }

  /** Estimated fraction of the search done, from the position on the current path. */
  progress(): number {
    if (this.done) return 1
    let f = 0
    let w = 1
    for (let l = this.base; l < this.depth; l++) {
      const first = this.first[this.path[l]]
      const s = this.start[first]
      const c = this.start[first + 1] - s
      if (c <= 0) break
      w /= c
      f += (this.path[l] - s) * w
    }
    return f
  }

  /**
   * The node the search starts at, as the search would expand it: the options it tries there
   * (those starting at the first free cell) and, as problem indices, those that fit. Undefined
   * when the search would not expand it (a cover, a dead node) or has started.
   */
  branch(): Branch | undefined {
    if (this.done || this.depth >= 0) return undefined
    const f = this.firstFree()
    if (f >= this.cellCount || this.deadAt(f)) return undefined
    const options: number[] = []
    for (let r = this.start[f]; r < this.start[f + 1]; r++)
      if (this.fits(r)) options.push(this.original[r])
    return { tried: this.start[f + 1] - this.start[f], options }
  }

  /**
   * Knuth's estimate of the number of nodes the search will visit: over `probes` random descents
   * from the root, the mean of 1 + d1 + d1·d2 + …, where d_l counts the options that fit at level
   * l of the descent (zero at a dead node). Unbiased, with a large spread on lopsided trees; good
   * for orders of magnitude. Call before run().
   */
  estimateNodes(probes: number, random: () => number): number {
    if (this.done) return 0
    let total = 0
    const chosen: number[] = []
    for (let p = 0; p < probes; p++) {
      let estimate = 1
      let weight = 1
      for (;;) {
        const f = this.firstFree()
        if (f >= this.cellCount || this.deadAt(f)) break
        const fitting: number[] = []
        for (let r = this.start[f]; r < this.start[f + 1]; r++) if (this.fits(r)) fitting.push(r)
        if (fitting.length === 0) break
        weight *= fitting.length
        estimate += weight
        const r = fitting[Math.min(fitting.length - 1, Math.floor(random() * fitting.length))]
        this.place(r)
        chosen.push(r)
      }
      while (chosen.length > 0) this.unplace(chosen.pop()!)
      total += estimate
    }
    return total / probes
  }

  /** The first cell `covered` leaves free (cellCount if none). */
  private firstFree(): number {
    const n = this.cellCount
    let f = 0
    while (f < n && (this.covered[f >>> 5] & (1 << (f & 31))) !== 0) f++
    return f
  }

  /** Whether, at first free cell f, a free cell or an unused counter can no longer be reached. */
  private deadAt(f: number): boolean {
    const W = this.words
    for (let w = 0, row = f * W; w < W; w++)
      if ((this.stranded[row + w] & ~this.covered[w]) !== 0) return true
    for (let s = 0; s < this.left.length; s++)
      if (this.left[s] > 0 && this.slotLast[s] < f) return true
    return false
  }

  run(budget: number): RunStatus {
    if (this.done) return 'done'
    this.limit = this.placed + budget
    this.stopping = false
    this.replayDepth = this.depth
    if (this.fast) {
      const c = this.covered
      const p = this.padding
      this.searchFast(
        this.base,
        c[0] | p[0],
        (c[1] ?? 0) | p[1],
        (c[2] ?? 0) | p[2],
        (c[3] ?? 0) | p[3],
        this.usedAtBase,
        0,
      )
    } else this.search(this.base, 0, 0)
    if (this.stopping) return this.stoppedAtCover ? 'solution' : 'paused'
    this.done = true
    this.depth = -1
    return 'done'
  }

  /**
   * Fast path: the node at `level` with board b0..b3 (padded) and single pieces `used`;
   * multiplicity counters before `open` in multiOrder are used up. The loop that looks for the
   * next option that fits makes no calls, so V8 keeps the tables it reads in registers.
   */
  private searchFast(
    level: number,
    b0: number,
    b1: number,
    b2: number,
    b3: number,
    used: number,
    open: number,
  ): void {
    const left = this.left
    const order = this.multiOrder
    while (open < order.length && left[order[open]] === 0) open++
    // The first free cell f and the board's 32 cells from f on (bit 0: f).
    let f: number
    let win: number
    if (b0 !== -1) {
      f = ctz(~b0)
      win = (b0 >>> f) | ((b1 << (31 - f)) << 1)
    } else if (b1 !== -1) {
      const s = ctz(~b1)
      f = 32 + s
      win = (b1 >>> s) | ((b2 << (31 - s)) << 1)
    } else if (b2 !== -1) {
      const s = ctz(~b2)
      f = 64 + s
      win = (b2 >>> s) | ((b3 << (31 - s)) << 1)
    } else if (b3 !== -1) {
      const s = ctz(~b3)
      f = 96 + s
      win = b3 >>> s
    } else {
      // A full board: a cover if every piece is used (unless it is the one reported last).
      if (level === this.replayDepth) this.replayDepth = -1
      else if (used === this.allTokens && open === order.length) {
        this.found++
        this.stop(level, true)
      }
      return
    }
    const C = this.cellRows
    const c = f << 3 // CELL_ROW
    const dead =
      (C[c + 4] & ~used) !== 0 ||
      (open < order.length && this.slotLast[order[open]] < f) ||
      ((C[c] & ~b0) | (C[c + 1] & ~b1) | (C[c + 2] & ~b2) | (C[c + 3] & ~b3)) !== 0
    const path = this.path
    const e = C[c + 6]
    let r = C[c + 5]
    let replay = false
    if (level <= this.replayDepth) {
      if (level < this.replayDepth) {
        r = path[level]
        replay = true
      } else {
        this.replayDepth = -1
        if (this.stoppedAtCover || dead) return
      }
    } else {
      if (this.placed >= this.limit) {
        this.stop(level, false)
        return
      }
      if (dead) return
    }
    if (!replay) this.tried += e - r

    // Module constants are context loads in optimized code: the loop spells them out (rows of
    // ROW = 8 ints, fields WINDOW = 4, TOKEN = 5, SPECIAL = 6, MULTI = 7; SKIP_BITS = 16).
    const R = this.rows
    const skip = this.skip
    for (;;) {
      if (!replay) {
        while (r < e) {
          const row = r << 3
          const x = R[row + 4] & win
          if (x !== 0) {
            const k = 31 - Math.clz32(x & -x)
            r = k < 16 ? skip[(r << 4) + k] : r + 1
          } else if (
            (R[row + 5] & used) === 0 &&
            (R[row + 6] === 0 || this.fitsBeyond(row, b0, b1, b2, b3))
          ) {
            break
          } else r++
        }
        if (r >= e) return
        this.placed++
      }
      replay = false
      const a = r << 3
      const m = R[a + 7]
      if (m >= 0) left[m]--
      path[level] = r
      this.searchFast(
        level + 1,
        b0 | R[a],
        b1 | R[a + 1],
        b2 | R[a + 2],
        b3 | R[a + 3],
        used | R[a + 5],
        open,
      )
      if (m >= 0) left[m]++
      if (this.stopping === true) return
      r++
    }
  }

  /** Fast path, for an option whose window fits: its other cells, and its multiplicity counter. */
  private fitsBeyond(a: number, b0: number, b1: number, b2: number, b3: number): boolean {
    const R = this.rows
    const m = R[a + 7]
    if (m >= 0 && this.left[m] === 0) return false
    return ((R[a] & b0) | (R[a + 1] & b1) | (R[a + 2] & b2) | (R[a + 3] & b3)) === 0
  }

  /** General path: the board is `covered`; counters before `open` in counterOrder are used up. */
  private search(level: number, from: number, open: number): void {
    const covered = this.covered
    const left = this.left
    const order = this.counterOrder
    while (open < order.length && left[order[open]] === 0) open++
    const W = this.words
    const n = this.cellCount
    let f = n
    for (let w = from >>> 5; w < W; w++) {
      if (covered[w] !== -1) {
        f = Math.min(n, (w << 5) + 31 - Math.clz32(~covered[w] & (covered[w] + 1)))
        break
      }
    }
    let dead = false
    if (f < n) {
      dead = open < order.length && this.slotLast[order[open]] < f
      for (let w = 0, row = f * W; !dead && w < W; w++)
        dead = (this.stranded[row + w] & ~covered[w]) !== 0
    }
    const action = this.visit(level, f, open === order.length, dead)
    if (action === SKIP_NODE) return
    let replay = action === REPLAY

    const abs = this.abs
    const w0 = this.w0
    const w1 = this.w1
    const slot = this.slot
    const path = this.path
    const e = this.start[f + 1]
    let r = replay ? path[level] : this.start[f]
    if (!replay) this.tried += e - r
    while (r < e) {
      const ab = r * W
      if (!replay) {
        let k = -1
        for (let w = w0[r], we = w1[r]; w <= we; w++) {
          const x = abs[ab + w] & covered[w]
          if (x !== 0) {
            k = (w << 5) + 31 - Math.clz32(x & -x) - f
            break
          }
        }
        if (k >= 0) {
          r = k < SKIP_BITS ? this.skip[r * SKIP_BITS + k] : r + 1
          continue
        }
        const s = slot[r]
        if (s >= 0 && left[s] === 0) {
          r++
          continue
        }
        this.placed++
      }
      replay = false
      for (let w = w0[r], we = w1[r]; w <= we; w++) covered[w] |= abs[ab + w]
      const s = slot[r]
      if (s >= 0) left[s]--
      path[level] = r
      this.search(level + 1, f, open)
      for (let w = w0[r], we = w1[r]; w <= we; w++) covered[w] &= ~abs[ab + w]
      if (s >= 0) left[s]++
      if (this.stopping) return
      r++
    }
  }

  /**
   * What to do at a node whose first free cell is f: expand it (along the replay path while
   * resuming), or not (a cover, reported now or already; a dead node; the budget is spent).
   */
  private visit(level: number, f: number, countersMet: boolean, dead: boolean): number {
    if (level < this.replayDepth) return REPLAY
    if (level === this.replayDepth) {
      this.replayDepth = -1
      return this.stoppedAtCover || dead ? SKIP_NODE : EXPAND
    }
    if (f >= this.cellCount) {
      if (countersMet) {
        this.found++
        this.stop(level, true)
      }
      return SKIP_NODE
    }
    if (this.placed >= this.limit) {
      this.stop(level, false)
      return SKIP_NODE
    }
    return dead ? SKIP_NODE : EXPAND
  }

  private stop(level: number, atCover: boolean): void {
    this.depth = level
    this.stoppedAtCover = atCover
    this.stopping = true
  }

  private fits(r: number): boolean {
    const s = this.slot[r]
    if (s >= 0 && this.left[s] === 0) return false
    const W = this.words
    for (let w = this.w0[r]; w <= this.w1[r]; w++)
      if ((this.abs[r * W + w] & this.covered[w]) !== 0) return false
    return true
  }

  private place(r: number): void {
    const W = this.words
    for (let w = this.w0[r]; w <= this.w1[r]; w++) this.covered[w] |= this.abs[r * W + w]
    if (this.slot[r] >= 0) this.left[this.slot[r]]--
  }

  private unplace(r: number): void {
    const W = this.words
    for (let w = this.w0[r]; w <= this.w1[r]; w++) this.covered[w] &= ~this.abs[r * W + w]
    if (this.slot[r] >= 0) this.left[this.slot[r]]++
  }
}

/** Order of options at a cell: by their cells in scan order, an option holding the cell first. */
function compareCells(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) if (a[i] !== b[i]) return a[i] - b[i]
  return b.length - a.length
}

/**
 * skip[r·SKIP_BITS + k] for options in scan order: the first option after r (at the same cell)
 * whose cells differ from r's within window bits 0..k. Options agreeing with r there follow it in
 * one block, so if r conflicts first at bit k they all conflict there too.
 */
function buildSkips(cells: readonly (readonly number[])[], start: Int32Array): Int32Array {
  const count = cells.length
  const skip = new Int32Array(count * SKIP_BITS)
  for (let i = 0; i + 1 < start.length; i++) {
    const e = start[i + 1]
    for (let r = e - 1; r >= start[i]; r--) {
      // First window bit where the cell sets of r and r + 1 differ (past the block: all differ).
      let dif = 0
      if (r + 1 < e) dif = firstDifference(cells[r], cells[r + 1]) - i
      for (let k = 0; k < SKIP_BITS; k++)
        skip[r * SKIP_BITS + k] = k < dif ? skip[(r + 1) * SKIP_BITS + k] : r + 1
    }
  }
  return skip
}

/** The smallest cell in exactly one of two sorted cell lists (Infinity if they are equal). */
function firstDifference(a: readonly number[], b: readonly number[]): number {
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++
      j++
    } else return Math.min(a[i], b[j])
  }
  if (i < a.length) return a[i]
  if (j < b.length) return b[j]
  return Infinity
}
