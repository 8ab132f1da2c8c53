import { BitCover, BitCoverPlan } from '../exactcover/bitcover'
import {
  DancingLinks,
  type Branch,
  type ExactCoverProblem,
  type RunStatus,
} from '../exactcover/dlx'
import type { EngineKind, ExactCoverEngine } from '../exactcover/engine'
import type { D4 } from '../lattice/d4'
import { seededRandom } from '../random'
import { leastCopies, placedPiece, type PlacedPiece, type TilingProblem } from './problem'

/**
 * Counting conventions.
 * - 'reduce' (the paper's): two tilings are the same when a symmetry of the figure maps one onto
 *   the other; identical pieces are never told apart. One tiling per class is emitted.
 * - 'raw': every tiling of the fixed figure is emitted (identical pieces still not told apart).
 * Both report both counts: `solutions` (classes) and `fixed` (tilings of the fixed figure).
 */
export type SymmetryMode = 'reduce' | 'raw'

/** The count a mode stands for: classes in 'reduce' (the paper's), every fixed tiling in 'raw'. */
export function headlineCount(counts: TilingCounts, mode: SymmetryMode): number {
  return mode === 'raw' ? counts.fixed : counts.solutions
}

export interface TilingSolution {
  /** Placement indices into problem.placements, ascending. */
  readonly placements: readonly number[]
  readonly pieces: readonly PlacedPiece[]
  /** How many tilings of the fixed figure this class holds: |G| / |stabiliser|. */
  readonly classSize: number
  /** True if this is the representative of its class (always true in 'reduce' mode). */
  readonly canonical: boolean
}

export interface TilingCounts {
  /** Tilings up to the figure's symmetries (the paper's count). */
  solutions: number
  /** Tilings of the fixed figure. */
  fixed: number
}

/**
 * Search statistics, in the sense of the paper's (13616 tries, 1451 that fit, 1326 that pass the
 * symmetry test, for the tangram). A node of the search is a partial tiling; the search expands
 * every node that is neither complete nor dead (a free cell or an unused piece that no placement
 * can reach any more) by the placements at its first free cell in the scan. Each statistic
 * counts the nodes of the whole search tree once, however the search is split into parts and
 * whichever processes run them (jobs.ts adds the parts up), so the app, the CLI and the README
 * show the same numbers for the same figure and set.
 */
export interface TilingStats {
  /**
   * Placements tried: at every node expanded, the placements whose first cell is the node's
   * first free cell (each one tested for fit, or passed over with a block that fails alike).
   */
  tried: number
  /**
   * Placements that fitted: of those tried, the ones overlapping no covered cell whose piece has
   * a copy left. The search places each, so this is the number of nodes below the root, and never
   * more than `tried`.
   */
  placements: number
  /** Placements of the symmetry-breaking piece left out, before the search, because a symmetric one is tried. */
  symmetryPrunedPlacements: number
  /** Complete tilings found but rejected as a symmetric copy of another. */
  symmetryRejectedCovers: number
}

/** The piece whose placements are cut down to one per symmetry class, and what that leaves. */
interface SymmetryBreak {
  readonly piece: number
  /** For each kept placement of that piece, the symmetries that fix it (beyond the identity). */
  readonly stabilizer: ReadonlyMap<number, readonly D4[]>
}

export interface SearchSetup {
  /**
   * Problem option of each option handed to the exact-cover engine: a placement index, or past
   * the placements one that leaves copies out.
   */
  readonly optionPlacement: Int32Array
  readonly breaking?: SymmetryBreak
  readonly pruned: number
}

/**
 * Chooses the symmetry-breaking piece: of the single (count 1) pieces that every symmetry of the
 * count maps onto themselves (not a one-sided piece a mirror maps onto its twin), the one left with the
 * fewest placements when each class of placements under the figure's symmetries keeps one, the
 * one earliest in the scan order. Few placements early in the scan make the piece a strong
 * constraint: once the search front has passed them, a branch without the piece is dead. Tilings
 * with that piece on a placement that a nontrivial symmetry fixes are then filtered by the
 * canonical test under that stabiliser, so nothing is lost and nothing is counted twice.
 */
export function planSearch(problem: TilingProblem, mode: SymmetryMode): SearchSetup {
  const all = Int32Array.from(problem.cover.options, (_, o) => o)
  const G = problem.figure.symmetry.filter((g) => g !== 0)
  if (mode === 'raw' || G.length === 0) return { optionPlacement: all, pruned: 0 }
  const first = problem.placementQuarters.map((ids) => {
    let lo = Infinity
    for (const q of ids) lo = Math.min(lo, problem.itemOfQuarter[q])
    return lo
  })
  const earlier = (a: number, b: number) => first[a] < first[b] || (first[a] === first[b] && a < b)
  let best:
    { piece: number; keep: Set<number>; stab: Map<number, D4[]>; removed: number } | undefined
  problem.pieces.forEach((piece, pi) => {
    // A kind of several copies, or one a range may leave out, is not in every tiling once.
    if (piece.count !== 1 || leastCopies(piece) !== 1) return
    // A one-sided piece that a mirror of the count maps onto its twin cannot break it.
    const own = (p: number) =>
      G.every((g) => problem.placements[problem.placementImage.get(g)![p]].piece === pi)
    const first = problem.placements.findIndex((pl) => pl.piece === pi)
    if (first >= 0 && !own(first)) return
    const keep = new Set<number>()
    const stab = new Map<number, D4[]>()
    let total = 0
    problem.placements.forEach((pl, p) => {
      if (pl.piece !== pi) return
      total++
      let rep = p
      const fixers: D4[] = []
      for (const g of G) {
        const img = problem.placementImage.get(g)![p]
        if (earlier(img, rep)) rep = img
        if (img === p) fixers.push(g)
      }
      if (rep === p) {
        keep.add(p)
        if (fixers.length > 0) stab.set(p, fixers)
      }
    })
    const removed = total - keep.size
    if (
      !best ||
      keep.size < best.keep.size ||
      (keep.size === best.keep.size && removed > best.removed)
    ) {
      best = { piece: pi, keep, stab, removed }
    }
  })
  if (!best) return { optionPlacement: all, pruned: 0 }
  const b = best
  const kept = all.filter((p) => problem.placements[p]?.piece !== b.piece || b.keep.has(p))
  return {
    optionPlacement: kept,
    breaking: { piece: b.piece, stabilizer: b.stab },
    pruned: b.removed,
  }
}

/** The exact-cover problem the engines search: the options the setup keeps (none if obstructed). */
function searchCover(problem: TilingProblem, setup: SearchSetup): ExactCoverProblem {
  const options = problem.obstruction
    ? []
    : Array.from(setup.optionPlacement, (p) => problem.cover.options[p])
  return { ...problem.cover, options }
}

/** One compiled bitset plan per setup, shared by every part and probe of the search. */
const bitPlans = new WeakMap<SearchSetup, BitCoverPlan>()
function bitPlan(problem: TilingProblem, setup: SearchSetup): BitCoverPlan {
  let plan = bitPlans.get(setup)
  if (!plan) {
    plan = new BitCoverPlan(searchCover(problem, setup))
    bitPlans.set(setup, plan)
  }
  return plan
}

/**
 * The prefixes the root branches on when it branches on the symmetry-breaking piece: one for
 * each of its placements, when they are no more than the options at the first free cell (as the
 * native backtrackers fix the X pentomino first: its few placements constrain the whole board from
 * the start rather than once the scan reaches them; 6 × 10 pentominoes: 2.44 instead of 2.88
 * million placements). Else none: the root branches on its first free cell, as every other node.
 */
function rootPrefixes(problem: TilingProblem, setup: SearchSetup): number[][] {
  const piece = setup.breaking?.piece
  const roots: number[][] = []
  if (piece !== undefined)
    setup.optionPlacement.forEach((p, o) => {
      if (problem.placements[p]?.piece === piece) roots.push([o])
    })
  if (roots.length === 0) return roots
  const cell = new BitCover(bitPlan(problem, setup)).branch()
  return cell && roots.length <= cell.options.length ? roots : []
}

export class TilingSearch {
  readonly counts: TilingCounts = { solutions: 0, fixed: 0 }
  private engine: ExactCoverEngine
  private readonly setup: SearchSetup
  /** The prefixes searched one after another (see rootPrefixes), and which one runs. */
  private readonly roots: readonly (readonly number[])[]
  /** Whether the root branches on the breaking piece's placements (the roots), not a cell. */
  private readonly pieceFirst: boolean
  private root = 0
  private started = false
  /** The statistics of the root node when it branches on the breaking piece, and of ended roots. */
  private readonly before = { tried: 0, placements: 0 }
  private rejected = 0
  private last: TilingSolution | undefined

  constructor(
    readonly problem: TilingProblem,
    readonly mode: SymmetryMode = 'reduce',
    prefix: readonly number[] = [],
    private readonly engineKind: EngineKind = 'bits',
    setup?: SearchSetup,
  ) {
    this.setup = setup ?? planSearch(problem, mode)
    const infeasible = problem.obstruction !== undefined
    const pieces = infeasible || prefix.length > 0 ? [] : rootPrefixes(problem, this.setup)
    this.pieceFirst = pieces.length > 0
    this.roots = this.pieceFirst ? pieces : [infeasible ? [] : prefix]
    if (this.pieceFirst) {
      // The root tries every placement of the piece, and each fits on the empty board.
      this.before.tried = this.roots.length
      this.before.placements = this.roots.length
    }
    this.engine = this.engineAt(this.roots[0])
  }

  private engineAt(prefix: readonly number[]): ExactCoverEngine {
    return this.engineKind === 'bits'
      ? new BitCover(bitPlan(this.problem, this.setup), prefix)
      : new DancingLinks(searchCover(this.problem, this.setup), prefix)
  }

  /** The node the search starts at, as the search would expand it (for splitting). */
  branch(): Branch | undefined {
    if (this.problem.obstruction) return undefined
    if (!this.pieceFirst) return this.engine.branch()
    return this.started
      ? undefined
      : { tried: this.roots.length, options: this.roots.map((r) => r[0]) }
  }

  /** Advances by at most `budget` placements; 'solution' means an emitted tiling is ready. */
  step(budget: number): RunStatus {
    this.started = true
    let left = budget
    for (;;) {
      const placed = this.engine.stats.placements
      const s = this.engine.run(left)
      if (s === 'done' && this.root + 1 < this.roots.length) {
        left -= this.engine.stats.placements - placed
        this.before.tried += this.engine.stats.tried
        this.before.placements += this.engine.stats.placements
        this.engine = this.engineAt(this.roots[++this.root])
        if (left <= 0) return 'paused'
        continue
      }
      if (s !== 'solution') return s
      const sol = this.accept(this.engine.solution())
      if (sol) {
        this.last = sol
        return 'solution'
      }
    }
  }

  solution(): TilingSolution {
    if (!this.last) throw new Error('no solution yet')
    return this.last
  }

  /** The pieces placed on the path the search is on now (after a 'paused' step). */
  currentPath(): PlacedPiece[] {
    return this.engine
      .solution()
      .map((o) => this.setup.optionPlacement[o])
      .filter((p) => p < this.problem.placements.length)
      .map((p) => placedPiece(this.problem, p))
  }

  progress(): number {
    return (this.root + this.engine.progress()) / this.roots.length
  }

  isDone(): boolean {
    return this.root + 1 === this.roots.length && this.engine.isDone()
  }

  /** Knuth's random-probe estimate of the nodes this search will visit; call before stepping. */
  estimateNodes(probes = 64, seed = 1): number {
    if (this.problem.obstruction) return 0
    if (!this.engine.estimateNodes) return NaN
    if (!this.pieceFirst) return this.engine.estimateNodes(probes, seededRandom(seed))
    // The root, and each of its searches with a share of the probes.
    const share = Math.max(1, Math.ceil(probes / this.roots.length))
    return this.roots.reduce(
      (sum, prefix, i) => sum + this.engineAt(prefix).estimateNodes!(share, seededRandom(seed + i)),
      1,
    )
  }

  stats(): TilingStats {
    return {
      tried: this.before.tried + this.engine.stats.tried,
      placements: this.before.placements + this.engine.stats.placements,
      symmetryPrunedPlacements: this.setup.pruned,
      symmetryRejectedCovers: this.rejected,
    }
  }

  /** Runs to the end; returns the counts. */
  runToEnd(onSolution?: (s: TilingSolution) => void): TilingCounts {
    for (;;) {
      const s = this.step(1 << 30)
      if (s === 'done') return this.counts
      if (s === 'solution' && onSolution) onSolution(this.last!)
    }
  }

  private accept(options: number[]): TilingSolution | undefined {
    // The options that leave copies out follow from the placements: only these are compared.
    const placements = options
      .map((o) => this.setup.optionPlacement[o])
      .filter((p) => p < this.problem.placements.length)
      .sort((a, b) => a - b)
    const G = this.problem.figure.symmetry.length
    let group: readonly D4[]
    if (this.mode === 'raw' || !this.setup.breaking) {
      group = this.problem.figure.symmetry.filter((g) => g !== 0)
    } else {
      const bp = this.setup.breaking.piece
      const p = placements.find((q) => this.problem.placements[q].piece === bp)!
      group = this.setup.breaking.stabilizer.get(p) ?? []
    }
    let canonical = true
    let stab = 1
    const image = new Array<number>(placements.length)
    for (const g of group) {
      const map = this.problem.placementImage.get(g)!
      for (let k = 0; k < placements.length; k++) image[k] = map[placements[k]]
      image.sort((a, b) => a - b)
      const c = compareLex(image, placements)
      if (c < 0) canonical = false
      else if (c === 0) stab++
    }
    if (this.mode === 'reduce' && !canonical) {
      this.rejected++
      return undefined
    }
    // In 'reduce' mode with a breaking piece the group is the stabiliser of its placement, which
    // contains the stabiliser of the whole tiling; in the other cases it is the whole group.
    const classSize = G / stab
    if (canonical) this.counts.solutions++
    this.counts.fixed += this.mode === 'raw' ? 1 : classSize
    return {
      placements,
      pieces: placements.map((p) => placedPiece(this.problem, p)),
      classSize,
      canonical,
    }
  }
}

function compareLex(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i]
  return 0
}
