import { InputError } from '../../shared/errors'
import { fromLattice } from '../../shared/exact/geometry'
import type { SolvableSet } from '../../shared/pieces/solvable'
import type { OffOptions, OffPiece } from '../../shared/offlattice/search'
import { hasRanges } from '../../shared/tiling/problem'
import { pieceToText, type OffFigureText, type OffResultText } from '../../shared/offlattice/wire'
import type { OffLatticeInput } from '../worker/protocol'
import { runFarm, type FarmOutcome, type FarmTask } from './farm/farm'
import type { FarmTransport } from './farm/transport'

/**
 * Figures with exact corners tiled on the task farm (issue 25): each figure is searched whole by
 * one process (shared/offlattice), the figures in batches, so that many small figures spread over
 * the processes (or the queue's machines) without a message each, and one large figure still has
 * a task of its own.
 */
export interface OffLatticeRunOptions extends OffOptions {
  readonly pieces: readonly OffPiece[]
  /** Corners as text (`figureToText`); with `read`, as a client gave them, read by the workers. */
  readonly figures: readonly OffFigureText[]
  /**
   * Each figure read and checked by the worker that searches it, as a figure file is
   * (`exactFigureOf`), and handed back as read: the app's, which its host passes on unread.
   */
  readonly read?: boolean
  readonly transport: FarmTransport
  readonly signal?: AbortSignal
  readonly onProgress?: (p: { readonly done: number; readonly total: number }) => void
  /** A figure's search ended: its number in `figures`, its result. */
  readonly onFigure?: (figure: number, result: OffResultText) => void
  readonly onNotice?: (line: string) => void
}

export interface OffLatticeOutcome extends Pick<FarmOutcome, 'complete' | 'cancelled' | 'error'> {
  /** Per figure, in the order given; a figure whose task did not end has none. */
  readonly results: readonly (OffResultText | undefined)[]
  readonly elapsedMs: number
}

/** At most this many figures a task: a batch of small figures takes a few tenths of a second. */
const MOST_PER_TASK = 32
/** At least this many tasks a worker, when there are figures enough: the last ones even out. */
const TASKS_PER_WORKER = 16

export async function runOffLattice(o: OffLatticeRunOptions): Promise<OffLatticeOutcome> {
  const figures = o.figures
  const per = Math.min(
    MOST_PER_TASK,
    Math.max(1, Math.floor(figures.length / (TASKS_PER_WORKER * o.transport.workers()))),
  )
  // A task is named by its first figure's index.
  const tasks: FarmTask<OffLatticeInput>[] = []
  for (let first = 0; first < figures.length; first += per) {
    const batch = figures.slice(first, first + per)
    tasks.push({ id: String(first), input: { figures: batch }, weight: batch.length })
  }
  const results: (OffResultText | undefined)[] = figures.map(() => undefined)
  let done = 0
  const outcome = await runFarm(
    {
      kind: 'offlattice',
      setup: {
        pieces: o.pieces.map(pieceToText),
        firstOnly: o.firstOnly,
        list: o.list,
        read: o.read,
      },
      tasks,
      onResult: (task, counted) => {
        counted.forEach((r, k) => {
          results[Number(task.id) + k] = r
          o.onFigure?.(Number(task.id) + k, r)
        })
        done += counted.length
      },
    },
    {
      transport: o.transport,
      signal: o.signal,
      onNotice: o.onNotice,
      onProgress: () => o.onProgress?.({ done, total: figures.length }),
    },
  )
  return {
    complete: outcome.complete,
    cancelled: outcome.cancelled,
    error: outcome.error,
    results,
    elapsedMs: outcome.elapsedMs,
  }
}

/** The set's pieces for the search off the lattice; count ranges are refused in one line. */
export function offPieces(set: SolvableSet): OffPiece[] {
  if (hasRanges(set.pieces))
    throw new InputError(
      `set "${set.name}": count ranges are not taken by the search off the lattice; give each piece one count`,
    )
  return set.pieces.map((p) => ({
    name: p.name,
    corners: fromLattice(p.polygon),
    count: p.count,
    flip: p.flip !== false,
  }))
}
