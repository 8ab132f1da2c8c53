import { spawn, spawnSync } from 'node:child_process'

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
 * The CLI on a terminal (a pseudo-terminal from util-linux's `script`), as a user at a prompt
 * runs it: what it draws there (stdout and stderr alike) until `until` appears, then Ctrl-C typed;
 * resolves with what it drew and its exit code (`script` passes the command's on). If `until`
 * never comes, the terminal is closed after `ms` (the command gets its hang-up): code null.
 */
export function cliOnTerminal(
  args: string[],
  until: RegExp,
  ms = 60_000,
): Promise<{ seen: string; code: number | null }> {
  const command = [process.execPath, ...CLI, ...args].map((a) => `'${a}'`).join(' ')
  const child = spawn('script', ['-qfec', command, '/dev/null'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  let seen = ''
  child.stdout.on('data', (d: Buffer) => {
    const before = until.test(seen)
    seen += d.toString()
    if (!before && until.test(seen)) child.stdin.write('\x03')
  })
  const closing = setTimeout(() => child.kill('SIGKILL'), ms)
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(closing)
      resolve({ seen, code })
    }),
  )
}
