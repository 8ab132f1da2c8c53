import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { forkWorker, type LaunchWorker } from './solver-pool'
import { SOLVER_V8_FLAGS } from './v8-flags'

/**
 * Launches solver workers under plain Node (CLI, browser host, tests): the bundled worker
 * `builtEntry` when the caller runs from a build, otherwise the TypeScript source through tsx's
 * loader, resolved from the project root.
 */
export function nodeWorkerLauncher(builtEntry?: string): LaunchWorker {
  if (builtEntry) return () => forkWorker(builtEntry, [...SOLVER_V8_FLAGS], dirname(builtEntry))
  const entry = fileURLToPath(new URL('../worker/solver-worker.ts', import.meta.url))
  const root = fileURLToPath(new URL('../../', import.meta.url))
  return () => forkWorker(entry, [...SOLVER_V8_FLAGS, '--import', 'tsx'], root)
}
