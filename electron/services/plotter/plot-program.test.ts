import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { HpglInterpreter, parseHpgl, type HpglSegment } from '../../../shared/hpgl/parse'
import {
  chunkEnd,
  onTheWay,
  plotProgram,
  resumePoint,
  resumePrefix,
  stateBefore,
  type PlotProgram,
} from './plot-program'

/** A plotter that was sent `text`: its interpreter. */
function plotter(text: string): HpglInterpreter {
  const p = new HpglInterpreter()
  for (const ins of parseHpgl(text)) p.run(ins)
  return p
}

const stepsText = (program: PlotProgram, from: number, to = program.steps.length) =>
  program.steps
    .slice(from, to)
    .map((s) => s.text)
    .join('')

/** Random programs on a small grid, so that the pen often comes back to where it was. */
const coord = fc.integer({ min: -3, max: 3 })
const instruction = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(
        fc.constantFrom('PU', 'PD', 'PA', 'PR'),
        fc.array(fc.tuple(coord, coord), { maxLength: 3 }),
      )
      .map(([m, pairs]) => `${m}${pairs.flat().join(',')};`),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 3 }).map((n) => `SP${n};`) },
  { weight: 1, arbitrary: fc.constantFrom('VS;', 'VS10;', 'VS5,2;', 'IN;') },
)
const programs = fc.array(instruction, { maxLength: 40 }).map((a) => plotProgram(a.join('')))

describe('plotProgram', () => {
  it('splits moves into one step per pair, each with the state it leaves', () => {
    const p = plotProgram('IN;SP2;VS10;PD100,0,100,100;PR;PU5,5;')
    expect(p.steps.map((s) => s.text)).toEqual([
      'IN;',
      'SP2;',
      'VS10;',
      'PD100,0;',
      'PD100,100;',
      'PR;',
      'PU5,5;',
    ])
    expect(p.steps[4].after).toEqual({
      pen: 2,
      down: true,
      relative: false,
      position: [100, 100],
      speeds: 'VS10;',
    })
    expect(p.steps[6].after).toMatchObject({ down: false, relative: true, position: [105, 105] })
    expect(p.bytes).toBe(p.steps.reduce((n, s) => n + s.text.length, 0))
  })

  it('leaves out output instructions, whose answers the driver would misread', () => {
    expect(plotProgram('OI;PU1,1;OA;').steps.map((s) => s.text)).toEqual(['PU1,1;'])
  })

  it('keeps the speeds in effect, one per pen', () => {
    const p = plotProgram('VS20;VS5,2;VS6,3;VS7,2;VS;VS9,1;')
    expect(p.steps.map((s) => s.after.speeds)).toEqual([
      'VS20;',
      'VS20;VS5,2;',
      'VS20;VS5,2;VS6,3;',
      'VS20;VS6,3;VS7,2;',
      '',
      'VS9,1;',
    ])
  })

  it('does not know where the pen is after a label, until an absolute move', () => {
    const p = plotProgram('DT#;PU10,10;LBab#PR;PU1,1;PA;PU3,3;')
    expect(p.steps.map((s) => s.text)).toEqual([
      'DT#;',
      'PU10,10;',
      'LBab#',
      'PR;',
      'PU1,1;',
      'PA;',
      'PU3,3;',
    ])
    expect(p.steps.map((s) => s.after.position)).toEqual([
      [0, 0],
      [10, 10],
      null,
      null,
      null,
      null,
      [3, 3],
    ])
    expect(resumePrefix(p.steps[4].after)).toBe('SP0;VS;PA;PU;PR;')
  })

  it('refuses what it cannot plot, naming where', () => {
    expect(() => plotProgram('PU;\nAA10,10,90;')).toThrow(/line 2, column 1: AA is not/)
    expect(() => plotProgram('PD1,2,3;')).toThrow(/3 numbers do not pair up/)
  })

  it('resumes anywhere: the state prefix and the rest draw what the whole draws from there', () => {
    fc.assert(
      fc.property(programs, (program) => {
        const whole = plotter(stepsText(program, 0))
        for (let k = 0; k <= program.steps.length; k++) {
          const drawnBefore = plotter(stepsText(program, 0, k)).segments.length
          const resumed = plotter(resumePrefix(stateBefore(program, k)) + stepsText(program, k))
          expect(resumed.segments).toEqual(whole.segments.slice(drawnBefore))
          expect(resumed.state).toEqual(whole.state)
        }
      }),
      { seed: 7, numRuns: 150 },
    )
  })

  it('cuts chunks a plotter can be resumed from, wherever in them the line dropped', () => {
    // A pen-down move of length 0 is a dot: sent again after a drop, it is drawn again, harmlessly.
    const lines = (s: readonly HpglSegment[]) =>
      s.filter((g) => g.from[0] !== g.to[0] || g.from[1] !== g.to[1])
    fc.assert(
      fc.property(programs, fc.integer({ min: 8, max: 60 }), (program, limit) => {
        const whole = plotter(stepsText(program, 0))
        for (let from = 0; from < program.steps.length;) {
          const to = chunkEnd(program, from, limit)
          expect(to).toBeGreaterThan(from)
          expect(stepsText(program, from, to).length).toBeLessThanOrEqual(limit)
          for (let k = from; k <= to; k++) {
            // The plotter ran k steps, then the line dropped; OA reports where it is.
            const p = plotter(stepsText(program, 0, k))
            const drawn = p.segments.length
            const [x, y] = p.state.position
            const j = resumePoint(program, from, to, { x, y, down: p.state.down })
            expect(j).toBeDefined()
            for (const ins of parseHpgl(
              resumePrefix(stateBefore(program, j!)) + stepsText(program, j!),
            ))
              p.run(ins)
            expect(lines(p.segments.slice(drawn))).toEqual(lines(whole.segments.slice(drawn)))
            expect(p.state).toEqual(whole.state)
          }
          from = to
        }
      }),
      { seed: 11, numRuns: 150 },
    )
  })

  it('sends a label alone and tells whether it was drawn from where the pen is', () => {
    const p = plotProgram('PU10,10;LBab\x03PU20,20;PD30,30;')
    expect(chunkEnd(p, 0, 100)).toBe(1)
    expect(chunkEnd(p, 1, 100)).toBe(2)
    expect(chunkEnd(p, 2, 100)).toBe(3)
    expect(chunkEnd(p, 3, 100)).toBe(4)
    expect(resumePoint(p, 1, 2, { x: 10, y: 10, down: false })).toBe(1)
    expect(resumePoint(p, 1, 2, { x: 60, y: 10, down: false })).toBe(2)
    expect(resumePoint(p, 2, 3, { x: 20, y: 20, down: false })).toBe(3)
    expect(resumePoint(p, 2, 3, { x: 60, y: 10, down: false })).toBe(2)
  })

  it('finds no resume point when the plotter is not where any step left it', () => {
    const p = plotProgram('PU10,10;PD20,20;PD30,30;')
    expect(resumePoint(p, 0, 3, { x: 20, y: 20, down: true })).toBe(2)
    expect(resumePoint(p, 0, 3, { x: 20, y: 20, down: false })).toBeUndefined()
    expect(resumePoint(p, 0, 3, { x: 0, y: 5, down: false })).toBeUndefined()
  })

  it('rounds reported positions as a plotter does', () => {
    const p = plotProgram('PU0.4,0.6;PD10.5,3.2;')
    expect(resumePoint(p, 0, 2, { x: 0, y: 1, down: false })).toBe(1)
    expect(resumePoint(p, 0, 2, { x: 11, y: 3, down: true })).toBe(2)
  })
})

describe('a device stopped in the middle of a move', () => {
  it('is on the way of a move when past its start, short of its end and near its line', () => {
    const [a, b] = [
      [0, 0],
      [100, 50],
    ]
    expect(onTheWay([40, 20], a, b, 1)).toBe(true)
    expect(onTheWay([40, 21], a, b, 1)).toBe(true)
    // Two steps off the line, at either end, or beyond.
    expect(onTheWay([40, 23], a, b, 1)).toBe(false)
    expect(onTheWay([0, 0], a, b, 1)).toBe(false)
    expect(onTheWay([100, 50], a, b, 1)).toBe(false)
    expect(onTheWay([120, 60], a, b, 1)).toBe(false)
    expect(onTheWay([-20, -10], a, b, 1)).toBe(false)
    // No move, no way; and in three axes (GRBL's Z pen).
    expect(onTheWay([0, 0], a, a, 1)).toBe(false)
    expect(onTheWay([1, 2, 2.5], [1, 2, 5], [1, 2, 0], 0.01)).toBe(true)
    expect(onTheWay([1.02, 2, 2.5], [1, 2, 5], [1, 2, 0], 0.01)).toBe(false)
  })
})
