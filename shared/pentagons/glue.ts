import {
  direction,
  edgeLength,
  ISOMETRIES,
  normalizeOrientation,
  pointEq,
  transformPolygon,
  translate,
  type Isometry,
  type XPoint,
  type XPolygon,
} from '../exact/geometry'
import { eq, sub, type Root2 } from '../exact/root2'

/**
 * Two convex figures joined along an edge, the second turned by an odd multiple of 45° against
 * the first (so its pieces lie on the other lattice), as Takeuchi builds the non-snug pentagons.
 *
 * Why only joins with an end of the two edges meeting: two convex figures on either side of a
 * line meet exactly in the overlap of their edges on it. If no end of the two edges meets, each
 * end of the overlap keeps the corner of one figure and adds the reflex corner where the other's
 * edge ends, so the union has k₁ + k₂ corners; a pentagon from a triangle and a triangle or
 * quadrilateral (k₁ + k₂ ≥ 6) needs at least one end in common. With one end in common the
 * second figure's position is fixed by it, so these are all the joins.
 */
export interface Join {
  /** The union, counter-clockwise, without straight-on vertices (made when first read). */
  readonly polygon: XPoint[]
  /** The union's corners, known without making it (`unionCorners`). */
  readonly corners: number
  /** The isometry applied to the second figure, then the translation. */
  readonly g: Isometry
  readonly dx: Root2
  readonly dy: Root2
}

/** Odd turns only: an even one keeps the second figure on the first one's lattice. */
const OFF_LATTICE = ISOMETRIES.filter((g) => g.turn % 2 === 1)

export function offLatticeJoins(first: XPolygon, second: XPolygon): Join[] {
  const p = normalizeOrientation(first)
  const pDirs = p.map((v, i) => direction(v, p[(i + 1) % p.length])!)
  const joins: Join[] = []
  for (const g of OFF_LATTICE) {
    const q = transformPolygon(second, g)
    const qDirs = q.map((v, j) => direction(v, q[(j + 1) % q.length])!)
    for (let i = 0; i < p.length; i++) {
      const a = p[i]
      const b = p[(i + 1) % p.length]
      for (let j = 0; j < q.length; j++) {
        if (qDirs[j] !== (pDirs[i] + 4) % 8) continue
        const c = q[j]
        const d = q[(j + 1) % q.length]
        const same = eq(edgeLength(a, b), edgeLength(c, d))
        // The second figure lies on the right of a → b: its edge c → d runs back along it,
        // ending at a, or starting at b.
        for (const [from, to, atStart] of [
          [d, a, true],
          [c, b, false],
        ] as const) {
          const dx = sub(to[0], from[0])
          const dy = sub(to[1], from[1])
          let polygon: XPoint[] | undefined
          joins.push({
            get polygon() {
              return (polygon ??= union(p, i, translate(q, dx, dy), j))
            },
            corners: unionCorners(pDirs, i, qDirs, j, atStart, same),
            g,
            dx,
            dy,
          })
        }
      }
    }
  }
  return joins
}

/** The interior angle at corner k of a convex counter-clockwise polygon, in eighths of a turn. */
const interior = (dirs: readonly number[], k: number): number =>
  4 - ((dirs[k % dirs.length] - dirs[(k + dirs.length - 1) % dirs.length] + 8) % 8)

/**
 * The corners of `union(p, i, q, j)`, from the edges' directions: every corner of the two off
 * edge i and edge j stays one (convex figures on either side of a line); where the edges' common
 * end meets, the two corners become one, or none if their angles make a straight line; at the
 * other ends, the same if the edges are as long, else both stay (one of them reflex). `atStart`:
 * the common end is p's corner i (q's edge ends there), else p's corner i + 1.
 */
function unionCorners(
  pDirs: readonly number[],
  i: number,
  qDirs: readonly number[],
  j: number,
  atStart: boolean,
  sameLength: boolean,
): number {
  const meet = (pk: number, qk: number) => (interior(pDirs, pk) + interior(qDirs, qk) === 4 ? 0 : 1)
  const common = atStart ? meet(i, j + 1) : meet(i + 1, j)
  const other = !sameLength ? 2 : atStart ? meet(i + 1, j) : meet(i, j + 1)
  return pDirs.length - 2 + (qDirs.length - 2) + common + other
}

/**
 * The outline of p ∪ q where q's edge j lies on p's edge i, reversed, with an end in common: p
 * from the end of edge i round to its start, then q from the end of edge j round to its start
 * (the boundary left over on the shared line comes out as the closing edges), then repeated
 * points and straight-on vertices removed.
 */
function union(p: XPolygon, i: number, q: XPolygon, j: number): XPoint[] {
  const walk: XPoint[] = []
  for (let k = 1; k <= p.length; k++) walk.push(p[(i + k) % p.length])
  for (let k = 1; k <= q.length; k++) walk.push(q[(j + k) % q.length])
  const distinct = walk.filter((v, k) => !pointEq(v, walk[(k + 1) % walk.length]))
  return normalizeOrientation(distinct)
}
