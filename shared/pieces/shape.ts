import { D4_ELEMENTS, type D4 } from '../lattice/d4'
import { normalizePolygon, type Point, type Polygon } from '../lattice/polygon'
import {
  halfSquares,
  normalizeQuarters,
  quarterExtent,
  quartersEqual,
  quartersKey,
  rasterizePolygon,
  transformQuarters,
  type Quarters,
} from '../lattice/quarters'

/**
 * One distinct orientation of a shape: the source polygon mapped by `g` and shifted by
 * (dx, dy) cells so that its raster starts at cell (0, 0).
 */
export interface Orientation {
  readonly g: D4
  readonly dx: number
  readonly dy: number
  /** Normalised, sorted raster of this orientation. */
  readonly quarters: Quarters
  /** Cells spanned: the raster lies in [0, width) × [0, height). */
  readonly width: number
  readonly height: number
}

/**
 * A lattice polygon with what the solvers need to know about it, computed once: its raster, its
 * area, its own symmetry group (the elements of D4 that map it onto a translate of itself) and one
 * orientation per left coset of that group, so that each distinct orientation is tried once.
 */
export interface Shape {
  readonly polygon: readonly Point[]
  /**
   * False for a one-sided piece that its mirror image is not a turn of: it is only turned, so its
   * orientations are its turns and a mirror maps none of them onto another (`image` o = −1).
   */
  readonly flip: boolean
  readonly quarters: Quarters
  /** Area in half-square triangles. */
  readonly area: number
  readonly symmetry: readonly D4[]
  readonly orientations: readonly Orientation[]
  /**
   * image[o·8 + g]: the symmetry g maps orientation o onto orientation `o` shifted by (dx, dy)
   * cells: g·(o's raster) = (image's raster) + 4·(dx, dy).
   */
  readonly image: readonly { readonly o: number; readonly dx: number; readonly dy: number }[]
}

export function analyzeShape(polygon: Polygon, flip = true): Shape {
  const poly = normalizePolygon(polygon)
  const base = rasterizePolygon(poly)
  const free = orientationsOf(base)
  // A one-sided piece whose turns give every orientation is no different from a free one.
  const turns = flip ? free : orientationsOf(base, false)
  const { orientations, symmetry } =
    turns.orientations.length < free.orientations.length ? turns : free
  const image = orientations.flatMap((o) =>
    D4_ELEMENTS.map((g) => {
      const t = normalizeQuarters(transformQuarters(o.quarters, g))
      return {
        o: orientations.findIndex((u) => quartersEqual(u.quarters, t.quarters)),
        dx: -t.dx,
        dy: -t.dy,
      }
    }),
  )
  return {
    polygon: poly,
    flip: orientations.length === free.orientations.length,
    quarters: base,
    area: halfSquares(base),
    symmetry,
    orientations,
    image,
  }
}

/**
 * A raster's distinct orientations (one per coset of its symmetry group, each normalised) and its
 * symmetry group: the elements of D4 that map it onto a translate of itself; with `flip` false,
 * of the turns only.
 */
export function orientationsOf(
  raster: Quarters,
  flip = true,
): {
  orientations: Orientation[]
  symmetry: D4[]
} {
  const orientations: Orientation[] = []
  const symmetry: D4[] = []
  const identity = normalizeQuarters(raster).quarters
  for (const g of flip ? D4_ELEMENTS : TURNS) {
    const { quarters, dx, dy } = normalizeQuarters(transformQuarters(raster, g))
    if (quartersEqual(quarters, identity)) symmetry.push(g)
    if (orientations.some((o) => quartersEqual(o.quarters, quarters))) continue
    const ext = quarterExtent(quarters)
    orientations.push({ g, dx, dy, quarters, width: ext.maxCX + 1, height: ext.maxCY + 1 })
  }
  return { orientations, symmetry }
}

/** The identity and the three turns. */
const TURNS: readonly D4[] = [0, 1, 2, 3]

/**
 * A canonical key of the shape up to the moves it may make and translation: a one-sided piece
 * is not its mirror twin, nor a free piece of its shape.
 */
export function congruenceKey(shape: Shape): string {
  let best: string | undefined
  for (const o of shape.orientations) {
    const k = quartersKey(o.quarters)
    if (best === undefined || k < best) best = k
  }
  return shape.flip ? best! : `one-sided ${best!}`
}
