import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { XMLParser } from 'fast-xml-parser'
import { afterAll, describe, expect, it } from 'vitest'
import { GcodeInterpreter } from '../../shared/gcode/parse'
import { interpretHpgl, parseHpgl } from '../../shared/hpgl/parse'
import { BUNDLED_DEVICES } from '../../shared/plotter/bundled'
import { deviceById } from '../../shared/plotter/profile'
import { needTools } from '../../testing/tools'
import { cli } from './run-cli'

const tmp = mkdtempSync(join(tmpdir(), 'pw-cut-'))
afterAll(() => rmSync(tmp, { recursive: true, force: true }))

type Pt = readonly [number, number]
const PENTOMINOES = JSON.parse(readFileSync('resources/sets/pentominoes.json', 'utf8')) as {
  pieces: { polygon: Pt[] }[]
}

/** A closed loop's area and length, in mm² and mm: unchanged however the piece was turned. */
function measure(loop: readonly Pt[], perMm: number): [number, number] {
  let area = 0
  let length = 0
  for (let i = 0; i + 1 < loop.length; i++) {
    const [p, q] = [loop[i], loop[i + 1]]
    area += p[0] * q[1] - q[0] * p[1]
    length += Math.hypot(q[0] - p[0], q[1] - p[1])
  }
  return [Math.abs(area) / 2 / perMm ** 2, length / perMm]
}

/**
 * Each pentomino's cut line at `unit` mm and `kerf`, offset by h = kerf/2 with sharp corners:
 * area A + P·h + 4h² and length P + 8h (four more convex corners than reflex ones), sorted.
 */
function expected(unit: number, kerf: number): [number, number][] {
  const h = kerf / 2
  return PENTOMINOES.pieces
    .map(({ polygon }): [number, number] => {
      const perimeter = measure([...polygon, polygon[0]], 1)[1] * unit
      return [5 * unit ** 2 + perimeter * h + 4 * h * h, perimeter + 8 * h]
    })
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
}

/** Measured against expected, each within `tolerance` (relative). */
function expectClose(got: [number, number][], want: [number, number][], tolerance: number) {
  const sorted = [...got].sort((a, b) => a[0] - b[0] || a[1] - b[1])
  expect(sorted).toHaveLength(want.length)
  sorted.forEach((g, i) =>
    g.forEach((v, j) => expect(Math.abs(v - want[i][j]) / want[i][j]).toBeLessThan(tolerance)),
  )
}

/** Pen-down segments chained into closed loops. */
function loops(segments: readonly { from: Pt; to: Pt }[]): Pt[][] {
  const out: Pt[][] = []
  let loop: Pt[] = []
  const close = () => {
    if (loop.length === 0) return
    expect(loop[0]).toEqual(loop[loop.length - 1])
    out.push(loop)
    loop = []
  }
  for (const s of segments) {
    const last = loop[loop.length - 1]
    if (last && (last[0] !== s.from[0] || last[1] !== s.from[1])) close()
    if (loop.length === 0) loop.push(s.from)
    loop.push(s.to)
  }
  close()
  return out
}

/** The path outlines of an SVG (parsed as XML), each closed. */
function svgLoops(text: string): Pt[][] {
  const tree = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(text, true)
  expect(tree.svg.width).toBe('210mm')
  const paths: string[] = []
  const walk = (n: unknown): void => {
    if (Array.isArray(n)) n.forEach(walk)
    else if (n && typeof n === 'object') {
      const o = n as Record<string, unknown>
      if (typeof o.d === 'string') paths.push(o.d)
      Object.values(o).forEach(walk)
    }
  }
  walk(tree.svg)
  return paths.map((d) => {
    const pts = [...d.matchAll(/[ML]([-\d.]+) ([-\d.]+)/g)].map((m): Pt => [
      Number(m[1]),
      Number(m[2]),
    ])
    expect(pts[0]).toEqual(pts[pts.length - 1])
    return pts
  })
}

/** The files an export wrote, from its line "wrote a, b: …". */
const written = (out: string) => /^wrote (.*?): /.exec(out)![1].split(', ')

/** A piece with a diagonal slot √2/2 units wide: a kerf of √2/2 units closes it. */
const SLOTTED = join(tmp, 'slotted.json')
writeFileSync(
  SLOTTED,
  JSON.stringify({
    format: 'puzzle-workbench/piece-set',
    version: 1,
    name: 'Slotted',
    pieces: [
      {
        name: 'slotted',
        polygon: [
          [0, 0],
          [4, 0],
          [4, 4],
          [2, 4],
          [3, 3],
          [3, 2],
          [1, 4],
          [0, 4],
        ],
        count: 1,
        color: '#cb4d4d',
      },
    ],
  }),
)

describe('export --pieces: a cut template at true size', () => {
  it('SVG: every pentomino once over the pages, its cut line the true size grown by the kerf', () => {
    const out = join(tmp, 'p.svg')
    const r = cli('export', 'pentominoes', '--pieces', '--unit', '40', '--kerf', '0.4', '-o', out)
    expect(r.err).toBe('')
    expect(r.out).toMatch(/: 12 pieces on [2-9] pages/)
    const cuts = written(r.out).flatMap((f) => svgLoops(readFileSync(f, 'utf8')))
    // SVG coordinates carry three decimals (a micrometre).
    expectClose(
      cuts.map((l) => measure(l, 1)),
      expected(40, 0.4),
      1e-5,
    )
  })

  it('HP-GL: on the HP 7475A at 20 mm a unit, each piece a closed cut at true size; hp2xx draws it', (context) => {
    const out = join(tmp, 'p.hpgl')
    const r = cli('export', 'pentominoes', '--pieces', '--unit', '20', '--kerf', '0.4', '-o', out)
    expect(r.out).toMatch(/: 12 pieces on \d+ pages?/)
    const files = written(r.out)
    const perMm = deviceById(BUNDLED_DEVICES, 'hp7475a', 'hpgl').unitsPerMm
    const cuts = files.flatMap((f) =>
      loops(interpretHpgl(parseHpgl(readFileSync(f, 'utf8'))).segments),
    )
    // Whole plotter units (0.025 mm).
    expectClose(
      cuts.map((l) => measure(l, perMm)),
      expected(20, 0.4),
      1e-3,
    )
    needTools(context, 'hp2xx')
    const png = join(tmp, 'p.png')
    execFileSync('hp2xx', ['-q', '-m', 'png', '-f', png, files[0]])
    expect(readFileSync(png).subarray(1, 4).toString()).toBe('PNG')
  })

  it('G-code: run as GRBL would, each piece a closed cut at true size', () => {
    const out = join(tmp, 'p.gcode')
    const r = cli('export', 'pentominoes', '--pieces', '--unit', '20', '--kerf', '0.4', '-o', out)
    expect(r.out).toMatch(/: 12 pieces on \d+ pages?/)
    const cuts = written(r.out).flatMap((f) => {
      const gcode = new GcodeInterpreter(deviceById(BUNDLED_DEVICES, 'grbl-servo', 'gcode'))
      for (const line of readFileSync(f, 'utf8').split('\n')) gcode.run(line)
      return loops(gcode.segments)
    })
    // Coordinates to the hundredth of a mm.
    expectClose(
      cuts.map((l) => measure(l, 1)),
      expected(20, 0.4),
      1e-3,
    )
  })

  it('takes a kerf that leaves the slot open', () => {
    const r = cli(
      'export',
      SLOTTED,
      '--pieces',
      '--unit',
      '10',
      '--kerf',
      '7',
      '-o',
      join(tmp, 's.svg'),
    )
    expect(r.out).toContain('1 piece on 1 page')
  })

  it.each([
    [['nosuch'], /nosuch: no such file/],
    [['tangram', '--kerf', '-0.2'], /^error: --kerf cannot be negative/],
    [['tangram', '--kerf', '30'], /a kerf of 30 mm is not less than a lattice unit \(25 mm\)/],
    [
      [SLOTTED, '--unit', '10', '--kerf', '7.1'],
      /^error: piece "slotted": a kerf of 7.1 mm is too large at 10 mm per unit/,
    ],
    [['tangram', '--unit', '0'], /^error: --unit must be more than 0 mm, not "0"/],
    [['tangram', '--unit', 'big'], /^error: --unit must be a length in mm such as 0.2, not "big"/],
    [
      ['tangram', '--unit', '300'],
      /piece "large triangle" is larger than the page \(180 × 267 mm\)/,
    ],
  ])('refuses %j in one line', (args, message) => {
    const [set, ...rest] = args
    const r = cli('export', set, '--pieces', ...rest, '-o', join(tmp, 'bad.svg'))
    expect(r.code).not.toBe(0)
    expect(r.err.trim().split('\n')).toHaveLength(1)
    expect(r.err).toMatch(message)
  })
})
