import { spawn } from 'node:child_process'
import type { Readable } from 'node:stream'
import { stripVTControlCharacters } from 'node:util'
import { onTestFinished } from 'vitest'
import { CLI } from '../electron/cli/run-cli'
import { childPids } from './processes'

const quoted = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`
/** What a terminal shows: no escape sequences, and lines ended as the program ended them. */
const shown = (raw: string) => stripVTControlCharacters(raw).replaceAll('\r', '')

/**
 * The CLI run as at a terminal, for a test that acts on it while it runs (Ctrl-C): its stderr is
 * a pseudo-terminal (util-linux's `script`), where it draws its progress bar, the sign that the
 * run is under way that the test waits for (`printed`) instead of sleeping a guessed time. Its
 * stdout stays a pipe (fd 3, which `script` passes on), read as a script reads it. Killed when
 * the test ends.
 */
export function startCliAtTerminal(...args: string[]) {
  const command = `exec ${[process.execPath, ...CLI, ...args].map(quoted).join(' ')} >&3`
  const script = spawn('script', ['--quiet', '--return', '--command', command, '/dev/null'], {
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    env: { ...process.env, SHELL: '/bin/sh' },
  })
  // The CLI is the shell `script` started, turned into the CLI by exec.
  const cliPids = () => childPids(script.pid!)
  onTestFinished(() => {
    for (const pid of cliPids()) process.kill(pid, 'SIGKILL')
    script.kill()
  })
  let err = ''
  let out = ''
  let trouble = ''
  const heard = new Set<() => void>()
  script.stdout!.on('data', (d: Buffer) => {
    err += d.toString()
    for (const check of heard) check()
  })
  ;(script.stdio[3] as Readable).on('data', (d: Buffer) => (out += d.toString()))
  script.stderr!.on('data', (d: Buffer) => (trouble += d.toString()))
  const done = new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    script.on('error', (e) => resolve({ code: null, out, err: `cannot run script: ${e.message}` }))
    script.on('close', (code) => resolve({ code, out, err: shown(err) + trouble }))
  })
  return {
    /** Exit code (128 + the signal's number if a signal ended it), stdout, and stderr as shown. */
    done,
    /** Resolves once stderr shows `pattern` (a line of the progress bar, say); rejects if it ended first. */
    printed: (pattern: RegExp) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (!pattern.test(shown(err))) return
          heard.delete(check)
          resolve()
        }
        heard.add(check)
        check()
        void done.then((r) => {
          heard.delete(check)
          reject(new Error(`the CLI ended (${r.code}) before it printed ${pattern}: ${r.err}`))
        })
      }),
    /** The CLI's process. */
    pid: (): number => {
      const [pid] = cliPids()
      if (pid === undefined) throw new Error('the CLI is not running')
      return pid
    },
  }
}
