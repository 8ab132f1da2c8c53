import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startCliAtTerminal } from '../../testing/cli-at-terminal'
import { cli, cliAsync } from './run-cli'
import { rect } from '../../testing/shapes'

const tmp = mkdtempSync(join(tmpdir(), 'pw-cli-'))
const file = (name: string, content: string) => {
  const path = join(tmp, name)
  writeFileSync(path, content)
  return path
}

/** The set: 60 figures, each a staircase of 9,998 vertices (7 MB; `convex` took 72 s). */
function staircases(): string {
  const k = 4998
  const stairs: number[][] = []
  for (let i = 0; i < k; i++) stairs.push([i, i], [i + 1, i])
  stairs.push([k, k], [0, k])
  const figures = Array.from({ length: 60 }, (_, i) => ({ name: `stairs ${i}`, polygon: stairs }))
  const pieces = [
    {
      name: 'a',
      polygon: [
        [0, 0],
        [2, 0],
        [0, 2],
      ],
    },
  ]
  return JSON.stringify({ name: 'stairs', pieces, figures })
}

describe('command line', () => {
  it('outlines --area 16 --json lists the 20 outlines', () => {
    const r = cli('outlines', '--area', '16', '--json')
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    expect(j.area).toBe(16)
    expect(j.outlines).toHaveLength(20)
    expect(j.outlines[0].polygon).toEqual([
      [0, 0],
      [1, 0],
      [1, 8],
      [0, 8],
    ])
  })

  it('convex tangram --json gives 13 tileable outlines and 142 tilings, stdout being JSON alone', () => {
    const r = cli('convex', 'tangram', '--json')
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    expect(j).toMatchObject({ area: 16, tileable: 13, solutions: 142, fixed: 256 })
    expect(j.outlines.find((o: { name: string }) => o.name === 'square 2√2').solutions).toBe(1)
  })

  it('convex --estimate decides what the run rules out and sizes the rest, searching nothing', () => {
    const run = JSON.parse(cli('convex', 'tangram', '--json', '--jobs', '2').out)
    const r = cli(
      'convex',
      'tangram',
      '--estimate',
      '--json',
      '--jobs',
      '2',
      '--queue-workers',
      '50',
    )
    expect(r.code).toBe(0)
    const e = JSON.parse(r.out)
    const rejected = (o: { rejected?: string }) => o.rejected !== undefined
    // The same outlines ruled out for the same reasons as the run's.
    expect(e.each.map((o: { rejected?: string }) => o.rejected ?? null)).toEqual(
      run.outlines.map((o: { rejected?: string }) => o.rejected ?? null),
    )
    expect(e).toMatchObject({
      figures: run.outlines.length,
      estimated: run.outlines.length,
      ruledOut: run.outlines.filter(rejected).length,
      complete: true,
    })
    expect(e.toSearch).toBe(e.figures - e.ruledOut)
    // Knuth's estimate is unbiased: the sum of the figures', near the nodes the run visited.
    const sum = e.each.reduce((s: number, o: { nodes?: number }) => s + (o.nodes ?? 0), 0)
    expect(e.nodes).toBeCloseTo(sum, 0)
    expect(e.nodes).toBeGreaterThan(run.stats.placements / 4)
    expect(e.nodes).toBeLessThan(run.stats.placements * 4)
    // The time on N workers is the time in one process over N.
    expect(e.here).toEqual({ workers: 2, seconds: e.seconds / 2 })
    expect(e.queue).toEqual({ workers: 50, seconds: e.seconds / 50 })
    const text = cli('convex', 'tangram', '--estimate', '--jobs', '2')
    expect(text.out).toMatch(/ruled out before any search/)
    expect(text.out).toMatch(/here \(2 processes\), .* on 10 workers of the queue/)
    // One format of estimates: two significant figures and the spread, as the app shows them.
    expect(e.spread).toBeGreaterThanOrEqual(1)
    expect(text.out).toMatch(
      /^estimate: about [\d.,]+ nodes \(×\/÷ [\d.,]+(·10\S+| million)?\) in \d+ outlines/m,
    )
    expect(text.out).not.toMatch(/\^|quadrillion|trillion|billion/)
    expect(cli('convex', 'tangram', '--estimate', '--queue-workers', '0').err).toBe(
      'error: --queue-workers must be a whole number from 1 to 100000, not "0"\n',
    )
  })

  it('--raw counts every tiling of the fixed figure, and lists them all', () => {
    const j = JSON.parse(cli('convex', 'tangram', '--json', '--raw').out)
    expect(j).toMatchObject({ tileable: 13, solutions: 256, fixed: 256 })
    expect(j.convention).toMatch(/every tiling of the fixed figure/)
    const text = cli('tile', 'pentominoes', 'rectangle-3x20', '--raw', '--count')
    expect(text.out).toMatch(/: 8 tilings \(every tiling of the fixed figure.*\); 2 up to/)
    const all = JSON.parse(
      cli('tile', 'pentominoes', 'rectangle-3x20', '--raw', '--all', '--json').out,
    )
    expect(all.solutions).toBe(8)
    expect(all.tilings).toHaveLength(8)
  })

  it.each(['tangram', 'hexominoes'])(
    "prints the README's convex %s example, statistics and all",
    (name) => {
      const readme = readFileSync('README.md', 'utf8')
      const start = readme.indexOf(`$ npm run -s cli -- convex ${name}\n`)
      const shown = readme.slice(start, readme.indexOf('```', start)).split('\n').slice(1, -1)
      const time = (line: string) => line.replace(/\d+\.\d+ s\.$/, 'T s.')
      const printed = cli('convex', name).out.split('\n').map(time)
      expect(shown.length).toBeGreaterThan(6)
      for (const line of shown) if (line !== ' …') expect(printed).toContain(time(line))
    },
  )

  it('convex --list gives the tilings as placed piece polygons', () => {
    const j = JSON.parse(cli('convex', 'resources/sets/tangram.json', '--json', '--list').out)
    const square = j.outlines.find((o: { name: string }) => o.name === 'square 2√2')
    expect(square.tilings).toHaveLength(1)
    expect(square.tilings[0]).toHaveLength(7)
    expect(square.tilings[0][0]).toHaveProperty('polygon')
  })

  it('sets states a set with count ranges as its range, with no convex outlines', () => {
    const r = cli('sets')
    expect(r.code).toBe(0)
    expect(r.out).toMatch(
      /^pentominoes-one-left-out +Pentominoes, one left out +0–12 +12 +0–120 +–$/m,
    )
    expect(r.out).toMatch(/^pentominoes +Pentominoes +12 +12 +120 +164$/m)
  })

  it('tile counts, finds a first tiling, and lists all', () => {
    expect(
      JSON.parse(cli('tile', 'pentominoes', 'rectangle-3x20', '--count', '--json').out),
    ).toMatchObject({ solutions: 2, fixed: 8 })
    const first = cli('tile', 'tangram', 'resources/figures/tangram-square.json')
    expect(first.code).toBe(0)
    expect(first.out).toMatch(/^tangram square can be built from Tangram:\n {2}large triangle: /)
    const all = JSON.parse(cli('tile', 'tangram', 'tangram-right-trapezoid', '--all', '--json').out)
    expect(all.solutions).toBe(36)
    expect(all.tilings).toHaveLength(36)
  })

  it('tile with count ranges says what each tiling leaves out, and refuses a board no counts fill', () => {
    const square = '[[0,0],[1,0],[1,1],[0,1]]'
    const range = file(
      'range.json',
      `{"name": "R", "pieces": [{"name": "domino", "polygon": [[0,0],[2,0],[2,1],[0,1]], "count": {"min": 0, "max": 2}}, {"name": "monomino", "polygon": ${square}, "count": {"min": 0, "max": 2}}]}`,
    )
    const board = file('board.json', '{"cells": ["##", "##"]}')
    // Two dominoes (2 ways) or one domino and two monominoes (4 ways); four monominoes exceed the range.
    const all = JSON.parse(cli('tile', range, board, '--raw', '--all', '--json').out)
    expect(all).toMatchObject({ solutions: 6, fixed: 6 })
    expect(all.leftOut).toHaveLength(6)
    const left = all.leftOut.map((l: unknown) => JSON.stringify(l)).sort()
    expect(left).toEqual([
      ...Array(4).fill('[{"piece":"domino","copies":1}]'),
      ...Array(2).fill('[{"piece":"monomino","copies":2}]'),
    ])
    all.tilings.forEach((t: unknown[], k: number) =>
      expect(t).toHaveLength(all.leftOut[k][0].piece === 'domino' ? 3 : 2),
    )
    const text = cli('tile', range, board, '--all')
    expect(text.out).toContain('left out: monomino ×2')
    expect(text.out).toContain('left out: domino')
    const big = file('big.json', '{"cells": ["###", "###", "###"]}')
    const refused = cli('tile', range, big)
    expect(refused.code).toBe(1)
    expect(refused.err.trim()).toBe(
      'error: set "R": the figure covers 18 half-squares; with the counts\' ranges the pieces cover 0, 2, 4, 6, 8, 10, 12',
    )
    expect(cli('convex', range).err).toContain('give whole counts, not ranges')
    for (const command of ['pentagons', 'puzzles'])
      expect(cli(command, range).err.trim()).toBe(
        `error: R: the piece "domino" has a count range; ${command} takes whole counts only`,
      )
  })

  it('tile says why a figure cannot be built when a rule-out settles it, without a search', () => {
    // 20 cells, as the tetrominoes, in a parallelogram: square-cell pieces make no diagonal side.
    const slanted = file('slanted.json', '{"polygon": [[0,0],[10,0],[12,2],[2,2]]}')
    const r = cli('tile', 'tetrominoes', slanted)
    expect(r.code).toBe(0)
    expect(r.out).toContain(
      'cannot be built from Tetrominoes: square-cell pieces make no diagonal side, and the figure has one: the side 2√2 from (10, 0) to (12, 2).',
    )
    expect(r.out).toContain('0 placements tried, 0 fitted')
  })

  // Every published number computed: half a minute here, longer on a busy machine.
  it(
    'reproduce prints the published numbers beside the computed ones',
    { timeout: 240_000 },
    async () => {
      const r = await cliAsync('reproduce', '--json')
      expect(r.code).toBe(0)
      const j = JSON.parse(r.out)
      expect(j.numbers.find((n: { id: string }) => n.id === 'laeuchli-solutions')).toMatchObject({
        published: '142',
        computed: '142',
        matches: true,
      })
    },
  )

  it.each([
    [
      ['tile', 'tangram', file('fig.json', '{"polygon": [[0,0],[4,0],[4,3],[0,3]]}')],
      'error: set "Tangram": the pieces cover 16 half-squares, the figure 24: a tiling must use every piece exactly its count',
    ],
    [
      [
        'convex',
        file(
          'bad.json',
          '{"name": "x", "pieces": [{"name": "a", "polygon": [[0,0],[2,1],[0,1]]}]}',
        ),
      ],
      'error: bad.json: piece 1 "a": edge 1 from (0, 0) to (2, 1) is not horizontal, vertical or diagonal at 45°',
    ],
    [
      ['convex', file('broken.json', '{"name": "x",\n "pieces": [')],
      'error: broken.json: not valid JSON (the text ends too early)',
    ],
    [
      ['convex', 'no-such-set'],
      'error: no-such-set: no such file, and no bundled set of that name',
    ],
    [
      ['outlines', '--area', 'lots'],
      'error: --area must be a whole number of half-squares ≥ 1, not "lots"',
    ],
    [
      ['outlines', '--area', '1000000000'],
      'error: area 1000000000 is too large to list: there are about',
    ],
    [['convex', 'pentaboloes'], 'error: this search would visit about'],
    [
      ['convex', file('stairs.json', staircases())],
      `error: ${join(tmp, 'stairs.json')}: too large (6.9 MB); the workbench reads files of at most 2 MB`,
    ],
    [
      ['convex', file('brackets.json', '['.repeat(200_000))],
      'error: brackets.json: not valid JSON (the text ends too early)',
    ],
    [['export', 'tangram', '-o', '/tmp/x.doc'], 'error: choose a format with --format'],
    [['export', 'tangram', '-o', '/tmp/x.pdf', '--paper', 'A5'], 'error: --paper: Invalid option'],
    [['export', 'tangram', '-o', '/tmp/x.pdf', '--trace'], 'error: --trace prints the search'],
  ])('bad input %j exits 1 with one line on stderr', (args, message) => {
    const r = cli(...args)
    expect(r.code).toBe(1)
    expect(r.out).toBe('')
    expect(r.err.trim().split('\n')).toHaveLength(1)
    expect(r.err).toContain(message)
  })

  it('tile counts a board with a hole and one of two parts, written as "polygons" or "cells"', () => {
    const holed = file(
      'centre.json',
      JSON.stringify({
        name: '8x8 centre hole',
        polygons: [
          {
            outline: rect(0, 0, 8, 8),
            holes: [
              [
                [3, 3],
                [3, 5],
                [5, 5],
                [5, 3],
              ],
            ],
          },
        ],
      }),
    )
    const r = cli('tile', 'pentominoes', holed, '--count', '--json', '--jobs', '1')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out)).toMatchObject({
      area: 120,
      solutions: 65,
      fixed: 520,
      complete: true,
    })
    // Two parts joined at a corner: a 2 × 1 and a 2 × 2 square, tiled by dominoes every way.
    const parts = file('parts.json', JSON.stringify({ cells: ['..##', '..##', '##..'] }))
    const dominoes = file(
      'dominoes.json',
      JSON.stringify({
        name: 'dominoes',
        pieces: [
          {
            name: 'd',
            polygon: rect(0, 0, 2, 1),
            count: 3,
          },
        ],
      }),
    )
    const all = JSON.parse(
      cli('tile', dominoes, parts, '--all', '--json', '--raw', '--jobs', '1').out,
    )
    expect(all).toMatchObject({ solutions: 2, fixed: 2 })
    expect(all.tilings).toHaveLength(2)
  })

  it.each([
    [
      {
        polygons: [
          {
            outline: rect(0, 0, 4, 4),
            holes: [rect(3, 1, 5, 2)],
          },
        ],
      },
      'error: hole.json: figure, hole 1 is not inside its outline at the cell (4, 1)',
    ],
    [
      {
        polygons: [
          {
            outline: rect(0, 0, 4, 4),
            holes: [
              rect(1, 1, 3, 3),
              [
                [2, 1],
                [3, 2],
                [2, 3],
                [1, 2],
              ],
            ],
          },
        ],
      },
      'error: hole.json: figure, holes 1 and 2 overlap at the cell (1, 1)',
    ],
    [
      {
        polygons: [
          {
            outline: rect(0, 0, 4, 4),
            holes: [
              [
                [1, 1],
                [2, 1],
                [3, 1],
              ],
            ],
          },
        ],
      },
      'error: hole.json: figure, hole 1: has zero area',
    ],
    [
      {
        polygons: [
          {
            outline: rect(0, 0, 2, 2),
          },
          {
            outline: rect(1, 1, 3, 3),
          },
        ],
      },
      'error: hole.json: figure, parts 1 and 2 overlap at the cell (1, 1)',
    ],
    [
      {
        polygons: [
          {
            outline: rect(0, 0, 4, 4),
            holes: [rect(0, 1, 1, 2)],
          },
        ],
      },
      'error: hole.json: figure, the outline and hole 1 run along the same side from (0, 2) to (0, 1); rings may meet only at points',
    ],
    [
      { cells: ['###', '##', '###'] },
      'error: hole.json: figure, cells: row 2 has 2 characters, row 1 has 3',
    ],
    [{ cells: ['###', '#o#'] }, 'error: hole.json: figure, cells: row 2, column 2: "o" is neither'],
    [
      {
        polygon: [
          [0, 0],
          [1, 0],
          [1, 1],
          [2, 1],
          [2, 2],
          [1, 2],
          [1, 1],
          [0, 1],
        ],
      },
      'error: hole.json: the figure the outline touches itself at (1, 1) (edges 3 and 7); write a figure with holes or parts as "polygons"',
    ],
    [
      {
        polygon: [
          [0, 0],
          [1, 0],
          [1, 1],
        ],
        cells: ['#'],
      },
      'error: hole.json: the figure gives "polygon" and "cells"; give only one of',
    ],
  ])(
    'a bad board %j exits 1 with one line naming the file and the part, hole or row',
    (figure, message) => {
      const r = cli('tile', 'pentominoes', file('hole.json', JSON.stringify(figure)))
      expect(r.code).toBe(1)
      expect(r.err.trim().split('\n')).toHaveLength(1)
      expect(r.err).toContain(message)
      expect(r.err).not.toContain('piece')
    },
  )

  it('reads a set that starts with a byte-order mark, as the app does', () => {
    const set = file('bom.json', '\uFEFF' + readFileSync('resources/sets/tangram.json', 'utf8'))
    const r = cli('convex', set, '--json', '--jobs', '1')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out)).toMatchObject({ tileable: 13, solutions: 142 })
  })

  it('export writes the sheet and says what it wrote; --json for scripts', () => {
    const pdf = join(tmp, 'tangram.pdf')
    const r = cli('export', 'tangram', '-o', pdf, '--jobs', '1')
    expect(r.code).toBe(0)
    expect(r.out).toBe(`wrote ${pdf}: 142 solutions on 5 pages\n`)
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-')
    const j = JSON.parse(
      cli('export', 'tangram', '-o', join(tmp, 't.hpgl'), '--json', '--jobs', '1').out,
    )
    expect(j.files).toHaveLength(5)
    expect(j.solutions).toBe(142)
    expect(j.plot.penUp).toBeLessThanOrEqual(j.plot.naivePenUp / 2)
  })

  it('export --trace prints the search to the first tiling in line-printer text (Figure 7)', () => {
    const r = cli(
      'export',
      'tangram',
      '--figure',
      'tangram-square',
      '--trace',
      '-o',
      '-',
      '--format',
      'txt',
    )
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^tangram square: the search up to its first tiling/)
    expect(r.out).toMatch(/\d+: tiled/)
    expect(r.out).toContain('*XXXXXX')
  })

  it('stops cleanly on Ctrl-C, printing the partial result and exiting 130', async () => {
    // A search of days (the pentaboloes' convex figures, forced): still running when interrupted.
    const run = startCliAtTerminal('convex', 'pentaboloes', '--force', '--json')
    // Under way: its bar counts the placements.
    await run.printed(/placements/)
    process.kill(run.pid(), 'SIGINT')
    const { code, out, err } = await run.done
    expect(code).toBe(130)
    expect(err).toContain('interrupted: the counts above are partial')
    expect(JSON.parse(out)).toMatchObject({ complete: false })
  })

  it('npm run -s cli prints nothing but the program output', () => {
    const r = spawnSync('npm', ['run', '-s', 'cli', '--', 'outlines', '--area', '5', '--json'], {
      encoding: 'utf8',
      timeout: 120_000,
    })
    expect(r.status).toBe(0)
    expect(JSON.parse(r.stdout).outlines).toHaveLength(3)
  })
})
