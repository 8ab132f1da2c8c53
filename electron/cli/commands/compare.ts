import { checkWholeCounts } from '../../../shared/pieces/solvable'
import { compareTotals, comparePlan, type CompareProgress } from '../../../shared/compare/compare'
import { plural } from '../../../shared/plural'
import { runCompare } from '../../services/compare-run'
import { loadSolvableSet } from '../inputs'
import { statusBar } from '../progress'
import { withBar, withRunPlace } from '../run'
import { table } from '../table'

export interface CompareOptions {
  json?: boolean
  progress?: boolean
  jobs?: string
  queue?: string
}

/**
 * `compare SET SET…`: sets of one area side by side, as the Compare view shows them: every convex
 * outline of the area counted for each set (tilings up to the outline's symmetries, and of the
 * fixed figure), and per set the outlines it makes, those only it makes, and its tilings. The
 * counts run on the task farm (worker processes here, or the queue's machines), so Ctrl-C stops
 * it at once.
 */
export async function compareCommand(
  setArgs: readonly string[],
  o: CompareOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  const sets = setArgs.map((arg) => loadSolvableSet(arg).set)
  for (const set of sets) checkWholeCounts(set, 'compare')
  // Refused before any worker starts: too few or too many sets, areas that differ.
  comparePlan(sets)
  const t0 = Date.now()
  const bar = statusBar(
    o.progress !== false,
    '{bar} {done}/{total} counts',
    (p: CompareProgress) => ({
      fraction: p.total > 0 ? p.done / p.total : 0,
      elapsedMs: Date.now() - t0,
      fields: { done: String(p.done), total: String(p.total) },
    }),
  )
  const compared = sets.map(({ name, pieces, wire }) => ({ name, pieces, wire }))
  const result = await withRunPlace(o, ({ transport }) =>
    withBar(bar, (hooks) => runCompare({ sets: compared, transport, signal, ...hooks })),
  )
  if (!result) {
    process.stderr.write('interrupted: no comparison printed\n')
    return 130
  }
  const totals = compareTotals(result, sets.length)
  if (o.json) {
    write(
      JSON.stringify({
        area: result.area,
        sets: sets.map((s, i) => ({ name: s.name, ...totals[i] })),
        outlines: result.outlines,
      }),
    )
    return 0
  }
  const names = sets.map((s) => s.name)
  const outlines = result.outlines.length
  write(
    `${names.join(' and ')}: ${plural(outlines, 'convex outline')} of ${result.area} half-squares, each counted for every set (tilings up to the outline's symmetries).\n\n` +
      table(
        ['set', 'outlines', 'only it', 'tilings'],
        totals.map((t, i) => [names[i], `${t.outlines} of ${outlines}`, t.only, t.tilings]),
      ) +
      '\n\n' +
      table(
        ['#', 'outline', ...names],
        result.outlines.map((r) => [
          r.number,
          r.name,
          ...r.counts.map((c) => (c.solutions === 0 ? '–' : c.solutions)),
        ]),
      ),
  )
  return 0
}
