import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { childPids, exitCode, processRunning } from '../../testing/processes'
import { verifySequence } from '../../shared/tait/verify'
import { CLI, cli } from './run-cli'

describe('tait on the command line', () => {
  it('counts with --json in the issue’s shape: Table 1, and the supplementary table with --paper', () => {
    const r = cli('tait', '10', '--json')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out)).toEqual({ n: 10, gaps: 1, moves: 10, sequences: 96 })
    // Two pairs: 9 minimal sequences for n = 7, of which the paper's program finds 4.
    expect(JSON.parse(cli('tait', '7', '--gaps', '2', '--json').out)).toEqual({
      n: 7,
      gaps: 2,
      moves: 7,
      sequences: 9,
    })
    expect(JSON.parse(cli('tait', '7', '--gaps', '2', '--paper', '--json').out)).toMatchObject({
      sequences: 4,
    })
    expect(cli('tait', '8').out).toMatch(
      /^n = 8, 1 pair of empty cells at the right end \(a row of 18 cells\): 16 minimal move sequences of 8 moves \(/,
    )
  })

  it('lists the sequences: the paper’s example for n = 5, and replayable rows in --json', () => {
    const text = cli('tait', '5', '--list').out
    expect(text).toContain(
      [
        '  0  WBWBWBWBWB__',
        '  1  W__BWBWBWBBW   2–3 → 11–12',
        '  2  WWBBWB__WBBW   7–8 → 2–3',
        '  3  WWB__BBWWBBW   4–5 → 7–8',
        '  4  WWBBBBBWW__W   10–11 → 4–5',
        '  5  __BBBBBWWWWW   1–2 → 10–11',
      ].join('\n'),
    )
    const listed = JSON.parse(cli('tait', '8', '--list', '--limit', '5', '--json').out) as {
      sequences: number
      list: string[][]
    }
    expect(listed.sequences).toBe(16)
    expect(listed.list).toHaveLength(5)
    for (const rows of listed.list)
      expect(verifySequence(rows, { start: 'WBWBWBWBWBWBWBWB__', moves: 8 })).toEqual({ ok: true })
    expect(cli('tait', '8', '--list', '--limit', '2').out).toContain(
      'the first 2; --limit for more',
    )
  })

  it('says when there is no solution, and names the option and range of a bad input', () => {
    expect(JSON.parse(cli('tait', '2', '--json').out)).toEqual({
      n: 2,
      gaps: 1,
      moves: null,
      sequences: 0,
    })
    expect(cli('tait', '0').err).toBe('error: N must be a whole number from 1 to 31, not "0"\n')
    expect(cli('tait', '4', '--gaps', '5').err).toBe(
      'error: --gaps must be a whole number from 1 to 4, not "5"\n',
    )
    expect(cli('tait', '4', '--list', '--limit', 'x').err).toMatch(
      /^error: --limit must be a whole number/,
    )
    const r = cli('tait', '4', '--paper', '--list')
    expect([r.code, r.err]).toEqual([1, 'error: --paper counts only; leave out --list\n'])
  })

  it('stops a long count at once on Ctrl-C, exiting 130', async () => {
    const child = spawn(process.execPath, [...CLI, 'tait', '22'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (err += d))
    // n = 22 takes minutes: under way once its worker runs.
    await expect.poll(() => childPids(child.pid!), { timeout: 60_000 }).toHaveLength(1)
    child.kill('SIGINT')
    const code = await exitCode(child)
    expect(code).toBe(130)
    expect(out).toBe('')
    expect(err).toMatch(/stopped after \d+ s; a count starts over when run again/)
  })

  it('leaves no worker behind when the command itself is killed', async () => {
    const child = spawn(process.execPath, [...CLI, 'tait', '22'], {
      stdio: 'ignore',
    })
    await expect.poll(() => childPids(child.pid!), { timeout: 60_000 }).toHaveLength(1)
    const workers = childPids(child.pid!)
    child.kill('SIGKILL')
    await expect.poll(() => workers.filter(processRunning), { timeout: 20_000 }).toEqual([])
  })
})
