import { join } from 'node:path'
import type { FromWorker, ToWorker } from '../worker/protocol'
import { projectRoot } from './project-root'
import { forkWorker, type LaunchWorker } from './solver-pool'
import { SOLVER_V8_FLAGS } from './v8-flags'

/** The worker entries: electron/worker/NAME.ts, built into out/main/NAME.js. */
export type WorkerEntry = 'solver-worker' | 'queens-worker' | 'tait-worker' | 'puzzle-worker'

const root = projectRoot(import.meta.url)
/** Whether this module runs from the build (the CLI, the browser host) or from the sources (tests, benchmarks). */
const built = !import.meta.url.endsWith('.ts')

/**
 * Launches workers under plain Node (CLI, browser host, tests) from the same code the caller
 * runs: the bundled entries in out/main when it runs from the build, which start in a fraction
 * of the time, otherwise the TypeScript sources through tsx's loader.
 */
export function nodeWorkerLauncher<In = ToWorker, Out = FromWorker>(
  name: WorkerEntry,
): LaunchWorker<In, Out> {
  if (built) {
    const dir = join(root, 'out', 'main')
    return () => forkWorker<In, Out>(join(dir, `${name}.js`), [...SOLVER_V8_FLAGS], dir)
  }
  const entry = join(root, 'electron', 'worker', `${name}.ts`)
  return () => forkWorker<In, Out>(entry, [...SOLVER_V8_FLAGS, '--import', 'tsx'], root)
}
