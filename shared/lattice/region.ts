import { LIMITS } from '../limits'
import {
  areaInHalfSquares,
  formatPoint,
  latticePolygonProblem,
  normalizePolygon,
  signedArea2,
  type Point,
  type Polygon,
} from './polygon'
import { boundaryEdges, quarterCell, rasterizeRings, type Quarters, type Side } from './quarters'

/**
 * A board as puzzle books print them: one or more parts, each an outline with any number of
 * holes. Rings (outlines and holes) may touch at points (a hole touching its outline or another
 * hole, parts joined at a corner) but never cross, overlap or run along a common side. Every ring
 * is stored counter-clockwise, normalised (`normalizePolygon`).
 */
export interface RegionPart {
  readonly outline: Polygon
  readonly holes: readonly Polygon[]
}
export type Region = readonly RegionPart[]

/** What the tiling engine takes as a figure: one simple polygon, or a region. */
export type FigureShape = Polygon | Region

export function isRegion(shape: FigureShape): shape is Region {
  return shape.length > 0 && !Array.isArray(shape[0])
}

export function asRegion(shape: FigureShape): Region {
  return isRegion(shape) ? shape : [{ outline: shape, holes: [] }]
}

/** The shape as one polygon, if it is one: a single part without holes. */
export function simplePolygon(shape: FigureShape): Polygon | undefined {
  if (!isRegion(shape)) return shape
  return shape.length === 1 && shape[0].holes.length === 0 ? shape[0].outline : undefined
}

/** Every ring of the shape, as given (each part's outline, then its holes). */
export function shapeRings(shape: FigureShape): Polygon[] {
  return asRegion(shape).flatMap((p) => [p.outline, ...p.holes])
}

/** The shape with `f` applied to each ring: a polygon stays a polygon, a region a region. */
export function mapRings(shape: FigureShape, f: (ring: Polygon) => Polygon): FigureShape {
  return isRegion(shape)
    ? shape.map((p) => ({ outline: f(p.outline), holes: p.holes.map(f) }))
    : f(shape)
}

/** Every ring counter-clockwise and normalised, a polygon or a region alike. */
export function normalizeShape(shape: FigureShape): FigureShape {
  return isRegion(shape) ? normalizeRegion(shape) : normalizePolygon(shape)
}

/**
 * Every ring with the region on its left: outlines counter-clockwise, holes clockwise, so that a
 * side's outward direction is worked out alike on both.
 */
export function regionRings(shape: FigureShape): Polygon[] {
  const turned = (ring: Polygon, ccw: boolean) =>
    signedArea2(ring) > 0 === ccw ? ring : [...ring].reverse()
  return asRegion(shape).flatMap((part) => [
    turned(part.outline, true),
    ...part.holes.map((h) => turned(h, false)),
  ])
}

/** Area in half-square triangles: the outlines' less their holes'. */
export function shapeArea(shape: FigureShape): number {
  return asRegion(shape).reduce(
    (s, p) =>
      s + areaInHalfSquares(p.outline) - p.holes.reduce((t, h) => t + areaInHalfSquares(h), 0),
    0,
  )
}

/** Every ring counter-clockwise and normalised; a one-part region without holes stays a region. */
export function normalizeRegion(
  parts: readonly {
    readonly outline: readonly (readonly number[])[]
    readonly holes?: readonly (readonly (readonly number[])[])[]
  }[],
): Region {
  return parts.map((p) => ({
    outline: normalizePolygon(p.outline),
    holes: (p.holes ?? []).map((h) => normalizePolygon(h)),
  }))
}

/** The quarters inside the shape (any ring orientation: rings do not cross). */
export function rasterizeShape(shape: FigureShape): Quarters {
  return rasterizeRings(shapeRings(shape))
}

type Vertices = readonly (readonly number[])[]

/**
 * What is wrong with a region as a figure file gives it, as "part 2, hole 1: …", or undefined.
 * Each ring must be a simple lattice polygon; a hole must lie inside its outline, holes of a
 * part and parts must not overlap, and no two rings may run along a common side.
 */
export function regionProblem(
  parts: readonly { readonly outline: Vertices; readonly holes?: readonly Vertices[] }[],
): string | undefined {
  if (parts.length === 0) return 'has no parts: "polygons" lists at least one'
  const many = parts.length > 1
  const partName = (i: number) => (many ? `part ${i + 1}` : 'the outline')
  const holeName = (i: number, j: number) => `${many ? `part ${i + 1}, ` : ''}hole ${j + 1}`
  let outlineArea = 0
  for (const [i, p] of parts.entries()) {
    const problem = latticePolygonProblem(p.outline, 'figure')
    if (problem) return `${many ? `part ${i + 1}: ` : ''}${problem}`
    for (const [j, h] of (p.holes ?? []).entries()) {
      const hole = latticePolygonProblem(h, 'hole')
      if (hole) return `${holeName(i, j)}: ${hole}`
    }
    outlineArea += areaInHalfSquares(normalizePolygon(p.outline))
  }
  if (outlineArea > LIMITS.maxArea)
    return `the outlines cover ${outlineArea.toLocaleString('en')} half-squares; at most ${LIMITS.maxArea.toLocaleString('en')} are supported`
  const region = normalizeRegion(parts)
  const sides = new Map<string, string>()
  const names: string[] = []
  const rasters = region.map((p, i) => {
    const rings = [p.outline, ...p.holes]
    rings.forEach((_, k) => names.push(k === 0 ? partName(i) : holeName(i, k - 1)))
    return rings.map((r) => new Set(keysOf(rasterizeRings([r]))))
  })
  // A side two rings share: the hole opens onto the outside, or two parts are one.
  let ring = 0
  for (const p of region) {
    for (const r of [p.outline, ...p.holes]) {
      const shared = sharedSide(r, names[ring], sides)
      if (shared) return shared
      ring++
    }
  }
  const part: Set<number>[] = []
  for (const [i, [outline, ...holes]] of rasters.entries()) {
    for (const [j, h] of holes.entries()) {
      const out = [...h].find((q) => !outline.has(q))
      if (out !== undefined) return `${holeName(i, j)} is not inside its outline ${at(out)}`
      for (let k = 0; k < j; k++) {
        const both = [...h].find((q) => holes[k].has(q))
        if (both !== undefined)
          return `${many ? `part ${i + 1}: ` : ''}holes ${k + 1} and ${j + 1} overlap ${at(both)}`
      }
    }
    const left = new Set([...outline].filter((q) => !holes.some((h) => h.has(q))))
    if (left.size === 0) return `${many ? `part ${i + 1}: ` : ''}the holes fill the whole outline`
    for (const [k, other] of part.entries()) {
      const both = [...left].find((q) => other.has(q))
      if (both !== undefined) return `parts ${k + 1} and ${i + 1} overlap ${at(both)}`
    }
    part.push(left)
  }
  return undefined
}

/** One number per quarter of a raster, for sets. */
function keysOf(q: Quarters): number[] {
  const out: number[] = []
  for (let k = 0; k < q.length; k += 2) out.push(q[k] * QUARTER_SPAN + q[k + 1])
  return out
}
const QUARTER_SPAN = 1 << 20

/** "at the cell (x, y)" of a quarter key. */
function at(key: number): string {
  const qy = ((key % QUARTER_SPAN) + QUARTER_SPAN) % QUARTER_SPAN
  const [cx, cy] = quarterCell((key - qy) / QUARTER_SPAN, qy)
  return `at the cell ${formatPoint([cx, cy])}`
}

/** Records the ring's unit steps; the first one another ring already ran along, as a problem. */
function sharedSide(ring: Polygon, name: string, sides: Map<string, string>): string | undefined {
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i]
    const b = ring[(i + 1) % ring.length]
    const sx = Math.sign(b[0] - a[0])
    const sy = Math.sign(b[1] - a[1])
    for (let x = a[0], y = a[1]; x !== b[0] || y !== b[1]; x += sx, y += sy) {
      const [u, v] = [`${x},${y}`, `${x + sx},${y + sy}`].sort()
      const key = `${u};${v}`
      const other = sides.get(key)
      if (other !== undefined && other !== name)
        return `${other} and ${name} run along the same side from ${formatPoint([x, y])} to ${formatPoint([x + sx, y + sy])}; rings may meet only at points`
      sides.set(key, name)
    }
  }
  return undefined
}

/**
 * A board of square cells as rows of text from the top, `#` a cell, `.` (or a space) none; the
 * bottom row lies on y = 0. Returns the region, or the first problem with its row.
 */
export function cellsRegion(rows: readonly string[]): Region | string {
  if (rows.length === 0) return 'has no rows: "cells" lists at least one'
  const width = rows[0].length
  const quarters: number[] = []
  for (const [r, row] of rows.entries()) {
    if (row.length !== width)
      return `row ${r + 1} has ${row.length} characters, row 1 has ${width}: every row must be as long (use "." for no cell)`
    for (let c = 0; c < row.length; c++) {
      const ch = row[c]
      if (ch === '.' || ch === ' ') continue
      if (ch !== '#')
        return `row ${r + 1}, column ${c + 1}: ${JSON.stringify(ch)} is neither "#" (a cell) nor "." (no cell)`
      const y = rows.length - 1 - r
      quarters.push(
        4 * c + 3,
        4 * y + 2,
        4 * c + 2,
        4 * y + 3,
        4 * c + 1,
        4 * y + 2,
        4 * c + 2,
        4 * y + 1,
      )
    }
  }
  if (quarters.length === 0) return 'has no cell: mark cells with "#"'
  if (quarters.length / 2 > 2 * LIMITS.maxArea)
    return `is larger than ${LIMITS.maxArea} half-squares`
  return traceRegion(Int32Array.from(quarters))
}

/**
 * The region a raster of half-squares covers: its boundary as rings with the region on the left,
 * a walk along the boundary cut into a ring each time it comes back to a point it passed, so
 * that rings meet at points but none touches itself; counter-clockwise rings are the parts'
 * outlines, each hole goes to the smallest outline around it.
 */
export function traceRegion(q: Quarters): Region {
  // In doubled coordinates every point where the boundary can touch itself ends a side.
  const edges = boundaryEdges(q)
  const leaving = new Map<string, Side[]>()
  for (const e of edges.values()) {
    const k = `${e[0]},${e[1]}`
    leaving.set(k, [...(leaving.get(k) ?? []), e])
  }
  const outlines: Point[][] = []
  const holes: Point[][] = []
  for (const first of edges.values()) {
    if (leaving.get(`${first[0]},${first[1]}`)?.includes(first) !== true) continue
    const path: string[] = []
    const onPath = new Map<string, number>()
    for (let e = first; ;) {
      const from = `${e[0]},${e[1]}`
      const out = leaving.get(from)!
      out.splice(out.indexOf(e), 1)
      onPath.set(from, path.length)
      path.push(from)
      const to = `${e[2]},${e[3]}`
      const back = onPath.get(to)
      if (back !== undefined) {
        const ring = path.splice(back).map((k) => {
          onPath.delete(k)
          const [x, y] = k.split(',').map(Number)
          return [x / 2, y / 2] as const
        })
        ;(signedArea2(ring) > 0 ? outlines : holes).push(normalizePolygon(ring))
        if (path.length === 0) break
      }
      e = leaving.get(to)![0]
    }
  }
  const parts = outlines.map((outline) => ({ outline, holes: [] as Point[][] }))
  const bySize = [...parts].sort((a, b) => signedArea2(a.outline) - signedArea2(b.outline))
  for (const h of holes) {
    // A point just inside the hole, beside the middle of its first side.
    const [a, b] = [h[0], h[1]]
    const [dx, dy] = [Math.sign(b[0] - a[0]), Math.sign(b[1] - a[1])]
    const p: Point = [a[0] + dx / 2 - dy / 8, a[1] + dy / 2 + dx / 8]
    bySize.find((part) => inside(part.outline, p))?.holes.push(h)
  }
  return parts
}

/** Even-odd test of a point on no side of the polygon. */
function inside(poly: Polygon, [px, py]: Point): boolean {
  let odd = false
  for (let i = 0; i < poly.length; i++) {
    const [x1, y1] = poly[i]
    const [x2, y2] = poly[(i + 1) % poly.length]
    if (y1 > py !== y2 > py && px < x1 + ((py - y1) * (x2 - x1)) / (y2 - y1)) odd = !odd
  }
  return odd
}
