import { countToJson } from '../counts'
import { documentToJson, type WorkbenchDocument } from '../document/document'
import type { Point } from '../lattice/polygon'
import { isRegion, type FigureShape, type Region } from '../lattice/region'
import {
  conventionText,
  leftOut,
  placedPieceJson,
  type LeftOut,
  type PlacedPieceJson,
} from '../tiling/output'
import type { PlacedPiece } from '../tiling/problem'
import { headlineCount, type SymmetryMode, type TilingCounts } from '../tiling/search'

/**
 * The solutions file: what a solve found, self-contained (the set as solved, the convention, and
 * per figure its counts and tilings as placed piece polygons), so that scripts and later imports
 * need nothing else. Format "puzzle-workbench/solutions", version 1:
 *   { "format", "version", "set": <piece-set file>, "kind": "tile"|"convex", "mode",
 *     "convention", "complete",
 *     "figures": [ { "name", "polygon" (or "polygons", a region), "solutions", "fixed", "rejected"?, "complete",
 *                    "tilings": [ { "classSize", "pieces": [ { "piece", "polygon", "move" } ],
 *                                   "leftOut"? } ] } ] }
 * "solutions" is the count in the run's mode (see `headlineCount`), "fixed" the tilings of the
 * fixed figure; a figure not searched to the end has "complete": false and counts found so far.
 * With a count range in the set, each tiling says what it left out ("leftOut": [{ "piece",
 * "copies" }], as `tile --json` does; empty if nothing).
 */
export interface SolvedFigure {
  readonly name: string
  readonly polygon: FigureShape
  readonly counts?: TilingCounts
  readonly rejected?: string
  readonly complete?: boolean
  readonly tilings: readonly {
    readonly pieces: readonly PlacedPiece[]
    readonly classSize: number
  }[]
}

export interface SolvedJob {
  /** The document as solved (pieces apart, see `mergeCongruent`): tilings index its pieces. */
  readonly document: WorkbenchDocument
  readonly kind: 'tile' | 'convex'
  readonly mode: SymmetryMode
  readonly complete: boolean
  readonly figures: readonly SolvedFigure[]
}

export interface SolvedFigureJson {
  readonly name: string
  /** The figure's outline; a figure with holes or parts has "polygons" instead, as in its file. */
  readonly polygon?: Point[]
  readonly polygons?: Region
  readonly solutions: number | string
  readonly fixed: number | string
  readonly rejected?: string
  readonly complete: boolean
  readonly tilings: {
    readonly classSize: number
    readonly pieces: PlacedPieceJson[]
    readonly leftOut?: LeftOut[]
  }[]
}

export function solutionsToJson(job: SolvedJob): object {
  const { pieces } = job.document
  const ranged = pieces.some((p) => p.min !== undefined && p.min < p.count)
  return {
    format: 'puzzle-workbench/solutions',
    version: 1,
    set: documentToJson(job.document),
    kind: job.kind,
    mode: job.mode,
    convention: conventionText(job.mode),
    complete: job.complete,
    figures: job.figures.map((f): SolvedFigureJson => {
      // A figure stopped early has no final counts: what was found is what there is.
      const counts = f.counts ?? {
        solutions: f.tilings.length,
        fixed: f.tilings.reduce((s, t) => s + (job.mode === 'raw' ? 1 : t.classSize), 0),
      }
      return {
        name: f.name,
        ...(isRegion(f.polygon)
          ? { polygons: f.polygon }
          : { polygon: f.polygon.map((p): Point => [p[0], p[1]]) }),
        solutions: countToJson(headlineCount(counts, job.mode)),
        fixed: countToJson(counts.fixed),
        ...(f.rejected ? { rejected: f.rejected } : {}),
        complete: f.counts !== undefined && f.complete !== false,
        tilings: f.tilings.map((t) => ({
          classSize: t.classSize,
          pieces: t.pieces.map((p) => placedPieceJson(pieces, p)),
          ...(ranged ? { leftOut: leftOut(pieces, t.pieces) } : {}),
        })),
      }
    }),
  }
}
