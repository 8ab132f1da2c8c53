import { convexCases } from '../convex/convex'
import { InputError } from '../errors'
import { d4Matrix } from '../lattice/d4'
import type { Point } from '../lattice/polygon'
import { latticeKey } from '../pentagons/lattice'
import { seededRandom } from '../random'
import {
  placedPiece,
  type PieceKind,
  type PlacedPiece,
  type TilingProblem,
} from '../tiling/problem'
import { TilingSearch, type TilingCounts, type TilingSolution } from '../tiling/search'
import { prepareFigure, ruleOuts } from '../tiling/rule-out'
import { verifyTiling } from '../tiling/verify'
import { GROWTH_SYMMETRIES, randomFigure } from './arrangement'
import { plural } from '../plural'

/**
 * Figures a set builds in exactly one way (issue 14): silhouette puzzles. Candidates are the
 * convex outlines of the set's area, all of them, or random simple figures of that area grown
 * from the set's pieces (arrangement.ts), told apart up to congruence. Each is counted by the
 * exhaustive search, up to the figure's symmetries with identical pieces never told apart (the
 * paper's convention); the search's nodes (placements that fitted) rate its difficulty. A figure
 * with several tilings keeps the two that differ least, turned by the figure's symmetries to
 * match as far as they can: the pieces that differ are what would have to change to make it
 * unique.
 *
 * The search is a generator that yields its progress every few thousand placements, so that the
 * CLI and the app run it in slices and stop it at once.
 */
export type SilhouetteKind = 'convex' | 'any'

export interface SilhouetteRequest {
  readonly kind: SilhouetteKind
  /** How many figures to find. */
  readonly count: number
  /** Only figures with exactly one tiling; otherwise every figure the set tiles. */
  readonly unique: boolean
  /** Only figures with a symmetry. */
  readonly symmetric: boolean
  readonly seed: number
}

export interface SilhouetteBudget {
  /** Random figures drawn at most ('any'). */
  readonly draws: number
  /** Search nodes for all the counts together. */
  readonly nodes: number
  /** Search nodes for one figure: a figure whose count needs more is left undecided. */
  readonly figureNodes: number
  /** Draws in a row that give no new figure, after which the set is taken to make no more. */
  readonly stale: number
  /**
   * New figures in a row that the set does not build, after which the figures drawn are taken to
   * be out of its reach (symmetric ones grown from pieces the set has only once).
   */
  readonly barren: number
}

/**
 * What a search may spend by default. The tangram's 20 figures with one tiling take some 700
 * draws and a few thousand nodes each; symmetric ones about 40 draws each. The node budgets are
 * about a minute of search at the engine's rate on this kind of figure.
 */
export const SILHOUETTE_BUDGET: SilhouetteBudget = {
  draws: 200_000,
  nodes: 1e9,
  figureNodes: 5e7,
  stale: 5_000,
  barren: 500,
}

/**
 * Most pieces (copies counted) whose figures are counted exhaustively: every figure of a set
 * is a search of its own, and beyond this the searches, and the holes random arrangements
 * enclose, grow out of reach (the 30 pentaboloes enclose a hole in every arrangement tried).
 */
export const SILHOUETTE_MAX_PIECES = 16

export interface Silhouette {
  /** Counter-clockwise from its lowest-then-leftmost corner. */
  readonly polygon: readonly Point[]
  /** Its congruence key: equal for congruent figures. */
  readonly key: string
  /** Symmetries of the square that map the figure onto itself (1: none but the identity). */
  readonly symmetries: number
  readonly counts: TilingCounts
  /** The exhaustive search's nodes (placements that fitted): the difficulty. */
  readonly nodes: number
  /**
   * Its one tiling; or, with several, the two that differ least (the second turned by the
   * figure's symmetry that matches it best with the first). Pieces index the set's kinds.
   */
  readonly tilings: readonly (readonly PlacedPiece[])[]
  /** With two tilings: the pieces of each (indices into its list) that the other lacks. */
  readonly differ?: readonly [readonly number[], readonly number[]]
}

export interface SilhouetteProgress {
  /** Figures drawn ('any') or outlines taken ('convex'). */
  readonly draws: number
  /** Distinct figures counted. */
  readonly counted: number
  /** Figures found that the request asks for. */
  readonly found: number
  /** Search nodes of all counts. */
  readonly nodes: number
  /** Figures whose count needed more than the budget for one figure: undecided, left out. */
  readonly undecided: number
  /** Of the whole search, 0 … 1 (the larger of what is found and what is spent). */
  readonly fraction: number
}

export interface SilhouetteResult {
  /** The figures found, easiest first (fewest search nodes). */
  readonly figures: readonly Silhouette[]
  readonly progress: SilhouetteProgress
  /** Why fewer figures than asked were found; undefined if all were. */
  readonly shortfall?: string
}

/** The tilings a count keeps to choose the closest pair from. */
const KEPT_TILINGS = 64
/** Placements between two yields. */
const STEP = 20_000

/** Why the set cannot be searched at all; undefined if it can. */
export function silhouetteSetProblem(pieces: readonly PieceKind[]): string | undefined {
  const copies = pieces.reduce((n, p) => n + p.count, 0)
  if (copies > SILHOUETTE_MAX_PIECES)
    return `${copies} pieces (copies counted) are too many to count every figure exhaustively: at most ${SILHOUETTE_MAX_PIECES}`
  return undefined
}

/**
 * Finds the figures the request asks for. `onCandidate` hears every figure the set tiles, as it
 * is counted, and whether it is one asked for. Throws InputError when the set is too large.
 */
export function* silhouetteSearch(
  pieces: readonly PieceKind[],
  request: SilhouetteRequest,
  budget: SilhouetteBudget = SILHOUETTE_BUDGET,
  onCandidate?: (s: Silhouette, asked: boolean) => void,
): Generator<SilhouetteProgress, SilhouetteResult> {
  const problem = silhouetteSetProblem(pieces)
  if (problem) throw new InputError(problem)
  const rules = ruleOuts(pieces)
  const found: Silhouette[] = []
  const seen = new Set<string>()
  let draws = 0
  let nodes = 0
  let undecided = 0
  /** Figures counted that the set builds, and new ones in a row that it does not. */
  let tileable = 0
  let barren = 0
  const outlines =
    request.kind === 'convex'
      ? convexCases(pieces).cases.filter((c) => !request.symmetric || c.symmetryOrder > 1)
      : []
  const progress = (): SilhouetteProgress => ({
    draws,
    counted: seen.size,
    found: found.length,
    nodes,
    undecided,
    fraction: Math.min(
      1,
      Math.max(
        found.length / request.count,
        request.kind === 'convex' ? draws / Math.max(1, outlines.length) : draws / budget.draws,
        nodes / budget.nodes,
        barren / budget.barren,
      ),
    ),
  })
  const done = (shortfall?: string): SilhouetteResult => ({
    figures: [...found].sort((a, b) => a.nodes - b.nodes),
    progress: progress(),
    shortfall: found.length < request.count ? shortfall : undefined,
  })
  /** Counts a figure, unless seen; true once enough are found. */
  function* consider(polygon: readonly Point[]): Generator<SilhouetteProgress, boolean> {
    const key = latticeKey(polygon)
    if (seen.has(key)) return false
    seen.add(key)
    // A figure a cheap argument rules out has no tiling: not one the set builds.
    const { problem: tiling, rejected } = prepareFigure(polygon, pieces, rules)
    if (!tiling || rejected) return false
    if (request.symmetric && tiling.figure.symmetry.length < 2) return false
    const count = countFigure(tiling, Math.min(budget.figureNodes, budget.nodes - nodes))
    let step = count.next()
    for (; !step.done; step = count.next()) yield progress()
    const counted = step.value
    nodes += counted.nodes
    if (!counted.complete) {
      undecided++
      return false
    }
    if (counted.counts.solutions === 0) return false
    tileable++
    const s = silhouette(tiling, key, counted)
    const asked = !request.unique || s.counts.solutions === 1
    if (asked) {
      if (s.counts.solutions === 1) checkUnique(tiling, s)
      found.push(s)
    }
    onCandidate?.(s, asked)
    return found.length >= request.count
  }

  const kind = `${request.symmetric ? ' with a symmetry' : ''}${request.unique ? ' built in exactly one way' : ' the set builds'}`
  const what = `figure${kind}`
  if (request.kind === 'convex') {
    for (const c of outlines) {
      draws++
      if (yield* consider(c.polygon)) return done()
      if (nodes >= budget.nodes) return done(ranOutOfNodes(budget))
      yield progress()
    }
    const all = `all ${plural(outlines.length, 'convex outline')}${request.symmetric ? ' with a symmetry' : ''} counted`
    if (found.length === 0) throw new InputError(`no convex ${what} (${all})`)
    return done(`only ${plural(found.length, 'convex figure')}${kind} (${all})`)
  }
  const random = seededRandom(request.seed)
  let stale = 0
  while (draws < budget.draws) {
    draws++
    const symmetry = request.symmetric
      ? GROWTH_SYMMETRIES[Math.floor(random() * GROWTH_SYMMETRIES.length)]
      : undefined
    const polygon = randomFigure(pieces, random, symmetry)
    const before = seen.size
    const tiled = tileable
    if (polygon && (yield* consider(polygon))) return done()
    stale = seen.size > before ? 0 : stale + 1
    if (seen.size > before) barren = tileable > tiled ? 0 : barren + 1
    if (barren >= budget.barren)
      return shortOf(
        `none of the last ${budget.barren.toLocaleString('en')} figures drawn is one the set builds${request.symmetric ? ' (a symmetric figure is grown with copies of its pieces the set may not have)' : ''}`,
      )
    if (nodes >= budget.nodes) return done(ranOutOfNodes(budget))
    if (stale >= budget.stale)
      return shortOf(
        `no new figure in the last ${budget.stale.toLocaleString('en')} draws: the set makes few figures (${seen.size.toLocaleString('en')} found)`,
      )
    if (draws % 16 === 0) yield progress()
  }
  return shortOf(`${budget.draws.toLocaleString('en')} random figures drawn`)

  function shortOf(reason: string): SilhouetteResult {
    if (found.length === 0) throw new InputError(`no ${what}: ${reason}`)
    return done(`only ${plural(found.length, 'figure')}${kind}: ${reason}`)
  }
}

function ranOutOfNodes(budget: SilhouetteBudget): string {
  return `the budget of ${budget.nodes.toLocaleString('en')} search nodes is spent`
}

interface Counted {
  readonly counts: TilingCounts
  readonly nodes: number
  readonly kept: readonly TilingSolution[]
  readonly complete: boolean
}

/** The exhaustive count of one figure (not ruled out), yielding every few thousand placements. */
function* countFigure(problem: TilingProblem, maxNodes: number): Generator<void, Counted> {
  const search = new TilingSearch(problem, 'reduce')
  const kept: TilingSolution[] = []
  let since = 0
  for (;;) {
    const before = search.stats().placements
    const status = search.step(STEP - since)
    since += search.stats().placements - before
    if (status === 'done') break
    if (status === 'solution' && kept.length < KEPT_TILINGS) kept.push(search.solution())
    if (search.stats().placements > maxNodes)
      return { counts: search.counts, nodes: search.stats().placements, kept, complete: false }
    if (since >= STEP) {
      since = 0
      yield
    }
  }
  return { counts: search.counts, nodes: search.stats().placements, kept, complete: true }
}

/** A counted figure with the tilings it shows: its one, or the two that differ least. */
function silhouette(problem: TilingProblem, key: string, counted: Counted): Silhouette {
  const base = {
    polygon: problem.figure.polygon,
    key,
    symmetries: problem.figure.symmetry.length,
    counts: counted.counts,
    nodes: counted.nodes,
  }
  const pieces = (placements: readonly number[]) => placements.map((p) => placedPiece(problem, p))
  if (counted.kept.length < 2)
    return { ...base, tilings: counted.kept.map((t) => pieces(t.placements)) }
  const pair = closestPair(
    problem,
    counted.kept.map((t) => t.placements),
  )
  const [a, b] = pair
  const inA = new Set(a)
  const inB = new Set(b)
  return {
    ...base,
    tilings: [pieces(a), pieces(b)],
    differ: [
      a.flatMap((p, i) => (inB.has(p) ? [] : [i])),
      b.flatMap((p, i) => (inA.has(p) ? [] : [i])),
    ],
  }
}

/**
 * Of the tilings (placement lists), the two sharing the most placed pieces once the second is
 * turned by the figure's symmetry that matches it best with the first; the second as turned.
 */
export function closestPair(
  problem: TilingProblem,
  tilings: readonly (readonly number[])[],
): [readonly number[], readonly number[]] {
  let best: { shared: number; a: readonly number[]; b: number[] } | undefined
  for (let i = 0; i < tilings.length; i++) {
    const inA = new Set(tilings[i])
    for (let j = i + 1; j < tilings.length; j++) {
      for (const g of problem.figure.symmetry) {
        const map = problem.placementImage.get(g)!
        const b = tilings[j].map((p) => map[p])
        const shared = b.reduce((n, p) => n + (inA.has(p) ? 1 : 0), 0)
        if (!best || shared > best.shared) best = { shared, a: tilings[i], b }
      }
    }
  }
  return [best!.a, best!.b]
}

/**
 * A figure about to be reported as built in exactly one way, re-checked so that a wrong claim is
 * never printed: its tiling by the independent verifier, and its count by the other exact-cover
 * engine (dancing links), which shares no search code with the one that counted it.
 */
function checkUnique(problem: TilingProblem, s: Silhouette): void {
  const pieces = problem.pieces.map((p) => ({
    name: p.name,
    polygon: p.shape.polygon,
    count: p.count,
  }))
  const moves = s.tilings[0].map((p) => ({
    piece: p.piece,
    matrix: d4Matrix(p.g),
    dx: p.dx,
    dy: p.dy,
  }))
  const wrong = verifyTiling(s.polygon, pieces, moves)
  if (wrong) throw new Error(`internal: the tiling found for a figure does not check: ${wrong}`)
  const recount = new TilingSearch(problem, 'reduce', [], 'dlx')
  while (recount.step(Infinity) !== 'done');
  if (recount.counts.solutions !== 1 || recount.counts.fixed !== s.counts.fixed)
    throw new Error(
      `internal: the engines disagree on a figure's tilings (${s.counts.solutions} and ${recount.counts.solutions})`,
    )
}
