import type { JobFigure } from '../../shared/api/contract'
import { convexCases } from '../../shared/convex/convex'
import { InputError } from '../../shared/errors'
import type { SolvedJob } from '../../shared/formats/solutions'
import type { SolvableSet } from '../../shared/pieces/solvable'
import type { PieceKind } from '../../shared/tiling/problem'
import type { SymmetryMode } from '../../shared/tiling/search'
import { nodeWorkers } from './node-worker'
import { runTilings, type RunFigure, type RunOptions, type RunOutcome } from './tiling-job'

/** What a solve is asked to build: every convex figure, or the given figures (Program 1). */
export function jobFigures(
  kind: 'tile' | 'convex',
  pieces: readonly PieceKind[],
  targets: readonly RunFigure[],
): { figures: RunFigure[]; shown: JobFigure[] } {
  if (kind === 'convex') {
    const { cases } = convexCases(pieces)
    return {
      figures: cases,
      shown: cases.map((c) => ({
        name: c.name,
        polygon: c.polygon,
        symmetryOrder: c.symmetryOrder,
      })),
    }
  }
  if (targets.length === 0)
    throw new InputError('there is no figure to build: draw one in Figures first')
  return {
    figures: targets.map((f) => ({ name: f.name, polygon: f.polygon })),
    shown: targets.map((f) => ({ name: f.name, polygon: f.polygon })),
  }
}

/**
 * A whole solve in one call on `workers` fresh worker processes, every tiling kept: what the
 * CLI's export and the tests need. (The app's solver service streams instead.) The set is solved
 * with congruent pieces merged; the job's document has the pieces apart again (`set.apart`), and
 * tilings index them.
 */
export async function solveJob(
  set: SolvableSet,
  o: {
    kind: 'tile' | 'convex'
    figures?: readonly RunFigure[]
    mode: SymmetryMode
    /** Fresh worker processes to run on. */
    workers: number
  } & Pick<RunOptions, 'signal' | 'onProgress' | 'onNotice' | 'force'>,
): Promise<{ job: SolvedJob; outcome: RunOutcome }> {
  const { figures, shown } = jobFigures(o.kind, set.pieces, o.figures ?? set.figures)
  const outcome = await runTilings({
    set: set.wire,
    figures,
    mode: o.mode,
    list: true,
    transport: nodeWorkers(o.workers),
    signal: o.signal,
    force: o.force,
    onProgress: o.onProgress,
    onNotice: o.onNotice,
  })
  const solvedFigures = shown.map((f, i) => ({
    name: f.name,
    polygon: f.polygon,
    counts: outcome.figures[i].counts,
    rejected: outcome.figures[i].rejected,
    complete: outcome.figures[i].complete,
    // Each tiling's copies of a merged kind handed back to the pieces as drawn.
    tilings: (outcome.figures[i].tilings ?? []).map((t) => ({
      ...t,
      pieces: set.spread(t.pieces),
    })),
  }))
  return {
    job: {
      document: set.apart,
      kind: o.kind,
      mode: o.mode,
      complete: outcome.complete,
      figures: solvedFigures,
    },
    outcome,
  }
}
