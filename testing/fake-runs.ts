import type { RunEvent, RunKind, RunParams, RunResult } from '../shared/api/run'
import type { FakeBridge } from './fake-bridge'
import { settled } from './renderer-setup'

/**
 * The host's task farm as a store test sees it: `run.start` answered with run ids r1, r2, … and
 * `run.cancel` with null; the test reads what was started and pushes the run's events.
 */
export function fakeRuns(host: FakeBridge) {
  let started = 0
  host.answer('run.start', () => ({ runId: `r${++started}` }))
  host.answer('run.cancel', () => null)
  /** The last run started: its id, kind and parameters (after the store's start has settled). */
  function last<K extends RunKind>(): { runId: string; kind: K; params: RunParams<K> } {
    const all = host.callsOf('run.start')
    const call = all.at(-1) as unknown as { kind: K; params: RunParams<K> } | undefined
    if (!call) throw new Error('no run was started')
    return { runId: `r${all.length}`, ...call }
  }
  return {
    last,
    /** The last run started, once the store's start has gone out; it must be of this kind. */
    async started<K extends RunKind>(kind: K) {
      await settled()
      const r = last<K>()
      if (r.kind !== kind) throw new Error(`the last run started is of kind ${r.kind}, not ${kind}`)
      return r
    },
    /** The host sends an event of a run, then lets the store take it. */
    async emit(e: RunEvent): Promise<void> {
      host.emit(e)
      await settled()
    },
    /** The host ends a run: done with its result, or failed with its error. */
    async end<K extends RunKind>(
      runId: string,
      kind: K,
      end: { readonly result: RunResult<K> } | { readonly error: string },
    ): Promise<void> {
      const outcome = 'error' in end ? 'failed' : 'done'
      await this.emit({ type: 'run.ended', runId, kind, outcome, ...end, elapsedMs: 1 } as RunEvent)
    },
    cancelled: () => host.callsOf('run.cancel').map((c) => c.runId),
  }
}
