import type { TilingProblem } from './problem'

/**
 * Colouring (parity) arguments: give every quarter triangle of the figure a weight; a tiling's
 * pieces then add up to the figure's weight. Each piece can only contribute the weights of its
 * placements, so if no choice of one placement weight per copy of every piece reaches the
 * figure's weight, there is no tiling. The test is a small subset-sum over the pieces, much
 * cheaper than a search; it settles for instance the thin tetrabolo outlines at once.
 */
interface Coloring {
  readonly name: string
  /** Weight of the quarter on side d (0 east, 1 north, 2 west, 3 south) of cell (x, y). */
  readonly weight: (x: number, y: number, d: number) => number
}

const sign = (k: number) => (k & 1 ? -1 : 1)
const northSouth = (d: number) => (d === 1 ? 1 : d === 3 ? -1 : 0)
const eastWest = (d: number) => (d === 0 ? 1 : d === 2 ? -1 : 0)

const COLORINGS: readonly Coloring[] = [
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

/** The first colouring that rules the figure out, as a reason; undefined if none does. */
export function coloringObstruction(problem: TilingProblem): string | undefined {
  const fq = problem.figure.quarters
  const nq = fq.length / 2
  for (const c of COLORINGS) {
    const wq = new Int32Array(nq)
    let target = 0
    for (let k = 0; k < nq; k++) {
      const qx = fq[2 * k]
      const qy = fq[2 * k + 1]
      const x = qx >> 2
      const y = qy >> 2
      const lx = qx & 3
      const ly = qy & 3
      const d = lx === 3 ? 0 : ly === 3 ? 1 : lx === 1 ? 2 : 3
      wq[k] = c.weight(x, y, d)
      target += wq[k]
    }
    const weights = problem.pieces.map(() => new Set<number>())
    problem.placementQuarters.forEach((ids, p) => {
      let w = 0
      for (const q of ids) w += wq[q]
      weights[problem.placements[p].piece].add(w)
    })
    let reach = new Set<number>([0])
    problem.pieces.forEach((piece, i) => {
      for (let copy = 0; copy < piece.count; copy++) {
        const next = new Set<number>()
        for (const r of reach) for (const w of weights[i]) next.add(r + w)
        reach = next
      }
    })
    if (!reach.has(target)) return `a colouring argument rules it out (${c.name})`
  }
  return undefined
}
