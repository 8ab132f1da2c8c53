import type { RunKind, RunParams, RunPlan, RunResult, RunTypes } from '../../../shared/api/run'
import type { FarmTransport } from '../farm/transport'

/** What a run of kind K may do while it runs: where its tasks go, and what it tells the client. */
export interface RunContext<K extends RunKind> {
  readonly transport: FarmTransport
  readonly signal: AbortSignal
  /** Sent on paced (a few a second), the latest each time. */
  progress(p: RunTypes[K]['progress']): void
  /** Sent on in batches, in the order given. */
  item(item: RunTypes[K]['item']): void
  /** A worker that died, its task run again: one line that does not stop the run. */
  notice(line: string): void
  /**
   * What the run has found so far, read when it is cancelled: its `run.ended` (cancelled) then
   * carries that (undefined: nothing to show), for the kinds whose partial result is worth having.
   */
  soFar(get: () => RunResult<K> | undefined): void
}

/** A run made ready before the start's reply: the run, and what it will do, for the client. */
export interface PreparedRun<K extends RunKind> {
  /** For the kinds whose plan goes out with `run.started` (`RunTypes`). */
  readonly plan?: RunPlan<K>
  /** The result, or null when the signal stopped it; a failure rejects with its one-line error. */
  readonly run: (ctx: RunContext<K>) => Promise<RunResult<K> | null>
}

/** One kind of run as the host runs it: its tasks go to the farm through the context's transport. */
export type HostRunKind<K extends RunKind> =
  | {
      /** Refuses what cannot run in one line (an InputError), before the run starts. */
      readonly check?: (params: RunParams<K>) => void
      /** The result, or null when the signal stopped it; a failure rejects with its one-line error. */
      readonly run: (params: RunParams<K>, ctx: RunContext<K>) => Promise<RunResult<K> | null>
    }
  | {
      /**
       * Makes the run ready once its transport is known, before the start's reply (a refusal is
       * the start's one-line error): for a kind that reads its input once (a set merged and
       * analysed) and runs as read, or whose plan goes out with `run.started`.
       */
      readonly prepare: (params: RunParams<K>, transport: FarmTransport) => PreparedRun<K>
    }

export type HostRunKinds = { readonly [K in RunKind]: HostRunKind<K> }
