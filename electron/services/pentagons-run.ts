import type { WorkbenchDocument } from '../../shared/document/document'
import { InputError } from '../../shared/errors'
import type { Point } from '../../shared/lattice/polygon'
import { checkWholeCounts, solvableDocument, type SetWire } from '../../shared/pieces/solvable'
import {
  pentagonsFound,
  splits,
  type Joined,
  type Pentagon,
  type PentagonProgress,
  type PentagonsResult,
  type SetPiece,
} from '../../shared/pentagons/pentagons'
import type { PentagonSet } from '../../shared/pentagons/sheet'
import { pentagonFromWire, type GroupWire } from '../../shared/pentagons/wire'
import type { PentagonsInput } from '../worker/protocol'
import { runFarm, type FarmTask } from './farm/farm'
import type { FarmTransport } from './farm/transport'

/**
 * The pentagons of a set (TANGRAM-5, shared/pentagons) on the task farm, its steps as tasks that
 * the processes (or the queue's machines) share: the lattice candidates listed, then decided in
 * batches; meanwhile each split of the set has its first part's groups found, then (if it has
 * any) its second part's, then the two joined. The result is `findPentagons`'s: the steps'
 * results are put together in the order that search takes them, whatever order they end in.
 */
export interface PentagonsRunOptions {
  /** The set's pieces (congruent pieces merged), and the same as the workers take them. */
  readonly pieces: readonly SetPiece[]
  readonly wire: SetWire
  readonly transport: FarmTransport
  readonly signal?: AbortSignal
  readonly onProgress?: (p: PentagonsRunProgress) => void
  readonly onNotice?: (line: string) => void
}

export interface PentagonsRunProgress extends PentagonProgress {
  /** Of the whole search, 0 … 1: the four steps alike. */
  readonly fraction: number
}

/** Lattice candidates decided per task: most take a millisecond, a few much longer. */
const DECIDE_BATCH = 16

type Task = FarmTask<PentagonsInput>

/** The pentagons, or undefined when the signal stopped the search. */
export async function runPentagons(o: PentagonsRunOptions): Promise<PentagonsResult | undefined> {
  const all = splits(o.pieces)
  const firstOf = new Map(all.map((s, i) => [s.first, i]))
  const secondOf = new Map(all.map((s, i) => [s.second, i]))
  let candidates: readonly Point[][] | undefined
  const snug: (Pentagon | undefined)[] = []
  /** The place of a decide task's batch in the candidates, of a join task's split in the splits. */
  const at = new Map<string, number>()
  let decided = 0
  const groupsOf = new Map<number, readonly GroupWire[]>()
  /** Per split: its joins, once joined (none if its first part tiles nothing). */
  const joined: (Joined | undefined)[] = []
  /** Splits whose groups are all found, and those finished (joined, or nothing to join). */
  let grouped = 0
  let finished = 0

  const groupsTask = (code: number): Task => ({
    id: `groups/${code}`,
    input: { step: 'groups', code },
    weight: 1,
  })
  const joinTask = (i: number): Task => {
    grouped++
    at.set(`join/${i}`, i)
    return {
      id: `join/${i}`,
      input: {
        step: 'join',
        first: groupsOf.get(all[i].first)!,
        second: groupsOf.get(all[i].second)!,
      },
      weight: 1,
    }
  }
  const decideTasks = (polygons: readonly Point[][]): Task[] => {
    const tasks: Task[] = []
    for (let from = 0; from < polygons.length; from += DECIDE_BATCH) {
      const id = `decide/${from}`
      at.set(id, from)
      const batch = polygons.slice(from, from + DECIDE_BATCH)
      tasks.push({ id, input: { step: 'decide', polygons: batch }, weight: batch.length })
    }
    return tasks
  }

  const progress = (): PentagonsRunProgress => {
    const share = (done: number, total: number) => (total > 0 ? done / total : 1)
    const steps: [PentagonProgress, number][] = (
      [
        { phase: 1, what: 'lattice pentagons', done: candidates ? 1 : 0, total: 1 },
        {
          phase: 2,
          what: 'deciding lattice pentagons',
          done: decided,
          total: candidates?.length ?? 0,
        },
        { phase: 3, what: 'groups of pieces', done: grouped, total: all.length },
        { phase: 4, what: 'joining groups', done: finished, total: all.length },
      ] as const
    ).map((p) => [p, p.phase === 2 && !candidates ? 0 : share(p.done, p.total)])
    const current = steps.find(([, f]) => f < 1)?.[0] ?? steps[3][0]
    return { ...current, fraction: steps.reduce((sum, [, f]) => sum + f, 0) / 4 }
  }

  const outcome = await runFarm(
    {
      kind: 'pentagons',
      setup: { set: o.wire },
      tasks: [
        { id: 'lattice', input: { step: 'lattice' }, weight: 1 },
        ...all.map((s) => groupsTask(s.first)),
      ],
      onResult: (task, r) => {
        switch (r.step) {
          case 'lattice':
            candidates = r.candidates
            return { next: decideTasks(r.candidates) }
          case 'decide': {
            const from = at.get(task.id)!
            r.pentagons.forEach((p, k) => (snug[from + k] = p ? pentagonFromWire(p) : undefined))
            decided += r.pentagons.length
            return
          }
          case 'groups': {
            if (task.input.step !== 'groups') return
            const { code } = task.input
            groupsOf.set(code, r.groups)
            const first = firstOf.get(code)
            if (first === undefined) return { next: [joinTask(secondOf.get(code)!)] }
            // The other part only matters if this one tiles something.
            if (r.groups.length === 0) {
              grouped++
              finished++
              return
            }
            const { second } = all[first]
            return { next: [second === code ? joinTask(first) : groupsTask(second)] }
          }
          case 'join':
            joined[at.get(task.id)!] = {
              pentagons: r.pentagons.map(pentagonFromWire),
              joins: r.joins,
            }
            finished++
        }
      },
    },
    {
      transport: o.transport,
      signal: o.signal,
      onNotice: o.onNotice,
      onProgress: () => o.onProgress?.(progress()),
    },
  )
  if (outcome.error) throw outcome.error
  if (!outcome.complete) return undefined
  let groups = 0
  for (const g of groupsOf.values()) groups += g.length
  return pentagonsFound(
    candidates!.length,
    snug.filter((p) => p !== undefined),
    joined.filter((j) => j !== undefined),
    groups,
  )
}

/**
 * The sets the app searches. Every split of the set into two groups is tried, so the work
 * doubles with each piece: 7 tans take a second or two, 10 tetraboloes half a minute, all 14
 * (8,192 splits at about three seconds each) hours.
 */
const PENTAGON_LIMITS = { pieces: 10, area: 200 } as const

/**
 * A document's pieces as the app's search takes them (congruent pieces merged into one, as every
 * count here does), with the set as a sheet names it; or a one-line error: a piece off the
 * lattice, a set too large.
 */
export function pentagonSearch(document: WorkbenchDocument): {
  readonly set: PentagonSet
  readonly pieces: readonly SetPiece[]
  readonly wire: SetWire
} {
  const solvable = solvableDocument(document)
  checkWholeCounts(solvable, 'the pentagon search')
  const { name, document: merged, pieces, wire } = solvable
  const copies = pieces.reduce((n, p) => n + p.count, 0)
  if (copies > PENTAGON_LIMITS.pieces)
    throw new InputError(
      `${name}: ${copies} pieces (copies counted) are too many for the pentagon search, which takes at most ${PENTAGON_LIMITS.pieces}: it tries every split of the set into two groups, so each piece doubles the work`,
    )
  const area = pieces.reduce((n, p) => n + p.shape.area * p.count, 0)
  if (area > PENTAGON_LIMITS.area)
    throw new InputError(
      `${name}: the pieces cover ${area} half-squares; the pentagon search takes at most ${PENTAGON_LIMITS.area}`,
    )
  return {
    set: {
      name,
      pieces: merged.pieces.map((p) => ({ name: p.name, count: p.count, color: p.color })),
    },
    pieces,
    wire,
  }
}
