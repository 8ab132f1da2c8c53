import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { SearchTooLargeError } from '../../shared/errors'
import { setAsideIfDamaged } from './farm/checkpoint'
import type { HostRunKind } from './run/run-kind'
import { requestFigures, solvable } from './solver-service'
import { runTilings, tilingCheckpoint, tilingRunId, type RunProgress } from './tiling-job'

/** Checkpoints of stopped solves kept, the newest. */
const KEEP_CHECKPOINTS = 8

/**
 * The checkpoint of a solve: one file per set, figures and convention, in the checkpoint folder
 * (a damaged one set aside).
 */
async function checkpointFor(dir: string, runId: string): Promise<string> {
  await mkdir(dir, { recursive: true })
  const path = join(dir, `tilings-${runId.slice(0, 24)}.json`)
  await setAsideIfDamaged(path, tilingCheckpoint, 'solve again')
  return path
}

/** Keeps the newest few checkpoints of stopped solves. */
async function pruneCheckpoints(dir: string): Promise<void> {
  const files = (await readdir(dir)).filter((f) => /^tilings-[0-9a-f]+\.json$/.test(f))
  const dated = await Promise.all(
    files.map(async (f) => ({ f, t: (await stat(join(dir, f))).mtimeMs })),
  )
  dated.sort((a, b) => b.t - a.t)
  for (const { f } of dated.slice(KEEP_CHECKPOINTS)) await rm(join(dir, f), { force: true })
}

/**
 * The tiling solver (Programs 1–3) as a run kind (`solve`): a document that cannot be solved is
 * the start's one-line error; its plan says the figures and the set as solved. Each tiling is an
 * item as found (handed back to the pieces as drawn), then each figure's end, after its tilings;
 * progress says the totals. A stopped solve keeps a checkpoint in `checkpointDir`, and solving
 * the same again resumes from it. A search estimated to take days stops before it, its result
 * saying the estimate (`force` runs it).
 */
export const solveKind = (checkpointDir: string): HostRunKind<'solve'> => ({
  prepare: (request) => {
    const set = solvable(request.document)
    const { figures, shown } = requestFigures(set, request.kind, request.figures)
    const { spread } = set
    const options = { set: set.wire, figures, mode: request.mode, list: request.list }
    return {
      plan: {
        request: { kind: request.kind, mode: request.mode },
        figures: shown,
        document: set.apart,
        setKey: set.key,
        merged: set.merged,
      },
      run: async (ctx) => {
        ctx.soFar(() => ({ complete: false, resumed: 0 }))
        const checkpoint = await checkpointFor(checkpointDir, tilingRunId(options))
        let figuresDone = 0
        const progress = (p: RunProgress) =>
          ctx.progress({
            fraction: p.fraction,
            placements: p.placements,
            solutions: p.solutions,
            figuresDone,
            rate: p.elapsedMs > 0 ? (p.placements / p.elapsedMs) * 1000 : 0,
            etaSeconds: p.etaSeconds,
            estimatedNodes: p.estimatedNodes,
            estimatedSpread: p.estimatedSpread,
            figuresPlanned: p.figuresPlanned,
          })
        try {
          const outcome = await runTilings({
            ...options,
            transport: ctx.transport,
            force: request.force,
            checkpoint,
            signal: ctx.signal,
            onNotice: ctx.notice,
            onSolution: (figure, found, classSize) =>
              ctx.item({ figure, tiling: { pieces: spread(found), classSize } }),
            onFigureDone: (figure, r) => {
              figuresDone++
              ctx.item({
                figure,
                done: {
                  counts: r.counts,
                  stats: r.stats,
                  rejected: r.rejected,
                  complete: r.complete,
                  estimatedNodes: r.estimatedNodes,
                  estimatedSpread: r.estimatedSpread,
                  ...(r.order ? { order: r.order } : {}),
                },
              })
            },
            onProgress: progress,
          })
          if (outcome.complete) await rm(checkpoint, { force: true })
          await pruneCheckpoints(checkpointDir)
          if (outcome.cancelled) return null
          if (outcome.error) throw new Error(outcome.error)
          return { complete: outcome.complete, resumed: outcome.resumed }
        } catch (e) {
          if (ctx.signal.aborted) return null
          if (!(e instanceof SearchTooLargeError)) throw e
          const estimated = { nodes: e.estimatedNodes, spread: e.estimatedSpread }
          return { complete: false, resumed: 0, estimated }
        }
      },
    }
  },
})
