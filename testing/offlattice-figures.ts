import { fromLattice } from '../shared/exact/geometry'
import { seededRandom } from '../shared/random'
import { growFigure as grow, type GrownFigure as Grown } from '../shared/offlattice/grow'
import type { OffPiece } from '../shared/offlattice/search'

/**
 * Figures grown at random from a few tans (shared/offlattice/grow.ts), the set the pieces laid.
 */
export const TANS: readonly { name: string; polygon: [number, number][] }[] = [
  {
    name: 'large triangle',
    polygon: [
      [0, 0],
      [2, 0],
      [0, 2],
    ],
  },
  {
    name: 'large triangle',
    polygon: [
      [0, 0],
      [2, 0],
      [0, 2],
    ],
  },
  {
    name: 'square',
    polygon: [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ],
  },
  {
    name: 'parallelogram',
    polygon: [
      [0, 0],
      [1, 0],
      [2, 1],
      [1, 1],
    ],
  },
  {
    name: 'medium triangle',
    polygon: [
      [0, 0],
      [2, 0],
      [1, 1],
    ],
  },
  {
    name: 'small triangle',
    polygon: [
      [0, 0],
      [1, 0],
      [0, 1],
    ],
  },
  {
    name: 'small triangle',
    polygon: [
      [0, 0],
      [1, 0],
      [0, 1],
    ],
  },
]

export interface GrownFigure extends Grown {
  readonly pieces: OffPiece[]
}

/** Grows a figure from the tans chosen (indices into TANS), with `random` in [0, 1). */
export function growFigure(chosen: readonly number[], random: () => number): GrownFigure {
  const grown = grow(
    chosen.map((t) => ({ name: TANS[t].name, corners: fromLattice(TANS[t].polygon) })),
    random,
  )
  const counts = new Map<string, number>()
  for (const l of grown.laid) counts.set(l.name, (counts.get(l.name) ?? 0) + 1)
  const pieces = [...counts].map(([name, count]) => ({
    name,
    count,
    flip: true,
    corners: fromLattice(TANS.find((t) => t.name === name)!.polygon),
  }))
  return { ...grown, pieces }
}

/**
 * `n` figures grown from the whole tangram (the seeds from `seed` on where all seven tans were
 * laid), so that one set tiles every one: the farm's runs and the CLI take one set for all.
 */
export function tangramFigures(n: number, seed = 1): (GrownFigure & { readonly seed: number })[] {
  const out: (GrownFigure & { seed: number })[] = []
  for (let s = seed; out.length < n; s++) {
    const grown = growFigure([...TANS.keys()], seededRandom(s))
    if (grown.laid.length === TANS.length) out.push({ ...grown, seed: s })
  }
  return out
}

/** The seven tans as a set of the search off the lattice (copies counted). */
export const TANGRAM_PIECES: readonly OffPiece[] = [...new Set(TANS.map((t) => t.name))].map(
  (name) => ({
    name,
    corners: fromLattice(TANS.find((t) => t.name === name)!.polygon),
    count: TANS.filter((t) => t.name === name).length,
    flip: true,
  }),
)
