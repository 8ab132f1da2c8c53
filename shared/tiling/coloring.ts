import type { Quarters } from '../lattice/quarters'
import { leastCopies, type PieceKind, type TilingProblem } from './problem'

/**
 * Colouring (parity) arguments: give every quarter triangle of the plane a weight; a tiling's
 * pieces then add up to the figure's weight. Each piece can only contribute the weights of its
 * placements, so if no choice of one placement weight per copy of every piece reaches the
 * figure's weight, there is no tiling. The test is a small subset-sum over the pieces, much
 * cheaper than a search. The 35 hexominoes, for instance: 24 cover as many black as white cells
 * of a checkerboard, 11 two more of one colour, and 11 odd imbalances never cancel out, so they
 * tile no rectangle.
 *
 * The weights of a piece, worked out once per set (`coloringWeights`), are taken either at every
 * position (before any figure is built: weaker, as a piece may not fit everywhere, but shared by
 * every outline) or at the placements that fit one figure (`coloringObstruction`, once its tiling
 * problem is built).
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

/** A colouring's weights for a piece set, worked out once per set. */
export interface ColoringWeights {
  readonly coloring: Coloring
  /** at[piece][orientation][parity]: the weight at cells (tx, ty), parity (ty mod 2)·2 + tx mod 2. */
  readonly at: readonly (readonly (readonly number[])[])[]
  /** Per piece, the weights it can have anywhere in the plane, in any orientation. */
  readonly anywhere: readonly ReadonlySet<number>[]
  /** The totals those reach, one weight per copy. */
  readonly reach: { has(total: number): boolean }
}

export function coloringWeights(pieces: readonly PieceKind[]): ColoringWeights[] {
  return COLORINGS.map((coloring) => {
    const at = pieces.map((p) =>
      p.shape.orientations.map((o) =>
        Array.from({ length: PERIOD * PERIOD }, (_, k) =>
          rasterWeight(coloring, o.quarters, k % PERIOD, Math.floor(k / PERIOD)),
        ),
      ),
    )
    const anywhere = at.map((orientations) => new Set(orientations.flat()))
    return { coloring, at, anywhere, reach: reachableWeights(anywhere, pieces) }
  })
}

/**
 * Most steps the subset sum may take (about 0.1 s). Beyond, as with thousands of large pieces, it
 * says every total is reached: a colouring left out can only fail to rule a figure out.
 */
export const MAX_SUM_STEPS = 3e7

/**
 * Every total one weight per copy of every piece can reach, as a table over the totals' range
 * (a subset sum in arrays: sets were the planning's hot spot with 30 pieces). A copy a count
 * range may leave out can also weigh 0.
 */
export function reachableWeights(
  weights: readonly ReadonlySet<number>[],
  pieces: readonly PieceKind[],
): { has(total: number): boolean } {
  const widest = weights.map((ws) => Math.max(0, ...[...ws].map(Math.abs)))
  // Each copy costs the range reached before it times its weights.
  let steps = 0
  let bound = 0
  pieces.forEach((p, i) => {
    for (let copy = 0; copy < p.count; copy++) {
      steps += (2 * bound + 1) * (weights[i].size + 1)
      bound += widest[i]
    }
  })
  if (steps > MAX_SUM_STEPS) return { has: () => true }
  let reach = new Uint8Array(2 * bound + 1)
  let next = new Uint8Array(2 * bound + 1)
  reach[bound] = 1
  let reached = 0
  pieces.forEach((piece, i) => {
    for (let copy = 0; copy < piece.count; copy++) {
      const ws = copy < leastCopies(piece) ? [...weights[i]] : [...weights[i], 0]
      next.fill(0, bound - reached - widest[i], bound + reached + widest[i] + 1)
      for (let r = bound - reached; r <= bound + reached; r++)
        if (reach[r]) for (const w of ws) next[r + w] = 1
      ;[reach, next] = [next, reach]
      reached += widest[i]
    }
  })
  return { has: (total) => Math.abs(total) <= bound && reach[total + bound] === 1 }
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

/**
 * The first colouring that rules the figure out with the weights of the placements that fit it,
 * as a reason; undefined if none does. `colorings` are the set's (`coloringWeights`).
 */
export function coloringObstruction(
  problem: TilingProblem,
  colorings: readonly ColoringWeights[],
): string | undefined {
  const { pieces } = problem
  // Which orientations occur at which parity: a placement weighs what its orientation weighs
  // at its parity, whatever the colouring.
  const occurs = pieces.map((p) => p.shape.orientations.map(() => new Uint8Array(PERIOD * PERIOD)))
  for (const pl of problem.placements)
    occurs[pl.piece][pl.orientation][(pl.ty % PERIOD) * PERIOD + (pl.tx % PERIOD)] = 1
  for (const { coloring, at } of colorings) {
    const weights = occurs.map((orientations, i) => {
      const ws = new Set<number>()
      orientations.forEach((parities, o) =>
        parities.forEach((yes, k) => yes && ws.add(at[i][o][k])),
      )
      return ws
    })
    const target = rasterWeight(coloring, problem.figure.quarters)
    if (!reachableWeights(weights, pieces).has(target))
      return coloringReason(coloring, target, weights, pieces)
  }
  return undefined
}
