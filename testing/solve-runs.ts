import type { RunEvent, RunEventOf, RunParams } from '../shared/api/run'
import type { WorkbenchEvent } from '../shared/api/contract'
import type { apiCalls } from './workbench'

type SolveEvent = RunEventOf<'solve'>
type Of<T extends SolveEvent['type']> = Extract<SolveEvent, { type: T }>

/** Solves (runs of kind `solve`) through the API: started, waited for, read from their events. */
export function solveRuns(api: ReturnType<typeof apiCalls>) {
  const isSolve = (e: WorkbenchEvent, runId: string): e is SolveEvent =>
    e.type.startsWith('run.') && (e as RunEvent).kind === 'solve' && (e as RunEvent).runId === runId
  const events = (runId: string) => api.events.filter((e) => isSolve(e, runId))
  const of = <T extends SolveEvent['type']>(runId: string, type: T) =>
    events(runId).filter((e): e is Of<T> => e.type === type)
  const items = (runId: string) => of(runId, 'run.items').flatMap((e) => e.items)
  return {
    events,
    of,
    /** Starts a solve of these parameters (checked by the API: a document as it comes). */
    start: async (params: Omit<RunParams<'solve'>, 'document'> & { document: unknown }) =>
      (await api.ok<{ runId: string }>('run.start', { kind: 'solve', params })).runId,
    /** Its first event that `match` picks, waiting up to `ms`. */
    async next(runId: string, match: (e: SolveEvent) => boolean, ms = 180_000) {
      for (const t0 = Date.now(); Date.now() - t0 < ms;) {
        const found = events(runId).find(match)
        if (found) return found
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      throw new Error(`run ${runId}: the event did not come within ${ms / 1000} s`)
    },
    async ended(runId: string, ms = 180_000): Promise<Of<'run.ended'>> {
      return (await this.next(runId, (e) => e.type === 'run.ended', ms)) as Of<'run.ended'>
    },
    plan: (runId: string) => of(runId, 'run.started')[0].plan!,
    tilings: (runId: string) =>
      items(runId).flatMap((i) => ('tiling' in i ? [{ figure: i.figure, ...i.tiling }] : [])),
    figures: (runId: string) =>
      items(runId).flatMap((i) => ('done' in i ? [{ figure: i.figure, ...i.done }] : [])),
  }
}
