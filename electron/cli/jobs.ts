import { availableParallelism } from 'node:os'
import { InputError } from '../../shared/errors'
import { NARROW_START_MS } from '../services/farm/transport'
import { closeWorkersAhead, startWorkersAhead } from '../services/node-worker'
import type { KindName } from '../worker/protocol'

/** How many worker processes: --jobs, else one per core. */
export function workerCount(jobs: string | undefined): number {
  if (jobs === undefined) return availableParallelism()
  const n = Number(jobs)
  if (!Number.isInteger(n) || n < 1 || n > 256)
    throw new InputError(`--jobs must be a whole number from 1 to 256, not "${jobs}"`)
  return n
}

/**
 * A command that runs on --jobs local processes starts them first, before its code loads and it
 * reads its input (a tenth of a second and more): their start-up overlaps with that. Its run
 * (withRunPlace) takes them; main ends them with the function this returns if none did. None
 * for a run on the queue; one for a kind whose runs start on one (NARROW_START_MS).
 */
export function workersAhead(o: { jobs?: string; queue?: string }, kind: KindName): () => void {
  if (o.queue === undefined)
    startWorkersAhead(NARROW_START_MS[kind] === undefined ? workerCount(o.jobs) : 1, kind)
  return closeWorkersAhead
}
