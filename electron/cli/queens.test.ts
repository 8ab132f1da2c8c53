import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { childPids } from '../../testing/processes'
import { readCheckpoint } from '../services/farm/checkpoint'
import { queensCheckpoint } from '../services/queens/count-run'
import { CLI, cli } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-queens-cli-'))

describe('queens on the command line', () => {
  it('counts with --json in the issue’s shape', () => {
    const r = cli('queens', 'count', '12', '--json')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out)).toEqual({ n: 12, solutions: 14200, unique: 1787 })
    expect(cli('queens', 'count', '8').out).toMatch(
      /^n = 8: 92 solutions, 12 distinct up to the board's 8 symmetries \(/,
    )
  })

  it('counts in shards that merge into the whole', () => {
    const files = [1, 2].map((i) => join(tmp, `s${i}.json`))
    for (const [i, f] of files.entries()) {
      const r = cli('queens', 'count', '11', '--shard', `${i + 1}/2`, '--checkpoint', f, '--json')
      expect(r.code).toBe(0)
      expect(JSON.parse(r.out)).toMatchObject({ n: 11, shard: `${i + 1}/2` })
    }
    const merged = cli('queens', 'merge', ...files, '--json')
    expect(JSON.parse(merged.out)).toEqual({ n: 11, solutions: 2680, unique: 341 })
    expect(cli('queens', 'merge', files[0]).err).toBe('error: shard 2/2 missing\n')
  })

  it('lists and draws the solutions, and charts the partial solutions', () => {
    const all = JSON.parse(cli('queens', 'list', '8', '--json').out) as { solutions: number[][] }
    expect(all.solutions).toHaveLength(92)
    // Each one a solution, checked here queen by queen; all different.
    for (const q of all.solutions)
      for (let i = 0; i < 8; i++)
        for (let j = i + 1; j < 8; j++) {
          expect(q[i]).not.toBe(q[j])
          expect(Math.abs(q[i] - q[j])).not.toBe(j - i)
        }
    expect(new Set(all.solutions.map(String)).size).toBe(92)
    const unique = JSON.parse(cli('queens', 'list', '8', '--unique', '--json').out) as {
      solutions: { classSize: number }[]
    }
    expect(unique.solutions).toHaveLength(12)
    expect(unique.solutions.reduce((s, c) => s + c.classSize, 0)).toBe(92)
    const drawn = cli('queens', 'list', '4').out
    expect(drawn).toContain('#1  2 4 1 3\n· Q · ·\n· · · Q\nQ · · ·\n· · Q ·')
    expect(cli('queens', 'list', '13').err).toBe(
      'error: N must be a whole number from 1 to 12, not "13"\n',
    )
    expect(JSON.parse(cli('queens', 'partials', '13', '--json').out)).toMatchObject({
      n: 13,
      partials: [
        13, 132, 1030, 6404, 31100, 117694, 335010, 707698, 1086568, 1151778, 813448, 350302, 73712,
      ],
    })
  })

  it('decides the two-player game with its winning first moves', () => {
    expect(JSON.parse(cli('queens', 'game', '8', '--json').out)).toEqual({
      n: 8,
      winner: 'first',
      moves: [
        [3, 3],
        [3, 4],
        [4, 3],
        [4, 4],
      ],
      byTheorem: false,
    })
    expect(JSON.parse(cli('queens', 'game', '10', '--json').out)).toMatchObject({
      winner: 'second',
      moves: [],
    })
    expect(cli('queens', 'game', '7').out).toMatch(/by the reflection theorem/)
    expect(cli('queens', 'game', '17').err).toBe(
      'error: N must be a whole number from 1 to 16, not "17"\n',
    )
  })

  it('a worker killed mid-count: one line, its task counted again, the count exact', async () => {
    const checkpoint = join(tmp, 'killed.json')
    const args = ['queens', 'count', '17', '--jobs', '2', '--checkpoint', checkpoint, '--json']
    const child = spawn(process.execPath, [...CLI, ...args, '--no-progress'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    const exited = new Promise<number | null>((r) => child.on('exit', r))
    // Once tasks are finished and in the checkpoint, a worker is killed as the OOM killer would.
    const finished = async () =>
      (await readCheckpoint(checkpoint, queensCheckpoint).catch(() => undefined))?.done.size ?? 0
    await expect.poll(finished, { timeout: 60_000, interval: 50 }).toBeGreaterThan(0)
    process.kill(childPids(child.pid!)[0], 'SIGKILL')
    expect(await exited).toBe(0)
    expect(err).toMatch(
      /^warning: a worker process stopped unexpectedly \(SIGKILL\); task r?\d+(\.\d+)* run again\n$/,
    )
    expect(JSON.parse(out)).toEqual({ n: 17, solutions: 95815104, unique: 11977939 })
    // A count of 20 s on two cores: more on a loaded machine.
  }, 180_000)

  it('refuses a bad checkpoint in one line naming it', () => {
    const bad = join(tmp, 'bad.json')
    writeFileSync(
      bad,
      '{"format":"puzzle-workbench/checkpoint","version":3,"kind":"queens","plan":{"n":12}}',
    )
    const r = cli('queens', 'count', '12', '--checkpoint', bad)
    expect(r.code).toBe(1)
    expect(r.err).toBe(
      `error: ${bad}: not a valid queens checkpoint (plan.shard: Invalid input: expected string, received undefined)\n`,
    )
    expect(existsSync(bad)).toBe(true)
  })

  it('refuses a board it cannot count, saying why', () => {
    const r = cli('queens', 'count', '28')
    expect(r.code).toBe(1)
    expect(r.err).toBe('error: N must be a whole number from 1 to 27, not "28"\n')
    expect(cli('queens', 'count', '8', '--shard', '0/2').err).toMatch(/--shard must be i\/k/)
  })
})
