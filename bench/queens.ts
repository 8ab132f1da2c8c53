/**
 * Benchmarks for the n-queens counter (issue 6): all solutions and the solutions up to symmetry
 * for n = 13 … 16, every task in this one thread, and the search's speed in nodes (queens placed)
 * per second; then n = 16 … 18 as `queens count` runs them, on worker processes on every core,
 * start-up included, with their speed in nodes per second per core and their total nodes; then
 * the ratio of `queens count N --jobs 2` to NQueensFAF's CPU solver on 2 threads (its run.sh, for
 * measuring only), the two commands alternated in this run, medians of 5. Medians after a warm-up
 * run; both counts are checked against the published OEIS values on every run, so a fast wrong
 * answer cannot pass.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { availableParallelism, loadavg } from 'node:os'
import { join } from 'node:path'
import { nodeWorkers } from '../electron/services/node-worker'
import { runQueensCount } from '../electron/services/queens/count-run'
import { countQueens, queensTasks } from '../shared/queens/count'
import { publishedQueens } from '../shared/queens/oeis'
import { check, median, type Result } from './measure'

/**
 * The issue's goal: n = 16 in a third of a plain C counter's 3.5–4.5 s on both cores, so
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
    detail: `${workers} worker processes, start-up included; ${(nodes / ms / 1000 / workers).toFixed(0)} million nodes/s per core, ${(nodes / 1e6).toFixed(0)} million nodes`,
  }
}

/** The issue's targets against NQueensFAF's CPU solver on 2 threads, start-up included. */
const PEER_TARGETS: Record<number, string> = { 16: '≤ 1.0 ×', 17: '≤ 0.8 ×', 18: '≤ 0.8 ×' }

/** NQueensFAF's run.sh (QUEENS_PEER, or ../shared/peers beside the checkout or its parent). */
function peerScript(): string | undefined {
  const root = join(import.meta.dirname, '..')
  const candidates = [
    process.env.QUEENS_PEER,
    join(root, '..', 'shared/peers/nqueensfaf/run.sh'),
    join(root, '..', '..', 'shared/peers/nqueensfaf/run.sh'),
  ]
  return candidates.find((p): p is string => p !== undefined && existsSync(p))
}

function timedRun(command: string, args: string[]): { ms: number; out: string } {
  const t0 = performance.now()
  const r = spawnSync(command, args, { encoding: 'utf8' })
  const ms = performance.now() - t0
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}: exit ${r.status}: ${r.stderr}`)
  return { ms, out: r.stdout }
}

/**
 * `queens count N --jobs 2` (the CLI as users run it, from the build) against NQueensFAF's
 * `run.sh N 2`, alternated 5 times; the ratio of the medians. Skipped, with a line saying why,
 * where the script, java or javac is missing.
 */
function againstPeer(ns: number[]): Result[] {
  const script = peerScript()
  const missing = !script
    ? 'no shared/peers/nqueensfaf/run.sh (set QUEENS_PEER)'
    : ['java', 'javac'].find((c) => spawnSync(c, ['-version']).error)
  if (missing) {
    console.warn(`queens against NQueensFAF: skipped (${script ? `no ${missing}` : missing})`)
    return []
  }
  const cli = ['--no-use-osr', 'scripts/cli.mjs', 'queens', 'count']
  return ns.map((n) => {
    const published = publishedQueens(n)!
    const ours: number[] = []
    const peer: number[] = []
    for (let i = 0; i < 5; i++) {
      const r = timedRun(process.execPath, [...cli, String(n), '--jobs', '2', '--json'])
      check(`queens count ${n}`, String(JSON.parse(r.out).solutions), String(published.total))
      ours.push(r.ms)
      const p = timedRun(script!, [String(n), '2'])
      check(`NQueensFAF ${n}`, /^(\d+) solutions/.exec(p.out)?.[1], String(published.total))
      peer.push(p.ms)
    }
    const ratio = median(ours) / median(peer)
    return {
      name: `queens count ${n} --jobs 2 against NQueensFAF's CPU solver on 2 threads (run.sh ${n} 2)`,
      target: PEER_TARGETS[n] ?? '(for comparison)',
      medianMs: median(ours),
      runs: ours.length,
      detail: `${ratio.toFixed(2)} × NQueensFAF's ${(median(peer) / 1000).toFixed(2)} s; both commands alternated, start-up included, load average ${loadavg()[0].toFixed(1)} at the end`,
    }
  })
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
    ...againstPeer([16, 17, 18]),
  ]
}
