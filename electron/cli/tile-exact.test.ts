import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exactFigureFromJson } from '../../shared/formats/exact-figure'
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
})
