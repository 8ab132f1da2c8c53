import type { SetWire } from '../../shared/pieces/solvable'
import {
  SILHOUETTE_BUDGET,
  SilhouetteTally,
  silhouetteSetProblem,
  type CandidateOutcome,
  type SilhouetteBudget,
  type SilhouetteProgress,
  type SilhouetteRequest,
  type SilhouetteResult,
} from '../../shared/silhouettes/search'
import type { PieceKind } from '../../shared/tiling/problem'
import { InputError } from '../../shared/errors'
import type { PuzzleFigure } from '../../shared/silhouettes/offlattice'
import type { DrawnFigure, SilhouettesInput } from '../worker/protocol'
import { runFarm, type FarmTask } from './farm/farm'
import type { FarmTransport } from './farm/transport'

/**
 * Silhouette puzzles (shared/silhouettes) on the task farm. Figures are drawn in order, a batch
 * a task (each from the state the last left), and each new figure is counted in batches that
 * the processes share, ahead of the tally; the tally (the budgets, the figures found, when to
 * stop) is kept here, fed draw by draw in the order drawn, so that the result is the one
 * `findSilhouettes` makes in one process, whatever order the counts end in. Once it has its
 * result, the counts still going are stopped.
 */
export interface SilhouettesRunOptions {
  /** The set's pieces (congruent pieces merged), and the same as the workers take them. */
  readonly pieces: readonly PieceKind[]
  readonly wire: SetWire
  readonly request: SilhouetteRequest
  readonly budget?: SilhouetteBudget
  readonly transport: FarmTransport
  readonly signal?: AbortSignal
  readonly onProgress?: (p: SilhouetteProgress) => void
  /** Every figure the set tiles, as the tally takes it, and whether it is one asked for. */
  readonly onCandidate?: (s: PuzzleFigure, asked: boolean) => void
  readonly onNotice?: (line: string) => void
}

/** Figures drawn per task: a random draw takes a fraction of a millisecond. */
const DRAW_BATCH = 64
/**
 * The same with pieces at 45°: a figure grown there (its outline taken exactly) takes some
 * milliseconds, so fewer a task, that the first counts start soon.
 */
const EXACT_DRAW_BATCH = 32
/** New figures counted per task: most are ruled out or counted in a millisecond. */
const COUNT_BATCH = 8
/**
 * Draw batches made ahead of the tally at most, per process, besides one: enough to keep the
 * processes counting (most figures drawn are new, and counting a batch's takes several times
 * its drawing), and few draws, and counts, past where the tally stops: 20 puzzles of the tangram
 * take 321 draws, where 1,024 draws ahead made 1,536 and counted some of the rest.
 */
const AHEAD_PER_PROCESS = 1

type Task = FarmTask<SilhouettesInput>

/** The figures found, or undefined when the signal stopped the search. */
export async function runSilhouettes(
  o: SilhouettesRunOptions,
): Promise<SilhouetteResult<PuzzleFigure> | undefined> {
  const problem = silhouetteSetProblem(o.pieces, o.request)
  if (problem) throw new InputError(problem)
  const budget = o.budget ?? SILHOUETTE_BUDGET
  const stop = new AbortController()
  let tally: SilhouetteTally<PuzzleFigure> | undefined
  let result: SilhouetteResult<PuzzleFigure> | undefined
  /** Every draw's figure by its key (undefined: none), and the tally's place among them. */
  const drawn: (string | undefined)[] = []
  let taken = 0
  const outcomes = new Map<string, CandidateOutcome<PuzzleFigure>>()
  const asked = new Set<string>()
  /** The keys of each count task's figures. */
  const counting = new Map<string, readonly string[]>()
  /** Where the draws go on from; undefined once there are no more to draw. */
  let drawFrom: { state?: number } | undefined = {}
  let drawing = false
  let tasks = 0

  const batch = o.request.turns === 45 ? EXACT_DRAW_BATCH : DRAW_BATCH
  const drawTask = (): Task[] => {
    const ahead = batch * (1 + AHEAD_PER_PROCESS * o.transport.workers())
    if (drawing || !drawFrom || drawn.length - taken >= ahead) return []
    const draws = Math.min(batch, budget.draws - drawn.length)
    if (draws <= 0) return []
    drawing = true
    return [
      {
        id: `draw/${tasks++}`,
        input: { step: 'draw', state: drawFrom.state, draws },
        weight: 1,
        // The tally waits for the draws: they go out before any count.
        priority: 1,
      },
    ]
  }
  const countTasks = (figures: readonly DrawnFigure[]) => {
    const next: Task[] = []
    for (let from = 0; from < figures.length; from += COUNT_BATCH) {
      const id = `count/${tasks++}`
      const batch = figures.slice(from, from + COUNT_BATCH)
      counting.set(
        id,
        batch.map((f) => f.key),
      )
      next.push({ id, input: { step: 'count', figures: batch }, weight: batch.length })
    }
    return next
  }
  /** The tally fed the draws whose counts are in, in order, until it ends or must wait. */
  const advance = () => {
    while (tally && !result && taken < drawn.length) {
      const key = drawn[taken]
      const fresh = key !== undefined && tally.isNew(key)
      if (fresh && !outcomes.has(key)) return
      taken++
      result = tally.take(key, fresh ? outcomes.get(key) : undefined)
    }
    if (result) stop.abort()
  }

  const outcome = await runFarm(
    {
      kind: 'silhouettes',
      setup: { set: o.wire, request: o.request, figureNodes: budget.figureNodes },
      tasks: drawTask(),
      onResult: (task, r) => {
        if (r.step === 'draw') {
          drawing = false
          tally ??= new SilhouetteTally<PuzzleFigure>(o.request, budget, r.outlines, o.onCandidate)
          const fresh: DrawnFigure[] = []
          for (const figure of r.figures) {
            drawn.push(figure?.key)
            if (figure && !asked.has(figure.key)) {
              asked.add(figure.key)
              fresh.push(figure)
            }
          }
          const more = r.outlines === undefined || r.state < r.outlines
          drawFrom = more && r.figures.length > 0 ? { state: r.state } : undefined
          advance()
          return { next: [...countTasks(fresh), ...drawTask()] }
        }
        counting.get(task.id)!.forEach((key, i) => outcomes.set(key, r.outcomes[i]))
        advance()
        return { next: drawTask() }
      },
    },
    {
      transport: o.transport,
      signal: o.signal ? AbortSignal.any([o.signal, stop.signal]) : stop.signal,
      onNotice: o.onNotice,
      onProgress: () => tally && o.onProgress?.(tally.progress()),
    },
  )
  if (outcome.error) throw outcome.error
  if (result) return result
  if (o.signal?.aborted) return undefined
  throw new Error('internal: the search for figures ended before its tally did')
}
