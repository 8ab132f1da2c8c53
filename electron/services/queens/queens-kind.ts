import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { setAsideIfDamaged } from '../farm/checkpoint'
import type { HostRunKind } from '../run/run-kind'
import { queensCheckpoint, runQueensCount } from './count-run'

/**
 * The app's n-queens counts as a run kind (`queens`). A count that is cancelled (or dies with the
 * app) leaves its checkpoint in `checkpointDir`, one per n, and counting the same n again resumes
 * from it; a finished count removes it. A damaged checkpoint is set aside, the run failing in
 * one line that says so.
 */
export const queensKind = (checkpointDir: string): HostRunKind<'queens'> => ({
  run: async ({ n }, ctx) => {
    const checkpoint = join(checkpointDir, `queens-${n}.json`)
    await mkdir(checkpointDir, { recursive: true })
    await setAsideIfDamaged(checkpoint, queensCheckpoint, 'count again', { n, shard: null })
    const r = await runQueensCount({
      n,
      transport: ctx.transport,
      checkpoint,
      signal: ctx.signal,
      onNotice: ctx.notice,
      onProgress: ctx.progress,
    })
    if (!r.complete) return null
    await rm(checkpoint, { force: true })
    const { total, unique, nodes, resumed, tasks, elapsedMs } = r
    return {
      n,
      total: String(total),
      unique: String(unique),
      nodes,
      resumed,
      tasks,
      ms: elapsedMs,
    }
  },
})
