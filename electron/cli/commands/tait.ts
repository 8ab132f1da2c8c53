import { countToJson } from '../../../shared/counts'
import { InputError } from '../../../shared/errors'
import { plural } from '../../../shared/plural'
import type { TaitProgress } from '../../../shared/tait/count'
import { MAX_CELLS } from '../../../shared/tait/state'
import { formatDuration } from '../../../shared/tiling/estimate'
import { runTait, type TaitRun } from '../../services/tait/tait-run'
import { statusBar } from '../progress'
import { withBar, withRunPlace } from '../run'

export interface TaitOptions {
  gaps?: string
  list?: boolean
  limit?: string
  json?: boolean
  paper?: boolean
  progress?: boolean
  queue?: string
}

/** Pairs of empty cells the command takes (more only slow the plain count down). */
const MAX_GAPS = 4
/** Sequences --list prints unless --limit says otherwise. */
const DEFAULT_LIMIT = 20

function whole(text: string, what: string, min: number, max: number): number {
  const x = Number(text)
  if (!Number.isInteger(x) || x < min || x > max)
    throw new InputError(`${what} must be a whole number from ${min} to ${max}, not "${text}"`)
  return x
}

/** The move between two rows, cells numbered from 1: "3–4 → 11–12". */
function moveText(before: string, after: string): string {
  let from = -1
  let to = -1
  for (let i = 0; i < before.length; i++) {
    if (before[i] !== '_' && after[i] === '_' && from < 0) from = i
    if (before[i] === '_' && after[i] !== '_' && to < 0) to = i
  }
  return `${from + 1}–${from + 2} → ${to + 1}–${to + 2}`
}

/** The bar of a count: the rows of the layer being worked through (nearly all the time goes on
 * one layer, where the last phases are counted and remembered). */
const taitBar = (enabled: boolean, t0: number) =>
  statusBar(
    enabled,
    '{bar} {percentage}% of layer {move} of {moves} | {rows} rows | {elapsed}',
    (p: TaitProgress) => ({
      fraction: p.of === 0 ? 0 : p.rows / p.of,
      elapsedMs: performance.now() - t0,
      fields: {
        move: String(p.move),
        moves: String(p.moves),
        rows: `${p.rows.toLocaleString('en')}/${p.of.toLocaleString('en')}`,
        elapsed: formatDuration((performance.now() - t0) / 1000),
      },
    }),
  )

/**
 * `tait N`: Tait's problem for n white and n black stones alternating, white first, with --gaps
 * pairs of empty cells at the right end: the fewest moves and how many move sequences that
 * short there are; --list prints them, --paper counts what the paper's program finds instead.
 * The count runs in a worker process (or on the queue) with a progress bar; Ctrl-C stops it at once (exit 130).
 */
export async function taitCommand(
  nText: string,
  o: TaitOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  const gaps = whole(o.gaps ?? '1', '--gaps', 1, MAX_GAPS)
  const n = whole(nText, 'N', 1, MAX_CELLS / 2 - gaps)
  const limit =
    o.limit === undefined ? DEFAULT_LIMIT : whole(o.limit, '--limit', 0, Number.MAX_SAFE_INTEGER)
  if (o.paper && o.list) throw new InputError('--paper counts only; leave out --list')
  const empty = 2 * gaps
  const where = `${plural(gaps, 'pair')} of empty cells at the right end (a row of ${2 * n + empty} cells)`

  const t0 = performance.now()
  const c = await withRunPlace({ jobs: '1', queue: o.queue }, ({ transport }) =>
    withBar(taitBar(o.progress !== false, t0), (hooks) =>
      runTait({
        n,
        empty,
        list: o.list ? limit : undefined,
        paper: o.paper,
        transport,
        signal,
        ...hooks,
      }),
    ),
  )
  if (!c) {
    process.stderr.write(
      `stopped after ${formatDuration((performance.now() - t0) / 1000)}; a count starts over when run again\n`,
    )
    return 130
  }
  write(report(n, gaps, where, c, o.json === true))
  return 0
}

function report(n: number, gaps: number, where: string, c: TaitRun, json: boolean): string {
  const rows = c.list ?? []
  if (c.method === 'paper') {
    if (json) return JSON.stringify({ n, gaps, moves: n, sequences: countToJson(c.sequences) })
    return `n = ${n}, ${where}: the paper's program finds ${plural(c.sequences, 'sequence')} of ${n} moves (depth ${n}, pruned by its bound (2); with more than one pair it misses minimal sequences)`
  }
  if (json)
    return JSON.stringify({
      n,
      gaps,
      moves: c.moves,
      sequences: countToJson(c.sequences),
      ...(c.list ? { list: rows } : {}),
    })
  if (c.moves === null)
    return `n = ${n}, ${where}: no sequence of moves sorts the stones (none within ${n + 3} moves)`
  const stats = c.stats!
  const largest = Math.max(...stats.layers)
  const head =
    `n = ${n}, ${where}: ${plural(c.sequences, 'minimal move sequence')} of ${plural(c.moves, 'move')}` +
    ` (${(stats.ms / 1000).toFixed(2)} s; largest layer ${plural(largest, 'row')}` +
    `${stats.memo > 0 ? `, ${plural(stats.memo, 'phase count')} remembered` : ''})`
  if (!c.list) return head
  const shown =
    BigInt(rows.length) < c.sequences ? `the first ${rows.length}; --limit for more` : 'all of them'
  const body = rows.map(
    (seq, i) =>
      `#${i + 1}\n` +
      seq
        .map(
          (row, m) =>
            `${String(m).padStart(3)}  ${row}${m ? `   ${moveText(seq[m - 1], row)}` : ''}`,
        )
        .join('\n'),
  )
  return [`${head}\n${shown}; W white, B black, _ empty; cells from 1`, ...body].join('\n\n')
}
