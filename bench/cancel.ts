/**
 * How fast long jobs stop (the tests check that they stop, and that their processes are killed,
 * with generous bounds; the times are measured here): a tiling run on worker processes, a Tait
 * count in its process, and the CLI on Ctrl-C. Each run checks that the job really was stopped
 * part-way, so a job that ran to its end cannot pass as a quick stop. Medians.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { convexCases } from '../shared/convex/convex'
import type { LaunchWorker } from '../electron/services/farm/processes'
import { nodeWorkerLauncher, nodeWorkers } from '../electron/services/node-worker'
import { runTait } from '../electron/services/tait/tait-run'
import { runTilings } from '../electron/services/tiling-job'
import { childPids, processRunning } from '../testing/processes'
import { check, loadSet, median, type Result } from './measure'

const RUNS = 3

/** Resolves when none of the processes runs any more; polls every 5 ms. */
async function gone(pids: readonly number[]): Promise<void> {
  while (pids.some(processRunning)) await new Promise((r) => setTimeout(r, 5))
}

/** Whether the process runs the farm's worker (Linux: from /proc). */
function isFarmWorker(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('farm-worker')
  } catch {
    return false
  }
}

/** A launcher that notes the pid of every process it starts. */
function tracked(launch: LaunchWorker, pids: number[]): LaunchWorker {
  return () => {
    const w = launch()
    if (w.pid !== undefined) pids.push(w.pid)
    return w
  }
}

/** The 14 tetraboloes on two worker processes, cancelled once placements stream. */
async function tilingCancel(): Promise<Result> {
  const { wire, pieces } = loadSet('tetraboloes')
  const figures = convexCases(pieces).cases
  const returned: number[] = []
  const killed: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const pids: number[] = []
    const controller = new AbortController()
    let abortedAt = 0
    const outcome = await runTilings({
      set: wire,
      figures,
      mode: 'reduce',
      list: false,
      transport: nodeWorkers(2, tracked(nodeWorkerLauncher(), pids)),
      signal: controller.signal,
      onProgress: (p) => {
        if (abortedAt === 0 && p.placements > 0) {
          abortedAt = performance.now()
          controller.abort()
        }
      },
    })
    returned.push(performance.now() - abortedAt)
    check('tetraboloes cancelled part-way', [outcome.cancelled, outcome.complete], [true, false])
    await gone(pids)
    killed.push(performance.now() - abortedAt)
  }
  return {
    name: 'cancel: tetraboloes on 2 worker processes, cancelled, to its processes gone',
    target: '≤ 1.5 s',
    medianMs: median(killed),
    runs: RUNS,
    detail: `the run returned after ${median(returned).toFixed(0)} ms (median)`,
  }
}

/** A Tait count of n = 21 (a minute) in its process, stopped at its third progress report. */
async function taitStop(): Promise<Result> {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const pids: number[] = []
    const stop = new AbortController()
    let reports = 0
    let stoppedAt = 0
    const r = await runTait({
      n: 21,
      empty: 2,
      transport: nodeWorkers(1, tracked(nodeWorkerLauncher(), pids)),
      signal: stop.signal,
      onProgress: () => {
        if (++reports !== 3) return
        stoppedAt = performance.now()
        stop.abort()
      },
    })
    check('tait n = 21 stopped', r, null)
    await gone(pids)
    times.push(performance.now() - stoppedAt)
  }
  return {
    name: 'cancel: a Tait count (n = 21) stopped, to its process gone',
    target: '≤ 1 s',
    medianMs: median(times),
    runs: RUNS,
    detail: 'the worker never returns to its event loop: it is killed',
  }
}

/** `npm run cli -- convex tetraboloes` interrupted with Ctrl-C once it is searching. */
async function cliInterrupt(): Promise<Result> {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'electron/cli/main.ts', 'convex', 'tetraboloes', '--json'],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    )
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    // Its solver processes have started: the search is under way.
    while (!childPids(child.pid!).some(isFarmWorker)) await new Promise((r) => setTimeout(r, 20))
    const t0 = performance.now()
    child.kill('SIGINT')
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    times.push(performance.now() - t0)
    check('convex tetraboloes interrupted', [code, JSON.parse(out).complete], [130, false])
  }
  return {
    name: 'cancel: the CLI (convex tetraboloes) on Ctrl-C, to its exit with the partial result',
    target: '≤ 2 s',
    medianMs: median(times),
    runs: RUNS,
    detail: 'the worker processes killed, the counts so far printed',
  }
}

export async function cancelBench(): Promise<Result[]> {
  return [await tilingCancel(), await taitStop(), await cliInterrupt()]
}
