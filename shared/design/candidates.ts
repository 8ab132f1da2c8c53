import { outlineCases, type OutlineCase } from '../convex/convex'
import { InputError } from '../errors'
import { describePolygon } from '../convex/outlines'
import type { Point } from '../lattice/polygon'
import type { Quarters } from '../lattice/quarters'
import { growingPolyaboloes, polyformPolygon, type GrowthProgress } from '../pieces/polyforms'
import { analyzeShape, orientationsOf, type Orientation, type Shape } from '../pieces/shape'
import { figureFit, fitsSomewhere, type FigureFit } from '../tiling/problem'

/**
 * The pieces a design may use: every free polyabolo of at most the largest piece's area that fits
 * in at least one convex outline of the area (and in the `--from` figure), each with the outlines
 * it fits in as a bit mask. A piece that fits in no outline makes no convex figure, and neither
 * does anything grown from it, so the growth stops there (`growPolyaboloes`' `keep`).
 */
export interface Candidate {
  /** Position in `Candidates.list`: larger pieces first. */
  readonly index: number
  readonly area: number
  readonly polygon: readonly Point[]
  /** Bit i: the piece fits somewhere in outline i (`Candidates.outlines[i]`). */
  readonly fits: bigint
  /** How many outlines it fits in: the bits of `fits`. */
  readonly fitCount: number
  /** "right isosceles triangle 2, √2, √2" */
  readonly name: string
  /** Its solver shape, made when a set with it is first searched. */
  shape(): Shape
}

export interface Candidates {
  readonly outlines: readonly OutlineCase[]
  /** Larger pieces first; within an area, in the order of growth. */
  readonly list: readonly Candidate[]
  /** The candidates by area: byArea[a] lists those of area a (by index). */
  readonly byArea: readonly (readonly Candidate[])[]
}

/**
 * Most candidate pieces the explorer keeps: beyond this, trying every set of them is hopeless
 * anyway, and the pieces alone would fill memory.
 */
export const MAX_CANDIDATES = 50_000

/**
 * The candidates, as a growth that pauses: while the outlines are made ready (progress of size 0,
 * every few dozen outlines: a large area has thousands), then every few dozen shapes grown.
 */
export function* growCandidates(
  area: number,
  maxPieceArea: number,
  from?: { readonly polygon: readonly Point[] },
): Generator<GrowthProgress, Candidates> {
  const outlines = outlineCases(area)
  const fits: FigureFit[] = []
  for (const [i, c] of outlines.entries()) {
    if (i % 32 === 0) yield { size: 0, done: i, total: outlines.length }
    fits.push(figureFit(c.polygon))
  }
  const fromFit: FigureFit | undefined = from ? figureFit(from.polygon) : undefined
  const masks = new Map<Quarters, bigint>()
  let kept = 0
  const keep = (raster: Quarters): boolean => {
    const { orientations } = orientationsOf(raster)
    if (fromFit && !fitsSomewhere(fromFit, orientations)) return false
    const mask = fitMask(fits, orientations)
    if (mask === 0n) return false
    if (++kept > MAX_CANDIDATES)
      throw new InputError(
        `more than ${MAX_CANDIDATES.toLocaleString('en')} pieces of up to ${maxPieceArea} half-squares fit in the convex outlines of area ${area}: too many to try every set of them; limit the pieces with --max-piece-area`,
      )
    masks.set(raster, mask)
    return true
  }
  const levels = yield* growingPolyaboloes(maxPieceArea, keep)
  const list: Candidate[] = []
  for (let a = maxPieceArea; a >= 1; a--) {
    for (const raster of levels[a - 1]) {
      const polygon = polyformPolygon(raster)
      // A shape with a hole is grown (what grows from it may be a piece), but is no piece.
      if (!polygon) continue
      list.push(candidate(list.length, a, polygon, masks.get(raster)!))
    }
  }
  const byArea: Candidate[][] = Array.from({ length: maxPieceArea + 1 }, () => [])
  for (const c of list) byArea[c.area].push(c)
  return { outlines, list, byArea }
}

/** Bit i: a piece in one of these orientations fits somewhere in figure i. */
function fitMask(fits: readonly FigureFit[], orientations: readonly Orientation[]): bigint {
  let mask = 0n
  fits.forEach((f, i) => {
    if (fitsSomewhere(f, orientations)) mask |= 1n << BigInt(i)
  })
  return mask
}

/** Any piece as a candidate, with the outlines it fits in (a set drawn by hand, to evaluate it). */
export function pieceCandidate(
  polygon: readonly Point[],
  outlines: readonly OutlineCase[],
): Candidate {
  const shape = analyzeShape(polygon)
  const mask = fitMask(
    outlines.map((c) => figureFit(c.polygon)),
    shape.orientations,
  )
  return candidate(0, shape.area, shape.polygon, mask)
}

/** A candidate from what was grown (here or in the process that sent it). */
export const candidate = (
  index: number,
  area: number,
  polygon: readonly Point[],
  fits: bigint,
): Candidate => new GrownCandidate(index, area, polygon, fits)

/**
 * A class, its name and shape made when first asked: the host reads thousands of candidates from
 * the wire and names a few (an object literal with a getter and closures each took 10 times as
 * long: 70 ms for 8,158).
 */
class GrownCandidate implements Candidate {
  readonly fitCount: number
  private named?: string
  private solverShape?: Shape

  constructor(
    readonly index: number,
    readonly area: number,
    readonly polygon: readonly Point[],
    readonly fits: bigint,
  ) {
    this.fitCount = bitCount(fits)
  }

  get name(): string {
    return (this.named ??= describePolygon(this.polygon))
  }

  shape(): Shape {
    return (this.solverShape ??= analyzeShape(this.polygon))
  }
}

export function bitCount(mask: bigint): number {
  let n = 0
  for (let m = mask; m !== 0n; m &= m - 1n) n++
  return n
}
