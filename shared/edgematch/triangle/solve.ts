/**
 * The fast solver: depth-first search over the cells in a fixed order, one (piece, turn) per cell.
 *
 * Counting convention. A solution is what lies on the table: the figure half on every side of
 * every cell. Identical pieces (the same three numbers up to turning) are not told apart, and a
 * piece with three equal sides is the same in all three turns. `fixed` counts such boards with the
 * big triangle held still; `upToRotation` counts them up to turning the big triangle (3 turns), so
 * a board equal to its own turn is one solution, as is every set of 3 boards that are turns of
 * each other (Burnside: (fixed + 2 · boards equal to their 120° turn) / 3). `labelled` tells the
 * pieces apart by their line in the file, as the contest's program does (still without counting
 * the turns of a piece with three equal sides): each board then stands for Π c! labelled ones, c
 * the number of copies of each distinct piece.
 *
 * Search. Cells are filled in an order where every cell after the first has a placed neighbour
 * (greedy: most placed neighbours first). At a cell, the candidates are the (piece, turn) pairs
 * whose side facing the first placed neighbour carries the matching half: one precomputed list per
 * side and figure half. Further placed neighbours are checked inline, used pieces are a bitmask,
 * and copies of a piece are used in file order so that no board is found twice.
 *
 * Stats: `placements` counts every (piece, turn) tried at a cell (each list entry looked at),
 * `nodes` the partial boards reached (the empty board included): a measure of difficulty.
 */
import { treeFraction } from '../progress'
import { cellAt, neighbour, rotationMap, type Solution, type TrianglePuzzle } from './puzzle'

export interface SearchStats {
  placements: number
  nodes: number
}

export interface TriangleCounts {
  readonly fixed: number
  readonly upToRotation: number
  readonly labelled: bigint
}

/**
 * One board, or undefined if there is none ("Puzzle unlösbar"); `onProgress` hears every
 * PROGRESS_NODES nodes how far the search has come.
 */
export function solveFirst(
  puzzle: TrianglePuzzle,
  onProgress?: (nodes: number, fraction: number) => void,
): {
  solution: Solution | undefined
  stats: SearchStats
} {
  const search = new TriangleSearch(puzzle)
  let solution: Solution | undefined
  search.run(1, (s) => (solution = s), onProgress)
  return { solution, stats: search.stats }
}

/**
 * Every board of the fixed triangle (passed to onSolution) and the counts; `onProgress` hears
 * every PROGRESS_NODES nodes how far the search has come (`treeFraction`).
 */
export function solveAll(
  puzzle: TrianglePuzzle,
  onSolution?: (s: Solution) => void,
  onProgress?: (nodes: number, fraction: number) => void,
): { counts: TriangleCounts; stats: SearchStats } {
  const search = new TriangleSearch(puzzle)
  const { found, invariant } = search.run(Infinity, onSolution, onProgress)
  if ((found + 2 * invariant) % 3 !== 0)
    throw new Error(`Burnside's count is not whole: ${found} boards, ${invariant} invariant`)
  return {
    counts: {
      fixed: found,
      upToRotation: (found + 2 * invariant) / 3,
      labelled: BigInt(found) * copiesFactor(puzzle),
    },
    stats: search.stats,
  }
}

/**
 * Boards of the fixed triangle, stopping as soon as there are `limit` of them (4 decides
 * uniqueness up to turning when generating puzzles). `complete`: the whole tree was searched, so
 * `count` is all there are; false once the limit is reached, even if no board is left, or when
 * `onProgress` (called every PROGRESS_NODES search nodes) returned true.
 */
export function countSolutions(
  puzzle: TrianglePuzzle,
  limit: number,
  onProgress?: (nodes: number, fraction: number) => boolean | void,
): { count: number; complete: boolean; stats: SearchStats } {
  const search = new TriangleSearch(puzzle)
  const { found, complete } = search.run(limit, undefined, onProgress)
  return { count: found, complete, stats: search.stats }
}

/** How often (in search nodes, a power of two) onProgress is called. */
export const PROGRESS_NODES = 1 << 16

/** Π c! over the distinct pieces, c their copies: labelled boards per board. */
function copiesFactor(puzzle: TrianglePuzzle): bigint {
  let f = 1n
  const seen = new Map<string, number>()
  for (const p of puzzle.pieces) {
    const k = pieceKey(p)
    const c = (seen.get(k) ?? 0) + 1
    seen.set(k, c)
    f *= BigInt(c)
  }
  return f
}

/** The same key for a piece and its turns. */
function pieceKey(p: readonly number[]): string {
  const turns = [0, 1, 2].map((t) => [p[t], p[(t + 1) % 3], p[(t + 2) % 3]].join(','))
  return turns.sort()[0]
}

class TriangleSearch {
  readonly stats: SearchStats = { placements: 0, nodes: 0 }
  private readonly cells: number
  /** The cell filled at each step. */
  private readonly order: Int32Array
  /** Per step: placed neighbours (0–3); list key base; their val indices and our sides. */
  private readonly constraints: Int32Array
  private readonly keyBase: Int32Array
  private readonly near1: Int32Array
  private readonly side2: Int32Array
  private readonly near2: Int32Array
  private readonly side3: Int32Array
  private readonly near3: Int32Array
  /** Candidates: list k is cand[start[k]] … cand[start[k + 1] − 1]; the last list has them all. */
  private readonly cand: Int32Array
  private readonly start: Int32Array
  private readonly allList: number
  /** Per (piece, turn): its side values (dense figure numbers, 3 each), piece and turn. */
  private readonly edge: Int32Array
  private readonly pieceOf: Int32Array
  private readonly turnOf: Int32Array
  /** Used-piece bitmask word and bit of each (piece, turn), and of the piece's previous copy. */
  private readonly word: Int32Array
  private readonly bit: Int32Array
  private readonly prevWord: Int32Array
  private readonly prevBit: Int32Array
  /** val index (step·3 + side) each side lands on when the big triangle turns by 120°. */
  private readonly turned: Int32Array

  private readonly used: Int32Array
  /** Side values of the placed pieces, step·3 + side. */
  private readonly val: Int32Array
  private readonly pick: Int32Array
  private limit = 0
  private found = 0
  private invariant = 0
  private report: ((s: Solution) => void) | undefined
  private progress: ((nodes: number, fraction: number) => boolean | void) | undefined
  /** Per step of the path: the candidate in progress and its list's bounds (`fraction`). */
  private readonly atStep: Int32Array
  private readonly fromStep: Int32Array
  private readonly toStep: Int32Array
  /** Scratch for `fraction`: the pieces used at a step, and its candidates done and entered. */
  private readonly usedThen: Int32Array
  private readonly before: Int32Array
  private readonly width: Int32Array
  /** Nodes so far, for progress (stats.nodes is summed per level as the search leaves it). */
  private ticks = 0
  private stopped = false

  constructor(puzzle: TrianglePuzzle) {
    const { rows, pieces } = puzzle
    const n = rows * rows
    if (pieces.length !== n)
      throw new RangeError(`${rows} rows need ${n} pieces, not ${pieces.length}`)
    this.cells = n

    // Figures renumbered 1 … M in order of size, so the tables stay small for any file.
    const sizes = [...new Set(pieces.flatMap((p) => p.map(Math.abs)))].sort((a, b) => a - b)
    const dense = new Map(sizes.map((k, i) => [k, i + 1]))
    const M = sizes.length
    const V = 2 * M + 1
    const denseOf = (v: number) => Math.sign(v) * dense.get(Math.abs(v))!

    const edge: number[] = []
    const pieceOf: number[] = []
    const turnOf: number[] = []
    const previous = new Map<string, number>()
    const prevOf: number[] = []
    pieces.forEach((p, i) => {
      const k = pieceKey(p)
      prevOf[i] = previous.get(k) ?? -1
      previous.set(k, i)
      const symmetric = p[0] === p[1] && p[1] === p[2]
      for (let t = 0; t < (symmetric ? 1 : 3); t++) {
        for (let s = 0; s < 3; s++) edge.push(denseOf(p[(s + t) % 3]))
        pieceOf.push(i)
        turnOf.push(t)
      }
    })
    const count = pieceOf.length
    this.edge = Int32Array.from(edge)
    this.pieceOf = Int32Array.from(pieceOf)
    this.turnOf = Int32Array.from(turnOf)
    this.word = Int32Array.from(pieceOf, (p) => p >>> 5)
    this.bit = Int32Array.from(pieceOf, (p) => 1 << (p & 31))
    // No previous copy: bit 0 of word 0, which (mask & 0) === 0 always satisfies.
    this.prevWord = Int32Array.from(pieceOf, (p) => Math.max(0, prevOf[p]) >>> 5)
    this.prevBit = Int32Array.from(pieceOf, (p) => (prevOf[p] < 0 ? 0 : 1 << (prevOf[p] & 31)))

    // Lists by (side, figure half) and one of every candidate.
    const lists: number[][] = Array.from({ length: 3 * V + 1 }, () => [])
    for (let o = 0; o < count; o++) {
      for (let s = 0; s < 3; s++) lists[s * V + M + edge[3 * o + s]].push(o)
      lists[3 * V].push(o)
    }
    this.allList = 3 * V
    this.start = new Int32Array(lists.length + 1)
    lists.forEach((l, k) => (this.start[k + 1] = this.start[k] + l.length))
    this.cand = Int32Array.from(lists.flat())

    this.order = fillOrder(rows)
    const stepOf = new Int32Array(n)
    this.order.forEach((c, d) => (stepOf[c] = d))
    this.constraints = new Int32Array(n)
    this.keyBase = new Int32Array(n)
    this.near1 = new Int32Array(n)
    this.side2 = new Int32Array(n)
    this.near2 = new Int32Array(n)
    this.side3 = new Int32Array(n)
    this.near3 = new Int32Array(n)
    this.order.forEach((c, d) => {
      const { r, j } = cellAt(c)
      const placed: { side: number; at: number }[] = []
      for (let s = 0; s < 3; s++) {
        const nb = neighbour(rows, r, j, s)
        if (nb && stepOf[nb.cell] < d) placed.push({ side: s, at: 3 * stepOf[nb.cell] + nb.side })
      }
      this.constraints[d] = placed.length
      if (placed.length > 0) {
        this.keyBase[d] = placed[0].side * V + M
        this.near1[d] = placed[0].at
      }
      if (placed.length > 1) {
        this.side2[d] = placed[1].side
        this.near2[d] = placed[1].at
      }
      if (placed.length > 2) {
        this.side3[d] = placed[2].side
        this.near3[d] = placed[2].at
      }
    })
    const map = rotationMap(rows)
    this.turned = new Int32Array(3 * n)
    for (let d = 0; d < n; d++) {
      for (let s = 0; s < 3; s++) {
        const to = map[3 * this.order[d] + s]
        this.turned[3 * d + s] = 3 * stepOf[Math.floor(to / 3)] + (to % 3)
      }
    }

    this.used = new Int32Array(Math.max(1, Math.ceil(pieces.length / 32)))
    this.val = new Int32Array(3 * n)
    this.pick = new Int32Array(n)
    this.atStep = new Int32Array(n)
    this.fromStep = new Int32Array(n)
    this.toStep = new Int32Array(n)
    this.usedThen = new Int32Array(this.used.length)
    this.before = new Int32Array(n)
    this.width = new Int32Array(n)
  }

  /**
   * The share of the tree done while at step `d` (`treeFraction`), counting at each step only the
   * candidates the search enters: a piece unused then, its previous copy used, matching every
   * placed neighbour. (Called every PROGRESS_NODES nodes: its scan of the path's lists costs
   * nothing.)
   */
  private fraction(d: number): number {
    const { cand, edge, val, word, bit, prevWord, prevBit, atStep, fromStep, toStep } = this
    const used = this.usedThen
    const { before, width } = this
    used.fill(0)
    for (let k = 0; k <= d; k++) {
      const c = this.constraints[k]
      const s2 = this.side2[k]
      const need2 = c > 1 ? -val[this.near2[k]] : 0
      const s3 = this.side3[k]
      const need3 = c > 2 ? -val[this.near3[k]] : 0
      before[k] = 0
      width[k] = 0
      for (let j = fromStep[k]; j < toStep[k]; j++) {
        const o = cand[j]
        if ((used[word[o]] & bit[o]) !== 0 || (used[prevWord[o]] & prevBit[o]) !== prevBit[o])
          continue
        if (c > 1 && (edge[3 * o + s2] !== need2 || (c > 2 && edge[3 * o + s3] !== need3))) continue
        width[k]++
        if (j < atStep[k]) before[k]++
      }
      const o = this.pick[k]
      used[word[o]] |= bit[o]
    }
    return treeFraction(
      d + 1,
      (k) => before[k],
      (k) => width[k],
    )
  }

  /**
   * Searches until `limit` boards are found or the tree is done. `invariant` counts the boards
   * found that equal their own 120° turn.
   */
  run(
    limit: number,
    report?: (s: Solution) => void,
    progress?: (nodes: number, fraction: number) => boolean | void,
  ): { found: number; invariant: number; complete: boolean } {
    this.limit = limit
    this.report = report
    this.progress = progress
    this.found = 0
    this.invariant = 0
    this.ticks = 0
    this.stopped = false
    this.used.fill(0)
    this.stats.nodes++
    if (limit > 0) this.search(0)
    return {
      found: this.found,
      invariant: this.invariant,
      complete: !this.stopped && this.found < limit,
    }
  }

  private search(d: number): void {
    const { cand, edge, used, val, word, bit, prevWord, prevBit } = this
    const k = this.constraints[d]
    let from: number
    let to: number
    if (k === 0) {
      from = this.start[this.allList]
      to = this.start[this.allList + 1]
    } else {
      const key = this.keyBase[d] - val[this.near1[d]]
      from = this.start[key]
      to = this.start[key + 1]
    }
    // Unused checks compare with 0, which no dense figure number is.
    const s2 = this.side2[d]
    const need2 = k > 1 ? -val[this.near2[d]] : 0
    const s3 = this.side3[d]
    const need3 = k > 2 ? -val[this.near3[d]] : 0
    const last = d + 1 === this.cells
    const v = 3 * d
    this.fromStep[d] = from
    this.toStep[d] = to
    let nodes = 0
    let i = from
    while (i < to) {
      const o = cand[i++]
      const w = word[o]
      const b = bit[o]
      if ((used[w] & b) !== 0 || (used[prevWord[o]] & prevBit[o]) !== prevBit[o]) continue
      const e = 3 * o
      if (k > 1 && (edge[e + s2] !== need2 || (k > 2 && edge[e + s3] !== need3))) continue
      val[v] = edge[e]
      val[v + 1] = edge[e + 1]
      val[v + 2] = edge[e + 2]
      this.pick[d] = o
      this.atStep[d] = i - 1
      nodes++
      if (
        (++this.ticks & (PROGRESS_NODES - 1)) === 0 &&
        this.progress?.(this.ticks, this.fraction(d)) === true
      ) {
        // Ends every level: each leaves its loop once found reaches the limit.
        this.stopped = true
        this.limit = -1
        break
      }
      if (last) this.board()
      else {
        used[w] |= b
        this.search(d + 1)
        used[w] &= ~b
      }
      if (this.found >= this.limit) break
    }
    this.stats.placements += i - from
    this.stats.nodes += nodes
  }

  private board(): void {
    this.found++
    const { val, turned } = this
    let same = true
    for (let i = 0; same && i < val.length; i++) same = val[turned[i]] === val[i]
    if (same) this.invariant++
    if (this.report) {
      const s = new Array<{ piece: number; turn: number }>(this.cells)
      this.order.forEach((c, d) => {
        const o = this.pick[d]
        s[c] = { piece: this.pieceOf[o], turn: this.turnOf[o] }
      })
      this.report(s)
    }
  }
}

/**
 * Cells in search order: from the apex, always a cell with the most placed neighbours (ties: the
 * lowest number), so that every cell after the first meets one already placed.
 */
function fillOrder(rows: number): Int32Array {
  const n = rows * rows
  const placedNear = new Int32Array(n)
  const done = new Uint8Array(n)
  const order = new Int32Array(n)
  for (let d = 0; d < n; d++) {
    let best = -1
    for (let c = 0; c < n; c++)
      if (!done[c] && (best < 0 || placedNear[c] > placedNear[best])) best = c
    order[d] = best
    done[best] = 1
    const { r, j } = cellAt(best)
    for (let s = 0; s < 3; s++) {
      const nb = neighbour(rows, r, j, s)
      if (nb) placedNear[nb.cell]++
    }
  }
  return order
}
