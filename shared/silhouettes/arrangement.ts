import { d4Apply, type D4 } from '../lattice/d4'
import { traceOutline, type Quarters } from '../lattice/quarters'
import type { Point } from '../lattice/polygon'
import type { PieceKind } from '../tiling/problem'

/**
 * Random figures of a set's area, grown from its own pieces: pieces laid down one by one, each
 * edge to edge with those already down (sharing a stretch of edge, not just a corner), never
 * overlapping. A placement is chosen with a weight growing with the edge it shares, so that
 * figures come out compact, as people draw silhouettes, rather than as long chains. The union is
 * kept when it is one simple polygon (no hole, no pinch).
 *
 * Without a symmetry every piece is laid down exactly its count: the figure has at least one
 * tiling, the arrangement itself. Random arrangements are seldom symmetric (about 1 in 300 for
 * the tangram), so a symmetric figure is grown differently: each piece is laid down together
 * with its images under a chosen symmetry, the pieces drawn at random by their counts, until the
 * area is reached. Such a figure is symmetric by construction and made of the set's own shapes,
 * but whether the set tiles it is for the count to say.
 */

/**
 * A symmetry to grow a figure with, acting on quarter points (4 × lattice coordinates): the
 * element g of the square's group about the origin, then a shift by whole cells (a multiple of 4).
 * `order` is the number of times it must be applied to come back to the identity.
 */
export interface GrowthSymmetry {
  readonly g: D4
  readonly shift: readonly [number, number]
  readonly order: number
  readonly name: string
}

/**
 * Every kind of symmetry a lattice figure can have, one per class up to turning the figure: a
 * mirror through lattice points or through cell centres, the diagonal mirror, a half turn about
 * a lattice point, the middle of a cell's side or a cell's centre, a quarter turn about a lattice
 * point or a cell's centre.
 */
export const GROWTH_SYMMETRIES: readonly GrowthSymmetry[] = [
  { g: 4, shift: [0, 0], order: 2, name: 'mirror through lattice points' },
  { g: 4, shift: [4, 0], order: 2, name: 'mirror through cell centres' },
  { g: 5, shift: [0, 0], order: 2, name: 'diagonal mirror' },
  { g: 2, shift: [0, 0], order: 2, name: 'half turn about a lattice point' },
  { g: 2, shift: [4, 0], order: 2, name: "half turn about a side's middle" },
  { g: 2, shift: [4, 4], order: 2, name: "half turn about a cell's centre" },
  { g: 1, shift: [0, 0], order: 4, name: 'quarter turn about a lattice point' },
  { g: 1, shift: [4, 0], order: 4, name: "quarter turn about a cell's centre" },
]

/** Quarters as numbers: (qx + OFF) · SPAN + (qy + OFF); figures stay far inside ±OFF. */
const OFF = 1 << 12
const SPAN = 1 << 13
export const quarterCode = (qx: number, qy: number) => (qx + OFF) * SPAN + (qy + OFF)
const codeX = (c: number) => Math.floor(c / SPAN) - OFF
const codeY = (c: number) => (c % SPAN) - OFF

/**
 * The three quarters sharing an edge with the quarter at (qx, qy): the two beside it in its cell
 * (across the half-diagonals) and the one across the cell's side in the next cell.
 */
export function quarterNeighbours(qx: number, qy: number): [number, number][] {
  const lx = qx - Math.floor(qx / 4) * 4
  const ly = qy - Math.floor(qy / 4) * 4
  // East (3, 2), north (2, 3), west (1, 2), south (2, 1) within the cell.
  if (lx === 3)
    return [
      [qx - 1, qy + 1],
      [qx - 1, qy - 1],
      [qx + 2, qy],
    ]
  if (ly === 3)
    return [
      [qx + 1, qy - 1],
      [qx - 1, qy - 1],
      [qx, qy + 2],
    ]
  if (lx === 1)
    return [
      [qx + 1, qy + 1],
      [qx + 1, qy - 1],
      [qx - 2, qy],
    ]
  return [
    [qx + 1, qy + 1],
    [qx - 1, qy + 1],
    [qx, qy - 2],
  ]
}

// quarterNeighbours as offsets between codes, for the quarters east, north, west, south in a cell.
const EAST = [1 - SPAN, -1 - SPAN, 2 * SPAN]
const NORTH = [SPAN - 1, -1 - SPAN, 2]
const WEST = [SPAN + 1, SPAN - 1, -2 * SPAN]
const SOUTH = [SPAN + 1, 1 - SPAN, -2]

/**
 * The same three as code offsets, by the quarter's place in its cell (its code's low bits are
 * those of its coordinates, OFF and SPAN being multiples of 4): what the growth asks thousands of
 * times a figure, without making points.
 */
export function neighbourOffsets(c: number): readonly number[] {
  const lx = Math.floor(c / SPAN) & 3
  return lx === 3 ? EAST : (c & 3) === 3 ? NORTH : lx === 1 ? WEST : SOUTH
}

/** A figure being grown: its quarters and the free quarters beside them. */
class Growth {
  readonly union = new Set<number>()
  readonly frontier = new Set<number>()

  /** Edges a set of new quarters shares with the figure, or −1 if it overlaps it. */
  contact(cells: readonly number[]): number {
    let shared = 0
    for (const c of cells) {
      if (this.union.has(c)) return -1
      for (const off of neighbourOffsets(c)) if (this.union.has(c + off)) shared++
    }
    return shared
  }

  add(cells: readonly number[]): void {
    for (const c of cells) {
      this.union.add(c)
      this.frontier.delete(c)
    }
    for (const c of cells)
      for (const off of neighbourOffsets(c))
        if (!this.union.has(c + off)) this.frontier.add(c + off)
  }

  /** The figure's outline, if it is one simple polygon. */
  outline(): Point[] | undefined {
    const flat = new Int32Array(this.union.size * 2)
    let i = 0
    for (const c of this.union) {
      flat[i++] = codeX(c)
      flat[i++] = codeY(c)
    }
    const traced = traceOutline(flat)
    return traced.ok ? traced.polygons[0] : undefined
  }
}

/** The quarters a placed orientation covers with their images under the symmetry (each once). */
function orbit(q: Quarters, tx: number, ty: number, s: GrowthSymmetry | undefined): number[] {
  const out = new Set<number>()
  for (let k = 0; k < q.length; k += 2) {
    let x = q[k] + 4 * tx
    let y = q[k + 1] + 4 * ty
    for (let i = 0; i < (s?.order ?? 1); i++) {
      out.add(quarterCode(x, y))
      if (s) {
        const [gx, gy] = d4Apply(s.g, x, y)
        x = gx + s.shift[0]
        y = gy + s.shift[1]
      }
    }
  }
  return [...out]
}

interface Option {
  readonly cells: number[]
  readonly weight: number
}

/**
 * Every placement of the piece (any orientation) that puts one of its quarters on a free quarter
 * beside the figure and overlaps nothing, with its orbit under the symmetry, weighted by the
 * square of the edge it shares; only those that add at most `room` quarters.
 */
function options(
  kind: PieceKind,
  growth: Growth,
  s: GrowthSymmetry | undefined,
  room: number,
): Option[] {
  const out: Option[] = []
  for (const o of kind.shape.orientations) {
    const q = o.quarters
    const seen = new Set<number>()
    for (const f of growth.frontier) {
      const fx = codeX(f)
      const fy = codeY(f)
      for (let k = 0; k < q.length; k += 2) {
        // Only a quarter of the same kind (east, north, …) lands on it by a translation.
        if ((q[k] - fx) % 4 !== 0 || (q[k + 1] - fy) % 4 !== 0) continue
        const tx = (fx - q[k]) / 4
        const ty = (fy - q[k + 1]) / 4
        if (seen.has(quarterCode(tx, ty))) continue
        seen.add(quarterCode(tx, ty))
        const cells = orbit(q, tx, ty, s)
        if (cells.length > room) continue
        const c = growth.contact(cells)
        if (c > 0) out.push({ cells, weight: c * c })
      }
    }
  }
  return out
}

function weighted(list: readonly Option[], random: () => number): Option {
  let r = random() * list.reduce((t, o) => t + o.weight, 0)
  for (const o of list) {
    r -= o.weight
    if (r < 0) return o
  }
  return list[list.length - 1]
}

function shuffle<T>(list: T[], random: () => number): T[] {
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[list[i], list[j]] = [list[j], list[i]]
  }
  return list
}

/**
 * The first piece of a symmetric figure: one orientation at a random place near the centre of
 * the symmetry whose images join it into one connected piece of figure.
 */
function seed(
  pieces: readonly PieceKind[],
  s: GrowthSymmetry,
  room: number,
  random: () => number,
): number[] | undefined {
  for (let attempt = 0; attempt < 50; attempt++) {
    const kind = pieces[Math.floor(random() * pieces.length)]
    const o = kind.shape.orientations[Math.floor(random() * kind.shape.orientations.length)]
    const tx = Math.floor(random() * (o.width + 2)) - o.width - 1
    const ty = Math.floor(random() * (o.height + 2)) - o.height - 1
    const cells = orbit(o.quarters, tx, ty, s)
    if (cells.length > room) continue
    const trial = new Growth()
    trial.add(cells)
    if (trial.outline()) return cells
  }
  return undefined
}

/**
 * One random figure of the set's area grown from its pieces, with the symmetry if one is given;
 * undefined when the draw fails (a hole, a pinch, no room left for any piece).
 */
export function randomFigure(
  pieces: readonly PieceKind[],
  random: () => number,
  symmetry?: GrowthSymmetry,
): Point[] | undefined {
  const growth = new Growth()
  const area = pieces.reduce((t, p) => t + p.shape.area * p.count, 0)
  const target = 2 * area
  if (!symmetry) {
    const copies = shuffle(
      pieces.flatMap((_, i) => Array<number>(pieces[i].count).fill(i)),
      random,
    )
    for (const piece of copies) {
      const kind = pieces[piece]
      if (growth.union.size === 0) {
        const o = kind.shape.orientations[Math.floor(random() * kind.shape.orientations.length)]
        growth.add(orbit(o.quarters, 0, 0, undefined))
        continue
      }
      const list = options(kind, growth, undefined, target)
      if (list.length === 0) return undefined
      growth.add(weighted(list, random).cells)
    }
    return growth.outline()
  }
  const first = seed(pieces, symmetry, target, random)
  if (!first) return undefined
  growth.add(first)
  // Pieces by their counts, drawn afresh for every step until the area is reached.
  const bag = pieces.flatMap((_, i) => Array<number>(pieces[i].count).fill(i))
  while (growth.union.size < target) {
    const room = target - growth.union.size
    let placed = false
    const tried = new Set<number>()
    for (const piece of shuffle([...bag], random)) {
      if (tried.has(piece)) continue
      tried.add(piece)
      const list = options(pieces[piece], growth, symmetry, room)
      if (list.length === 0) continue
      growth.add(weighted(list, random).cells)
      placed = true
      break
    }
    if (!placed) return undefined
  }
  return growth.outline()
}
