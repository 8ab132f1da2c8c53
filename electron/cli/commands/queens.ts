import cliProgress from 'cli-progress'
import { countToJson } from '../../../shared/counts'
import { InputError } from '../../../shared/errors'
import { MAX_QUEENS } from '../../../shared/queens/count'
import {
  mergeQueensShards,
  parseShard,
  runQueensCount,
  shardText,
  type QueensRunProgress,
} from '../../services/queens/count-run'
import { nodeWorkerLauncher } from '../../services/node-worker'
import type { FromQueensWorker, ToQueensWorker } from '../../worker/protocol'
import { formatCount, formatDuration } from '../../services/tiling-runner'
import { workerCount } from '../run'

export interface QueensCountOptions {
  json?: boolean
  jobs?: string
  checkpoint?: string
  shard?: string
  progress?: boolean
}

const big = (n: bigint) => n.toLocaleString('en')

/** A progress bar on stderr (on a terminal, after half a second), never on stdout. */
function queensBar(enabled: boolean) {
  if (!enabled || !process.stderr.isTTY) return { update: () => {}, stop: () => {} }
  let bar: cliProgress.SingleBar | undefined
  return {
    update: (p: QueensRunProgress) => {
      if (!bar && p.elapsedMs < 500) return
      const payload = {
        tasks: `${p.done}/${p.tasks}`,
        rate: `${formatCount(p.nodesPerSecond)} nodes/s`,
        left: p.etaSeconds === undefined ? '…' : formatDuration(p.etaSeconds),
      }
      if (!bar) {
        bar = new cliProgress.SingleBar(
          {
            stream: process.stderr,
            format: '{bar} {percentage}% | {tasks} tasks | {rate} | {left} left',
            hideCursor: true,
            clearOnComplete: true,
          },
          cliProgress.Presets.shades_classic,
        )
        bar.start(1000, 0, payload)
      }
      bar.update(Math.round(p.fraction * 1000), payload)
    },
    stop: () => bar?.stop(),
  }
}

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
  const workers = workerCount(o.jobs)
  const bar = queensBar(o.progress !== false)
  let r
  try {
    r = await runQueensCount({
      n,
      workers,
      launch: nodeWorkerLauncher<ToQueensWorker, FromQueensWorker>('queens-worker'),
      shard,
      checkpoint: o.checkpoint,
      signal,
      onProgress: bar.update,
    })
  } finally {
    bar.stop()
  }
  const part = shard ? ` (shard ${shardText(shard)}: ${r.tasks} tasks)` : ''
  if (!r.complete) {
    const where = o.checkpoint
      ? `; run the same command again to resume from ${o.checkpoint}`
      : '; with --checkpoint FILE a run can be resumed'
    process.stderr.write(`stopped after ${r.done} of ${r.tasks} tasks${where}\n`)
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
        ` (${formatCount(r.nodes)} nodes, ${workers} process${workers === 1 ? '' : 'es'}, ${(r.elapsedMs / 1000).toFixed(2)} s` +
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
  return `n = ${m.n} (${m.shards} shards): ${big(m.total)} solutions, ${big(m.unique)} distinct up to the board's 8 symmetries`
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
    : `by exhaustive search, ${formatCount(r.nodes)} nodes, ${(r.ms / 1000).toFixed(2)} s`
  const moves = r.winningMoves.map(([row, col]) => `(${row + 1}, ${col + 1})`).join(' ')
  return r.winner === 'first'
    ? `n = ${n}: the first player wins (${how}).\nwinning first moves (row, column from 1)${r.byTheorem ? ', the centre' : ''}: ${moves}`
    : `n = ${n}: the second player wins (${how}): every first move loses.`
}
