import { execFileSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exactRegionFromJson } from '../../shared/formats/exact-figure'
import { congruenceKey } from '../../shared/offlattice/grow'
import { OffLatticeSearch } from '../../shared/offlattice/search'
import { TANGRAM_PIECES } from '../../testing/offlattice-figures'
import { expectVerified } from '../../testing/offlattice-verify'
import { needTools } from '../../testing/tools'
import { interruptedPuzzles } from '../../testing/interrupted-puzzles'
import { cli, cliAsync } from './run-cli'

/** `puzzles --turns 45` (issue 25 point 5): figures grown with pieces at 45°, counted exactly. */
const tmp = mkdtempSync(join(tmpdir(), 'pw-puzzles45-'))

type Corner = [number | string, number | string]
interface Figure {
  polygon: Corner[]
  solutions: number
  fixed: number
  nodes: number
  symmetries: number
  tiling: { piece: string; polygon: Corner[] }[]
}

const read = (polygon: Corner[]) =>
  exactRegionFromJson({ polygon }, 'the figure printed').parts[0].outline

describe('puzzles --turns 45', () => {
  it('finds figures with one solution, exact corners, each re-counted; the same for a seed on 1 or 2 processes', async () => {
    const args = ['puzzles', 'tangram', '--turns', '45', '--unique', '--count', '3', '--seed', '1']
    const r = await cliAsync(...args, '--json', '--jobs', '1')
    expect(r.code).toBe(0)
    const { figures } = JSON.parse(r.out) as { figures: Figure[] }
    expect(figures).toHaveLength(3)
    // Off the lattice: some corner is written with √2.
    expect(figures.some((f) => f.polygon.flat().some((c) => String(c).includes('√2')))).toBe(true)
    const outlines = figures.map((f) => read(f.polygon))
    expect(new Set(outlines.map((o) => congruenceKey([{ outline: o, holes: [] }]))).size).toBe(3)
    figures.forEach((f, i) => {
      expect(f.solutions).toBe(1)
      // From its lowest-then-leftmost corner, there at the origin, as the lattice's figures.
      expect(f.polygon[0]).toEqual([0, 0])
      const parts = [{ outline: outlines[i], holes: [] }]
      // Re-counted here, every fixed tiling listed and verified: one class.
      const all = new OffLatticeSearch(parts, TANGRAM_PIECES).run({ list: 'all' })
      expect([all.classes, all.fixed]).toEqual([1, f.fixed])
      expectVerified(parts, TANGRAM_PIECES, all.tilings)
      // The tiling printed, read back from the figure-file notation, checks too.
      const index = (name: string) => TANGRAM_PIECES.findIndex((p) => p.name === name)
      const printed = f.tiling.map((p) => ({ piece: index(p.piece), corners: read(p.polygon) }))
      expectVerified(parts, TANGRAM_PIECES, [printed])
    })
    // Easiest first.
    expect(figures.map((f) => f.nodes)).toEqual(
      [...figures.map((f) => f.nodes)].sort((a, b) => a - b),
    )
    expect((await cliAsync(...args, '--json', '--jobs', '2')).out).toBe(r.out)
  }, 300_000)

  it('prints the table and writes the booklet: the silhouettes first, the solutions at the back', async (context) => {
    needTools(context, 'pdftotext')
    const pdf = join(tmp, 'tangram-45.pdf')
    const r = await cliAsync(
      'puzzles',
      'tangram',
      '--turns',
      '45',
      '--unique',
      '--count',
      '5',
      '-o',
      pdf,
    )
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^5 figures built in exactly one way by Tangram, easiest first/)
    expect(r.out).toMatch(
      /#\s+corners\s+symmetries\s+solutions\s+tilings\s+nodes\n1\s+\d+\s+\d\s+1\s/,
    )
    expect(r.out).toContain(`booklet: ${pdf} (2 pages)`)
    const pages = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' }).split('\f')
    expect(pages[0]).toContain('Tangram — puzzles')
    expect(pages[0]).toContain('5 figures to build from all 7 pieces, each in exactly one way')
    expect(pages[0]).toContain('Puzzles')
    expect(pages[0]).not.toContain('Solutions')
    expect(pages[1]).toContain('Solutions')
    for (const n of ['1', '2', '3', '4', '5']) expect(pages[1].split(/\s+/)).toContain(n)
  }, 300_000)

  it('prints what it has found when stopped by Ctrl-C, exiting 130', async () => {
    const figures = await interruptedPuzzles<Figure>('tangram', '--turns', '45', '--unique')
    expect(figures.every((f) => f.solutions === 1)).toBe(true)
  }, 120_000)

  it('refuses what pieces at 45° cannot take in one line, exit 1', () => {
    const slopes = join(tmp, 'slopes.json')
    writeFileSync(
      slopes,
      JSON.stringify({
        name: 'Slopes',
        pieces: [
          {
            name: 'slope',
            polygon: [
              [0, 0],
              [2, 0],
              [0, 1],
            ],
          },
        ],
      }),
    )
    const cases: [string[], RegExp][] = [
      [
        ['tangram', '--turns', '45', '--convex'],
        /^error: pieces at 45° grow figures at random: choose any figure \(--any\), not --convex\n$/,
      ],
      [['tangram', '--turns', '30'], /^error: --turns must be 90 or 45, not "30"\n$/],
      [
        ['pentominoes', '--turns', '45'],
        /^error: no piece has a diagonal edge: pieces turned by 45° would meet the others only at corners; figures at 45° are grown from sets such as the tangram\n$/,
      ],
      [
        [slopes, '--turns', '45'],
        /^error: slopes\.json: piece 1 "slope": edge 2 .* is not horizontal, vertical or diagonal at 45°\n$/,
      ],
    ]
    for (const [args, line] of cases) {
      const r = cli('puzzles', ...args)
      expect(r.code).toBe(1)
      expect(r.err).toMatch(line)
    }
  })
})
