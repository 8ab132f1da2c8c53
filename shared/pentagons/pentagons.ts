import { convexOutlines, outlinePolygon } from '../convex/outlines'
import {
  congruenceForm,
  edgeLength,
  fromLattice,
  interiorAngles,
  ISOMETRIES,
  isConvexPolygon,
  placePoint,
  polygonProblem,
  type Placement,
  type XPoint,
} from '../exact/geometry'
import type { Root2 } from '../exact/root2'
import { d4Apply } from '../lattice/d4'
import type { Point } from '../lattice/polygon'
import { buildTilingProblem, type PieceKind, type PlacedPiece } from '../tiling/problem'
import { TilingSearch, type TilingCounts } from '../tiling/search'
import { offLatticeJoins } from './glue'
import { latticePolygonSearch, type Root2Bound } from './lattice'

/**
 * TANGRAM-5 (Takeuchi & Okuno): every pentagon a piece set makes, up to congruence.
 *
 * - Snug (all pieces on one half-square lattice): every simple lattice pentagon of the set's area
 *   whose perimeter is at most the pieces' total (a tiled figure's outline is made of piece
 *   edges), each decided by the tiling engine, its tilings counted in both conventions.
 * - Non-snug (pieces on two lattices turned by 45°): Takeuchi's construction, taken as an
 *   assumption: such a pentagon is two convex groups of pieces, each tiled on its own lattice,
 *   joined along an edge. Every split of the set into two groups, every convex outline each group
 *   tiles (the convex outlines of its area, Läuchli's Program 3), every join of the two with the
 *   second turned by an odd multiple of 45°; what is a pentagon and not congruent to a snug one
 *   is kept, with the dissection the two groups give.
 *
 * Every decision is exact: lattice polygons in integers, joined figures in Q(√2).
 */
export interface SetPiece extends PieceKind {
  readonly polygon: readonly Point[]
}

export interface Part {
  readonly piece: string
  readonly corners: readonly XPoint[]
}

export interface Pentagon {
  /** Counter-clockwise from its lowest-then-leftmost corner, at the origin. */
  readonly corners: readonly XPoint[]
  readonly snug: boolean
  readonly convex: boolean
  /** The side from corner i to corner i + 1. */
  readonly sides: readonly Root2[]
  /** The interior angle at corner i, in degrees. */
  readonly angles: readonly number[]
  /** Lattice pentagons: tilings of the fixed figure, and up to its symmetries (the paper's). */
  readonly tilings?: { readonly fixed: number; readonly classes: number }
  /** One dissection into the set's pieces. */
  readonly dissection: readonly Part[]
  /** Equal for congruent pentagons (exact/geometry.ts congruenceForm). */
  readonly key: string
}

export interface PentagonsResult {
  readonly pentagons: readonly Pentagon[]
  /** Lattice pentagons of the set's area within the perimeter bound, each decided. */
  readonly latticeCandidates: number
  /** Convex outlines tiled by a part of the set, the groups joined in pairs. */
  readonly groups: number
  /** Joins of two groups tried. */
  readonly joins: number
}

/** Sum of the pieces' perimeters, copies counted, as a + b√2 (axis steps, diagonal steps). */
export function perimeterBound(pieces: readonly SetPiece[]): Root2Bound {
  let a = 0
  let b = 0
  for (const p of pieces)
    for (let i = 0; i < p.polygon.length; i++) {
      const [x1, y1] = p.polygon[i]
      const [x2, y2] = p.polygon[(i + 1) % p.polygon.length]
      const dx = Math.abs(x2 - x1)
      const dy = Math.abs(y2 - y1)
      if (dx !== 0 && dy !== 0) b += dx * p.count
      else a += (dx + dy) * p.count
    }
  return { a, b }
}

function latticeArea(pieces: readonly SetPiece[]): number {
  return pieces.reduce((s, p) => s + p.shape.area * p.count, 0)
}

/**
 * Placements the tiling engine makes between two pauses of the search: a few milliseconds, so
 * that a caller running the search in slices (the app's host, the CLI's Ctrl-C) is never held
 * up by one hard figure.
 */
const STEP_PLACEMENTS = 20_000

/** The first tiling of a lattice figure by the pieces, as placed pieces; none if there is none. */
function* firstTiling(
  figure: readonly Point[],
  pieces: readonly PieceKind[],
): Generator<void, PlacedPiece[] | undefined> {
  const search = new TilingSearch(buildTilingProblem(figure, pieces), 'raw')
  for (;;) {
    const s = search.step(STEP_PLACEMENTS)
    if (s === 'solution') return [...search.solution().pieces]
    if (s === 'done') return undefined
    yield
  }
}

/** The tilings of a lattice figure counted in both conventions. */
function* tilingCounts(
  figure: readonly Point[],
  pieces: readonly PieceKind[],
): Generator<void, TilingCounts> {
  const search = new TilingSearch(buildTilingProblem(figure, pieces), 'reduce')
  while (search.step(STEP_PLACEMENTS) !== 'done') yield
  return search.counts
}

/** A piece of work that pauses, its pauses reported as the progress `p` of the whole. */
function* paced<P, T>(work: Generator<void, T>, p: P): Generator<P, T> {
  for (;;) {
    const step = work.next()
    if (step.done) return step.value
    yield p
  }
}

/** A placed piece's corners, exactly: its polygon turned by g about the origin, then moved. */
function placedCorners(p: PlacedPiece, pieces: readonly SetPiece[]): XPoint[] {
  return fromLattice(
    pieces[p.piece].polygon.map(([x, y]) => {
      const [u, v] = d4Apply(p.g, x, y)
      return [u + p.dx, v + p.dy]
    }),
  )
}

function describe(
  corners: readonly XPoint[],
  placement: Placement,
  parts: readonly Part[],
): Pick<Pentagon, 'corners' | 'sides' | 'angles' | 'convex' | 'dissection'> {
  const n = corners.length
  return {
    corners,
    sides: corners.map((p, i) => edgeLength(p, corners[(i + 1) % n])),
    angles: interiorAngles(corners),
    convex: isConvexPolygon(corners),
    dissection: parts.map((part) => ({
      piece: part.piece,
      corners: part.corners.map((p) => placePoint(placement, p)),
    })),
  }
}

const LATTICE_ISOMETRIES = ISOMETRIES.filter((g) => g.turn % 2 === 0)

/** Where the search is: its phase (1 … 4), and the parts of that phase done. */
export interface PentagonProgress {
  readonly phase: 1 | 2 | 3 | 4
  readonly what: string
  readonly done: number
  readonly total: number
}

/** Every pentagon the set makes, snug ones first, each group in order of its key. */
export function findPentagons(pieces: readonly SetPiece[]): PentagonsResult {
  const search = pentagonSearch(pieces)
  for (;;) {
    const step = search.next()
    if (step.done) return step.value
  }
}

/**
 * The same, as a search that pauses after every small part of its work, reporting progress, so
 * that a caller can show it and stop it between parts.
 */
export function* pentagonSearch(
  pieces: readonly SetPiece[],
): Generator<PentagonProgress, PentagonsResult> {
  const area = latticeArea(pieces)
  const enumeration = latticePolygonSearch(5, area, perimeterBound(pieces))
  let candidates: Point[][]
  for (;;) {
    const step = enumeration.next()
    if (step.done) {
      candidates = step.value
      break
    }
    yield { phase: 1, what: 'lattice pentagons', ...step.value }
  }
  const snug: Pentagon[] = []
  for (const [done, polygon] of candidates.entries()) {
    const progress: PentagonProgress = {
      phase: 2,
      what: 'deciding lattice pentagons',
      done,
      total: candidates.length,
    }
    yield progress
    const tiling = yield* paced(firstTiling(polygon, pieces), progress)
    if (!tiling) continue
    const exact = fromLattice(polygon)
    // Shown on the lattice (a turn by 45° would make its corners irrational), keyed under all 16.
    const { polygon: corners, placement } = congruenceForm(exact, LATTICE_ISOMETRIES)
    const counts = yield* paced(tilingCounts(polygon, pieces), progress)
    const parts = tiling.map((p) => ({
      piece: pieces[p.piece].name,
      corners: placedCorners(p, pieces),
    }))
    snug.push({
      ...describe(corners, placement, parts),
      snug: true,
      tilings: { fixed: counts.fixed, classes: counts.solutions },
      key: congruenceForm(exact).key,
    })
  }

  const grouping = groupPairs(pieces)
  let groups: { groups: number; pairs: [Group, Group][] }
  for (;;) {
    const step = grouping.next()
    if (step.done) {
      groups = step.value
      break
    }
    yield { phase: 3, what: 'groups of pieces', ...step.value }
  }
  const { pairs } = groups
  const known = new Set(snug.map((p) => p.key))
  const nonSnug = new Map<string, Pentagon>()
  let joins = 0
  for (const [done, [first, second]] of pairs.entries()) {
    yield { phase: 4, what: 'joining groups', done, total: pairs.length }
    for (const join of offLatticeJoins(first.outline, second.outline)) {
      joins++
      if (join.polygon.length !== 5 || polygonProblem(join.polygon) !== undefined) continue
      const { key, polygon: corners, placement } = congruenceForm(join.polygon)
      if (known.has(key) || nonSnug.has(key)) continue
      const moved: Placement = { g: join.g, dx: join.dx, dy: join.dy }
      const parts = [
        ...first.parts,
        ...second.parts.map((part) => ({
          piece: part.piece,
          corners: part.corners.map((p) => placePoint(moved, p)),
        })),
      ]
      nonSnug.set(key, { ...describe(corners, placement, parts), snug: false, key })
    }
  }
  const byKey = (x: Pentagon, y: Pentagon) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0)
  return {
    pentagons: [...snug, ...[...nonSnug.values()].sort(byKey)],
    latticeCandidates: candidates.length,
    groups: groups.groups,
    joins,
  }
}

interface Group {
  readonly outline: readonly XPoint[]
  readonly parts: readonly Part[]
}

/**
 * Every split of the set into two nonempty parts (copies of a piece are alike, so a part is how
 * many of each piece it takes), and for each part the convex outlines it tiles: the pairs of
 * groups to join.
 */
function* groupPairs(
  pieces: readonly SetPiece[],
): Generator<{ done: number; total: number }, { groups: number; pairs: [Group, Group][] }> {
  const radix = pieces.map((p) => p.count + 1)
  const total = radix.reduce((a, b) => a * b, 1)
  const countsOf = (code: number) =>
    radix.map((r) => {
      const c = code % r
      code = Math.floor(code / r)
      return c
    })
  const groupsOf = new Map<number, Group[]>()
  function* tiled(code: number): Generator<void, Group[]> {
    const known = groupsOf.get(code)
    if (known) return known
    const counts = countsOf(code)
    const kinds = pieces.map((p, i) => ({ ...p, count: counts[i] })).filter((p) => p.count > 0)
    const found: Group[] = []
    for (const outline of convexOutlines(latticeArea(kinds))) {
      // A pause between outlines too: building each one's tiling problem takes time of its own.
      yield
      const polygon = outlinePolygon(outline)
      const tiling = yield* firstTiling(polygon, kinds)
      if (!tiling) continue
      found.push({
        outline: fromLattice(polygon),
        parts: tiling.map((p) => ({
          piece: kinds[p.piece].name,
          corners: placedCorners(p, kinds),
        })),
      })
    }
    groupsOf.set(code, found)
    return found
  }
  const pairs: [Group, Group][] = []
  for (let code = 1; code < total - 1; code++) {
    const other = total - 1 - code
    // Each split once: the part with the smaller code first.
    if (other < code) continue
    const progress = { done: code, total: Math.ceil(total / 2) }
    yield progress
    const first = yield* paced(tiled(code), progress)
    // The other part only matters if this one tiles something.
    if (first.length === 0) continue
    const second = yield* paced(tiled(other), progress)
    for (const a of first) for (const b of second) pairs.push([a, b])
  }
  let groups = 0
  for (const g of groupsOf.values()) groups += g.length
  return { groups, pairs }
}

/**
 * What a search covered and what it rests on, in words for the output (the CLI's text and JSON,
 * the app): the numbers are this run's.
 */
export function searchCoverage(pieces: readonly SetPiece[], r: PentagonsResult): string {
  const { a, b } = perimeterBound(pieces)
  const bound = b === 0 ? `${a}` : `${a} + ${b === 1 ? '' : b}√2`
  return (
    `Snug pentagons (all pieces on one half-square lattice): all ${r.latticeCandidates} simple lattice pentagons of area ${latticeArea(pieces)} half-squares with a perimeter of at most ${bound}, the pieces’ perimeters added (a tiled figure’s outline is made of piece edges), each decided by the exact tiling engine. ` +
    `Non-snug pentagons (pieces on two lattices turned by 45°): this rests on Takeuchi’s assumption that such a pentagon is two convex groups of pieces, each tiled on its own lattice, joined along an edge. Every split of the set into two groups, every convex outline each group tiles (${r.groups} in all), and every join of two of them with the second turned by an odd multiple of 45° and an end of the two edges in common (${r.joins} joins; without a common end the union has too many corners) were tried in exact arithmetic.`
  )
}
