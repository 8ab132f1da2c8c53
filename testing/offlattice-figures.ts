import {
  applyIsometry,
  fromLattice,
  ISOMETRIES,
  normalizeOrientation,
  translate,
  type XPoint,
} from '../shared/exact/geometry'
import { sub } from '../shared/exact/root2'
import { seededRandom } from '../shared/random'
import { outlineOf } from '../shared/offlattice/outline'
import type { OffPart, OffPiece } from '../shared/offlattice/search'
import { scalePolygon } from '../shared/offlattice/scale'
import { overlaps, zpolygon } from '../shared/offlattice/zgeometry'

/**
 * Figures grown at random from a few tans, pieces turned by any multiple of 45° and mirrored:
 * each piece after the first laid with one of its corners on a corner of those laid, where it
 * overlaps none of them, and mostly where it touches them along an edge. The figure is the outline of what was laid (a region: pinches and holes
 * may appear), the set the pieces laid.
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

export interface GrownFigure {
  readonly parts: OffPart[]
  readonly pieces: OffPiece[]
  /** The pieces as laid: one tiling of the figure. */
  readonly laid: { readonly name: string; readonly corners: XPoint[] }[]
}

/** Grows a figure from the tans chosen (indices into TANS), with `random` in [0, 1). */
export function growFigure(chosen: readonly number[], random: () => number): GrownFigure {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]
  const laid: { name: string; corners: XPoint[] }[] = []
  const zs: ReturnType<typeof zpolygon>[] = []
  for (const t of chosen) {
    const tan = TANS[t]
    const g = pick(ISOMETRIES)
    const shape = normalizeOrientation(fromLattice(tan.polygon).map((p) => applyIsometry(g, p)))
    for (let attempt = 0; attempt < 40; attempt++) {
      let corners = shape
      if (laid.length > 0) {
        const target = pick(pick(laid).corners)
        const own = pick(shape)
        corners = translate(shape, sub(target[0], own[0]), sub(target[1], own[1]))
      }
      // Scale 2 makes every corner of these tans, turned, whole in a + b√2.
      const z = zpolygon(scalePolygon(corners, 2n, tan.name))
      if (zs.some((q) => overlaps(z, q))) continue
      // Mostly pieces that share part of an edge with those laid, as in the tangram books.
      const joined = [...laid.map((l) => l.corners), corners]
      if (attempt < 30 && laid.length > 0 && outlineOf(joined).length > 1) continue
      laid.push({ name: tan.name, corners })
      zs.push(z)
      break
    }
  }
  const counts = new Map<string, number>()
  for (const l of laid) counts.set(l.name, (counts.get(l.name) ?? 0) + 1)
  const pieces = [...counts].map(([name, count]) => ({
    name,
    count,
    flip: true,
    corners: fromLattice(TANS.find((t) => t.name === name)!.polygon),
  }))
  return { parts: outlineOf(laid.map((l) => l.corners)), pieces, laid }
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
