import type { DetailOf, InputOf, KindName, ResultOf, SetupOf } from '../../worker/protocol'
import { runFarm } from './farm'
import type { FarmTransport } from './transport'

/**
 * A job of one task on the farm (a puzzle to generate, a published number to compute): its
 * result, or null when the signal stopped it. A refused input rejects with its InputError, a
 * worker that died twice with a RunError.
 */
export async function runOneTask<K extends KindName>(o: {
  readonly kind: K
  readonly setup: SetupOf<K>
  readonly input: InputOf<K>
  readonly transport: FarmTransport
  readonly signal?: AbortSignal
  readonly onProgress?: (detail: DetailOf<K>) => void
  readonly onNotice?: (line: string) => void
}): Promise<ResultOf<K> | null> {
  let result: ResultOf<K> | null = null
  const outcome = await runFarm(
    {
      kind: o.kind,
      setup: o.setup,
      tasks: [{ id: o.kind, input: o.input, weight: 1 }],
      onResult: (_, r) => void (result = r),
      onTaskProgress: (_, __, detail) => detail !== undefined && o.onProgress?.(detail),
    },
    { transport: o.transport, signal: o.signal, onNotice: o.onNotice },
  )
  if (outcome.error) throw outcome.error
  return result
}
