import {
  comparePlan,
  type ComparedSet,
  type CompareProgress,
  type Comparison,
} from '../../shared/compare/compare'
import type { SetWire } from '../../shared/pieces/solvable'
import type { TilingCounts } from '../../shared/tiling/search'
import { runFarm, type FarmTask } from './farm/farm'
import type { FarmTransport } from './farm/transport'
import type { CompareInput } from '../worker/protocol'

/**
 * Sets compared on the task farm (issue 14): each set's counts of a batch of the outlines is a
 * task, so that the processes (or the queue's machines) share the work; the comparison is the
 * one `compareSets` makes in one process, outline by outline in its order.
 */
export interface CompareRunOptions {
  /** Each set with its pieces, and as the workers take them, congruent pieces merged. */
  readonly sets: readonly (ComparedSet & { readonly wire: SetWire })[]
  readonly transport: FarmTransport
  readonly signal?: AbortSignal
  readonly onProgress?: (p: CompareProgress) => void
  readonly onNotice?: (line: string) => void
}

/** Outlines per task: a task long enough to be worth sending, short enough to share. */
const BATCH = 4

/** The comparison, or undefined when the signal stopped it; refuses sets that do not compare. */
export async function runCompare(o: CompareRunOptions): Promise<Comparison | undefined> {
  const { area, cases } = comparePlan(o.sets)
  const counts: TilingCounts[][] = cases.map(() => [])
  const tasks: FarmTask<CompareInput>[] = []
  for (const set of o.sets.keys())
    for (let from = 0; from < cases.length; from += BATCH) {
      const outlines = cases.slice(from, from + BATCH).map((_, k) => from + k)
      tasks.push({ id: `${set}/${from}`, input: { set, outlines }, weight: outlines.length })
    }
  const total = cases.length * o.sets.length
  let done = 0
  const outcome = await runFarm(
    {
      kind: 'compare',
      setup: { sets: o.sets.map((s) => s.wire) },
      tasks,
      onResult: ({ input }, result) => {
        result.forEach((c, k) => (counts[input.outlines[k]][input.set] = c))
        done += result.length
      },
    },
    {
      transport: o.transport,
      signal: o.signal,
      onNotice: o.onNotice,
      onProgress: () => o.onProgress?.({ done, total }),
    },
  )
  if (outcome.error) throw outcome.error
  if (!outcome.complete) return undefined
  return {
    area,
    outlines: cases.map((c, i) => ({
      number: c.number,
      name: c.name,
      polygon: c.polygon,
      counts: counts[i],
    })),
  }
}
