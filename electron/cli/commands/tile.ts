import { InputError } from '../../../shared/errors'
import { plural } from '../../../shared/plural'
import { countToJson } from '../../../shared/counts'
import { shapeArea } from '../../../shared/lattice/region'
import { checkArea, hasRanges, type PlacedPiece } from '../../../shared/tiling/problem'
import {
  bothCountsText,
  conventionText,
  leftOut,
  leftOutText,
  placedPieceJson,
} from '../../../shared/tiling/output'
import { headlineCount } from '../../../shared/tiling/search'
import { figurePath, loadSolvableSet, readInput } from '../inputs'
import type { FarmTransport } from '../../services/farm/transport'
import { finish, runTilingsAt, withRunPlace } from '../run'
import { mergedNote } from './convex'
import { estimateCommand, type EstimateOptions } from './estimate'
import { formatTiling } from './format'
import { offPieces } from '../../services/offlattice-run'
import { exactFileOutput, tileExactFiles, type TileExactOptions } from './tile-exact'
import { basename } from 'node:path'
import { figureFromJson, parseJson, type RegionFigure } from '../../../shared/formats/load'
import { hasExactCorners } from '../../../shared/formats/exact-figure'
import { exactFigureOf } from '../../../shared/offlattice/figure'

type TileOptions = EstimateOptions &
  TileExactOptions & { count?: boolean; all?: boolean; estimate?: boolean; raw?: boolean }

/**
 * Program 1: can each figure be built from the set? The first tiling, all of them, or the count;
 * a result per figure in the order given. Every figure is read first, so that a bad one is
 * refused before anything runs; those off the lattice are searched together, in one run.
 */
export async function tileCommand(
  setArg: string,
  figureArgs: readonly string[],
  opts: TileOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  const loaded = loadSolvableSet(setArg)
  // Each file read once; corners off the lattice go to the exact search.
  const read = figureArgs.map((arg) => {
    const path = figurePath(arg)
    const file = basename(path)
    const value = parseJson(readInput(path, 'figure'), file)
    if (!hasExactCorners(value)) return { file, lattice: figureFromJson(value, file) }
    if (opts.estimate)
      throw new InputError(
        `${file}: a figure off the lattice is not estimated; --estimate takes lattice figures only`,
      )
    return { file, value, lattice: undefined }
  })
  const pieces = read.some((f) => !f.lattice) ? offPieces(loaded.set) : []
  const figures = read.map((f) =>
    f.lattice
      ? { lattice: f.lattice }
      : { exact: { file: f.file, figure: exactFigureOf(f.value, f.file, pieces) } },
  )
  const files = figures.flatMap((f) => (f.exact ? [f.exact] : []))
  // One place for every figure: the worker processes start once for the command.
  const run = async (transport?: FarmTransport) => {
    const exact =
      files.length > 0 ? await tileExactFiles(files, pieces, opts, signal, transport!) : undefined
    let code = 0
    let k = 0
    for (const f of figures) {
      if (f.lattice) {
        code = Math.max(code, await tileFigure(loaded, f.lattice, opts, signal, write, transport))
        continue
      }
      const result = exact!.results[k]
      if (result) write(exactFileOutput(loaded.set, files[k], result, opts))
      k++
    }
    if (exact) code = Math.max(code, finish({ ...exact, error: exact.error?.message }))
    return code
  }
  // An estimate searches nothing here (it opens the place it asks about itself).
  return opts.estimate ? run() : withRunPlace(opts, ({ transport }) => run(transport))
}

/** One lattice figure, on the tiling engine's run. */
async function tileFigure(
  { set, merged }: ReturnType<typeof loadSolvableSet>,
  figure: RegionFigure,
  opts: TileOptions,
  signal: AbortSignal,
  write: (text: string) => void,
  /** Where it runs; none for an estimate. */
  transport: FarmTransport | undefined,
): Promise<number> {
  // One figure asked about: another area than the set's is the input's error, not a verdict.
  checkArea(set.pieces, shapeArea(figure.polygon), set.name)
  // With count ranges each tiling says which copies it leaves out.
  const ranged = hasRanges(set.pieces)
  const left = (t: readonly PlacedPiece[]) => leftOut(set.pieces, t)
  const mode = opts.raw ? 'raw' : 'reduce'
  const firstOnly = !opts.count && !opts.all
  const figures = [{ name: figure.name, polygon: figure.polygon }]
  if (opts.estimate)
    return estimateCommand(
      set.name,
      figures,
      set.wire,
      mode,
      ['figure', 'figures'],
      opts,
      signal,
      write,
    )
  const tilingLines = (t: readonly PlacedPiece[]) => [
    formatTiling(set.pieces, t),
    ...(ranged ? [`  left out: ${leftOutText(left(t))}`] : []),
  ]
  const outcome = await runTilingsAt(
    transport!,
    {
      set: set.wire,
      figures,
      mode,
      list: !opts.count,
      firstOnly,
    },
    opts,
    signal,
  )
  const r = outcome.figures[0]
  const tilings = (r.tilings ?? []).map((t) => t.pieces)
  if (opts.json) {
    write(
      JSON.stringify({
        set: set.name,
        ...(merged.length > 0 ? { merged } : {}),
        figure: figure.name,
        area: shapeArea(figure.polygon),
        convention: conventionText(mode),
        ...(firstOnly ? { buildable: tilings.length > 0 } : {}),
        solutions: countToJson(firstOnly ? tilings.length : headlineCount(r.counts, mode)),
        ...(firstOnly ? {} : { fixed: countToJson(r.counts.fixed) }),
        ...(r.rejected ? { rejected: r.rejected } : {}),
        complete: firstOnly ? true : r.complete,
        stats: r.stats,
        ...(opts.count
          ? {}
          : { tilings: tilings.map((t) => t.map((p) => placedPieceJson(set.pieces, p))) }),
        // One list per tiling, in the order of `tilings`.
        ...(ranged && !opts.count ? { leftOut: tilings.map(left) } : {}),
        elapsedMs: outcome.elapsedMs,
      }),
    )
  } else {
    const lines: string[] = mergedNote(merged)
    if (firstOnly) {
      lines.push(
        tilings.length > 0
          ? `${figure.name} can be built from ${set.name}:`
          : `${figure.name} cannot be built from ${set.name}${r.rejected ? `: ${r.rejected}` : ''}.`,
      )
      if (tilings.length > 0) lines.push(...tilingLines(tilings[0]))
    } else {
      lines.push(
        `${figure.name} from ${set.name}: ${bothCountsText(r.counts.solutions, r.counts.fixed, mode)}.${r.rejected ? ` ${r.rejected}.` : ''}`,
      )
      tilings.forEach((t, k) => lines.push('', `tiling ${k + 1}:`, ...tilingLines(t)))
    }
    lines.push(
      `${plural(r.stats.tried, 'placement')} tried, ${r.stats.placements.toLocaleString('en')} fitted${firstOnly ? ' up to the first tiling' : ''}, in ${(outcome.elapsedMs / 1000).toFixed(2)} s.`,
    )
    write(lines.join('\n'))
  }
  return finish(outcome)
}
