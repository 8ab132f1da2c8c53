import { plural } from '../../../shared/plural'
import { InputError } from '../../../shared/errors'
import { parseQueueUrl } from '../../services/farm/queue-connection'
import { serveQueue } from '../../services/farm/queue-worker'
import { nodeWorkerLauncher } from '../../services/node-worker'
import { workerCount } from '../jobs'
import { stderrLine } from '../output'

/**
 * `worker --queue URL`: serves the queue on this machine, on --jobs worker processes, until
 * Ctrl-C, which hands its tasks in hand back at once. Killed instead, its tasks go to another
 * worker within --stall-after seconds, and its worker processes end with it.
 */
export async function workerCommand(
  o: { queue: string; jobs?: string; stallAfter: string },
  signal: AbortSignal,
): Promise<number> {
  const address = parseQueueUrl(o.queue)
  const jobs = workerCount(o.jobs)
  const stall = Number(o.stallAfter)
  if (!Number.isFinite(stall) || stall < 0.5 || stall > 3600)
    throw new InputError(
      `--stall-after must be a number of seconds from 0.5 to 3600, not "${o.stallAfter}"`,
    )
  await serveQueue(
    {
      address,
      jobs,
      launch: nodeWorkerLauncher(),
      stallMs: Math.round(stall * 1000),
      onLine: stderrLine,
      onReady: () =>
        stderrLine(
          `serving the queue at ${address.label} with ${plural(jobs, 'process', 'processes')} (Ctrl-C to stop)`,
        ),
    },
    signal,
  )
  return signal.aborted ? 130 : 0
}
