import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { formatTrianglePuzzle, parseTrianglePuzzle } from '../../shared/edgematch/triangle/parse'
import type { Solution } from '../../shared/edgematch/triangle/puzzle'
import { randomPuzzle } from '../../shared/edgematch/triangle/random'
import { renderSolution } from '../../shared/edgematch/triangle/render'
import { solveAll } from '../../shared/edgematch/triangle/solve'
import { verifyTriangleSolution } from '../../shared/edgematch/triangle/verify'
import { seededRandom } from '../../shared/random'
import { startCliAtTerminal } from '../../testing/cli-at-terminal'
import { cli } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-triangle-'))
const file = (name: string, content: string) => {
  const path = join(tmp, name)
  writeFileSync(path, content)
  return path
}
const example = (k: number) => `shared/edgematch/triangle/examples/puzzle${k}.txt`
const load = (path: string) => parseTrianglePuzzle(readFileSync(path, 'utf8'), path)

describe('triangle command', () => {
  it.each([0, 1, 2, 3])('puzzle%i.txt --count --json prints the two counts alone', (k) => {
    const { fixed, upToRotation } = solveAll(load(example(k))).counts
    const r = cli('triangle', example(k), '--count', '--json')
    expect(r.code).toBe(0)
    expect(r.err).toBe('')
    expect(r.out).toBe(`{"fixed":${fixed},"upToRotation":${upToRotation}}\n`)
  })

  it('without flags draws one board, which is a solution, with the legend', () => {
    const puzzle = load(example(0))
    const boards = new Set<string>()
    solveAll(puzzle, (s) => boards.add(renderSolution(puzzle, s)))
    const r = cli('triangle', example(0))
    expect(r.code).toBe(0)
    const lines = r.out.trimEnd().split('\n')
    expect(boards.has(lines.slice(0, 12).join('\n'))).toBe(true)
    expect(lines[12]).toBe('A … C: figures 1 … 3, a … c: their other halves (−1 … −3)')
    expect(lines[13]).toMatch(/^[\d,]+ placements tried, [\d,]+ search nodes, in [\d.]+ ms\.$/)
  })

  it('--all --json lists every board, each one verified, after the two counts', () => {
    const puzzle = load(example(2))
    const { counts } = solveAll(puzzle)
    const r = cli('triangle', example(2), '--all', '--json')
    expect(r.code).toBe(0)
    expect(
      r.out.startsWith(`{"fixed":${counts.fixed},"upToRotation":${counts.upToRotation},`),
    ).toBe(true)
    const j = JSON.parse(r.out)
    expect(j.labelled).toBe(counts.labelled.toString())
    expect(j.convention).toMatch(/identical pieces are not told apart/)
    expect(j.solutions).toHaveLength(counts.fixed)
    for (const s of j.solutions as Solution[])
      expect(verifyTriangleSolution(puzzle.rows, puzzle.pieces, s)).toBeUndefined()
    expect(j.stats.placements).toBeGreaterThan(0)
  })

  it('--all draws every board and --count says what is counted', () => {
    const { counts } = solveAll(load(example(3)))
    const all = cli('triangle', example(3), '--all')
    expect(all.code).toBe(0)
    expect(all.out.match(/^solution \d+:$/gm)).toHaveLength(counts.fixed)
    const count = cli('triangle', example(3), '--count')
    expect(count.out).toMatch(
      new RegExp(
        `^${counts.fixed} solutions on the fixed triangle, ${counts.upToRotation} up to turning it`,
      ),
    )
    expect(count.out).toContain('Convention: a solution is the picture on the board')
  })

  it('an unsolvable puzzle: "Puzzle unlösbar" and exit code 0', () => {
    // Every side shows 1: no two pieces can meet.
    const path = file('stuck.txt', '1\n4\n1 1 1\n1 1 1\n1 1 1\n1 1 1\n')
    const r = cli('triangle', path)
    expect(r.code).toBe(0)
    expect(r.out.split('\n')[0]).toBe('Puzzle unlösbar')
    expect(cli('triangle', path, '--count', '--json').out).toBe('{"fixed":0,"upToRotation":0}\n')
    expect(JSON.parse(cli('triangle', path, '--json').out)).toMatchObject({ solvable: false })
  })

  it.each([
    [['triangle', join(tmp, 'none.txt')], `error: ${join(tmp, 'none.txt')}: no such puzzle file`],
    [['triangle', tmp], 'is a folder, not a puzzle file'],
    [['triangle', file('empty.txt', '')], 'the file is empty'],
    [
      ['triangle', file('eight.txt', '2\n8\n')],
      'eight.txt, line 2: 8 pieces cannot fill a triangle',
    ],
    [
      ['triangle', file('short.txt', '2\n4\n1 2 -1\n2 x 1\n')],
      'short.txt, line 4: "x" is not a whole number',
    ],
    [['triangle', example(0), '--all', '--count'], 'error: choose --all or --count, not both'],
  ])('bad input %j exits 1 with one line on stderr', (args, message) => {
    const r = cli(...args)
    expect(r.code).toBe(1)
    expect(r.out).toBe('')
    expect(r.err.trim().split('\n')).toHaveLength(1)
    expect(r.err).toContain(message)
  })

  it('Ctrl-C ends a long count at once', async () => {
    // Five rows and few figures: far too many boards to count in a test.
    const path = file(
      'huge.txt',
      formatTrianglePuzzle(randomPuzzle(5, 5, 'built', seededRandom(1))),
    )
    const run = startCliAtTerminal('triangle', path, '--count')
    // In the search: its bar counts the nodes.
    await run.printed(/search nodes/)
    process.kill(run.pid(), 'SIGINT')
    const { code, err } = await run.done
    // The count runs on the farm: its worker is stopped at once, and the run says so.
    expect(code).toBe(130)
    expect(err).toMatch(/stopped after \d+ s; nothing was printed\n$/)
  })

  it('a search for one solution shows its nodes and time on a terminal, and Ctrl-C stops it', async () => {
    // A piece of three figures that nothing matches: no board, so the whole (large) tree is
    // searched.
    const p = randomPuzzle(5, 5, 'built', seededRandom(1))
    const path = file(
      'unsolvable.txt',
      formatTrianglePuzzle({ ...p, figures: 8, pieces: [...p.pieces.slice(1), [6, 7, 8]] }),
    )
    const line =
      /Searching for a solution… [\d.,]+( million)? search nodes \| \d+ s \| Ctrl-C stops/
    const run = startCliAtTerminal('triangle', path)
    await run.printed(line)
    process.kill(run.pid(), 'SIGINT')
    const { code, out, err } = await run.done
    expect(err).toMatch(line)
    expect(out + err).not.toContain('Puzzle unlösbar')
    expect(code).toBe(130)
  }, 120_000)
})
