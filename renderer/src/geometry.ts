import { boundingBox, type Point } from '../../shared/lattice/polygon'

/** Moves a polygon by whole lattice steps. */
export function translate(poly: readonly Point[], dx: number, dy: number): Point[] {
  return poly.map(([x, y]) => [x + dx, y + dy] as const)
}

/**
 * A quarter turn counter-clockwise about a lattice point near the polygon's middle, so that the
 * piece turns in place and stays on the lattice.
 */
export function rotatePolygon(poly: readonly Point[]): Point[] {
  const b = boundingBox(poly)
  const cx = Math.round((b.minX + b.maxX) / 2)
  const cy = Math.round((b.minY + b.maxY) / 2)
  return poly.map(([x, y]) => [cx - (y - cy), cy + (x - cx)] as const)
}

/** The mirror image across the vertical line through the middle of the bounding box. */
export function flipPolygon(poly: readonly Point[]): Point[] {
  const b = boundingBox(poly)
  return poly.map(([x, y]) => [b.minX + b.maxX - x, y] as const).reverse()
}

/** Whether a point lies inside a polygon (even–odd rule; the boundary counts as either). */
export function pointInPolygon(poly: readonly Point[], x: number, y: number): boolean {
  let inside = false
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]
    const [xj, yj] = poly[j]
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
  }
  return inside
}
