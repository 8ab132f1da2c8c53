import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exactFigureFromJson } from '../../shared/formats/exact-figure'
import { FRAME_WITH_HOLE } from '../../testing/svg-drawing'
import { cli } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-import-'))
const fixture = (name: string) => join('testing/svg', name)

describe('import-figure on the command line', () => {
  it('writes the exact figure, says what it snapped, and gives the seven pieces’ tiling back', () => {
    const out = join(tmp, 'seven.json')
    const r = cli(
      'import-figure',
      fixture('tangram-seven-pieces.svg'),
      '--set',
      'tangram',
      '-o',
      out,
    )
    expect(r.err).toBe('')
    expect(r.code).toBe(0)
    const lines = r.out.trim().split('\n')
    expect(lines[0]).toMatch(
      /^tangram-seven-pieces\.svg: unit 40\.\d+ drawing units \(from the set's area\); 23 edges snapped to 45° .* largest correction 0\.\d+ drawing units = 0\.\d % of the unit .*; tolerance 5\.0 %$/,
    )
    expect(lines[1]).toBe(`wrote ${out}: one outline of Tangram's area`)
    expect(lines[2]).toBe(
      'the drawing is a tiling of Tangram (checked exactly); its pieces as placed:',
    )
    expect(lines.slice(3)).toHaveLength(7)
    const figure = exactFigureFromJson(JSON.parse(readFileSync(out, 'utf8')), 'seven.json')
    expect(figure.name).toBe('tangram-seven-pieces')
    expect(figure.corners).toHaveLength(13)
  })

  it('--json: the report and the tiling in figure-file notation; -o - puts the figure on stdout', () => {
    const r = cli(
      'import-figure',
      fixture('frame-with-hole.svg'),
      '--set',
      'tangram',
      '-o',
      '-',
      '--json',
    )
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out)).toMatchObject(FRAME_WITH_HOLE)
    expect(JSON.parse(r.err)).toMatchObject({
      file: '-',
      parts: 1,
      holes: 1,
      unit: 10,
      largestCorrection: 0,
    })
    const seven = JSON.parse(
      cli(
        'import-figure',
        fixture('tangram-seven-pieces.svg'),
        '--set',
        'tangram',
        '-o',
        join(tmp, 's.json'),
        '--json',
      ).out,
    ) as { tiling: { piece: string; corners: unknown[] }[] }
    expect(seven.tiling[3]).toEqual({
      piece: 'square',
      corners: [
        ['2√2', '√2'],
        ['1+2√2', '√2'],
        ['1+2√2', '1+√2'],
        ['2√2', '1+√2'],
      ],
    })
  })

  it('refuses in one line naming the file: curves, no polygons, a set whose angles are not multiples of 45°, a bad tolerance', () => {
    const refused = (...args: string[]) => {
      const r = cli('import-figure', ...args)
      expect(r.code).toBe(1)
      expect(r.out).toBe('')
      expect(r.err.trim().split('\n')).toHaveLength(1)
      return r.err.trim()
    }
    const out = join(tmp, 'x.json')
    expect(refused(fixture('curved.svg'), '--set', 'tangram', '-o', out)).toBe(
      'error: curved.svg: path 1: has a curve or an arc ("Q"): draw the silhouette with straight edges',
    )
    const empty = join(tmp, 'empty.svg')
    writeFileSync(empty, '<svg xmlns="http://www.w3.org/2000/svg"><text>cat</text></svg>')
    expect(refused(empty, '--set', 'tangram', '-o', out)).toBe(
      'error: empty.svg: no polygons (draw the silhouette with <polygon>, <rect> or <path>)',
    )
    const skew = join(tmp, 'skew.json')
    writeFileSync(
      skew,
      JSON.stringify({
        name: 'Skew',
        pieces: [
          {
            name: 'kite',
            polygon: [
              [0, 0],
              [2, 1],
              [0, 1],
            ],
          },
        ],
      }),
    )
    expect(refused(fixture('frame-with-hole.svg'), '--set', skew, '-o', out)).toBe(
      'error: skew.json: piece 1 "kite": edge 1 from (0, 0) to (2, 1) is not horizontal, vertical or diagonal at 45°',
    )
    expect(
      refused(fixture('frame-with-hole.svg'), '--set', 'tangram', '-o', out, '--tolerance', '2'),
    ).toBe('error: --tolerance must be a fraction of the unit between 0 and 0.5, not "2"')
  })
})
