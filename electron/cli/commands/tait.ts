import { countToJson } from '../../../shared/counts'
import { InputError } from '../../../shared/errors'
import { countTait } from '../../../shared/tait/count'
import { listTait } from '../../../shared/tait/list'
import { paperCount } from '../../../shared/tait/paper'
import { MAX_CELLS, formatRow } from '../../../shared/tait/state'

export interface TaitOptions {
  gaps?: string
  list?: boolean
  limit?: string
  json?: boolean
  paper?: boolean
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

const plural = (k: number | bigint, one: string, many = `${one}s`) =>
  `${k.toLocaleString('en')} ${k === 1 || k === 1n ? one : many}`

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

/**
 * `tait N`: Tait's problem for n white and n black stones alternating, white first, with --gaps
 * pairs of empty cells at the right end: the fewest moves and how many move sequences that
 * short there are; --list prints them, --paper counts what the paper's program finds instead.
 */
export function taitCommand(nText: string, o: TaitOptions): string {
  const gaps = whole(o.gaps ?? '1', '--gaps', 1, MAX_GAPS)
  const n = whole(nText, 'N', 1, MAX_CELLS / 2 - gaps)
  const limit =
    o.limit === undefined ? DEFAULT_LIMIT : whole(o.limit, '--limit', 0, Number.MAX_SAFE_INTEGER)
  if (o.paper && o.list) throw new InputError('--paper counts only; leave out --list')
  const empty = 2 * gaps
  const where = `${plural(gaps, 'pair')} of empty cells at the right end (a row of ${2 * n + empty} cells)`

  if (o.paper) {
    const p = paperCount(n, empty)
    if (o.json) return JSON.stringify({ n, gaps, moves: n, sequences: countToJson(p.sequences) })
    return `n = ${n}, ${where}: the paper's program finds ${plural(p.sequences, 'sequence')} of ${n} moves (depth ${n}, pruned by its bound (2); with more than one pair it misses minimal sequences)`
  }

  const c = countTait({ n, empty })
  const listing = o.list ? listTait({ n, empty }, limit) : undefined
  const rows = listing?.sequences.map((s) => s.map(formatRow)) ?? []
  if (o.json)
    return JSON.stringify({
      n,
      gaps,
      moves: c.moves,
      sequences: countToJson(c.sequences),
      ...(listing ? { list: rows } : {}),
    })
  if (c.moves === null)
    return `n = ${n}, ${where}: no sequence of moves sorts the stones (none within ${n + 3} moves)`
  const largest = Math.max(...c.stats.layers)
  const head =
    `n = ${n}, ${where}: ${plural(c.sequences, 'minimal move sequence')} of ${plural(c.moves, 'move')}` +
    ` (${(c.stats.ms / 1000).toFixed(2)} s; largest layer ${plural(largest, 'row')}` +
    `${c.stats.memo > 0 ? `, ${plural(c.stats.memo, 'phase count')} remembered` : ''})`
  if (!listing) return head
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
