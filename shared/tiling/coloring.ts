import type { Quarters } from '../lattice/quarters'
import type { PieceKind, TilingProblem } from './problem'

/**
 * Colouring (parity) arguments: give every quarter triangle of the plane a weight; a tiling's
 * pieces then add up to the figure's weight. Each piece can only contribute the weights of its
 * placements, so if no choice of one placement weight per copy of every piece reaches the
 * figure's weight, there is no tiling. The test is a small subset-sum over the pieces, much
 * cheaper than a search. The 35 hexominoes, for instance: 24 cover as many black as white cells
 * of a checkerboard, 11 two more of one colour, and 11 odd imbalances never cancel out, so they
 * tile no rectangle.
 *
 * The weights of a piece come from either its placements in one figure (`coloringObstruction`,
 * once the tiling problem is built) or every orientation at every position (`pieceWeights`,
 * once per piece set, before any figure is built: weaker, as a piece may not fit everywhere, but
 * shared by every outline).
 */
export interface Coloring {
  readonly name: string
  /**
   * Weight of the quarter on side d (0 east, 1 north, 2 west, 3 south) of cell (x, y). Every
   * colouring repeats every 2 cells across and up (`PERIOD`).
   */
  readonly weight: (x: number, y: number, d: number) => number
}

/** Every colouring's weights repeat after this many cells in x and in y. */
const PERIOD = 2

const sign = (k: number) => (k & 1 ? -1 : 1)
const northSouth = (d: number) => (d === 1 ? 1 : d === 3 ? -1 : 0)
const eastWest = (d: number) => (d === 0 ? 1 : d === 2 ? -1 : 0)

export const COLORINGS: readonly Coloring[] = [
  { name: 'cells in a checkerboard', weight: (x, y) => sign(x + y) },
  { name: 'cells by row', weight: (_, y) => sign(y) },
  { name: 'cells by column', weight: (x) => sign(x) },
  { name: 'north against south quarters', weight: (_, __, d) => northSouth(d) },
  { name: 'east against west quarters', weight: (_, __, d) => eastWest(d) },
  {
    name: 'north against south quarters, alternating by row',
    weight: (_, y, d) => northSouth(d) * sign(y),
  },
  {
    name: 'north against south quarters, alternating by column',
    weight: (x, _, d) => northSouth(d) * sign(x),
  },
  {
    name: 'east against west quarters, alternating by row',
    weight: (_, y, d) => eastWest(d) * sign(y),
  },
  {
    name: 'east against west quarters, alternating by column',
    weight: (x, _, d) => eastWest(d) * sign(x),
  },
  {
    name: 'north against south quarters, in a checkerboard',
    weight: (x, y, d) => northSouth(d) * sign(x + y),
  },
  {
    name: 'east against west quarters, in a checkerboard',
    weight: (x, y, d) => eastWest(d) * sign(x + y),
  },
]

/** The weight of a raster shifted by (tx, ty) cells: the sum of its quarters' weights. */
export function rasterWeight(c: Coloring, quarters: Quarters, tx = 0, ty = 0): number {
  let w = 0
  for (let k = 0; k < quarters.length; k += 2) {
    const qx = quarters[k]
    const qy = quarters[k + 1]
    const lx = qx & 3
    const ly = qy & 3
    const d = lx === 3 ? 0 : ly === 3 ? 1 : lx === 1 ? 2 : 3
    w += c.weight((qx >> 2) + tx, (qy >> 2) + ty, d)
  }
  return w
}

/** Per piece kind, the weights it can have anywhere in the plane, in any of its orientations. */
export function pieceWeights(c: Coloring, pieces: readonly PieceKind[]): Set<number>[] {
  return pieces.map((p) => {
    const weights = new Set<number>()
    for (const o of p.shape.orientations)
      for (let ty = 0; ty < PERIOD; ty++)
        for (let tx = 0; tx < PERIOD; tx++) weights.add(rasterWeight(c, o.quarters, tx, ty))
    return weights
  })
}

/** Every total one weight per copy of every piece can reach. */
export function reachableWeights(
  weights: readonly ReadonlySet<number>[],
  pieces: readonly PieceKind[],
): Set<number> {
  let reach = new Set<number>([0])
  pieces.forEach((piece, i) => {
    for (let copy = 0; copy < piece.count; copy++) {
      const next = new Set<number>()
      for (const r of reach) for (const w of weights[i]) next.add(r + w)
      reach = next
    }
  })
  return reach
}

/**
 * Why the colouring rules the figure out, with the pieces' weights grouped and divided by their
 * common factor: "… the figure weighs 0, the pieces -1 or 1 (11 pieces), 0 (24 pieces), which
 * never add up to 0".
 */
export function coloringReason(
  c: Coloring,
  target: number,
  weights: readonly ReadonlySet<number>[],
  pieces: readonly PieceKind[],
): string {
  const unit = [target, ...weights.flatMap((ws) => [...ws])].reduce(gcd, 0) || 1
  const groups = new Map<string, number>()
  weights.forEach((ws, i) => {
    const key = formatWeights(ws, unit)
    groups.set(key, (groups.get(key) ?? 0) + pieces[i].count)
  })
  const shown = [...groups]
    .slice(0, 4)
    .map(([ws, n]) => `${ws} (${n} ${n === 1 ? 'piece' : 'pieces'})`)
  const more = groups.size > 4 ? ', …' : ''
  return `a colouring argument rules it out (${c.name}): the figure weighs ${target / unit}, the pieces ${shown.join(', ')}${more}, which never add up to ${target / unit}`
}

const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b))

function formatWeights(ws: ReadonlySet<number>, unit: number): string {
  const sorted = [...ws].sort((a, b) => a - b).map((w) => String(w / unit))
  return sorted.length === 1 ? sorted[0] : `${sorted.slice(0, -1).join(', ')} or ${sorted.at(-1)}`
}

/** The first colouring that rules the figure out, as a reason; undefined if none does. */
export function coloringObstruction(problem: TilingProblem): string | undefined {
  const fq = problem.figure.quarters
  const nq = fq.length / 2
  for (const c of COLORINGS) {
    const wq = new Int32Array(nq)
    let target = 0
    for (let k = 0; k < nq; k++) {
      wq[k] = rasterWeight(c, fq.subarray(2 * k, 2 * k + 2))
      target += wq[k]
    }
    const weights = problem.pieces.map(() => new Set<number>())
    problem.placementQuarters.forEach((ids, p) => {
      let w = 0
      for (const q of ids) w += wq[q]
      weights[problem.placements[p].piece].add(w)
    })
    if (!reachableWeights(weights, problem.pieces).has(target))
      return coloringReason(c, target, weights, problem.pieces)
  }
  return undefined
}
