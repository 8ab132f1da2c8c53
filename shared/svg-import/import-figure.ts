import { InputError } from '../errors'
import {
  area2,
  comparePoints,
  fromLattice,
  pointEq,
  polygonProblem,
  type XPoint,
} from '../exact/geometry'
import {
  add,
  div,
  eq,
  formatRoot2,
  fromInt,
  isInteger,
  mul,
  root2,
  sign,
  sub,
  ZERO,
  type Root2,
} from '../exact/root2'
import { FIGURE_FORMAT, FORMAT_VERSION } from '../formats/schema'
import type { PieceSet } from '../formats/load'
import { signedArea2 } from '../lattice/polygon'
import { verifyDissection } from '../pentagons/verify'
import { exactUnion, isOutline, Overlap } from './exact-union'
import {
  addPoint,
  distance,
  LengthSums,
  nearestDirection,
  scalePoint,
  snapCoordinate,
  subPoint,
  toFloat,
  unitVector,
} from './snap'
import { svgShapes, type FloatPoint } from './svg-shapes'

/**
 * A silhouette drawn in SVG, made an exact figure of a piece set (issue 25, point 3). The unit is
 * found from the set's area (the drawing's area is the set's), every edge is snapped to a multiple
 * of 45° and to a sum of the set's edge lengths (less at most one edge: a side partly covered), rings are placed against each other where they
 * touch (corner on corner, corner on side) or, touching nothing, at the nearest p + q·√2/2, and
 * every drawn corner must then lie within the tolerance of its exact place. A drawing whose shapes
 * all have ids naming the set's pieces is the pieces themselves: its outline is the figure, and
 * the pieces as placed are its tiling, checked by the exact verifier.
 */
export const DEFAULT_TOLERANCE = 0.05
/** A tangram book's silhouettes have a few dozen corners; past this, contacts cost seconds. */
const MAX_CORNERS = 2000

export interface ImportedPart {
  /** Counter-clockwise. */
  readonly outline: readonly XPoint[]
  /** Clockwise. */
  readonly holes: readonly (readonly XPoint[])[]
}

export interface ImportedFigure {
  readonly name: string
  readonly parts: readonly ImportedPart[]
  /** Drawn as the set's pieces: each piece where it was drawn. */
  readonly tiling?: readonly { readonly piece: string; readonly corners: readonly XPoint[] }[]
  readonly report: SnapReport
}

export interface SnapReport {
  /** Drawing units per set unit. */
  readonly unit: number
  readonly edges: number
  /** The farthest any drawn corner lay from its exact place, in set units (a fraction of the unit). */
  readonly largest: number
  readonly largestAt: string
  /** The largest turn of an edge to its multiple of 45°, in degrees. */
  readonly largestTurn: number
  /** Rings that touch no other and were placed by their position alone. */
  readonly placedFreely: readonly string[]
  readonly tolerance: number
}

interface Ring {
  readonly label: string
  /** In set units, y up, from the first ring's first corner. */
  readonly drawn: readonly FloatPoint[]
  /** Exact corners from the ring's first one. */
  readonly rel: readonly XPoint[]
  readonly dirs: readonly number[]
  readonly lengths: readonly Root2[]
  /** Each corner's number in the drawing, from 0. */
  readonly order: readonly number[]
  readonly piece?: string
}

export function importSvgFigure(
  svg: string,
  source: string,
  set: PieceSet,
  tolerance = DEFAULT_TOLERANCE,
): ImportedFigure {
  const setArea = checkedSetArea(set)
  const shapes = svgShapes(svg, source)
  const drawnRings = shapes.flatMap((shape) =>
    shape.rings.map((points, k) => ({
      label: `${shape.element} ${shape.index}${shape.id ? ` ("${shape.id}")` : ''}${shape.rings.length > 1 ? ` subpath ${k + 1}` : ''}`,
      points,
      shape,
    })),
  )
  if (drawnRings.length === 0)
    throw new InputError(
      `${source}: no polygons (draw the silhouette with <polygon>, <rect> or <path>)`,
    )
  const corners = drawnRings.reduce((s, r) => s + r.points.length, 0)
  if (corners > MAX_CORNERS)
    throw new InputError(
      `${source}: ${corners} corners, more than a silhouette has (at most ${MAX_CORNERS})`,
    )
  const pieceNames = piecesNamed(set, shapes)
  // Nesting by area: a ring inside an odd number of others is a hole.
  const areas = drawnRings.map((r) => floatArea(r.points))
  const depth = drawnRings.map((r, i) =>
    pieceNames
      ? 0
      : drawnRings.filter(
          (o, j) =>
            j !== i &&
            Math.abs(areas[j]) > Math.abs(areas[i]) &&
            inside(innerPoint(r.points), o.points),
        ).length,
  )
  const drawnArea = areas.reduce((s, a, i) => s + (depth[i] % 2 ? -1 : 1) * Math.abs(a), 0)
  if (!(drawnArea > 0)) throw new InputError(`${source}: the drawing has no area`)
  const unit = Math.sqrt(drawnArea / setArea.float)
  const [x0, y0] = drawnRings[0].points[0]
  const sums = new LengthSums(
    set.pieces.flatMap((p) =>
      Array.from({ length: p.count }, () => latticeEdges(p.polygon)).flat(),
    ),
  )
  let largestTurn = 0
  const rings = drawnRings.map((r, i): Ring => {
    // y up, as figures are; outlines counter-clockwise and holes clockwise.
    const units = r.points.map(([x, y]): FloatPoint => [(x - x0) / unit, (y0 - y) / unit])
    // Corners are named as drawn: `order` holds each one's place in the drawing.
    let order = units.map((_, c) => c)
    if (floatArea(units) > 0 !== (depth[i] % 2 === 0)) order = [0, ...order.slice(1).reverse()]
    const drawn = order.map((c) => units[c])
    const snapped = snapRing(drawn, order, sums, tolerance, `${source}: ${r.label}`)
    largestTurn = Math.max(largestTurn, snapped.turn)
    return { label: r.label, drawn, order, ...snapped, piece: pieceNames?.[i] }
  })
  const { placed, placedFreely } = placeRings(rings, sums, tolerance)
  // A piece that touches none is no part of a tiling: placing it by its position alone could
  // make two figures of one drawing.
  if (pieceNames && placedFreely.length)
    throw new InputError(
      `${source}: ${placedFreely[0]} touches no other piece within the tolerance ${percent(tolerance)}`,
    )
  let largest = 0
  let largestAt = ''
  rings.forEach((r, i) =>
    r.drawn.forEach((p, c) => {
      const off = distance(p, toFloat(placed[i][c]))
      if (off > largest) [largest, largestAt] = [off, `corner ${r.order[c] + 1} of ${r.label}`]
    }),
  )
  if (largest > tolerance)
    throw new InputError(
      `${source}: ${largestAt} lies ${percent(largest)} of the unit from its exact place (tolerance ${percent(tolerance)})`,
    )
  const exactRings = placed.map(dedupe)
  let outlineRings: XPoint[][]
  try {
    outlineRings = exactUnion(exactRings)
  } catch (e) {
    if (e instanceof Overlap) throw new InputError(`${source}: shapes overlap`)
    throw e
  }
  const twice = outlineRings.reduce((s, r) => add(s, area2(r)), ZERO)
  if (!eq(twice, mul(fromInt(2), setArea.exact)))
    throw new InputError(
      `${source}: the silhouette's area is ${formatRoot2(div(twice, fromInt(2)))} square units once snapped, the set's is ${formatRoot2(setArea.exact)} (pieces overlap or gaps between them?)`,
    )
  for (const r of outlineRings) {
    const problem = polygonProblem(r)
    if (problem) throw new InputError(`${source}: the snapped silhouette: ${problem}`)
  }
  const shift = lowestCorner(outlineRings)
  const moved = (ring: readonly XPoint[]) => ring.map((p) => subPoint(p, shift))
  const parts = regionParts(outlineRings.map(moved))
  const tiling = pieceNames
    ? rings.map((r, i) => ({ piece: r.piece!, corners: moved(exactRings[i]) }))
    : undefined
  if (tiling) checkTiling(source, parts, tiling, set)
  return {
    name: source.replace(/\.svg$/i, ''),
    parts,
    tiling,
    report: {
      unit,
      edges: rings.reduce((s, r) => s + r.rel.length, 0),
      largest,
      largestAt,
      largestTurn,
      placedFreely,
      tolerance,
    },
  }
}

const percent = (x: number) => `${(x * 100).toFixed(1)} %`

/** One line: what was snapped and by how much. */
export function snapSummary(f: ImportedFigure): string {
  const r = f.report
  const free = r.placedFreely.length
    ? `; placed by position alone (touching nothing): ${r.placedFreely.join(', ')}`
    : ''
  return (
    `unit ${round(r.unit)} drawing units (from the set's area); ${r.edges} edges snapped to 45° ` +
    `(turned by up to ${round(r.largestTurn)}°) and to sums of the set's edge lengths (less at most one edge); largest ` +
    `correction ${round(r.largest * r.unit)} drawing units = ${percent(r.largest)} of the unit` +
    `${r.largestAt ? ` (${r.largestAt})` : ''}; tolerance ${percent(r.tolerance)}${free}`
  )
}

const round = (x: number) => Math.round(x * 1000) / 1000

/** The figure file: "polygon" for one outline without holes, else "polygons" (a region). */
export function importedFigureJson(f: ImportedFigure): object {
  const ring = (r: readonly XPoint[]) => r.map(([x, y]) => [exactText(x), exactText(y)])
  const head = { format: FIGURE_FORMAT, version: FORMAT_VERSION, name: f.name }
  if (f.parts.length === 1 && f.parts[0].holes.length === 0)
    return { ...head, polygon: ring(f.parts[0].outline) }
  return {
    ...head,
    polygons: f.parts.map((p) => ({
      outline: ring(p.outline),
      ...(p.holes.length ? { holes: p.holes.map(ring) } : {}),
    })),
  }
}

/** As figure files write a coordinate: whole numbers plain, others as text like "3-√2/2". */
export const exactText = (x: Root2): number | string =>
  isInteger(x) ? Number(x.a) : formatRoot2(x)

function checkedSetArea(set: PieceSet): { exact: Root2; float: number } {
  let twice = 0
  for (const p of set.pieces) {
    if (p.min !== undefined)
      throw new InputError(
        `set "${set.name}": piece "${p.name}" has a count range; importing needs whole counts`,
      )
    const n = p.polygon.length
    for (let i = 0; i < n; i++) {
      const [ax, ay] = p.polygon[i]
      const [bx, by] = p.polygon[(i + 1) % n]
      const dx = bx - ax
      const dy = by - ay
      if (dx !== 0 && dy !== 0 && Math.abs(dx) !== Math.abs(dy))
        throw new InputError(
          `set "${set.name}": piece "${p.name}" has an angle that is not a multiple of 45° (edge ${i + 1})`,
        )
    }
    twice += Math.abs(signedArea2(p.polygon)) * p.count
  }
  return { exact: root2(BigInt(twice), 0n, 2n), float: twice / 2 }
}

/** Each lattice edge's length as (a, b): a + b√2. */
function latticeEdges(polygon: readonly (readonly number[])[]): [number, number][] {
  return polygon.map((p, i) => {
    const q = polygon[(i + 1) % polygon.length]
    const dx = Math.abs(q[0] - p[0])
    const dy = Math.abs(q[1] - p[1])
    return dx === 0 || dy === 0 ? [dx + dy, 0] : [0, dx]
  })
}

/** Piece names for each ring, when every shape is one ring with an id naming a piece. */
function piecesNamed(set: PieceSet, shapes: ReturnType<typeof svgShapes>): string[] | undefined {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^a-z]+/g, ' ')
      .trim()
  const byName = new Map(set.pieces.map((p) => [norm(p.name), p.name]))
  const names = shapes.map((s) =>
    s.id && s.rings.length === 1 ? byName.get(norm(s.id)) : undefined,
  )
  return shapes.length > 1 && names.every((n) => n !== undefined) ? (names as string[]) : undefined
}

const floatArea = (ring: readonly FloatPoint[]): number => signedArea2(ring) / 2

/**
 * A point well inside the ring: the centre of its largest ear (a corner whose triangle with its
 * neighbours holds no other corner), so that a neighbour drawn a little over the shared side does
 * not contain it.
 */
function innerPoint(ring: readonly FloatPoint[]): FloatPoint {
  const n = ring.length
  const turn = Math.sign(floatArea(ring))
  let best: { at: FloatPoint; area: number } | undefined
  for (let i = 0; i < n; i++) {
    const a = ring[(i + n - 1) % n]
    const b = ring[i]
    const c = ring[(i + 1) % n]
    const area = (turn * ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]))) / 2
    if (area <= 0 || (best && area <= best.area)) continue
    const triangle = [a, b, c]
    if (
      ring.some(
        (p, k) => k !== i && k !== (i + n - 1) % n && k !== (i + 1) % n && inside(p, triangle),
      )
    )
      continue
    best = { at: [(a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3], area }
  }
  return best?.at ?? ring[0]
}

function inside(p: FloatPoint, ring: readonly FloatPoint[]): boolean {
  let odd = false
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]
    const [xj, yj] = ring[j]
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) odd = !odd
  }
  return odd
}

/** The edge from corner i to the next as drawn, counted from 1 (the ring may run backwards). */
function edgeNumber(order: readonly number[], i: number): number {
  const a = order[i]
  const b = order[(i + 1) % order.length]
  return (b === (a + 1) % order.length ? a : b) + 1
}

/** Each edge to 45° and a sum of lengths; the ring must close exactly. */
function snapRing(
  drawn: readonly FloatPoint[],
  order: readonly number[],
  sums: LengthSums,
  tolerance: number,
  where: string,
): { rel: XPoint[]; dirs: number[]; lengths: Root2[]; turn: number } {
  const n = drawn.length
  const rel: XPoint[] = [[ZERO, ZERO]]
  const dirs: number[] = []
  const lengths: Root2[] = []
  let turn = 0
  for (let i = 0; i < n; i++) {
    const p = drawn[i]
    const q = drawn[(i + 1) % n]
    const v: FloatPoint = [q[0] - p[0], q[1] - p[1]]
    const length = Math.hypot(v[0], v[1])
    const k = nearestDirection(v)
    const angle = (Math.atan2(v[1], v[0]) * 180) / Math.PI
    turn = Math.max(turn, Math.abs(((angle - k * 45 + 540) % 360) - 180))
    if (length > sums.limit + tolerance)
      throw new InputError(
        `${where}: edge ${edgeNumber(order, i)} is ${round(length)} units long, longer than all the set's edges end to end (${round(sums.limit)}): is the silhouette's area the set's?`,
      )
    const snapped = sums.nearest(length)
    if (Math.abs(snapped.float - length) > tolerance)
      throw new InputError(
        `${where}: edge ${edgeNumber(order, i)} is ${round(length)} units long, ${percent(Math.abs(snapped.float - length))} of the unit from the nearest length the set's edges make (${formatRoot2(snapped.value)}), more than the tolerance ${percent(tolerance)}: is the silhouette's area the set's?`,
      )
    dirs.push(k)
    lengths.push(snapped.value)
    rel.push(addPoint(rel[i], scalePoint(snapped.value, unitVector(k))))
  }
  const end = rel.pop()!
  if (!pointEq(end, rel[0]))
    throw new InputError(
      `${where}: does not close once snapped (its edges end ${percent(distance(toFloat(end), [0, 0]))} of the unit from its start): a length is off by more than the set's lengths allow`,
    )
  return { rel, dirs, lengths, turn }
}

/**
 * Each ring's exact corners: the first ring from the origin, every other where it touches one
 * already placed (the closest contact first), or, touching none, at its snapped position.
 */
function placeRings(
  rings: readonly Ring[],
  sums: LengthSums,
  tolerance: number,
): { placed: XPoint[][]; placedFreely: string[] } {
  const placed: (XPoint[] | undefined)[] = rings.map(() => undefined)
  const placedFreely: string[] = []
  // Each unplaced ring's best contact with those placed: a ring placed stays where it is, so its
  // contacts are worked out once, and only with rings whose boxes come within the tolerance.
  const best: (Contact | undefined)[] = rings.map(() => undefined)
  const boxes = rings.map((r) => box(r.drawn, tolerance))
  const place = (ring: number, offset: XPoint) => {
    const at = rings[ring].rel.map((p) => addPoint(p, offset))
    placed[ring] = at
    rings.forEach((r, i) => {
      if (placed[i] || !meet(boxes[i], boxes[ring])) return
      const c = bestContact(r, rings[ring], at, sums, tolerance)
      if (c && (!best[i] || c.error < best[i].error)) best[i] = c
    })
  }
  place(0, [ZERO, ZERO])
  for (;;) {
    let next = -1
    best.forEach((c, i) => {
      if (c && !placed[i] && (next < 0 || c.error < best[next]!.error)) next = i
    })
    if (next >= 0) {
      place(next, best[next]!.offset)
      continue
    }
    const i = placed.findIndex((p) => !p)
    if (i < 0) break
    const [x, y] = rings[i].drawn[0]
    placedFreely.push(rings[i].label)
    place(i, [snapCoordinate(x), snapCoordinate(y)])
  }
  return { placed: placed as XPoint[][], placedFreely }
}

type Box = readonly [number, number, number, number]

function box(points: readonly FloatPoint[], margin: number): Box {
  const xs = points.map((p) => p[0])
  const ys = points.map((p) => p[1])
  return [
    Math.min(...xs) - margin,
    Math.min(...ys) - margin,
    Math.max(...xs) + margin,
    Math.max(...ys) + margin,
  ]
}

const meet = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]

interface Contact {
  readonly offset: XPoint
  readonly error: number
}

function bestContact(
  r: Ring,
  q: Ring,
  at: readonly XPoint[],
  sums: LengthSums,
  tolerance: number,
): Contact | undefined {
  let best: Contact | undefined
  const consider = (c: Contact | undefined) => {
    if (c && c.error <= tolerance && (!best || c.error < best.error)) best = c
  }
  const qf = at.map(toFloat)
  r.drawn.forEach((f, c) => {
    qf.forEach((g, d) => consider({ offset: subPoint(at[d], r.rel[c]), error: distance(f, g) }))
    // r's corner on q's side.
    q.dirs.forEach((k, e) => {
      const hit = alongSide(f, qf[e], k, q.lengths[e], sums)
      if (hit)
        consider({
          offset: subPoint(addPoint(at[e], scalePoint(hit.t, unitVector(k))), r.rel[c]),
          error: hit.error,
        })
    })
  })
  // q's corner on r's side.
  qf.forEach((g, d) =>
    r.dirs.forEach((k, e) => {
      const hit = alongSide(g, r.drawn[e], k, r.lengths[e], sums)
      if (hit)
        consider({
          offset: subPoint(at[d], addPoint(r.rel[e], scalePoint(hit.t, unitVector(k)))),
          error: hit.error,
        })
    }),
  )
  return best
}

/** Where p lies along the side from `start` in direction k: a sum of lengths from either end. */
function alongSide(
  p: FloatPoint,
  start: FloatPoint,
  k: number,
  length: Root2,
  sums: LengthSums,
): { t: Root2; error: number } | undefined {
  const u = toFloat(unitVector(k))
  const w: FloatPoint = [p[0] - start[0], p[1] - start[1]]
  const t = w[0] * u[0] + w[1] * u[1]
  const off = Math.abs(w[0] * u[1] - w[1] * u[0])
  const total = toFloatLength(length)
  if (t <= 0 || t >= total) return undefined
  const fromStart = sums.nearest(t)
  const fromEnd = sums.nearest(total - t)
  const e1 = Math.abs(fromStart.float - t)
  const e2 = Math.abs(fromEnd.float - (total - t))
  const along = e1 <= e2 ? fromStart.value : sub(length, fromEnd.value)
  if (sign(along) <= 0 || sign(sub(length, along)) <= 0) return undefined
  return { t: along, error: Math.hypot(off, Math.min(e1, e2)) }
}

const toFloatLength = (x: Root2) => toFloat([x, ZERO])[0]

/** Without the corners an edge snapped to length 0 repeats. */
function dedupe(ring: readonly XPoint[]): XPoint[] {
  return ring.filter((p, i) => !pointEq(p, ring[(i + 1) % ring.length]))
}

function lowestCorner(rings: readonly (readonly XPoint[])[]): XPoint {
  let best = rings[0][0]
  for (const r of rings) for (const p of r) if (comparePoints(p, best) < 0) best = p
  return best
}

/** Outlines with the holes inside them (a hole goes to the smallest outline around it). */
function regionParts(rings: readonly XPoint[][]): ImportedPart[] {
  const outlines = rings.filter(isOutline)
  const holes = rings.filter((r) => !isOutline(r))
  const parts = outlines.map((outline) => ({
    outline: fromLowest(outline),
    holes: [] as XPoint[][],
  }))
  const size = (r: readonly XPoint[]) => Math.abs(floatArea(r.map(toFloat)))
  for (const hole of holes) {
    const probe = innerPoint(hole.map(toFloat))
    const around = parts
      .filter((p) => inside(probe, p.outline.map(toFloat)))
      .sort((a, b) => size(a.outline) - size(b.outline))[0]
    around?.holes.push(fromLowest(hole))
  }
  return parts
}

/** Listed from its lowest-then-leftmost corner. */
function fromLowest(ring: readonly XPoint[]): XPoint[] {
  const low = lowestCorner([ring])
  const i = ring.findIndex((p) => pointEq(p, low))
  return [...ring.slice(i), ...ring.slice(0, i)]
}

/**
 * The exact verifier on each part of the figure with the pieces inside it (it takes a figure of
 * one outline), and every piece of the set used as often as the set has it. A part with a hole is
 * not checked (the verifier has no holes).
 */
function checkTiling(
  source: string,
  parts: readonly ImportedPart[],
  tiling: NonNullable<ImportedFigure['tiling']>,
  set: PieceSet,
) {
  const fail = (problem: string) => {
    throw new InputError(`${source}: the pieces as drawn are not a tiling of the set: ${problem}`)
  }
  for (const p of set.pieces) {
    const used = tiling.filter((t) => t.piece === p.name).length
    if (used !== p.count) fail(`the set has ${p.count} × "${p.name}", the drawing ${used}`)
  }
  for (const part of parts) {
    if (part.holes.length > 0) continue
    const outline = part.outline.map(toFloat)
    const inPart = tiling.filter((t) => inside(innerPoint(t.corners.map(toFloat)), outline))
    const pieces = set.pieces.map((p) => ({
      name: p.name,
      corners: fromLattice(p.polygon),
      count: inPart.filter((t) => t.piece === p.name).length,
    }))
    const problem = verifyDissection(part.outline, inPart, pieces)
    if (problem) fail(problem)
  }
}
