import type { MatchBoard, MatchProgress, MatchResult } from '../../../shared/api/run'
import { searchClock } from '../../../shared/edgematch/progress'
import type { MatchSetup } from '../../worker/protocol'
import { runFarm } from '../farm/farm'
import type { FarmTransport } from '../farm/transport'

/** A search's progress with the time since it started, as the CLI's bar takes it. */
export type MatchRunProgress = MatchProgress & { readonly elapsedMs: number }

/**
 * An edge-matching search (cards or the triangle) on the task farm, as one task: its boards
 * streamed (the first `keep`), its progress with the time left from the share of the tree done
 * (`searchClock`; a search for one board has none). The result, or null when the signal stopped it.
 */
export async function runMatch(o: {
  readonly setup: MatchSetup
  readonly transport: FarmTransport
  readonly signal?: AbortSignal
  readonly onProgress?: (p: MatchRunProgress) => void
  readonly onItem?: (board: MatchBoard) => void
  readonly onNotice?: (line: string) => void
}): Promise<MatchResult | null> {
  const clock = searchClock()
  const t0 = performance.now()
  let result: MatchResult | undefined
  const outcome = await runFarm(
    {
      kind: 'match',
      setup: o.setup,
      tasks: [{ id: 'match', input: null, weight: 1 }],
      onResult: (_, r) => void (result = r),
      onItem: (_, board) => o.onItem?.(board),
      onTaskProgress: (_, __, d) => {
        if (!d) return
        const elapsedMs = performance.now() - t0
        o.onProgress?.(
          d.fraction === undefined
            ? { ...d, elapsedMs }
            : { found: d.found, ...clock(d.fraction, d.nodes, elapsedMs) },
        )
      },
    },
    { transport: o.transport, signal: o.signal, onNotice: o.onNotice },
  )
  if (outcome.error) throw outcome.error
  return outcome.complete ? result! : null
}
