import { availableParallelism } from 'node:os'
import { InputError } from '../../shared/errors'
import { nodeWorkers } from '../services/node-worker'
import { runTilings, type RunOptions, type RunOutcome } from '../services/tiling-job'
import { progressBar, type Bar } from './progress'

export interface CommonOptions {
  json?: boolean
  raw?: boolean
  jobs?: string
  force?: boolean
  progress?: boolean
  checkpoint?: string
}

/** How many worker processes: --jobs, else one per core. */
export function workerCount(jobs: string | undefined): number {
  if (jobs === undefined) return availableParallelism()
  const n = Number(jobs)
  if (!Number.isInteger(n) || n < 1 || n > 256)
    throw new InputError(`--jobs must be a whole number from 1 to 256, not "${jobs}"`)
  return n
}

/** A worker that died and what became of its task, in one line on stderr. */
export const noticeLine = (line: string): void => void process.stderr.write(`warning: ${line}\n`)

/** A farm run's progress on its bar, and a notice (a worker that died) in one line below it. */
export const barHooks = <P>(bar: Bar<P>) => ({
  onProgress: bar.update,
  onNotice: (line: string) => {
    bar.stop()
    noticeLine(line)
  },
})

/** Runs tilings with a progress bar on stderr and Ctrl-C wired to a clean stop. */
export async function runWithProgress(
  options: Omit<RunOptions, 'signal' | 'onProgress' | 'transport' | 'workers'>,
  common: CommonOptions,
  signal: AbortSignal,
): Promise<RunOutcome> {
  const bar = progressBar(common.progress !== false)
  const workers = workerCount(common.jobs)
  try {
    return await runTilings({
      ...options,
      transport: nodeWorkers(workers),
      workers,
      force: common.force,
      checkpoint: common.checkpoint,
      signal,
      ...barHooks(bar),
    })
  } finally {
    bar.stop()
  }
}

/** The exit code of a run, with a line on stderr when it ended early. */
export function finish(outcome: { complete: boolean; cancelled: boolean; error?: string }): number {
  if (outcome.error) {
    process.stderr.write(`error: ${outcome.error}\n`)
    return 1
  }
  if (outcome.cancelled) {
    process.stderr.write('interrupted: the counts above are partial\n')
    return 130
  }
  return 0
}
