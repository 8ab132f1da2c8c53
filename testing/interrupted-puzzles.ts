import { expect } from 'vitest'
import { startCliAtTerminal } from './cli-at-terminal'

/**
 * `puzzles … --count 1000 --json` at a terminal, stopped by Ctrl-C once its bar counts some
 * figures found: it exits 130, says so on stderr, and prints the figures found so far (returned).
 */
export async function interruptedPuzzles<F>(...args: string[]): Promise<F[]> {
  const run = startCliAtTerminal('puzzles', ...args, '--count', '1000', '--json')
  await run.printed(/[1-9]\d*\/1000 found/)
  process.kill(run.pid(), 'SIGINT')
  const { code, out, err } = await run.done
  expect(code).toBe(130)
  const { figures } = JSON.parse(out) as { figures: F[] }
  expect(figures.length).toBeGreaterThan(0)
  expect(err).toContain(`interrupted: ${figures.length} of 1,000 figures found\n`)
  return figures
}
