import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FromWorker, ToWorker } from '../worker/protocol'
import { forkWorker, type LaunchWorker } from './solver-pool'
import { SOLVER_V8_FLAGS } from './v8-flags'

/** The worker entries: electron/worker/NAME.ts, built into out/main/NAME.js. */
export type WorkerEntry = 'solver-worker' | 'queens-worker' | 'tait-worker' | 'puzzle-worker'

/**
 * Launches workers under plain Node (CLI, browser host, tests): the bundled entry in `builtDir`
 * when the caller runs from a build, otherwise the TypeScript source through tsx's loader,
 * resolved from the project root.
 */
export function nodeWorkerLauncher<In = ToWorker, Out = FromWorker>(
  name: WorkerEntry,
  builtDir?: string,
): LaunchWorker<In, Out> {
  if (builtDir) {
    const entry = join(builtDir, `${name}.js`)
    return () => forkWorker<In, Out>(entry, [...SOLVER_V8_FLAGS], dirname(entry))
  }
  const entry = fileURLToPath(new URL(`../worker/${name}.ts`, import.meta.url))
  const root = fileURLToPath(new URL('../../', import.meta.url))
  return () => forkWorker<In, Out>(entry, [...SOLVER_V8_FLAGS, '--import', 'tsx'], root)
}
