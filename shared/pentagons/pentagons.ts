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
import { TilingSearch } from '../tiling/search'
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

/** The first tiling of a lattice figure by the pieces, as placed pieces; none if there is none. */
function firstTiling(
  figure: readonly Point[],
  pieces: readonly PieceKind[],
): PlacedPiece[] | undefined {
  const search = new TilingSearch(buildTilingProblem(figure, pieces), 'raw')
  return search.step(Infinity) === 'solution' ? [...search.solution().pieces] : undefined
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

/**
 * Every pentagon the set makes, snug ones first, each group in order of its key: the steps below
 * in one go, in this process. The task farm runs the same steps as tasks (pentagons-run.ts).
 */
export function findPentagons(pieces: readonly SetPiece[]): PentagonsResult {
  const candidates = latticeCandidates(pieces)
  const snug = candidates.flatMap((polygon) => snugPentagon(polygon, pieces) ?? [])
  const groupsOf = new Map<number, Group[]>()
  const tiled = (code: number) => {
    if (!groupsOf.has(code)) groupsOf.set(code, tiledGroups(pieces, code))
    return groupsOf.get(code)!
  }
  const joined: Joined[] = []
  for (const { first, second } of splits(pieces)) {
    const a = tiled(first)
    // The other part only matters if this one tiles something.
    if (a.length > 0) joined.push(joinGroups(a, tiled(second)))
  }
  let groups = 0
  for (const g of groupsOf.values()) groups += g.length
  return pentagonsFound(candidates.length, snug, joined, groups)
}

/** Step 1: the simple lattice pentagons of the set's area within its perimeter bound. */
export function latticeCandidates(pieces: readonly SetPiece[]): Point[][] {
  const enumeration = latticePolygonSearch(5, latticeArea(pieces), perimeterBound(pieces))
  for (;;) {
    const step = enumeration.next()
    if (step.done) return step.value
  }
}

/** Step 2: a lattice candidate decided: the snug pentagon it is, if the set tiles it. */
export function snugPentagon(
  polygon: readonly Point[],
  pieces: readonly SetPiece[],
): Pentagon | undefined {
  const tiling = firstTiling(polygon, pieces)
  if (!tiling) return undefined
  const exact = fromLattice(polygon)
  // Shown on the lattice (a turn by 45° would make its corners irrational), keyed under all 16.
  const { polygon: corners, placement } = congruenceForm(exact, LATTICE_ISOMETRIES)
  const search = new TilingSearch(buildTilingProblem(polygon, pieces), 'reduce')
  while (search.step(Infinity) !== 'done');
  const parts = tiling.map((p) => ({
    piece: pieces[p.piece].name,
    corners: placedCorners(p, pieces),
  }))
  return {
    ...describe(corners, placement, parts),
    snug: true,
    tilings: { fixed: search.counts.fixed, classes: search.counts.solutions },
    key: congruenceForm(exact).key,
  }
}

/** A convex outline a part of the set tiles, with the dissection its tiling gives. */
export interface Group {
  readonly outline: readonly XPoint[]
  readonly parts: readonly Part[]
}

/**
 * A split of the set into two nonempty parts, each part a code: how many of each piece it takes
 * (copies of a piece are alike), digits in the radix of the pieces' counts plus one.
 */
export interface Split {
  readonly first: number
  readonly second: number
}

/** Step 3's splits, each once (the part with the smaller code first), in order of that code. */
export function splits(pieces: readonly SetPiece[]): Split[] {
  const total = pieces.reduce((n, p) => n * (p.count + 1), 1)
  const found: Split[] = []
  for (let code = 1; code < total - 1; code++)
    if (total - 1 - code >= code) found.push({ first: code, second: total - 1 - code })
  return found
}

/** Step 3: the convex outlines a part of the set (by its code) tiles. */
export function tiledGroups(pieces: readonly SetPiece[], code: number): Group[] {
  const kinds = pieces
    .map((p) => {
      const count = code % (p.count + 1)
      code = Math.floor(code / (p.count + 1))
      return { ...p, count }
    })
    .filter((p) => p.count > 0)
  const found: Group[] = []
  for (const outline of convexOutlines(latticeArea(kinds))) {
    if (!kinds.every((k) => fitsBox(k.polygon, outline.s2, outline.s4))) continue
    const polygon = outlinePolygon(outline)
    const tiling = firstTiling(polygon, kinds)
    if (!tiling) continue
    found.push({
      outline: fromLattice(polygon),
      parts: tiling.map((p) => ({
        piece: kinds[p.piece].name,
        corners: placedCorners(p, kinds),
      })),
    })
  }
  return found
}

/**
 * Whether a lattice polygon fits in a w × h box as it is or turned by a quarter turn: on one
 * lattice a piece turns by quarter turns and mirrors only, so a piece that fits neither way lies
 * in no tiling of an outline of that box (a fifth of the outlines a part of the tangram is tried
 * on, each a tiling problem built for nothing).
 */
function fitsBox(polygon: readonly Point[], w: number, h: number): boolean {
  const xs = polygon.map((p) => p[0])
  const ys = polygon.map((p) => p[1])
  const pw = Math.max(...xs) - Math.min(...xs)
  const ph = Math.max(...ys) - Math.min(...ys)
  return (pw <= w && ph <= h) || (ph <= w && pw <= h)
}

/** The pentagons joins of two parts' groups make (the first of each key), and the joins tried. */
export interface Joined {
  readonly pentagons: readonly Pentagon[]
  readonly joins: number
}

/**
 * Step 4: every group of a split's first part joined with every group of its second, the second
 * turned by an odd multiple of 45°: the pentagons that makes, each the first with its key.
 */
export function joinGroups(first: readonly Group[], second: readonly Group[]): Joined {
  const found = new Map<string, Pentagon>()
  let joins = 0
  for (const a of first)
    for (const b of second)
      for (const join of offLatticeJoins(a.outline, b.outline)) {
        joins++
        if (join.corners !== 5) continue
        if (polygonProblem(join.polygon) !== undefined) continue
        const { key, polygon: corners, placement } = congruenceForm(join.polygon)
        if (found.has(key)) continue
        const moved: Placement = { g: join.g, dx: join.dx, dy: join.dy }
        const parts = [
          ...a.parts,
          ...b.parts.map((part) => ({
            piece: part.piece,
            corners: part.corners.map((p) => placePoint(moved, p)),
          })),
        ]
        found.set(key, { ...describe(corners, placement, parts), snug: false, key })
      }
  return { pentagons: [...found.values()], joins }
}

/**
 * The result from the steps: the snug pentagons in the candidates' order, then the non-snug
 * ones (the first of each key, the splits in their order, none congruent to a snug one) in order
 * of their keys.
 */
export function pentagonsFound(
  latticeCandidates: number,
  snug: readonly Pentagon[],
  joined: readonly Joined[],
  groups: number,
): PentagonsResult {
  const known = new Set(snug.map((p) => p.key))
  const nonSnug = new Map<string, Pentagon>()
  let joins = 0
  for (const j of joined) {
    joins += j.joins
    for (const p of j.pentagons) if (!known.has(p.key) && !nonSnug.has(p.key)) nonSnug.set(p.key, p)
  }
  const byKey = (x: Pentagon, y: Pentagon) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0)
  return {
    pentagons: [...snug, ...[...nonSnug.values()].sort(byKey)],
    latticeCandidates,
    groups,
    joins,
  }
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
