import { plural } from '../../../shared/plural'
import { printable } from '../../../shared/printable'
import { countToJson } from '../../../shared/counts'
import { InputError } from '../../../shared/errors'
import { MAX_QUEENS, type QueensRunProgress } from '../../../shared/queens/count'
import {
  mergeQueensShards,
  parseShard,
  runQueensCount,
  shardText,
} from '../../services/queens/count-run'
import { formatEstimate, formatDuration } from '../../../shared/tiling/estimate'
import { statusBar } from '../progress'
import { withBar, withRunPlace } from '../run'

export interface QueensCountOptions {
  json?: boolean
  jobs?: string
  checkpoint?: string
  shard?: string
  queue?: string
  progress?: boolean
}

const big = (n: bigint) => n.toLocaleString('en')

/** The bar of a queens count. */
const queensBar = (enabled: boolean) =>
  statusBar(
    enabled,
    '{bar} {percentage}% | {tasks} tasks | {rate} | {left} left',
    (p: QueensRunProgress) => ({
      fraction: p.fraction,
      elapsedMs: p.elapsedMs,
      fields: {
        tasks: `${p.done}/${p.tasks}`,
        rate: `${formatEstimate(p.nodesPerSecond)} nodes/s`,
        left: p.etaSeconds === undefined ? '…' : formatDuration(p.etaSeconds),
      },
    }),
  )

/**
 * `queens count N`: every solution and those distinct up to the board's 8 symmetries, on all
 * cores; with --checkpoint a stopped run resumes, with --shard i/k it counts one part of k.
 */
export async function queensCountCommand(
  nText: string,
  o: QueensCountOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  const n = Number(nText)
  if (!Number.isInteger(n) || n < 1 || n > MAX_QUEENS)
    throw new InputError(`N must be a whole number from 1 to ${MAX_QUEENS}, not "${nText}"`)
  const shard = o.shard === undefined ? undefined : parseShard(o.shard)
  const { r, where } = await withRunPlace(o, async ({ transport, where }) => ({
    r: await withBar(queensBar(o.progress !== false), (hooks) =>
      runQueensCount({ n, transport, shard, checkpoint: o.checkpoint, signal, ...hooks }),
    ),
    where,
  }))
  const part = shard ? ` (shard ${shardText(shard)}: ${plural(r.tasks, 'task')})` : ''
  if (!r.complete) {
    const where = o.checkpoint
      ? `; run the same command again to resume from ${o.checkpoint}`
      : '; with --checkpoint FILE a run can be resumed'
    process.stderr.write(
      printable(`stopped after ${r.done} of ${plural(r.tasks, 'task')}${where}\n`),
    )
    return 130
  }
  if (o.json)
    write(
      JSON.stringify({
        n,
        solutions: countToJson(r.total),
        unique: countToJson(r.unique),
        ...(shard ? { shard: shardText(shard) } : {}),
      }),
    )
  else
    write(
      `n = ${n}${part}: ${big(r.total)} solutions, ${big(r.unique)} distinct up to the board's 8 symmetries` +
        ` (${formatEstimate(r.nodes)} nodes, ${where}, ${(r.elapsedMs / 1000).toFixed(2)} s` +
        `${r.resumed ? `; ${r.resumed} tasks from the checkpoint` : ''})`,
    )
  return 0
}

/** `queens merge FILE…`: the finished shards' checkpoints added up. */
export async function queensMergeCommand(files: string[], o: { json?: boolean }): Promise<string> {
  const m = await mergeQueensShards(files)
  if (o.json)
    return JSON.stringify({
      n: m.n,
      solutions: countToJson(m.total),
      unique: countToJson(m.unique),
    })
  return `n = ${m.n} (${plural(m.shards, 'shard')}): ${big(m.total)} solutions, ${big(m.unique)} distinct up to the board's 8 symmetries`
}

/**
 * `queens game N`: who wins the two-player queens game on the empty n × n board, with every
 * winning first move. Odd n are decided by the reflection theorem unless --search is given.
 */
export async function queensGameCommand(
  nText: string,
  o: { json?: boolean; search?: boolean },
): Promise<string> {
  const n = Number(nText)
  if (!Number.isInteger(n) || n < 1 || n > 16)
    throw new InputError(`N must be a whole number from 1 to 16, not "${nText}"`)
  const { solveQueensGame } = await import('../../../shared/queens/game/solve')
  const r = solveQueensGame(n, { useTheorem: !o.search })
  if (o.json)
    return JSON.stringify({ n, winner: r.winner, moves: r.winningMoves, byTheorem: r.byTheorem })
  const how = r.byTheorem
    ? 'by the reflection theorem: take the centre, then answer every move by its point reflection (--search to search instead)'
    : `by exhaustive search, ${formatEstimate(r.nodes)} nodes, ${(r.ms / 1000).toFixed(2)} s`
  const moves = r.winningMoves.map(([row, col]) => `(${row + 1}, ${col + 1})`).join(' ')
  return r.winner === 'first'
    ? `n = ${n}: the first player wins (${how}).\nwinning first moves (row, column from 1)${r.byTheorem ? ', the centre' : ''}: ${moves}`
    : `n = ${n}: the second player wins (${how}): every first move loses.`
}

/** The boards the CLI lists, at most: n = 10 has 724 solutions, n = 12 14,200. */
const LIST_MAX_N = 12

function boardSize(nText: string, max: number): number {
  const n = Number(nText)
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new InputError(`N must be a whole number from 1 to ${max}, not "${nText}"`)
  return n
}

/** A board in text: Q for a queen, · for an empty square, one line per row. */
function boardText(columns: readonly number[]): string {
  const n = columns.length
  return columns
    .map((c) => Array.from({ length: n }, (_, k) => (k === c ? 'Q' : '·')).join(' '))
    .join('\n')
}

/**
 * `queens list N`: the solutions drawn as boards (or as columns per row with --json), all of them
 * or one per symmetry class with --unique, the first --limit.
 */
export async function queensListCommand(
  nText: string,
  o: { json?: boolean; unique?: boolean; limit?: string },
): Promise<string> {
  const n = boardSize(nText, LIST_MAX_N)
  const limit = o.limit === undefined ? Infinity : Number(o.limit)
  if (!(limit === Infinity || (Number.isInteger(limit) && limit >= 0)))
    throw new InputError(`--limit must be a whole number, not "${o.limit}"`)
  const { queensSolutions, uniqueQueensSolutions } =
    await import('../../../shared/queens/solutions')
  const boards = o.unique
    ? uniqueQueensSolutions(n, limit).map((c) => ({ queens: [...c.queens], classSize: c.size }))
    : queensSolutions(n, limit).map((queens) => ({ queens, classSize: undefined }))
  if (o.json)
    return JSON.stringify({
      n,
      unique: o.unique === true,
      solutions: boards.map((b) => (o.unique ? b : b.queens)),
    })
  const kind = o.unique ? 'distinct up to the 8 symmetries' : 'solutions'
  const head = `n = ${n}: ${boards.length} ${kind}${limit < Infinity ? ` (the first ${limit} at most)` : ''}; columns by row from 1`
  const body = boards.map(
    (b, i) =>
      `#${i + 1}  ${b.queens.map((c) => c + 1).join(' ')}${b.classSize ? `  (a class of ${b.classSize})` : ''}\n${boardText(b.queens)}`,
  )
  return [head, ...body].join('\n\n')
}

/**
 * `queens partials N`: for t = 1 … n, the placements of t non-attacking queens in the first t
 * columns (the n-queens article's chart for n = 13), with a bar each.
 */
export async function queensPartialsCommand(nText: string, o: { json?: boolean }): Promise<string> {
  const n = boardSize(nText, MAX_QUEENS)
  const { partialCounts } = await import('../../../shared/queens/partials')
  const counts = partialCounts(n)
  if (o.json) return JSON.stringify({ n, partials: counts.map(countToJson) })
  const max = counts.reduce((m, x) => (x > m ? x : m), 1n)
  const width = Math.max(...counts.map((c) => big(c).length))
  return [
    `n = ${n}: placements of t non-attacking queens in the first t columns`,
    ...counts.map((c, t) => {
      const bar = '█'.repeat(Number((c * 50n + max - 1n) / max))
      return `${String(t + 1).padStart(2)}  ${big(c).padStart(width)}  ${bar}`
    }),
  ].join('\n')
}
