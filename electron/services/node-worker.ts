import { join } from 'node:path'
import { forkWorker, WarmPool, type LaunchWorker } from './farm/processes'
import { LocalWorkers } from './farm/transport'
import { projectRoot } from './project-root'
import { SOLVER_V8_FLAGS } from './v8-flags'
import type { KindName } from '../worker/protocol'

const root = projectRoot(import.meta.url)

/**
 * Launches farm workers under plain Node (the command line, the browser host, tests, benchmarks)
 * from the build, out/main/farm-worker.js: never through tsx, whose compiling at every start
 * cost more than many a task. Whoever runs from the sources builds first (vitest's global setup,
 * `npm run bench`).
 */
export function nodeWorkerLauncher(kind?: KindName): LaunchWorker {
  const dir = join(root, 'out', 'main')
  return () =>
    forkWorker(
      join(dir, 'farm-worker.js'),
      [...SOLVER_V8_FLAGS, ...WORKER_NODE_FLAGS],
      dir,
      kind ? [kind] : [],
    )
}

/**
 * One thread, not Node's four, for V8's background work (compiling hot code, parts of the garbage
 * collection) in each worker: a run starts a worker per core, so four each only made the workers'
 * threads queue for the cores. Through the CLI on 2 cores, medians of 11 alternated runs with
 * and without: `pentagons tangram` 0.89 of the time, `design --area 16 --pieces 7 --jobs 2` 0.94,
 * `queens count 16 --jobs 2` 0.98.
 */
const WORKER_NODE_FLAGS = ['--v8-pool-size=1']

/**
 * Up to `workers` processes started for one run and ended with it (the command line, which runs
 * one job, and tests): none is kept warm.
 */
export function nodeWorkers(workers: number, launch = nodeWorkerLauncher()): LocalWorkers {
  return new LocalWorkers(new WarmPool(launch, 0), workers)
}

/** Processes started ahead of the next run (startWorkersAhead), which runWorkers takes. */
let ahead: WarmPool | undefined

/**
 * Starts `workers` processes now for the run this process is about to make, which the next
 * runWorkers takes: the command line starts them before it loads its command's code and reads
 * its input, so a worker's own start-up (Node, its code, and the code of the run's `kind`)
 * overlaps with that instead of following it. closeWorkersAhead ends them if no run came (bad
 * input, say).
 */
export function startWorkersAhead(
  workers: number,
  kind?: KindName,
  launch = nodeWorkerLauncher(kind),
): void {
  closeWorkersAhead()
  ahead = new WarmPool(launch, workers)
}

/** Ends the processes started ahead that no run took. */
export function closeWorkersAhead(): void {
  ahead?.close()
  ahead = undefined
}

/**
 * Up to `workers` processes for one run of several jobs in turn (the set explorer's growth, then
 * its units): a process that ends a job waits for the next, so the run starts each process once;
 * `close` ends them with the run. Processes started ahead are this run's (and `launch` theirs).
 */
export function runWorkers(
  workers: number,
  launch = nodeWorkerLauncher(),
): { transport: LocalWorkers; close: () => void } {
  const pool = ahead ?? new WarmPool(launch, 0)
  ahead = undefined
  pool.keep(workers)
  return { transport: new LocalWorkers(pool, workers), close: () => pool.close() }
}
