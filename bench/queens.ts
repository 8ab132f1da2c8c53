/**
 * Benchmarks for the n-queens counter (issue 6): all solutions and the solutions up to symmetry
 * for n = 13 … 16, every task in this one thread, and the search's speed in nodes (queens placed)
 * per second. Medians after a warm-up run; both counts are checked against the published OEIS
 * values on every run, so a fast wrong answer cannot pass.
 */
import { countQueens, queensTasks } from '../shared/queens/count'
import { publishedQueens } from '../shared/queens/oeis'
import { check, median, type Result } from './measure'

/** The goal is n = 16 in ≤ 1.2–1.5 s on both cores, so about twice that in one thread. */
const TARGETS: Record<number, string> = { 16: '≤ 2.4 s in one thread' }

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

export function queensBench(): Result[] {
  return [countBoard(13, 21), countBoard(14, 15), countBoard(15, 9), countBoard(16, 5)]
}
