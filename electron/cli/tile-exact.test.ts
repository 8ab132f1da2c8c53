import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exactFigureFromJson, exactRegionToJson } from '../../shared/formats/exact-figure'
import { OffLatticeSearch } from '../../shared/offlattice/search'
import { TANGRAM_PIECES, tangramFigures } from '../../testing/offlattice-figures'
import { cli } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-tile-exact-'))
const file = (name: string, polygon: unknown) => {
  const path = join(tmp, name)
  writeFileSync(path, JSON.stringify({ name, polygon }))
  return path
}

describe('tile with figures off the lattice', () => {
  it('counts the square turned by 45° and the lattice square in one run, a JSON line each', () => {
    const turned = file('turned.json', [
      [0, 0],
      ['2√2', 0],
      ['2√2', '2√2'],
      [0, '2√2'],
    ])
    const r = cli('tile', 'tangram', turned, 'tangram-square', '--all', '--json')
    expect(r.code).toBe(0)
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatchObject({ figure: 'turned.json', solutions: 1, fixed: 8 })
    expect(lines[1]).toMatchObject({ solutions: 1, fixed: 8 })
    // Its tiling's corners are exact, in the figure-file notation, and read back.
    const pieces = lines[0].tilings[0]
    expect(pieces).toHaveLength(7)
    expect(pieces.flatMap((p: { polygon: unknown[] }) => p.polygon).flat()).toContain('3√2/2')
    for (const p of pieces) exactFigureFromJson({ polygon: p.polygon }, 'cli output')
    const raw = cli('tile', 'tangram', turned, '--count', '--raw', '--json')
    expect(JSON.parse(raw.out)).toMatchObject({ solutions: 8, fixed: 8 })
  })

  it('refuses a figure of the wrong area in one line naming the file', () => {
    const small = file('small.json', [
      [0, 0],
      ['√2', 0],
      ['√2', '√2'],
      [0, '√2'],
    ])
    const r = cli('tile', 'tangram', small)
    expect(r.code).not.toBe(0)
    expect(r.err.trim().split('\n')).toHaveLength(1)
    expect(r.err).toMatch(/small\.json: the figure's area is 2, the pieces' 8/)
    const queued = cli('tile', 'tangram', small, '--estimate')
    expect(queued.code).not.toBe(0)
    expect(queued.err).toMatch(
      /small\.json: a figure off the lattice is not estimated; --estimate takes lattice figures only/,
    )
  })

  it('counts a figure file with a hole and parts as the search in one process, and refuses a hole outside its outline naming the file', () => {
    // Grown from the seven tans: one with a hole, one of three parts.
    const [holed] = tangramFigures(1, 44)
    const [parted] = tangramFigures(1, 2)
    expect(holed.parts.flatMap((p) => p.holes)).toHaveLength(1)
    expect(parted.parts).toHaveLength(3)
    const paths = [holed, parted].map((f, i) => {
      const path = join(tmp, `region${i}.json`)
      writeFileSync(
        path,
        JSON.stringify(exactRegionToJson({ name: `seed ${f.seed}`, parts: f.parts })),
      )
      return path
    })
    const r = cli('tile', 'tangram', ...paths, '--count', '--raw', '--json', '--jobs', '1')
    expect(r.err).toBe('')
    const lines = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { fixed: number; solutions: number })
    expect(lines.map((l) => l.fixed)).toEqual(
      [holed, parted].map((f) => new OffLatticeSearch(f.parts, TANGRAM_PIECES).run().fixed),
    )
    const bad = join(tmp, 'bad.json')
    writeFileSync(
      bad,
      JSON.stringify({
        polygons: [
          {
            outline: [
              [0, 0],
              ['2√2', 0],
              ['2√2', '2√2'],
              [0, '2√2'],
            ],
            holes: [
              [
                [5, 5],
                [6, 5],
                [6, 6],
                [5, 6],
              ],
            ],
          },
        ],
      }),
    )
    const refused = cli('tile', 'tangram', bad, paths[0])
    expect(refused.code).not.toBe(0)
    expect(refused.err).toBe('error: bad.json: hole 1 is not inside its outline\n')
  })
})
