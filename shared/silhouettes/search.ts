import { convexCases } from '../convex/convex'
import { InputError } from '../errors'
import { d4Matrix } from '../lattice/d4'
import { normalizePolygon, type Point } from '../lattice/polygon'
import { latticeKey } from '../pentagons/lattice'
import { seededRandom } from '../random'
import {
  placedPiece,
  type PieceKind,
  type PlacedPiece,
  type TilingProblem,
} from '../tiling/problem'
import { TilingSearch, type TilingCounts, type TilingSolution } from '../tiling/search'
import { prepareFigure, ruleOuts, type RuleOuts } from '../tiling/rule-out'
import { verifyTiling } from '../tiling/verify'
import { GROWTH_SYMMETRIES, randomFigure } from './arrangement'
import { plural } from '../plural'
import { offLatticeRequestProblem, offLatticeSetProblem } from './offlattice'

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
 * The counts are tasks on the task farm (electron/services/silhouettes-run.ts); the budgets and the
 * order of the draws are kept in one place, the tally, so that the result is the same however
 * many processes count.
 */
export type SilhouetteKind = 'convex' | 'any'

export interface SilhouetteRequest {
  readonly kind: SilhouetteKind
  /**
   * The turns the pieces take as figures are grown: 90 (the default) on the lattice; 45 off it,
   * any figure ('any') grown by shared/offlattice/grow.ts and counted by the exact search.
   */
  readonly turns?: 90 | 45
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

/** A figure counted, as the tally takes it, on the lattice or off it (offlattice.ts). */
export interface CountedFigure {
  /** Its congruence key: equal for congruent figures. */
  readonly key: string
  /** Symmetries that map the figure onto itself (1: none but the identity). */
  readonly symmetries: number
  readonly counts: TilingCounts
  /** The exhaustive search's nodes (placements that fitted): the difficulty. */
  readonly nodes: number
}

export interface Silhouette extends CountedFigure {
  /** Counter-clockwise from its lowest-then-leftmost corner. */
  readonly polygon: readonly Point[]
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

export interface SilhouetteResult<S extends CountedFigure = Silhouette> {
  /** The figures found, easiest first (fewest search nodes). */
  readonly figures: readonly S[]
  readonly progress: SilhouetteProgress
  /** Why fewer figures than asked were found; undefined if all were. */
  readonly shortfall?: string
}

/** The tilings a count keeps to choose the closest pair from. */
const KEPT_TILINGS = 64
/** Placements between two checks of a count's budget. */
const STEP = 20_000

/** Why the set cannot be searched at all (as the request asks: pieces at 45°); undefined if it can. */
export function silhouetteSetProblem(
  pieces: readonly PieceKind[],
  request?: SilhouetteRequest,
): string | undefined {
  const copies = pieces.reduce((n, p) => n + p.count, 0)
  if (copies > SILHOUETTE_MAX_PIECES)
    return `${copies} pieces (copies counted) are too many to count every figure exhaustively: at most ${SILHOUETTE_MAX_PIECES}`
  if (request?.turns !== 45) return undefined
  return offLatticeRequestProblem(request) ?? offLatticeSetProblem(pieces)
}

/**
 * Finds the figures the request asks for, in one go in this process: the steps below (draws,
 * each new figure counted, the tally) as the task farm runs them (silhouettes-run.ts), which
 * finds the same. `onCandidate` hears every figure the set tiles, as it is counted, and whether
 * it is one asked for. Throws InputError when the set is too large or nothing is found.
 */
export function findSilhouettes(
  pieces: readonly PieceKind[],
  request: SilhouetteRequest,
  budget: SilhouetteBudget = SILHOUETTE_BUDGET,
  onCandidate?: (s: Silhouette, asked: boolean) => void,
): SilhouetteResult {
  const problem = silhouetteSetProblem(pieces, request)
  if (problem) throw new InputError(problem)
  const rules = ruleOuts(pieces)
  const draws = figureDraws(pieces, request)
  const tally = new SilhouetteTally(request, budget, draws.outlines, onCandidate)
  for (;;) {
    const polygon = draws.draw()
    const key = polygon && latticeKey(polygon)
    const outcome =
      key !== undefined && tally.isNew(key)
        ? countCandidate(polygon!, pieces, rules, request, tally.nodesLeft(budget.figureNodes))
        : undefined
    const end = tally.take(key, outcome)
    if (end) return end
  }
}

/** The figures drawn, in order: the convex outlines, or random figures from the seed. */
export interface FigureDraws {
  /** The next figure; undefined when the draw made none (a random arrangement that failed). */
  draw(): readonly Point[] | undefined
  /** Where the draws are: the next outline, or the random generator's state. */
  readonly state: number
  /** The convex outlines there are to draw, if convex. */
  readonly outlines?: number
}

/** The draws of a request, from `state` (of an earlier `FigureDraws`) or from the start. */
export function figureDraws(
  pieces: readonly PieceKind[],
  request: SilhouetteRequest,
  state?: number,
): FigureDraws {
  if (request.kind === 'convex') {
    const outlines = convexCases(pieces).cases.filter(
      (c) => !request.symmetric || c.symmetryOrder > 1,
    )
    let next = state ?? 0
    return {
      draw: () => outlines[next++]?.polygon,
      get state() {
        return next
      },
      outlines: outlines.length,
    }
  }
  const random = seededRandom(request.seed, state)
  return {
    draw: () => {
      const symmetry = request.symmetric
        ? GROWTH_SYMMETRIES[Math.floor(random() * GROWTH_SYMMETRIES.length)]
        : undefined
      return randomFigure(pieces, random, symmetry)
    },
    get state() {
      return random.state()
    },
  }
}

/**
 * What counting a new figure found: nothing to count (a cheap argument rules it out, or it has
 * no symmetry when one is asked for), or its count: the search's nodes, whether it finished
 * within the nodes it was given, and, if it did and the set builds the figure, the figure.
 */
export type CandidateOutcome<S extends CountedFigure = Silhouette> =
  | { readonly counted: false }
  | {
      readonly counted: true
      readonly nodes: number
      /** The placements at the count's last check of its budget (`countFigure`). */
      readonly checked: number
      readonly complete: boolean
      readonly silhouette?: S
    }

/** Counts a figure, exhaustively up to `maxNodes` search nodes. */
export function countCandidate(
  polygon: readonly Point[],
  pieces: readonly PieceKind[],
  rules: RuleOuts,
  request: SilhouetteRequest,
  maxNodes: number,
): CandidateOutcome {
  // A figure a cheap argument rules out has no tiling: not one the set builds.
  const { problem: tiling, rejected } = prepareFigure(polygon, pieces, rules)
  if (!tiling || rejected) return { counted: false }
  if (request.symmetric && tiling.figure.symmetry.length < 2) return { counted: false }
  const counted = countFigure(tiling, maxNodes)
  const { nodes, checked, complete } = counted
  if (!complete || counted.counts.solutions === 0)
    return { counted: true, nodes, checked, complete }
  const s = silhouette(tiling, normalizePolygon(polygon), latticeKey(polygon), counted)
  if (s.counts.solutions === 1) checkUnique(tiling, s)
  return { counted: true, nodes, checked, complete, silhouette: s }
}

/**
 * The search's bookkeeping, draw by draw in the order drawn: the figures seen, found and
 * counted, the nodes spent, and when to stop (enough found, a budget spent, the set making no
 * more). Fed the same draws and outcomes it ends the same way, wherever the counts were made.
 */
export class SilhouetteTally<S extends CountedFigure = Silhouette> {
  private readonly found: S[] = []
  private readonly seen = new Set<string>()
  private draws = 0
  private nodes = 0
  private undecided = 0
  /** Figures counted that the set builds, new ones in a row that it does not, draws with none. */
  private tileable = 0
  private barren = 0
  private stale = 0

  constructor(
    private readonly request: SilhouetteRequest,
    private readonly budget: SilhouetteBudget,
    /** The convex outlines to draw, if convex. */
    private readonly outlines = 0,
    private readonly onCandidate?: (s: S, asked: boolean) => void,
  ) {}

  /** Whether a figure (by its key) is new: only a new one is counted. */
  isNew(key: string): boolean {
    return !this.seen.has(key)
  }

  /** Nodes the next count may spend: a figure's budget, or what is left of the whole's. */
  nodesLeft(figureNodes: number): number {
    return Math.min(figureNodes, this.budget.nodes - this.nodes)
  }

  progress(): SilhouetteProgress {
    const { request, budget } = this
    return {
      draws: this.draws,
      counted: this.seen.size,
      found: this.found.length,
      nodes: this.nodes,
      undecided: this.undecided,
      fraction: Math.min(
        1,
        Math.max(
          this.found.length / request.count,
          request.kind === 'convex'
            ? this.draws / Math.max(1, this.outlines)
            : this.draws / budget.draws,
          this.nodes / budget.nodes,
          this.barren / budget.barren,
        ),
      ),
    }
  }

  /**
   * The next draw: its figure's key (undefined: the draw made none) and, for a new figure, what
   * counting it found. The result once the search ends.
   */
  take(key: string | undefined, outcome?: CandidateOutcome<S>): SilhouetteResult<S> | undefined {
    const { request, budget } = this
    this.draws++
    const before = this.seen.size
    const tiled = this.tileable
    if (key !== undefined && !this.seen.has(key)) {
      this.seen.add(key)
      if (this.count(outcome!)) return this.done()
    }
    if (request.kind === 'convex') {
      if (this.nodes >= budget.nodes) return this.done(ranOutOfNodes(budget))
      if (this.draws < this.outlines) return undefined
      const all = `all ${plural(this.outlines, 'convex outline')}${request.symmetric ? ' with a symmetry' : ''} counted`
      if (this.found.length === 0) throw new InputError(`no convex ${this.what()} (${all})`)
      return this.done(`only ${plural(this.found.length, 'convex figure')}${this.kind()} (${all})`)
    }
    const isNew = this.seen.size > before
    this.stale = isNew ? 0 : this.stale + 1
    if (isNew) this.barren = this.tileable > tiled ? 0 : this.barren + 1
    if (this.barren >= budget.barren)
      return this.shortOf(
        `none of the last ${budget.barren.toLocaleString('en')} figures drawn is one the set builds${request.symmetric ? ' (a symmetric figure is grown with copies of its pieces the set may not have)' : ''}`,
      )
    if (this.nodes >= budget.nodes) return this.done(ranOutOfNodes(budget))
    if (this.stale >= budget.stale)
      return this.shortOf(
        `no new figure in the last ${budget.stale.toLocaleString('en')} draws: the set makes few figures (${this.seen.size.toLocaleString('en')} found)`,
      )
    if (this.draws >= budget.draws)
      return this.shortOf(`${budget.draws.toLocaleString('en')} random figures drawn`)
    return undefined
  }

  /** A new figure's count taken in; true once enough are found. */
  private count(outcome: CandidateOutcome<S>): boolean {
    if (!outcome.counted) return false
    // A count made with a figure's budget while less of the whole's was left (on the task farm,
    // counted ahead) would have stopped at a check past that: undecided, the whole's budget
    // spent (its nodes then those of the whole count, a little more than here).
    const complete = outcome.complete && outcome.checked <= this.budget.nodes - this.nodes
    this.nodes += outcome.nodes
    if (!complete) {
      this.undecided++
      return false
    }
    const s = outcome.silhouette
    if (!s) return false
    this.tileable++
    const asked = !this.request.unique || s.counts.solutions === 1
    if (asked) this.found.push(s)
    this.onCandidate?.(s, asked)
    return this.found.length >= this.request.count
  }

  private kind(): string {
    const { symmetric, unique } = this.request
    return `${symmetric ? ' with a symmetry' : ''}${unique ? ' built in exactly one way' : ' the set builds'}`
  }

  private what(): string {
    return `figure${this.kind()}`
  }

  private done(shortfall?: string): SilhouetteResult<S> {
    return {
      figures: [...this.found].sort((a, b) => a.nodes - b.nodes),
      progress: this.progress(),
      shortfall: this.found.length < this.request.count ? shortfall : undefined,
    }
  }

  private shortOf(reason: string): SilhouetteResult<S> {
    if (this.found.length === 0) throw new InputError(`no ${this.what()}: ${reason}`)
    return this.done(`only ${plural(this.found.length, 'figure')}${this.kind()}: ${reason}`)
  }
}

function ranOutOfNodes(budget: SilhouetteBudget): string {
  return `the budget of ${budget.nodes.toLocaleString('en')} search nodes is spent`
}

interface Counted {
  readonly counts: TilingCounts
  readonly nodes: number
  /** The placements when the budget was last checked: a smaller budget stops the count there. */
  readonly checked: number
  readonly kept: readonly TilingSolution[]
  readonly complete: boolean
}

/** The exhaustive count of one figure (not ruled out), stopped past `maxNodes`. */
function countFigure(problem: TilingProblem, maxNodes: number): Counted {
  const search = new TilingSearch(problem, 'reduce')
  const kept: TilingSolution[] = []
  // Checked every STEP placements and at each tiling, as the count always has: the nodes of a
  // count stopped past its budget are the same wherever it runs.
  let since = 0
  let checked = 0
  for (;;) {
    const before = search.stats().placements
    const status = search.step(STEP - since)
    since += search.stats().placements - before
    if (status === 'done') break
    if (status === 'solution' && kept.length < KEPT_TILINGS) kept.push(search.solution())
    checked = search.stats().placements
    if (checked > maxNodes)
      return { counts: search.counts, nodes: checked, checked, kept, complete: false }
    if (since >= STEP) since = 0
  }
  return { counts: search.counts, nodes: search.stats().placements, checked, kept, complete: true }
}

/** A counted figure with the tilings it shows: its one, or the two that differ least. */
function silhouette(
  problem: TilingProblem,
  polygon: readonly Point[],
  key: string,
  counted: Counted,
): Silhouette {
  const base = {
    polygon,
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
