/**
 * Exact cover with multiplicities by dancing links (Knuth's Algorithm X in the DLX1 layout).
 *
 * Items [0, primaryCount) must each be covered by exactly one chosen option. The remaining
 * items are multiplicity items: item primaryCount + k must be used by exactly multiplicity[k]
 * chosen options (identical pieces: a piece type with count c is one item of multiplicity c, so
 * its copies are never told apart and never permuted). The search branches on the primary item
 * with the fewest remaining options (MRV).
 *
 * The search is an explicit state machine, not recursion: `run(budget)` advances at most
 * `budget` placements and returns, so a caller can stream solutions, report progress and stop
 * between steps. A prefix of options can be forced, which splits the search into independent
 * subproblems for parallel workers.
 *
 * Layout (Knuth, TAOCP 7.2.2.1): nodes 1..N are the item headers, then options follow one after
 * another, separated by spacer nodes. For a spacer x, TOP(x) ≤ 0, ULINK(x) is the first node of
 * the option before it and DLINK(x) the last node of the option after it. Invariant: an option is
 * linked into the columns of its items exactly when it is still compatible with the choices made.
 */
export interface ExactCoverProblem {
  readonly itemCount: number
  readonly primaryCount: number
  /** For items primaryCount..itemCount-1: how many chosen options must contain each. */
  readonly multiplicity: ArrayLike<number>
  /** Each option lists distinct item indices in ascending order. */
  readonly options: ArrayLike<ArrayLike<number>>
  /**
   * Items [0, cellCount) are cells of a figure, the rest (primary or not) count pieces. Engines
   * that branch on cells only use it; default primaryCount.
   */
  readonly cellCount?: number
}

/**
 * What an engine counts of the search below its prefix (forced options are not counted, so the
 * parts of a split search add up to the whole once the split's own nodes are added; see
 * shared/tiling/jobs.ts). A node is a partial cover; the search expands a node that is neither a
 * cover nor dead.
 */
export interface SearchStats {
  /**
   * Candidate options at the item branched on, summed over the nodes expanded: BitCover's are
   * the options starting at the first free cell, tested for fit; dancing links' are those left
   * in the item's list, all of which fit.
   */
  tried: number
  /** Options chosen: the candidates that fit, each a node below the one that tried it. */
  placements: number
  /** Link updates, Knuth's measure of work (dancing links only). */
  updates: number
  /** Complete covers found. */
  solutions: number
}

/** A node as the search would expand it: how many candidates it tries, and those that fit. */
export interface Branch {
  readonly tried: number
  /** Problem option indices. */
  readonly options: readonly number[]
}

export type RunStatus = 'solution' | 'paused' | 'done'

const ENTER = 0
const TRY = 1
const NEXT = 2
const BACKTRACK = 3
const DONE = 4

export class DancingLinks {
  private readonly top: Int32Array
  private readonly ulink: Int32Array
  private readonly dlink: Int32Array
  private readonly llink: Int32Array
  private readonly rlink: Int32Array
  private readonly len: Int32Array
  private readonly cap: Int32Array
  private readonly primary: Uint8Array
  private readonly counted: Int32Array
  private readonly optionOfNode: Int32Array
  private readonly optionFirst: Int32Array

  private readonly choice: Int32Array
  private readonly branchItem: Int32Array
  private readonly branchCount: Int32Array
  private readonly branchPos: Int32Array
  private level = 0
  private base = 0
  private state = ENTER

  readonly stats: SearchStats = { tried: 0, placements: 0, updates: 0, solutions: 0 }

  constructor(problem: ExactCoverProblem, prefix: readonly number[] = []) {
    const n = problem.itemCount
    let nodeCount = 0
    for (let k = 0; k < problem.options.length; k++) nodeCount += problem.options[k].length
    const size = n + 1 + nodeCount + problem.options.length + 1
    this.top = new Int32Array(size)
    this.ulink = new Int32Array(size)
    this.dlink = new Int32Array(size)
    this.optionOfNode = new Int32Array(size).fill(-1)
    this.optionFirst = new Int32Array(problem.options.length)
    this.llink = new Int32Array(n + 1)
    this.rlink = new Int32Array(n + 1)
    this.len = new Int32Array(n + 1)
    this.cap = new Int32Array(n + 1)
    this.primary = new Uint8Array(n + 1)
    this.counted = new Int32Array(n - problem.primaryCount)
    // Active list: only primary items; multiplicity items point to themselves.
    let prev = 0
    for (let i = 1; i <= n; i++) {
      this.ulink[i] = i
      this.dlink[i] = i
      if (i <= problem.primaryCount) {
        this.primary[i] = 1
        this.llink[i] = prev
        this.rlink[prev] = i
        prev = i
      } else {
        this.llink[i] = i
        this.rlink[i] = i
        this.cap[i] = problem.multiplicity[i - 1 - problem.primaryCount]
        this.counted[i - 1 - problem.primaryCount] = i
      }
    }
    this.rlink[prev] = 0
    this.llink[0] = prev
    let x = n + 1
    let lastSpacer = x
    this.top[x] = 0
    for (let k = 0; k < problem.options.length; k++) {
      const opt = problem.options[k]
      const first = x + 1
      this.optionFirst[k] = first
      for (let t = 0; t < opt.length; t++) {
        x++
        const item = opt[t] + 1
        if (item < 1 || item > n) throw new RangeError(`option ${k} names item ${opt[t]} of ${n}`)
        this.top[x] = item
        this.optionOfNode[x] = k
        const u = this.ulink[item]
        this.ulink[x] = u
        this.dlink[x] = item
        this.dlink[u] = x
        this.ulink[item] = x
        this.len[item]++
      }
      this.dlink[lastSpacer] = x
      x++
      this.top[x] = -(k + 1)
      this.ulink[x] = first
      lastSpacer = x
    }
    const depth = problem.primaryCount + 1
    this.choice = new Int32Array(depth)
    this.branchItem = new Int32Array(depth)
    this.branchCount = new Int32Array(depth)
    this.branchPos = new Int32Array(depth)
    for (const k of prefix) {
      if (!this.force(k)) {
        this.state = DONE
        break
      }
    }
    this.base = this.level
    // The statistics are of the search below the prefix.
    Object.assign(this.stats, { tried: 0, placements: 0, updates: 0, solutions: 0 })
  }

  /** The options chosen on the current path (the solution after run() returned 'solution'). */
  solution(): number[] {
    const out: number[] = []
    for (let l = 0; l < this.level; l++) out.push(this.optionOfNode[this.choice[l]])
    return out
  }

  /** Estimated fraction of the search tree already explored, in [0, 1]. */
  progress(): number {
    if (this.state === DONE) return 1
    let f = 0
    let w = 1
    for (let l = this.base; l < this.level; l++) {
      const c = this.branchCount[l]
      if (c <= 0) break
      w /= c
      f += this.branchPos[l] * w
    }
    return f
  }

  /** The item branched on at each level of the current path (for splitting and for display). */
  currentDepth(): number {
    return this.level
  }

  /**
   * The node the search starts at, as the search would expand it (the item with the fewest
   * options, and those options), or undefined at a cover or a dead end. Used to split the search.
   */
  branch(): Branch | undefined {
    if (this.state === DONE || this.rlink[0] === 0 || this.deadMultiplicity()) return undefined
    const i = this.chooseItem()
    if (this.len[i] === 0) return undefined
    const options: number[] = []
    for (let p = this.dlink[i]; p !== i; p = this.dlink[p]) options.push(this.optionOfNode[p])
    return { tried: options.length, options }
  }

  isDone(): boolean {
    return this.state === DONE
  }

  /**
   * Advances the search by at most `budget` placements. Returns 'solution' when a cover has
   * been found (read it with solution(); the next call continues after it), 'paused' when the
   * budget is used up, 'done' when the search is complete.
   */
  run(budget: number): RunStatus {
    const top = this.top
    const dlink = this.dlink
    const len = this.len
    const rlink = this.rlink
    const primary = this.primary
    const cap = this.cap
    const choice = this.choice
    const stats = this.stats
    let steps = 0
    for (;;) {
      switch (this.state) {
        case ENTER: {
          if (rlink[0] === 0) {
            this.state = BACKTRACK
            if (this.multiplicitiesMet()) {
              stats.solutions++
              return 'solution'
            }
            continue
          }
          if (this.deadMultiplicity()) {
            this.state = BACKTRACK
            continue
          }
          const i = this.chooseItem()
          const l = this.level
          if (len[i] === 0) {
            this.state = BACKTRACK
            continue
          }
          this.branchItem[l] = i
          this.branchCount[l] = len[i]
          this.branchPos[l] = 0
          stats.tried += len[i]
          this.cover(i)
          choice[l] = dlink[i]
          this.state = TRY
          continue
        }
        case TRY: {
          const l = this.level
          const x = choice[l]
          const i = this.branchItem[l]
          if (x === i) {
            this.uncover(i)
            this.state = BACKTRACK
            continue
          }
          let p = x + 1
          while (p !== x) {
            const j = top[p]
            if (j <= 0) p = this.ulink[p]
            else {
              if (primary[j] === 1 || --cap[j] === 0) this.cover(j)
              p++
            }
          }
          stats.placements++
          this.level = l + 1
          this.state = ENTER
          if (++steps >= budget) return 'paused'
          continue
        }
        case NEXT: {
          const l = this.level
          const x = choice[l]
          let p = x - 1
          while (p !== x) {
            const j = top[p]
            if (j <= 0) p = dlink[p]
            else {
              if (primary[j] === 1) this.uncover(j)
              else if (cap[j]++ === 0) this.uncover(j)
              p--
            }
          }
          choice[l] = dlink[x]
          this.branchPos[l]++
          this.state = TRY
          continue
        }
        case BACKTRACK: {
          if (this.level === this.base) {
            this.state = DONE
            return 'done'
          }
          this.level--
          this.state = NEXT
          continue
        }
        default:
          return 'done'
      }
    }
  }

  /** Runs to the end, calling onSolution for each cover. Returns the number found. */
  runAll(onSolution?: (options: number[]) => void): number {
    let found = 0
    for (;;) {
      const s = this.run(1 << 30)
      if (s === 'done') return found
      if (s === 'solution') {
        found++
        onSolution?.(this.solution())
      }
    }
  }

  private chooseItem(): number {
    const len = this.len
    const rlink = this.rlink
    let best = rlink[0]
    let min = len[best]
    for (let p = rlink[best]; p !== 0 && min > 1; p = rlink[p]) {
      if (len[p] < min) {
        min = len[p]
        best = p
      }
    }
    return best
  }

  private multiplicitiesMet(): boolean {
    for (let k = 0; k < this.counted.length; k++) if (this.cap[this.counted[k]] !== 0) return false
    return true
  }

  /** A multiplicity item that still needs more options than it has left: no cover below. */
  private deadMultiplicity(): boolean {
    const counted = this.counted
    for (let k = 0; k < counted.length; k++) {
      const j = counted[k]
      if (this.cap[j] > this.len[j]) return true
    }
    return false
  }

  /** Chooses option k as a forced first step; false if it conflicts with earlier forced options. */
  private force(k: number): boolean {
    const first = this.optionFirst[k]
    for (let p = first; this.top[p] > 0; p++) {
      const j = this.top[p]
      if (this.primary[j] === 1 ? this.rlink[this.llink[j]] !== j : this.cap[j] === 0) return false
    }
    let x = -1
    for (let p = first; this.top[p] > 0; p++) {
      if (this.primary[this.top[p]] === 1) {
        x = p
        break
      }
    }
    if (x < 0) throw new RangeError(`option ${k} has no primary item and cannot be forced`)
    const l = this.level
    const i = this.top[x]
    this.branchItem[l] = i
    this.branchCount[l] = 1
    this.branchPos[l] = 0
    this.cover(i)
    this.choice[l] = x
    this.state = TRY
    this.run(1)
    return true
  }

  private cover(i: number): void {
    const dlink = this.dlink
    for (let p = dlink[i]; p !== i; p = dlink[p]) this.hide(p)
    const l = this.llink[i]
    const r = this.rlink[i]
    this.rlink[l] = r
    this.llink[r] = l
  }

  private hide(p: number): void {
    const top = this.top
    const ulink = this.ulink
    const dlink = this.dlink
    const len = this.len
    let q = p + 1
    let n = 0
    while (q !== p) {
      const x = top[q]
      const u = ulink[q]
      if (x <= 0) q = u
      else {
        const d = dlink[q]
        dlink[u] = d
        ulink[d] = u
        len[x]--
        q++
        n++
      }
    }
    this.stats.updates += n
  }

  private uncover(i: number): void {
    const l = this.llink[i]
    const r = this.rlink[i]
    this.rlink[l] = i
    this.llink[r] = i
    const ulink = this.ulink
    for (let p = ulink[i]; p !== i; p = ulink[p]) this.unhide(p)
  }

  private unhide(p: number): void {
    const top = this.top
    const ulink = this.ulink
    const dlink = this.dlink
    const len = this.len
    let q = p - 1
    while (q !== p) {
      const x = top[q]
      const d = dlink[q]
      if (x <= 0) q = d
      else {
        const u = ulink[q]
        dlink[u] = q
        ulink[d] = q
        len[x]++
        q--
      }
    }
  }
}
