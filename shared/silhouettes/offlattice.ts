import {
  comparePoints,
  fromLattice,
  transformPolygon,
  translate,
  type XPoint,
} from '../exact/geometry'
import { neg } from '../exact/root2'
import type { Point } from '../lattice/polygon'
import { growSilhouette, congruenceKey } from '../offlattice/grow'
import { OffLatticeSearch, type OffPiece } from '../offlattice/search'
import type { RingText } from '../offlattice/wire'
import { pointToText } from '../pentagons/wire'
import { verifyRegionDissection } from '../pentagons/verify'
import { seededRandom } from '../random'
import type { CandidateOutcome, CountedFigure, Silhouette, SilhouetteRequest } from './search'

/**
 * Silhouette puzzles off the lattice (issue 25, `--turns 45`): figures grown at random from every
 * piece of the set, each turned by any multiple of 45° (shared/offlattice/grow.ts), told apart up
 * to congruence, each counted exhaustively by the exact search (shared/offlattice/search.ts):
 * up to the figure's symmetries with identical pieces not told apart, and fixed. Unique means
 * one class. The tally, the budgets and the task farm's steps are those of the lattice's figures
 * (search.ts); only the draw and the count differ.
 */
export interface ExactSilhouette extends CountedFigure {
  /** Its outline, counter-clockwise, exact corners as text (`formatRoot2`). */
  readonly corners: RingText
  /** One of its tilings (its only one, if unique): pieces index the set's kinds. */
  readonly tiling: readonly { readonly piece: number; readonly corners: RingText }[]
}

/** A figure a silhouette search counts: on the lattice, or off it. */
export type PuzzleFigure = Silhouette | ExactSilhouette

export const isExact = (f: PuzzleFigure): f is ExactSilhouette => 'corners' in f

/** Why a request cannot be searched off the lattice, or undefined. */
export function offLatticeRequestProblem(request: SilhouetteRequest): string | undefined {
  if (request.turns === 45 && request.kind === 'convex')
    return 'pieces at 45° grow figures at random: choose any figure (--any), not --convex'
  return undefined
}

/**
 * Why the set's figures are not grown with pieces at 45°, or undefined. A set file's edges are
 * horizontal, vertical or diagonal already (shared/formats/load.ts); a set without a diagonal edge
 * (the polyominoes) is refused: turned by 45°, its pieces would meet the others only at corners,
 * and the exact search of such figures takes far longer than those of the tangram-like sets.
 */
export function offLatticeSetProblem(
  pieces: readonly { readonly shape: { readonly polygon: readonly Point[] } }[],
): string | undefined {
  const diagonal = pieces.some(({ shape: { polygon } }) =>
    polygon.some(([x0, y0], i) => {
      const [x1, y1] = polygon[(i + 1) % polygon.length]
      return x1 !== x0 && y1 !== y0
    }),
  )
  if (diagonal) return undefined
  return 'no piece has a diagonal edge: pieces turned by 45° would meet the others only at corners; figures at 45° are grown from sets such as the tangram'
}

/** The set's kinds of piece for the exact search (whole counts: ranges are refused before). */
export function offPiecesOf(
  pieces: readonly {
    readonly name: string
    readonly polygon: readonly Point[]
    readonly count: number
    readonly flip?: boolean
  }[],
): OffPiece[] {
  return pieces.map((p) => ({
    name: p.name,
    corners: fromLattice(p.polygon),
    count: p.count,
    flip: p.flip !== false,
  }))
}

/** The random figures of a request, in order, from `state` (an earlier draw's) or the seed. */
export function exactFigureDraws(
  pieces: readonly OffPiece[],
  request: SilhouetteRequest,
  state?: number,
): {
  draw(): { readonly outline: RingText; readonly key: string } | undefined
  readonly state: number
} {
  const random = seededRandom(request.seed, state)
  // The largest pieces first: laid early, they leave room for the small ones to fit.
  const order = [...pieces].sort((a, b) => area(b) - area(a))
  return {
    draw: () => {
      const grown = growSilhouette(order, random)
      if (!grown) return undefined
      const outline = fromOrigin(grown.parts[0].outline)
      return { outline: outline.map(pointToText), key: congruenceKey(grown.parts) }
    },
    get state() {
      return random.state()
    },
  }
}

/**
 * Listed from its lowest-then-leftmost corner, moved there to the origin, as the lattice's figures
 * are (`normalizePolygon`): the corners printed start at [0, 0].
 */
function fromOrigin(outline: readonly XPoint[]): XPoint[] {
  let s = 0
  for (let i = 1; i < outline.length; i++) if (comparePoints(outline[i], outline[s]) < 0) s = i
  const [x, y] = outline[s]
  const listed = [...outline.slice(s), ...outline.slice(0, s)]
  return translate(listed, neg(x), neg(y))
}

/** A piece's area, roughly: only to order the pieces. */
function area(p: OffPiece): number {
  const q = p.corners.map(([x, y]) => [Number(x.a) / Number(x.d), Number(y.a) / Number(y.d)])
  let s = 0
  for (let i = 0; i < q.length; i++) {
    const [x0, y0] = q[i]
    const [x1, y1] = q[(i + 1) % q.length]
    s += x0 * y1 - x1 * y0
  }
  return Math.abs(s)
}

/**
 * Counts a figure of one outline exhaustively, up to `maxNodes` placements that fitted (a figure
 * of the tangram takes a few hundred; past the budget it is left undecided, as on the lattice).
 */
export function countExactCandidate(
  outline: readonly XPoint[],
  key: string,
  pieces: readonly OffPiece[],
  request: SilhouetteRequest,
  maxNodes: number,
): CandidateOutcome<ExactSilhouette> {
  const parts = [{ outline, holes: [] }]
  const search = new OffLatticeSearch(parts, pieces)
  if (request.symmetric && search.group.length < 2) return { counted: false }
  const r = search.run({ list: 'classes', maxPlacements: maxNodes })
  const nodes = r.placements
  const counted = { counted: true as const, nodes, checked: nodes, complete: !r.cutOff }
  if (r.cutOff || r.fixed === 0) return counted
  const s: ExactSilhouette = {
    key,
    symmetries: r.symmetries,
    counts: { solutions: r.classes, fixed: r.fixed },
    nodes,
    corners: outline.map(pointToText),
    tiling: r.tilings[0].map((p) => ({ piece: p.piece, corners: p.corners.map(pointToText) })),
  }
  if (r.classes === 1) checkUnique(outline, pieces, r.tilings[0], r.fixed)
  return { ...counted, silhouette: s }
}

/**
 * A figure about to be reported as built in exactly one way, re-checked so that a wrong claim is
 * never printed: its tiling by the independent exact verifier (no search geometry), and its
 * count made again on the figure turned by 45° (other corners, other orders of the search), which
 * must give the same counts.
 */
function checkUnique(
  outline: readonly XPoint[],
  pieces: readonly OffPiece[],
  tiling: readonly { readonly piece: number; readonly corners: readonly XPoint[] }[],
  fixed: number,
): void {
  const wrong = verifyRegionDissection(
    [outline],
    [],
    tiling.map((p) => ({ piece: pieces[p.piece].name, corners: p.corners })),
    pieces.map((p) => ({ name: p.name, corners: p.corners, count: p.count })),
  )
  if (wrong) throw new Error(`internal: the tiling found for a figure does not check: ${wrong}`)
  const image = transformPolygon(outline, { turn: 1, mirror: false })
  const again = new OffLatticeSearch([{ outline: image, holes: [] }], pieces).run()
  if (again.classes !== 1 || again.fixed !== fixed)
    throw new Error(
      `internal: a figure and its image turned by 45° count differently (1 and ${again.classes} solutions)`,
    )
}
