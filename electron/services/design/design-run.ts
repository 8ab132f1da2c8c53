/**
 * The set explorer on the task farm (issue 14): the candidate pieces grown in a task (issue 26:
 * nothing searches in the host), kept here as they came over the wire and sent on as they are in
 * the units' setup; then every unit (one task of sets at one level, shared/design/unit.ts) handed to the farm's workers,
 * the highest levels first, each sent with the best found so far as its bound. The results rank
 * exactly as in one process (`SetExplorer.run`): a set is ranked by where it was found, whatever
 * order the units end in, and a bound only ever drops sets that could not be listed. Stopping
 * kills the workers at once; the sets found so far are the result.
 */
import { outlineCases } from '../../../shared/convex/convex'
import {
  growthProgress,
  SetExplorer,
  type DesignProgress,
  type DesignResult,
} from '../../../shared/design/explore'
import type { DesignRequest } from '../../../shared/design/request'
import {
  addUnit,
  candidatesFromWire,
  type CandidateWire,
  type UnitInput,
} from '../../../shared/design/unit'
import { secondsLeft } from '../../../shared/time-left'
import { runFarm, type FarmTask } from '../farm/farm'
import type { FarmTransport } from '../farm/transport'

export interface DesignRunOptions {
  readonly request: DesignRequest
  readonly transport: FarmTransport
  readonly signal?: AbortSignal
  readonly onProgress?: (p: DesignRunProgress) => void
  readonly onNotice?: (line: string) => void
  /** Given the explorer's findings so far, to read at any moment (a cancelled run's result). */
  readonly soFar?: (found: () => DesignResult) => void
}

export interface DesignRunProgress extends DesignProgress {
  readonly elapsedMs: number
  /** While sets are searched: the units done, and those done or still above the best so far. */
  readonly units?: { readonly done: number; readonly of: number }
  /** The time left at the pace so far, for the units still above the best so far. */
  readonly etaSeconds?: number
}

/** What the explorer found; `complete` is false when the signal stopped it. */
export async function runDesign(o: DesignRunOptions): Promise<DesignResult> {
  const t0 = Date.now()
  // Refuses a bad request at once, in one line (an InputError).
  const explorer = new SetExplorer(o.request)
  o.soFar?.(() => explorer.result(false))
  const signal = o.signal ?? new AbortController().signal
  const r = explorer.request
  const wire = await grownOnFarm(o, r, signal, t0)
  if (!wire) return explorer.result(false)
  // Read once, cheaply (names and shapes are made only for the sets listed): the ranking and the
  // results need the candidates' areas and fits; the units get the wire as it came.
  const c = explorer.take(
    candidatesFromWire(outlineCases(r.area), r.maxPieceArea, JSON.parse(wire) as CandidateWire[]),
  )
  const tally = explorer.tally
  const units: FarmTask<UnitInput>[] = explorer.levels().flatMap((level) =>
    explorer.tasks.map((_, i) => ({
      id: `${level}/${i}`,
      input: { task: i, level, needed: 1 },
      weight: 1,
      priority: level,
    })),
  )
  // Progress by units, of those still worth running: a unit below the best so far is done at
  // once, so as the bound rises the work left shrinks (the farm's own fraction would count them).
  const left = new Map<number, number>()
  for (const u of units) left.set(u.input.level, (left.get(u.input.level) ?? 0) + 1)
  let unitsDone = 0
  const setsStarted = Date.now()
  const outcome = await runFarm(
    {
      kind: 'explore',
      setup: {
        area: r.area,
        pieces: r.pieces,
        top: r.top,
        maxPieceArea: r.maxPieceArea,
        from: r.from?.polygon,
        candidates: wire,
      },
      tasks: units,
      sending: (unit) => ({ ...unit.input, needed: tally.needed() }),
      onResult: (unit, result) => {
        addUnit(tally, c, unit.input, result)
        unitsDone++
        left.set(unit.input.level, left.get(unit.input.level)! - 1)
      },
    },
    {
      transport: o.transport,
      signal,
      onNotice: o.onNotice,
      onProgress: () => {
        const needed = tally.needed()
        let live = 0
        for (const [level, n] of left) if (level >= needed) live += n
        const of = unitsDone + live
        o.onProgress?.({
          phase: 'sets',
          fraction: of > 0 ? unitsDone / of : 1,
          searched: tally.searched,
          best: tally.ranking.list()[0]?.outlines,
          elapsedMs: Date.now() - t0,
          units: { done: unitsDone, of },
          etaSeconds: secondsLeft({ workMs: Date.now() - setsStarted, total: of, done: unitsDone }),
        })
      },
    },
  )
  if (outcome.error) throw outcome.error
  return explorer.result(outcome.complete)
}

/** The candidate pieces grown in one farm task, their wire as it came; undefined if stopped. */
async function grownOnFarm(
  o: DesignRunOptions,
  r: SetExplorer['request'],
  signal: AbortSignal,
  t0: number,
): Promise<string | undefined> {
  let wire: string | undefined
  const outcome = await runFarm(
    {
      kind: 'candidates',
      setup: { area: r.area, maxPieceArea: r.maxPieceArea, from: r.from?.polygon },
      tasks: [{ id: 'candidates', input: null, weight: 1 }],
      onResult: (_, result) => {
        wire = result
      },
      onTaskProgress: (_, _fraction, detail) => {
        if (detail) o.onProgress?.({ ...growthProgress(detail), elapsedMs: Date.now() - t0 })
      },
    },
    { transport: o.transport, signal, onNotice: o.onNotice },
  )
  if (outcome.error) throw outcome.error
  return outcome.complete ? wire : undefined
}
