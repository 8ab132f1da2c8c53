import { spawn } from 'node:child_process'
import { onTestFinished } from 'vitest'
import { CLI } from './run-cli'

/**
 * The CLI as a user runs it, in a separate process, asynchronously: for a test that acts while it
 * runs (Ctrl-C, a simulated plotter in this process). Killed when the test ends.
 */
export function startCli(...args: string[]) {
  const child = spawn(process.execPath, [...CLI, ...args])
  onTestFinished(() => void child.kill())
  const result = { code: null as number | null, out: '', err: '' }
  child.stdout.on('data', (d: Buffer) => (result.out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (result.err += d.toString()))
  const done = new Promise<typeof result>((resolve) =>
    child.on('close', (code) => resolve({ ...result, code })),
  )
  return { child, result, done }
}
