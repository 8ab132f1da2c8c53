import { execFile, spawnSync } from 'node:child_process'

/**
 * For tests: Node's arguments that run the CLI as `npm run -s cli` does (minus npm): the
 * launcher, which runs the build in out/main (the tests' global setup builds it once).
 */
export const CLI = ['--no-use-osr', 'scripts/cli.mjs']

/** The CLI as a user runs it, a separate process, stdout and stderr apart. */
export function cli(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [...CLI, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: r.status, out: r.stdout, err: r.stderr }
}

/**
 * The same, for a long command (a minute or more): waited for without blocking the test's own
 * thread, which a synchronous wait would hold past vitest's heartbeat ("Timeout calling
 * onTaskUpdate").
 */
export function cliAsync(
  ...args: string[]
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...CLI, ...args],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      (e, out, err) => resolve({ code: e ? ((e as { code?: number }).code ?? null) : 0, out, err }),
    )
  })
}
