import { z } from 'zod'
import type { Point } from '../lattice/polygon'
import { shapeRings, type FigureShape, type RegionPart } from '../lattice/region'
import { LIMITS } from '../limits'

/* The zod fields the methods of several domains share. */

/**
 * A polygon: at most LIMITS.maxVertices points [x, y] of whole numbers, checked in one loop (a
 * schema per point took the browser host a second per 200,000 vertices, while nothing else ran).
 */
export const polygon = z.custom<Point[]>(isPolygon, {
  error: `not a polygon of at most ${LIMITS.maxVertices} points [x, y] of whole numbers`,
})

function isPolygon(v: unknown): v is Point[] {
  return (
    Array.isArray(v) &&
    v.length <= LIMITS.maxVertices &&
    v.every(
      (p) =>
        Array.isArray(p) &&
        p.length === 2 &&
        Number.isSafeInteger(p[0]) &&
        Number.isSafeInteger(p[1]),
    )
  )
}

/**
 * A figure: a polygon, or a region (parts, each {outline, holes}) of at most
 * LIMITS.maxVertices vertices in all rings together.
 */
export const figureShape = z.custom<FigureShape>(
  (v) => isPolygon(v) || (isRegion(v) && shapeVertexCount(v) <= LIMITS.maxVertices),
  {
    error: `not a figure: a polygon, or parts {"outline": polygon, "holes": [polygon, …]} of at most ${LIMITS.maxVertices} vertices in all`,
  },
)

function isRegion(v: unknown): v is RegionPart[] {
  const part = (p: unknown) =>
    typeof p === 'object' &&
    p !== null &&
    Object.keys(p).every((k) => k === 'outline' || k === 'holes') &&
    isPolygon((p as RegionPart).outline) &&
    Array.isArray((p as RegionPart).holes) &&
    (p as RegionPart).holes.length <= LIMITS.maxVertices &&
    (p as RegionPart).holes.every(isPolygon)
  return Array.isArray(v) && v.length > 0 && v.length <= LIMITS.maxVertices && v.every(part)
}

/** Vertices in every ring of a figure: a region's outlines and holes together. */
export function shapeVertexCount(shape: FigureShape): number {
  return shapeRings(shape).reduce((s, r) => s + r.length, 0)
}
export const path = z.string().min(1).max(4096)
export const none = z.strictObject({})
/** File extensions a listing or a dialog offers (.json). */
export const extensions = z
  .array(z.string().regex(/^\.[a-z0-9]{1,8}$/))
  .min(1)
  .max(10)
/** Steps of undo history an autosave keeps each way, so that a restore can be undone into. */
export const AUTOSAVED_HISTORY = 50
/** An editor's undo (past, oldest first) and redo (future, next first) history. */
export const history = <T extends z.ZodType>(entry: T) =>
  z.strictObject({
    past: z.array(entry).max(AUTOSAVED_HISTORY),
    future: z.array(entry).max(AUTOSAVED_HISTORY),
  })
