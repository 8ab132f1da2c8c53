import { spawnSync } from 'node:child_process'

/**
 * Vitest's global setup: the CLI tests run the command line from the build in out/main, as
 * `npm run -s cli` does, so it is brought up to date once, before any test starts one.
 */
export default function buildMain(): void {
  const r = spawnSync(process.execPath, ['scripts/build.mjs', 'main'], { stdio: 'inherit' })
  if (r.status !== 0) throw new Error(`scripts/build.mjs main failed (exit ${r.status})`)
}
