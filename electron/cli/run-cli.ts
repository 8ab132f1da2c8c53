import { spawnSync } from 'node:child_process'

/** For tests: the CLI as a user runs it (minus npm), a separate process, stdout and stderr apart. */
export function cli(...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'electron/cli/main.ts', ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  })
  return { code: r.status, out: r.stdout, err: r.stderr }
}
