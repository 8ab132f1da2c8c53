import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exactFigureFromJson } from '../../shared/formats/exact-figure'
import { cli } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-pentagons-'))

describe('pentagons on the command line', () => {
  it('lists the tangram’s 53 pentagons as JSON in the issue’s shape', () => {
    const r = cli('pentagons', 'tangram', '--json')
    expect(r.code).toBe(0)
    const j = JSON.parse(r.out)
    expect(j).toMatchObject({ snug: 22, nonSnug: 31, total: 53 })
    expect(j.pentagons).toHaveLength(53)
    for (const p of j.pentagons) {
      expect(p.corners).toHaveLength(5)
      expect(p.corners.flat().every((c: unknown) => typeof c === 'string')).toBe(true)
      expect(p.sides.every((s: unknown) => typeof s === 'number')).toBe(true)
      expect(p.angles.reduce((a: number, b: number) => a + b, 0)).toBe(540)
      expect(p.dissection).toHaveLength(7)
      expect(typeof p.tilings === 'number').toBe(p.snug)
      // The corners read back as an exact figure file would.
      exactFigureFromJson({ polygon: p.corners }, 'cli output')
    }
    expect(j.pentagons.filter((p: { convex: boolean }) => p.convex)).toHaveLength(2)
    expect(j.search.covers).toMatch(/Takeuchi’s assumption/)
  })

  it('prints a table and says what the search covers', () => {
    const r = cli('pentagons', 'tangram')
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^53 pentagons of Tangram: 22 snug, 31 non-snug; 2 convex, 51 not\./)
    expect(r.out).toMatch(/ #\s+snug\s+convex\s+sides\s+angles\s+tilings/)
    expect(r.out).toContain('4 − √2, 4, √2, 4 + 2√2, 2√2')
    expect(r.out).toMatch(/all 31 simple lattice pentagons of area 16 half-squares/)
  })

  it('refuses a set off the lattice in one line, naming the piece and the vertex', () => {
    const set = join(tmp, 'off.json')
    writeFileSync(
      set,
      JSON.stringify({
        name: 'off',
        pieces: [
          {
            name: 'tan',
            polygon: [
              [0, 0],
              ['√2', 0],
              [0, '√2'],
            ],
          },
        ],
      }),
    )
    const r = cli('pentagons', set)
    expect(r.code).toBe(1)
    expect(r.out).toBe('')
    expect(r.err.trim().split('\n')).toHaveLength(1)
    expect(r.err).toMatch(/^error: off.json: piece 1 "tan", vertex 2: /)
  })
})
