import { checkWholeCounts } from '../../../shared/pieces/solvable'
import { join } from 'node:path'
import { documentFromSet } from '../../../shared/document/document'
import { InputError } from '../../../shared/errors'
import type { SilhouetteProgress } from '../../../shared/silhouettes/search'
import { isExact, type PuzzleFigure } from '../../../shared/silhouettes/offlattice'
import { bookletFigure } from '../../../shared/silhouettes/booklet'
import { writeCoordinate } from '../../../shared/formats/exact-figure'
import { pointFromText } from '../../../shared/pentagons/wire'
import { runSilhouettes } from '../../services/silhouettes-run'
import { renderBooklet, writeBooklet } from '../../services/export/booklet'
import { formatDuration } from '../../../shared/tiling/estimate'
import { loadSolvableSet, RESOURCES } from '../inputs'
import { checkBinaryStdout, isStdout, stderrLine, toStdout, wordsBeside } from '../output'
import { statusBar } from '../progress'
import { withBar, withRunPlace } from '../run'
import { table } from '../table'
import { plural } from '../../../shared/plural'

export interface PuzzlesOptions {
  count: string
  unique?: boolean
  convex?: boolean
  any?: boolean
  symmetric?: boolean
  turns?: string
  seed: string
  output?: string
  unit?: string
  json?: boolean
  progress?: boolean
  jobs?: string
  queue?: string
}

const whole = (name: string, v: string, lo: number, hi: number): number => {
  const n = Number(v)
  if (!/^\d+$/.test(v.trim()) || !Number.isInteger(n) || n < lo || n > hi)
    throw new InputError(`${name} must be a whole number from ${lo} to ${hi}, not "${v}"`)
  return n
}

/** --turns: 90 (on the lattice) or 45 (pieces turned by 45° too, the exact search). */
function turnsOf(v: string | undefined): 90 | 45 {
  if (v === undefined || v.trim() === '90') return 90
  if (v.trim() === '45') return 45
  throw new InputError(`--turns must be 90 or 45, not "${v}"`)
}

/** A figure's corners as figure files write them: whole numbers, or exact text off the lattice. */
const cornersOut = (f: PuzzleFigure) =>
  isExact(f) ? f.corners.map((c) => pointFromText(c).map(writeCoordinate)) : f.polygon

/** --unit: mm per lattice unit, as the export's sheet takes it. */
function bookletUnit(v: string): number {
  const n = Number(v)
  if (v.trim() === '' || !Number.isFinite(n) || n < 0.5 || n > 200)
    throw new InputError(`--unit must be from 0.5 to 200 mm per lattice unit, not "${v}"`)
  return n
}

/**
 * `puzzles SET`: figures the set builds (with --unique: in exactly one way up to the figure's
 * symmetries), convex or any, each proven by the exhaustive count and rated by its search nodes,
 * easiest first; optionally a booklet. The counts run on the task farm (worker processes here, or the
 * queue's machines), so Ctrl-C stops it at once.
 */
export async function puzzlesCommand(
  setArg: string,
  o: PuzzlesOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  if (o.convex && o.any) throw new InputError('choose --convex or --any, not both')
  const request = {
    kind: o.convex ? ('convex' as const) : ('any' as const),
    count: whole('--count', o.count, 1, 1000),
    unique: o.unique === true,
    symmetric: o.symmetric === true,
    seed: whole('--seed', o.seed, 0, 2 ** 31),
    turns: turnsOf(o.turns),
  }
  const unit = o.unit === undefined ? undefined : bookletUnit(o.unit)
  if (unit !== undefined && !o.output) throw new InputError('--unit sizes the booklet: add -o FILE')
  if (isStdout(o.output)) checkBinaryStdout('a PDF booklet')
  const { set } = loadSolvableSet(setArg)
  checkWholeCounts(set, 'puzzles')
  const t0 = performance.now()
  const bar = statusBar(
    o.progress !== false,
    '{bar} {found}/{count} found | {counted} figures counted | {nodes} search nodes | {elapsed}',
    (p: SilhouetteProgress) => ({
      fraction: p.fraction,
      elapsedMs: performance.now() - t0,
      fields: {
        found: String(p.found),
        count: String(request.count),
        counted: p.counted.toLocaleString('en'),
        nodes: p.nodes.toLocaleString('en'),
        elapsed: formatDuration((performance.now() - t0) / 1000),
      },
    }),
  )
  // What an interrupted search has found: printed all the same.
  const asked: PuzzleFigure[] = []
  let last: SilhouetteProgress = {
    draws: 0,
    counted: 0,
    found: 0,
    nodes: 0,
    undecided: 0,
    fraction: 0,
  }
  const result = (await withRunPlace(o, ({ transport }) =>
    withBar(bar, (hooks) =>
      runSilhouettes({
        pieces: set.pieces,
        wire: set.wire,
        request,
        transport,
        signal,
        onNotice: hooks.onNotice,
        onProgress: (p) => hooks.onProgress((last = p)),
        onCandidate: (f, a) => a && asked.push(f),
      }),
    ),
  )) ?? {
    figures: asked.sort((a, b) => a.nodes - b.nodes),
    progress: last,
    shortfall: `interrupted: ${asked.length} of ${plural(request.count, 'figure')} found`,
  }
  const { figures, progress } = result
  if (result.shortfall) stderrLine(result.shortfall)
  const exit = signal.aborted ? 130 : 0
  if (signal.aborted && figures.length === 0) return exit
  const bookletFigures = figures.map(bookletFigure)
  const fonts = join(RESOURCES, 'fonts')
  let booklet: { files: string[]; pages: number } | undefined
  if (isStdout(o.output)) {
    const r = await renderBooklet(documentFromSet(set), bookletFigures, fonts, 'pdf', unit)
    for (const f of r.files) await toStdout(f.content)
    booklet = { files: ['standard output'], pages: r.pages }
  } else if (o.output)
    booklet = await writeBooklet(o.output, documentFromSet(set), bookletFigures, fonts, unit)
  // With the booklet on standard output, the list goes beside it, to stderr.
  const say = wordsBeside(o.output, write)
  if (o.json) {
    say(
      JSON.stringify({
        figures: figures.map((f) => ({
          polygon: cornersOut(f),
          solutions: f.counts.solutions,
          fixed: f.counts.fixed,
          nodes: f.nodes,
          symmetries: f.symmetries,
          // Off the lattice, its tiling in the figure-file notation too: checkable on its own.
          ...(isExact(f)
            ? {
                tiling: f.tiling.map((p) => ({
                  piece: set.pieces[p.piece].name,
                  polygon: p.corners.map((c) => pointFromText(c).map(writeCoordinate)),
                })),
              }
            : {}),
        })),
        searched: {
          draws: progress.draws,
          counted: progress.counted,
          nodes: progress.nodes,
          undecided: progress.undecided,
        },
        ...(booklet ? { booklet: booklet.files } : {}),
      }),
    )
    return exit
  }
  const what = request.unique ? 'built in exactly one way' : 'the set builds'
  const rows = figures.map((f, i) => [
    i + 1,
    cornersOut(f).length,
    f.symmetries,
    f.counts.solutions,
    f.counts.fixed,
    f.nodes.toLocaleString('en'),
  ])
  say(
    `${plural(figures.length, request.kind === 'convex' ? 'convex figure' : 'figure')}${request.symmetric ? ' with a symmetry' : ''} ${what} by ${set.name}, easiest first ` +
      `(${plural(progress.counted, 'figure')} counted, ${plural(progress.nodes, 'search node')}).\n` +
      'Solutions up to the figure’s symmetries, tilings of the fixed figure; difficulty in search nodes.\n\n' +
      table(['#', 'corners', 'symmetries', 'solutions', 'tilings', 'nodes'], rows) +
      (booklet ? `\n\nbooklet: ${booklet.files.join(', ')} (${booklet.pages} pages)` : ''),
  )
  return exit
}
