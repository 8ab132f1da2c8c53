import { fileURLToPath } from 'node:url'
import { forkWorker, type LaunchWorker } from './solver-pool'
import { SOLVER_V8_FLAGS } from './v8-flags'

/**
 * Launches solver workers under plain Node (CLI, browser host, tests). From the TypeScript
 * sources the worker runs through tsx's loader, resolved from the project root; from a build it
 * is the bundled JS next to us.
 */
export function nodeWorkerLauncher(): LaunchWorker {
  const fromSource = import.meta.url.endsWith('.ts')
  const entry = fileURLToPath(
    new URL(fromSource ? '../worker/solver-worker.ts' : './solver-worker.js', import.meta.url),
  )
  const root = fileURLToPath(new URL(fromSource ? '../../' : './', import.meta.url))
  return () =>
    forkWorker(entry, [...SOLVER_V8_FLAGS, ...(fromSource ? ['--import', 'tsx'] : [])], root)
}
