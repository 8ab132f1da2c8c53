import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { childPids } from '../../testing/processes'
import { CLI } from './run-cli'

const cmdline = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean)
/** The queens workers a CLI process started, once both run. */
async function queensWorkers(cli: number): Promise<number[]> {
  const workers = () => childPids(cli).filter((p) => cmdline(p).join(' ').includes('queens-worker'))
  await expect.poll(() => workers().length, { timeout: 30_000 }).toBe(2)
  return workers()
}

describe('the CLI process', () => {
  it('runs from the build, and starts its workers from the build, never through tsx', async () => {
    const child = spawn(process.execPath, [...CLI, 'queens', 'count', '19', '--jobs', '2'], {
      stdio: 'ignore',
    })
    const [own, ...workers] = [child.pid!, ...(await queensWorkers(child.pid!))].map(cmdline)
    child.kill('SIGINT')
    await new Promise((r) => child.on('exit', r))
    for (const args of [own, ...workers]) expect(args.join(' ')).not.toMatch(/tsx/)
    for (const args of workers) expect(args.at(-1)).toMatch(/\/out\/main\/queens-worker\.js$/)
  })
})
