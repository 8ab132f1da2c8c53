import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { interruptedPuzzles } from '../../testing/interrupted-puzzles'
import { needTools } from '../../testing/tools'
import { bruteForce } from '../../testing/bruteforce'
import { parsePieceSet } from '../../shared/formats/load'
import { latticeKey } from '../../shared/pentagons/lattice'
import { cli } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-puzzles-'))
const tangram = parsePieceSet(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram')
const solutions = (polygon: [number, number][]) =>
  bruteForce(
    polygon,
    tangram.pieces.map((p) => ({ polygon: p.polygon, count: p.count })),
  ).solutions

interface Figure {
  polygon: [number, number][]
  solutions: number
  nodes: number
}

describe('puzzles on the command line', () => {
  it('lists figures with exactly one solution as JSON in the issue’s shape, each re-counted', () => {
    const r = cli(
      'puzzles',
      'tangram',
      '--count',
      '6',
      '--unique',
      '--any',
      '--seed',
      '4',
      '--json',
    )
    expect(r.code).toBe(0)
    const { figures } = JSON.parse(r.out) as { figures: Figure[] }
    expect(figures).toHaveLength(6)
    expect(new Set(figures.map((f) => latticeKey(f.polygon))).size).toBe(6)
    for (const f of figures) {
      expect(f.solutions).toBe(1)
      expect(f.nodes).toBeGreaterThan(0)
      expect(solutions(f.polygon)).toBe(1)
    }
    // Repeatable: the same seed gives the same figures.
    expect(cli('puzzles', 'tangram', '--count', '6', '--unique', '--seed', '4', '--json').out).toBe(
      r.out,
    )
  })

  it('prints a table, says when fewer figures exist than asked, and writes a booklet', () => {
    const pdf = join(tmp, 'booklet.pdf')
    const r = cli('puzzles', 'tangram', '--count', '3', '--unique', '--convex', '-o', pdf)
    expect(r.code).toBe(0)
    expect(r.err).toBe(
      'only 1 convex figure built in exactly one way (all 20 convex outlines counted)\n',
    )
    expect(r.out).toMatch(/^1 convex figure built in exactly one way by Tangram, easiest first/)
    expect(r.out).toMatch(
      /#\s+corners\s+symmetries\s+solutions\s+tilings\s+nodes\n1\s+4\s+8\s+1\s+8/,
    )
    expect(r.out).toContain(`booklet: ${pdf} (2 pages)`)
  })

  it('booklet: the silhouettes first, the solutions at the back', (context) => {
    needTools(context, 'pdftotext')
    const pdf = join(tmp, 'five.pdf')
    const r = cli('puzzles', 'tangram', '--count', '5', '--unique', '-o', pdf)
    expect(r.code).toBe(0)
    const pages = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' }).split('\f')
    expect(pages[0]).toContain('Tangram — puzzles')
    expect(pages[0]).toContain(
      '5 figures to build from all 7 pieces, each in exactly one way; easiest first, solutions at the back',
    )
    expect(pages[0]).toContain('Puzzles')
    expect(pages[0]).not.toContain('Solutions')
    expect(pages[1]).toContain('Solutions')
    for (const n of ['1', '2', '3', '4', '5']) expect(pages[1].split(/\s+/)).toContain(n)
    expect(pages[1]).toContain('2 / 2')
  })

  it('writes an SVG booklet a page per file, the silhouettes filled, the pieces at the back', () => {
    const svg = join(tmp, 'b.svg')
    const r = cli('puzzles', 'tangram', '--count', '2', '--unique', '--json', '-o', svg)
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out).booklet).toEqual([svg, join(tmp, 'b-2.svg')])
    const front = readFileSync(svg, 'utf8')
    const back = readFileSync(join(tmp, 'b-2.svg'), 'utf8')
    expect(front).toContain('fill="#2b2b2b"')
    // The tangram's colours: the large triangles' on the solutions page only.
    expect(front).not.toContain('fill="#e4572e" stroke="none"')
    expect(back).toContain('fill="#e4572e" stroke="none"')
  })

  it('--unit: each silhouette on a page of its own at true size, the solutions at the back', () => {
    const svg = join(tmp, 't.svg')
    const r = cli('puzzles', 'tangram', '--count', '3', '--json', '--unit', '20', '-o', svg)
    expect(r.code).toBe(0)
    const { figures, booklet } = JSON.parse(r.out) as { figures: Figure[]; booklet: string[] }
    expect(booklet.length).toBeGreaterThan(3)
    figures.forEach((f, i) => {
      const page = readFileSync(booklet[i], 'utf8')
      const fills = [...page.matchAll(/<polygon points="([^"]+)" fill="#2b2b2b"/g)]
      expect(fills).toHaveLength(1)
      // Its extent in mm is the figure's in lattice units times 20 (SVG to the micrometre).
      const pts = fills[0][1].split(' ').map((p) => p.split(',').map(Number))
      const span = (k: number, ps: number[][]) =>
        Math.max(...ps.map((p) => p[k])) - Math.min(...ps.map((p) => p[k]))
      expect(span(0, pts)).toBeCloseTo(span(0, f.polygon) * 20, 3)
      expect(span(1, pts)).toBeCloseTo(span(1, f.polygon) * 20, 3)
    })
    expect(readFileSync(booklet[3], 'utf8')).toContain('fill="#e4572e" stroke="none"')
    const big = cli('puzzles', 'tangram', '--count', '1', '--unit', '80', '-o', svg)
    expect(big.err).toBe(
      'error: At 80 mm per unit the largest drawing does not fit the page: choose a smaller size.\n',
    )
  })

  it('prints what it has found when stopped by Ctrl-C, exiting 130', async () => {
    const figures = await interruptedPuzzles<Figure>('tangram', '--unique')
    for (const f of figures.slice(0, 5)) expect(solutions(f.polygon)).toBe(1)
  })

  it('refuses impossible requests in one line, exit 1', () => {
    const set = join(tmp, 'l.json')
    writeFileSync(
      set,
      JSON.stringify({
        name: 'L',
        pieces: [
          {
            name: 'L',
            polygon: [
              [0, 0],
              [2, 0],
              [2, 1],
              [1, 1],
              [1, 2],
              [0, 2],
            ],
          },
        ],
      }),
    )
    const cases: [string[], RegExp][] = [
      [
        [set, '--convex'],
        /^error: no convex figure the set builds \(all \d+ convex outlines counted\)\n$/,
      ],
      [
        ['pentaboloes', '--unique'],
        /^error: 30 pieces \(copies counted\) are too many to count every figure exhaustively: at most 16\n$/,
      ],
      [['tangram', '--convex', '--any'], /^error: choose --convex or --any, not both\n$/],
      [
        ['tangram', '--count', '0'],
        /^error: --count must be a whole number from 1 to 1000, not "0"\n$/,
      ],
      [
        ['tangram', '--seed', 'x'],
        /^error: --seed must be a whole number from 0 to 2147483648, not "x"\n$/,
      ],
      [
        ['tangram', '--unit', '0', '-o', join(tmp, 'u.svg')],
        /^error: --unit must be from 0.5 to 200 mm per lattice unit, not "0"\n$/,
      ],
      [['tangram', '--unit', '20'], /^error: --unit sizes the booklet: add -o FILE\n$/],
      [
        ['tangram', '-o', join(tmp, 'b.png')],
        /^error: .*b\.png: a booklet is written as \.pdf or \.svg, not "\.png"\n$/,
      ],
    ]
    for (const [args, err] of cases) {
      const r = cli('puzzles', ...args)
      expect(r.err).toMatch(err)
      expect(r.code).toBe(1)
      expect(r.out).toBe('')
    }
  })
})
