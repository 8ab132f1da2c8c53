import { availableParallelism } from 'node:os'
import { InputError } from '../../shared/errors'
import { nodeWorkerLauncher } from '../services/node-worker'
import { freshWorkers } from '../services/solver-pool'
import { runTilings, type RunOptions, type RunOutcome } from '../services/tiling-runner'
import { progressBar } from './progress'

export interface CommonOptions {
  json?: boolean
  raw?: boolean
  jobs?: string
  force?: boolean
  progress?: boolean
}

/** How many solver processes: --jobs, else one per core. */
export function workerCount(jobs: string | undefined): number {
  if (jobs === undefined) return availableParallelism()
  const n = Number(jobs)
  if (!Number.isInteger(n) || n < 1 || n > 256)
    throw new InputError(`--jobs must be a whole number from 1 to 256, not "${jobs}"`)
  return n
}

/** Runs tilings with a progress bar on stderr and Ctrl-C wired to a clean stop. */
export async function runWithProgress(
  options: Omit<RunOptions, 'signal' | 'onProgress' | 'launch' | 'workers'>,
  common: CommonOptions,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const bar = progressBar(common.progress !== false)
  const workers = workerCount(common.jobs)
  try {
    return await runTilings({
      ...options,
      workers,
      // With --jobs 1 everything runs in this process: starting a worker would only cost time.
      source: workers > 1 ? freshWorkers(nodeWorkerLauncher('solver-worker')) : undefined,
      force: common.force,
      signal,
      onProgress: bar.update,
    })
  } finally {
    bar.stop()
  }
}
