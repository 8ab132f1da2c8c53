import { pointFromText } from '../../../shared/pentagons/wire'
import { writeCoordinate, type ExactRegionFigure } from '../../../shared/formats/exact-figure'
import type { OffPiece } from '../../../shared/offlattice/search'
import type { OffResultText } from '../../../shared/offlattice/wire'
import { plural } from '../../../shared/plural'
import { bothCountsText, conventionText } from '../../../shared/tiling/output'
import type { SolvableSet } from '../../../shared/pieces/solvable'
import { figureToText } from '../../../shared/offlattice/wire'
import { runOffLattice, type OffLatticeOutcome } from '../../services/offlattice-run'
import { statusBar } from '../progress'
import type { FarmTransport } from '../../services/farm/transport'
import { withBar, type CommonOptions } from '../run'

/**
 * `tile` for figures with corners off the lattice: the exact search (shared/offlattice) on the
 * task farm (worker processes here, or the queue's machines), every such figure of the command
 * in one run.
 */
export interface TileExactOptions extends CommonOptions {
  count?: boolean
  all?: boolean
}

/** A figure file off the lattice, read and checked: its file name, the figure. */
export interface ExactFile {
  readonly file: string
  readonly figure: ExactRegionFigure
}

/** Every figure counted (or its first tiling found) in one run of the farm. */
export async function tileExactFiles(
  files: readonly ExactFile[],
  pieces: readonly OffPiece[],
  opts: TileExactOptions,
  signal: AbortSignal,
  transport: FarmTransport,
): Promise<OffLatticeOutcome> {
  const firstOnly = !opts.count && !opts.all
  const t0 = Date.now()
  const bar = statusBar(
    opts.progress !== false,
    '{bar} {done}/{total} figures',
    (p: { done: number; total: number }) => ({
      fraction: p.total > 0 ? p.done / p.total : 0,
      elapsedMs: Date.now() - t0,
      fields: { done: String(p.done), total: String(p.total) },
    }),
  )
  return withBar(bar, (hooks) =>
    runOffLattice({
      pieces,
      figures: files.map((f) => figureToText({ name: f.file, parts: f.figure.parts })),
      firstOnly,
      list: opts.count ? 'none' : opts.raw || firstOnly ? 'all' : 'classes',
      transport,
      signal,
      ...hooks,
    }),
  )
}

/** The JSON object, or the text, of one figure's result. */
export function exactFileOutput(
  set: SolvableSet,
  { file, figure }: ExactFile,
  result: OffResultText,
  opts: TileExactOptions,
): string {
  const firstOnly = !opts.count && !opts.all
  const mode = opts.raw ? 'raw' : 'reduce'
  const tilings = result.tilings.map((t) =>
    t.map((p) => ({
      piece: set.pieces[p.piece].name,
      // Corners in the figure-file notation.
      polygon: p.corners.map((c) => pointFromText(c).map(writeCoordinate)),
    })),
  )
  const solutions = firstOnly ? tilings.length : opts.raw ? result.fixed : result.classes
  if (opts.json)
    return JSON.stringify({
      set: set.name,
      figure: file,
      convention: conventionText(mode),
      ...(firstOnly ? { buildable: tilings.length > 0 } : {}),
      solutions,
      ...(firstOnly ? {} : { fixed: result.fixed }),
      complete: true,
      stats: { tried: result.tried, placements: result.placements },
      ...(opts.count ? {} : { tilings }),
      elapsedMs: result.ms,
    })
  const lines = [
    firstOnly
      ? tilings.length > 0
        ? `${figure.name} can be built from ${set.name}:`
        : `${figure.name} cannot be built from ${set.name}.`
      : `${figure.name} from ${set.name}: ${bothCountsText(result.classes, result.fixed, mode)}.`,
  ]
  tilings.forEach((t, k) => {
    if (!firstOnly) lines.push('', `tiling ${k + 1}:`)
    for (const p of t)
      lines.push(`  ${p.piece}: ${p.polygon.map(([x, y]) => `(${x}, ${y})`).join(' ')}`)
  })
  lines.push(
    `${plural(result.tried, 'placement')} tried, ${result.placements.toLocaleString('en')} fitted, in ${(result.ms / 1000).toFixed(2)} s.`,
  )
  return lines.join('\n')
}
