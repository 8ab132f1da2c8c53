import { plural } from '../../shared/plural'
import { printable } from '../../shared/printable'
import type { FarmTransport } from '../services/farm/transport'
import { runWorkers } from '../services/node-worker'
import { runTilings, type RunOptions, type RunOutcome } from '../services/tiling-job'
import { workerCount } from './jobs'
import { progressBar, type Bar } from './progress'

export interface CommonOptions {
  json?: boolean
  raw?: boolean
  jobs?: string
  force?: boolean
  progress?: boolean
  checkpoint?: string
  queue?: string
}

/**
 * Where a run's tasks go: processes here, or the queue at `queue`; the transport says how many
 * workers it has.
 */
export interface RunPlace {
  readonly transport: FarmTransport
  /** "2 processes", or "the queue at HOST:PORT". */
  readonly where: string
}

/**
 * Runs `use` on local worker processes (--jobs), or, with --queue, on the machines serving that
 * Redis queue (their processes, not --jobs, are the run's workers); the queue's modules load only
 * then, and its connection closes after the run (the run's jobs taken out of Redis when it
 * stopped early).
 */
export async function withRunPlace<T>(
  o: { jobs?: string; queue?: string },
  use: (place: RunPlace) => Promise<T>,
): Promise<T> {
  const workers = workerCount(o.jobs)
  if (o.queue === undefined) {
    const local = runWorkers(workers)
    try {
      return await use({
        transport: local.transport,
        where: plural(workers, 'process', 'processes'),
      })
    } finally {
      local.close()
    }
  }
  const { parseQueueUrl } = await import('../services/farm/queue-connection')
  const { QueueTransport } = await import('../services/farm/queue-transport')
  const address = parseQueueUrl(o.queue)
  const transport = await QueueTransport.connect(address)
  try {
    return await use({ transport, where: `the queue at ${address.label}` })
  } finally {
    await transport.close()
  }
}

/** A worker that died and what became of its task, in one line on stderr. */
export const noticeLine = (line: string): void =>
  void process.stderr.write(`warning: ${printable(line)}\n`)

/**
 * Runs `run` with `bar` on stderr: its progress goes to the bar, a notice (a worker that died)
 * takes the bar down and goes on a line of its own; the bar ends with the run.
 */
export async function withBar<P, T>(
  bar: Bar<P>,
  run: (hooks: {
    readonly onProgress: (p: P) => void
    readonly onNotice: (line: string) => void
  }) => Promise<T>,
): Promise<T> {
  try {
    return await run({
      onProgress: (p) => bar.update(p),
      onNotice: (line) => {
        bar.stop()
        noticeLine(line)
      },
    })
  } finally {
    bar.stop()
  }
}

/** Runs tilings with a progress bar on stderr and Ctrl-C wired to a clean stop. */
export async function runWithProgress(
  options: Omit<RunOptions, 'signal' | 'onProgress' | 'transport'>,
  common: CommonOptions,
  signal: AbortSignal,
): Promise<RunOutcome> {
  return withRunPlace(common, ({ transport }) => runTilingsAt(transport, options, common, signal))
}

/** The same on a place already open (a command that runs several jobs on one). */
export function runTilingsAt(
  transport: FarmTransport,
  options: Omit<RunOptions, 'signal' | 'onProgress' | 'transport'>,
  common: CommonOptions,
  signal: AbortSignal,
): Promise<RunOutcome> {
  return withBar(progressBar(common.progress !== false), (hooks) =>
    runTilings({
      ...options,
      transport,
      force: common.force,
      checkpoint: common.checkpoint,
      signal,
      ...hooks,
    }),
  )
}

/** The exit code of a run, with a line on stderr when it ended early. */
export function finish(outcome: { complete: boolean; cancelled: boolean; error?: string }): number {
  if (outcome.error) {
    process.stderr.write(`error: ${printable(outcome.error)}\n`)
    return 1
  }
  if (outcome.cancelled) {
    process.stderr.write('interrupted: the counts above are partial\n')
    return 130
  }
  return 0
}
