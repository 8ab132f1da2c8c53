import { wasmKernel } from '../wasm-kernel'
import { coverKernelBase64 } from './cover-kernel'
import type { Branch, ExactCoverProblem, RunStatus, SearchStats } from './dlx'

/** Fast path: bytes of an option's row in the kernel's tables (see cover-kernel.wat). */
const OPTION_BYTES = 24

const SKIP_NODE = 0
const EXPAND = 1
const REPLAY = 2

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
 * Fit test, general path: options at a cell are sorted by their cells in scan order (set before
 * clear); when an option conflicts first at window bit k (k cells after the free cell), every
 * following option that agrees with it on bits 0..k conflicts there too, and `skip` jumps past
 * them. Fast path: the options at a cell go 64 at a time through fit tables (`fitTables`), one
 * lookup per 4 window cells and per 4 single pieces giving the options those rule out.
 *
 * Pruning: a node is dead when a free cell or an unused counter can only be reached by options
 * starting before its first free cell (`stranded`). Nothing else is needed for correctness; a
 * flood-fill check for small enclosed pockets halved the placements but cost more time than it
 * saved on every benchmark, so it is not done.
 *
 * The search is a plain recursion. Figures of at most 128 cells with at most 32 single pieces take
 * a fast path in WebAssembly (cover-kernel.wat) with the board and the used pieces in arguments;
 * the others the general path here, in JavaScript. To stop between steps, the recursion unwinds
 * and keeps the path it was on; the next run() replays that path (one placement per level, no
 * tests) and carries on. Statistics (tried, placed) are counted per node and per placement, not in
 * the loop that looks for the next option that fits.
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
  /** Fast path: the kernel's tables (see cover-kernel.wat), to be copied to `layout.opt`. */
  readonly image: Int32Array
  readonly layout: KernelLayout
  /** Fast path: rows of the fit tables per option block, for 4 window bits or 4 single pieces each. */
  readonly windowChunks: number
  readonly pieceChunks: number
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
    // The fast path rules options out with its fit tables; the skips serve the general path.
    this.skip = this.fast
      ? new Int32Array(0)
      : buildSkips(
          order.map((k) => cells[k]),
          this.start,
        )
    const bitOf = new Map(once.map((s, i) => [s, i]))
    this.allTokens = once.length === 32 ? -1 : (1 << once.length) - 1
    this.multiOrder = this.counterOrder.filter((s) => !bitOf.has(s))
    this.padding = new Int32Array(4)
    for (let c = n; c < 128; c++) this.padding[c >>> 5] |= 1 << (c & 31)
    // Byte offsets; the board the run starts from is at 0, the tables from 16 on.
    const fit = fitTables(this.fast ? order.map((k) => cells[k]) : [], this.start, once.length)
    const opt = 16
    const cell = opt + (this.fast ? count : 0) * OPTION_BYTES
    const tables = cell + (this.fast ? n + 1 : 0) * 32
    const slotLast = tables + fit.bytes
    const multi = slotLast + counters * 4
    const left = align8(multi + this.multiOrder.length * 4)
    const path = left + counters * 4
    this.layout = { opt, cell, slotLast, multi, left, path, end: path + (n + 1) * 4 }
    this.windowChunks = fit.windowChunks
    this.pieceChunks = fit.pieceChunks
    this.image = new Int32Array(this.fast ? (left - opt) >> 2 : 0)
    if (this.fast) {
      const I = this.image
      const at = (byte: number) => (byte - opt) >> 2
      order.forEach((k, r) => {
        const row = at(opt + r * OPTION_BYTES)
        for (let w = 0; w < W; w++) I[row + w] = this.abs[r * W + w]
        const s = this.slot[r]
        const token = s >= 0 && bitOf.has(s)
        if (token) I[row + 4] = 1 << bitOf.get(s)!
        const wide = cells[k][cells[k].length - 1] - cells[k][0] >= 64
        I[row + 5] = s >= 0 && !token ? s : wide ? -2 : -1
      })
      for (let f = 0; f <= n; f++) {
        const row = at(cell + f * 32)
        for (let w = 0; w < W; w++) I[row + w] = this.stranded[f * W + w]
        for (const [s, i] of bitOf) if (this.slotLast[s] < f) I[row + 4] |= 1 << i
        I[row + 5] = this.start[f]
        I[row + 6] = this.start[Math.min(f + 1, n)]
        I[row + 7] = tables + fit.at[f]
      }
      // Each option of the fit tables rules itself out for its window cells and its piece.
      for (let f = 0; f < n; f++) {
        for (let r = this.start[f]; r < this.start[f + 1]; r++) {
          const i = r - this.start[f]
          const block = at(tables + fit.at[f] + (i >> 6) * fit.blockBytes) + ((i >> 5) & 1)
          const bit = 1 << (i & 31)
          for (const c of cells[order[r]])
            if (c - f < 64) ruleOut(I, block + ((c - f) >> 2) * 32, (c - f) & 3, bit)
          const s = this.slot[r]
          const t = s >= 0 ? bitOf.get(s) : undefined
          if (t !== undefined) ruleOut(I, block + (fit.windowChunks + (t >> 2)) * 32, t & 3, bit)
        }
      }
      I.set(this.slotLast, at(slotLast))
      I.set(this.multiOrder, at(multi))
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
   * Fast path (W ≤ 4, at most 32 single pieces): the search runs in WebAssembly
   * (cover-kernel.wat), on a board of two 64-bit words; single pieces are bits of a `used`
   * word. The search borrows an instance of the kernel from its first run to its end.
   */
  private readonly plan: BitCoverPlan
  private kernel: KernelInstance | undefined
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
    this.padding = plan.padding
    this.plan = plan
    this.left = Int32Array.from(plan.initialLeft)
    this.path = new Int32Array(plan.cellCount + 1)
    this.covered = new Int32Array(plan.words)
    let level = 0
    for (const k of prefix) {
      const r = plan.rank[k]
      if (!this.fits(r)) {
        this.done = true
        break
      }
      this.place(r)
      if (plan.fast) this.usedAtBase |= plan.image[(r * OPTION_BYTES + 16) >> 2]
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
    if (this.plan.fast) {
      const k = (this.kernel ??= borrowKernel(this.plan))
      for (let w = 0; w < 4; w++) k.board[w] = (this.covered[w] ?? 0) | this.padding[w]
      k.left.set(this.left)
      k.path.set(this.path)
      const { exports } = k
      exports.run(
        this.base,
        this.usedAtBase,
        this.limit,
        this.replayDepth,
        this.stoppedAtCover ? 1 : 0,
        this.placed,
        this.tried,
        this.found,
      )
      this.stopping = exports.stopping() === 1
      this.depth = exports.depth()
      this.stoppedAtCover = exports.stoppedAtCover() === 1
      this.tried = exports.tried()
      this.placed = exports.placed()
      this.found = exports.found()
      this.left.set(k.left)
      this.path.set(k.path)
      if (!this.stopping) {
        giveBack(k)
        this.kernel = undefined
      }
    } else this.search(this.base, 0, 0)
    if (this.stopping) return this.stoppedAtCover ? 'solution' : 'paused'
    this.done = true
    this.depth = -1
    return 'done'
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

/** Byte offsets of the fast path kernel's tables and state in its memory (cover-kernel.wat). */
interface KernelLayout {
  readonly opt: number
  readonly cell: number
  readonly slotLast: number
  readonly multi: number
  readonly left: number
  readonly path: number
  readonly end: number
}

/** What cover-kernel.wat exports. */
interface CoverKernel {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number }
  layout(
    opt: number,
    cell: number,
    left: number,
    slotLast: number,
    multi: number,
    multiCount: number,
    path: number,
    allTokens: number,
    windowChunks: number,
    pieceChunks: number,
  ): void
  run(
    level: number,
    used: number,
    limit: number,
    replayDepth: number,
    stoppedAtCover: number,
    placed: number,
    tried: number,
    found: number,
  ): void
  stopping(): number
  depth(): number
  stoppedAtCover(): number
  placed(): number
  tried(): number
  found(): number
}

const coverKernel = wasmKernel<CoverKernel>(coverKernelBase64)

/** An instance of the kernel with one plan's tables, and views of its memory. */
interface KernelInstance {
  readonly exports: CoverKernel
  plan: BitCoverPlan | undefined
  board: Int32Array
  left: Int32Array
  path: Int32Array
}

/**
 * Instances that searches gave back at their end: a new instance (its memory, the tables copied
 * in) costs more than a small search, and the convex programs run thousands of those. The set
 * explorer holds a search open per outline (20 for the tangram's area) before it counts them, so
 * up to IDLE_KERNELS are kept, each of at most IDLE_BYTES of memory: a large search pays for its
 * own instance many times over.
 */
const idleKernels: KernelInstance[] = []
const IDLE_KERNELS = 32
const IDLE_BYTES = 1 << 18

/** An instance with the plan's tables, idle or new; the search gives it back at its end. */
function borrowKernel(plan: BitCoverPlan): KernelInstance {
  const i = idleKernels.findIndex((k) => k.plan === plan)
  const k = i >= 0 ? idleKernels.splice(i, 1)[0] : (idleKernels.pop() ?? newKernel())
  if (k.plan === plan) return k
  const { layout } = plan
  const memory = k.exports.memory
  const pages = Math.ceil(layout.end / 65536) - memory.buffer.byteLength / 65536
  if (pages > 0) memory.grow(pages)
  const buffer = memory.buffer
  new Int32Array(buffer, layout.opt, plan.image.length).set(plan.image)
  k.exports.layout(
    layout.opt,
    layout.cell,
    layout.left,
    layout.slotLast,
    layout.multi,
    plan.multiOrder.length,
    layout.path,
    plan.allTokens,
    plan.windowChunks,
    plan.pieceChunks,
  )
  k.plan = plan
  k.board = new Int32Array(buffer, 0, 4)
  k.left = new Int32Array(buffer, layout.left, plan.initialLeft.length)
  k.path = new Int32Array(buffer, layout.path, plan.cellCount + 1)
  return k
}

function newKernel(): KernelInstance {
  const none = new Int32Array(0)
  return {
    exports: coverKernel.instantiate(),
    plan: undefined,
    board: none,
    left: none,
    path: none,
  }
}

/** Keeps idle instances (a search abandoned before its end keeps its own until collected). */
function giveBack(k: KernelInstance): void {
  if (idleKernels.length < IDLE_KERNELS && k.exports.memory.buffer.byteLength <= IDLE_BYTES)
    idleKernels.push(k)
}

/**
 * Where the fast path's fit tables go: for each cell, a block per 64 of the options starting there,
 * each block one row of 16 entries (8 bytes) per 4 window bits and per 4 single pieces; an entry
 * holds the block's options that a board with those 4 cells covered (pieces used) rules out.
 */
function fitTables(
  cells: readonly (readonly number[])[],
  start: Int32Array,
  pieces: number,
): {
  at: Int32Array
  bytes: number
  blockBytes: number
  windowChunks: number
  pieceChunks: number
} {
  let span = 1
  for (const c of cells) {
    for (const x of c) if (x - c[0] < 64) span = Math.max(span, x - c[0] + 1)
  }
  const windowChunks = Math.ceil(span / 4)
  const pieceChunks = Math.ceil(pieces / 4)
  const blockBytes = (windowChunks + pieceChunks) * 128
  const at = new Int32Array(start.length)
  let bytes = 0
  for (let f = 0; f < start.length; f++) {
    at[f] = bytes
    if (cells.length > 0 && f + 1 < start.length)
      bytes += Math.ceil((start[f + 1] - start[f]) / 64) * blockBytes
  }
  return { at, bytes, blockBytes, windowChunks, pieceChunks }
}

/** The 4-bit values with bit q set, for q = 0 … 3: the entries of a fit table's row it rules. */
const WITH_BIT = [0, 1, 2, 3].map((q) =>
  Int32Array.from({ length: 16 }, (_, v) => v).filter((v) => (v & (1 << q)) !== 0),
)

/** Marks `bit` (an option) in the entries of the fit table row at `row` whose bit q is set. */
function ruleOut(I: Int32Array, row: number, q: number, bit: number): void {
  const values = WITH_BIT[q]
  for (let j = 0; j < values.length; j++) I[row + values[j] * 2] |= bit
}

function align8(bytes: number): number {
  return (bytes + 7) & ~7
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
