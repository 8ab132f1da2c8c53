/**
 * Benchmarks for the n-queens counter (issue 6): all solutions and the solutions up to symmetry
 * for n = 13 … 16, every task in this one thread, and the search's speed in nodes (queens placed)
 * per second; then n = 16 … 18 as `queens count` runs them, on worker processes on every core,
 * start-up included. Medians after a warm-up run; both counts are checked against the published
 * OEIS values on every run, so a fast wrong answer cannot pass.
 */
import { availableParallelism } from 'node:os'
import { nodeWorkers } from '../electron/services/node-worker'
import { runQueensCount } from '../electron/services/queens/count-run'
import { countQueens, queensTasks } from '../shared/queens/count'
import { publishedQueens } from '../shared/queens/oeis'
import { check, median, type Result } from './measure'

/**
 * The goal: n = 16 in a third of a plain C counter's 3.5–4.5 s on both cores, so
 * ≤ 1.2–1.5 s (about twice that in one thread); n = 18 ≤ 45 s.
 */
const TARGETS: Record<number, string> = { 16: '≤ 2.4 s in one thread' }
const CORE_TARGETS: Record<number, string> = { 16: '≤ 1.2–1.5 s', 18: '≤ 45 s' }

function countBoard(n: number, runs: number): Result {
  const published = publishedQueens(n)!
  const want = { total: String(published.total), unique: String(published.unique) }
  countQueens(n)
  const times: number[] = []
  const rates: number[] = []
  let nodes = 0
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const count = countQueens(n)
    const ms = performance.now() - t0
    check(`${n} queens`, { total: String(count.total), unique: String(count.unique) }, want)
    times.push(ms)
    rates.push(count.nodes / ms / 1000)
    nodes = count.nodes
  }
  const { total, unique } = published
  const rate = `${median(rates).toFixed(0)} million nodes/s (median)`
  return {
    name: `queens: n = ${n}, all ${total.toLocaleString('en')} solutions, ${unique.toLocaleString('en')} up to symmetry`,
    target: TARGETS[n] ?? '(for comparison)',
    medianMs: median(times),
    runs,
    detail: `one thread, ${queensTasks(n).length} tasks; ${rate}, ${(nodes / 1e6).toFixed(1)} million nodes`,
  }
}

async function countOnCores(n: number, runs: number): Promise<Result> {
  const published = publishedQueens(n)!
  const want = { total: String(published.total), unique: String(published.unique) }
  const workers = availableParallelism()
  const times: number[] = []
  let nodes = 0
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    const r = await runQueensCount({ n, transport: nodeWorkers(workers) })
    times.push(performance.now() - t0)
    check(`${n} queens`, { total: String(r.total), unique: String(r.unique) }, want)
    nodes = r.nodes
  }
  const ms = median(times)
  return {
    name: `queens count ${n}: ${published.total.toLocaleString('en')} solutions`,
    target: CORE_TARGETS[n] ?? '(for comparison)',
    medianMs: ms,
    runs,
    detail: `${workers} worker processes, start-up included; ${(nodes / ms / 1000).toFixed(0)} million nodes/s in all`,
  }
}

export async function queensBench(): Promise<Result[]> {
  return [
    countBoard(13, 21),
    countBoard(14, 15),
    countBoard(15, 9),
    countBoard(16, 5),
    await countOnCores(16, 7),
    await countOnCores(17, 3),
    await countOnCores(18, 3),
  ]
}
