import { plural } from '../../../shared/plural'
import { countToJson } from '../../../shared/counts'
import { convexCases } from '../../../shared/convex/convex'
import { conventionText, placedPieceJson } from '../../../shared/tiling/output'
import { headlineCount } from '../../../shared/tiling/search'
import { loadSolvableSet } from '../inputs'
import { finish, runWithProgress } from '../run'
import { table } from '../table'
import { estimateCommand, type EstimateOptions } from './estimate'
import { formatTiling } from './format'

const OUTLINES = ['outline', 'outlines'] as const

/** Programs 2 and 3: every convex figure the set makes, grouped by outline. */
export async function convexCommand(
  setArg: string,
  opts: EstimateOptions & { list?: boolean; estimate?: boolean },
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  const { set, merged } = loadSolvableSet(setArg)
  const { area, cases } = convexCases(set.pieces)
  const mode = opts.raw ? 'raw' : 'reduce'
  if (opts.estimate)
    return estimateCommand(set.name, cases, set.wire, mode, OUTLINES, opts, signal, write)
  const outcome = await runWithProgress(
    {
      set: set.wire,
      figures: cases,
      mode,
      list: Boolean(opts.list),
    },
    opts,
    signal,
  )
  const results = outcome.figures
  const tileable = results.filter((r) => r.counts.solutions > 0).length
  const classes = results.reduce((s, r) => s + r.counts.solutions, 0)
  const fixed = results.reduce((s, r) => s + r.counts.fixed, 0)
  const solutions = mode === 'raw' ? fixed : classes
  const sum = (k: keyof (typeof results)[number]['stats']) =>
    results.reduce((s, r) => s + r.stats[k], 0)
  const stats = {
    tried: sum('tried'),
    placements: sum('placements'),
    symmetryPrunedPlacements: sum('symmetryPrunedPlacements'),
    symmetryRejectedCovers: sum('symmetryRejectedCovers'),
  }
  if (opts.json) {
    write(
      JSON.stringify({
        set: set.name,
        ...(merged.length > 0 ? { merged } : {}),
        area,
        convention: conventionText(mode),
        outlines: cases.map((c, i) => ({
          number: c.number,
          name: c.name,
          polygon: c.polygon,
          symmetries: c.symmetryOrder,
          solutions: countToJson(headlineCount(results[i].counts, mode)),
          fixed: countToJson(results[i].counts.fixed),
          ...(results[i].rejected ? { rejected: results[i].rejected } : {}),
          ...(results[i].complete ? {} : { complete: false }),
          stats: results[i].stats,
          ...(opts.list
            ? {
                tilings: (results[i].tilings ?? []).map((t) =>
                  t.pieces.map((p) => placedPieceJson(set.pieces, p)),
                ),
              }
            : {}),
        })),
        tileable,
        solutions: countToJson(solutions),
        fixed: countToJson(fixed),
        stats,
        complete: outcome.complete,
        elapsedMs: outcome.elapsedMs,
      }),
    )
  } else {
    const rows = cases.map((c, i) => {
      const r = results[i]
      return [
        c.number,
        c.name,
        r.rejected ? '–' : headlineCount(r.counts, mode),
        r.rejected ? '–' : r.counts.fixed,
        r.rejected ? '' : r.stats.tried,
        r.rejected ? '' : r.stats.placements,
        r.rejected ?? '',
      ]
    })
    const lines = [
      `${set.name}: ${plural(
        set.pieces.reduce((s, p) => s + p.count, 0),
        'piece',
      )}, area ${plural(area, 'half-square')}, ${plural(cases.length, 'convex outline')}`,
      ...mergedNote(merged),
      table(['#', 'outline', 'tilings', 'fixed', 'tried', 'fitted', 'ruled out'], rows),
      '',
      `${tileable} of ${plural(cases.length, 'outline')} can be built: ${plural(solutions, 'tiling')} (${conventionText(mode)}); ${mode === 'raw' ? `${classes.toLocaleString('en')} up to the outlines' symmetries` : `${fixed.toLocaleString('en')} on the fixed outlines`}.`,
      `${plural(stats.tried, 'placement')} tried, ${stats.placements.toLocaleString('en')} fitted; the symmetry test removed ${plural(stats.symmetryPrunedPlacements, 'placement')} before the search and ${plural(stats.symmetryRejectedCovers, 'symmetric tiling')} after it; ${(outcome.elapsedMs / 1000).toFixed(2)} s.`,
    ]
    if (opts.list) {
      cases.forEach((c, i) => {
        results[i].tilings?.forEach((t, k) =>
          lines.push(
            '',
            `outline ${c.number} (${c.name}), tiling ${k + 1}:`,
            formatTiling(set.pieces, t.pieces),
          ),
        )
      })
    }
    write(lines.join('\n'))
  }
  return finish(outcome)
}

/** Says which pieces count as copies of one piece because they have the same shape. */
export function mergedNote(merged: readonly (readonly string[])[]): string[] {
  return merged.map(
    (g) =>
      `Same shape, counted as ${plural(g.length, 'copy', 'copies')} of one piece: ${g.join(', ')}.`,
  )
}
