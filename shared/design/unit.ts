import type { Point } from '../lattice/polygon'
import type { PlacedPiece } from '../tiling/problem'
import { candidate, type Candidates } from './candidates'
import { setKinds, type SetEvaluation } from './evaluate'
import { exploreTask, type DesignTally } from './explore'
import type { DesignTask } from './multisets'
import { compareRanks } from './ranking'

/**
 * The explorer's units of work as they travel to another process and back (a farm worker, a
 * machine taking tasks from a queue): the candidates once per job, then for each unit the task,
 * its level and the best found so far, and back the counts and the sets that may be listed.
 */
export interface CandidateWire {
  readonly area: number
  readonly polygon: readonly Point[]
  /** The outlines it fits in, as a bit mask in hexadecimal (a bigint does not cross every channel). */
  readonly fits: string
}

export interface UnitInput {
  /** Index into `designTasks`. */
  readonly task: number
  readonly level: number
  /** Outlines a set must make to be listed, as far as the sender knows. */
  readonly needed: number
}

export interface SetWire {
  /** Its place among the sets the unit searched: the order of equal ranks. */
  readonly place: number
  /** Candidate index and copies. */
  readonly kinds: readonly (readonly [number, number])[]
  readonly outlines: number
  readonly tilings: number
  readonly made: readonly {
    readonly outline: number
    readonly tilings: number
    readonly tiling: readonly PlacedPiece[]
  }[]
}

export interface UnitOutcome {
  readonly searched: number
  readonly dropped: number
  readonly noDissection: number
  readonly sets: readonly SetWire[]
}

export const candidatesToWire = (c: Candidates): CandidateWire[] =>
  c.list.map((p) => ({ area: p.area, polygon: p.polygon, fits: p.fits.toString(16) }))

/** The candidates as the sender grew them, on the same outlines (made again: a few ms). */
export function candidatesFromWire(
  outlines: Candidates['outlines'],
  maxPieceArea: number,
  wire: readonly CandidateWire[],
): Candidates {
  const list = wire.map((w, i) => candidate(i, w.area, w.polygon, BigInt(`0x${w.fits}`)))
  const byArea: (typeof list)[] = Array.from({ length: maxPieceArea + 1 }, () => [])
  for (const p of list) byArea[p.area].push(p)
  return { outlines, list, byArea }
}

/**
 * One unit searched to its end: the sets of `tasks[input.task]` at `input.level`, each needing
 * the best the sender knew or the best found in this process (`local`, kept across the units it
 * runs: the sets it holds are real, so its bound is never above the run's). A unit whose level is
 * below the bound is done at once. Only sets that the local ranking keeps are sent back: one
 * it would drop is below sets the run has too. Pauses (yields) every few thousand placements.
 */
export function* runUnit(
  c: Candidates,
  order: readonly number[],
  tasks: readonly DesignTask[],
  input: UnitInput,
  local: DesignTally,
  from?: readonly Point[],
): Generator<void, UnitOutcome> {
  const { task, level } = input
  const needed = () => Math.max(input.needed, local.needed())
  const sets: SetWire[] = []
  let searched = 0
  let dropped = 0
  let noDissection = 0
  if (needed() > level) return { searched, dropped, noDissection, sets }
  yield* exploreTask(
    c,
    order,
    tasks[task],
    level,
    needed,
    (outcome) => {
      const place = searched++
      if (outcome === 'no dissection') noDissection++
      else if (outcome === 'out of reach') dropped++
      else {
        const bar = local.ranking.threshold()
        if (!bar || compareRanks(outcome, bar) <= 0) sets.push(setToWire(outcome, place))
      }
      local.add(outcome, [level, task, place])
    },
    from,
  )
  return { searched, dropped, noDissection, sets }
}

/** Adds a unit's outcome to the run's tally. */
export function addUnit(tally: DesignTally, c: Candidates, input: UnitInput, o: UnitOutcome): void {
  tally.searched += o.searched
  tally.dropped += o.dropped
  tally.noDissection += o.noDissection
  for (const s of o.sets) tally.offer(setFromWire(c, s), [input.level, input.task, s.place])
}

const setToWire = (e: SetEvaluation, place: number): SetWire => ({
  place,
  kinds: e.kinds.map((k) => [k.candidate.index, k.count] as const),
  outlines: e.outlines,
  tilings: e.tilings,
  made: e.made,
})

function setFromWire(c: Candidates, s: SetWire): SetEvaluation {
  const pieces = s.kinds.flatMap(([i, count]) => Array(count).fill(c.list[i]))
  return { kinds: setKinds(pieces), outlines: s.outlines, tilings: s.tilings, made: s.made }
}
