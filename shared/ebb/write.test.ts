import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Stroke, XY } from '../drawing/plan'
import { BUNDLED_DEVICES } from '../plotter/bundled'
import { moveSeconds, plotTime } from '../plotter/plot-time'
import { deviceById } from '../plotter/profile'
import { carriageAt } from './motion'
import { ebbMotions, motorMove, parseEbbCommand } from './parse'
import { ebbProgram, parkCommands, penMs } from './write'

const axidraw = deviceById(BUNDLED_DEVICES, 'axidraw-v3', 'ebb')

const point = fc.tuple(fc.integer({ min: 0, max: 23760 }), fc.integer({ min: 0, max: 16800 }))
const paths = fc.array(
  fc.array(point, { minLength: 2, maxLength: 6 }).map((points): Stroke => ({ pen: 1, points })),
  { minLength: 1, maxLength: 6 },
)

/** Runs the commands as the EBB does: where the carriage is after each, from the motors' steps. */
function positions(texts: readonly string[], from: XY = [0, 0]): [number, number][] {
  let [m1, m2] = [from[0] + from[1], from[0] - from[1]]
  return texts.map((t) => {
    const move = motorMove(parseEbbCommand(t))
    if (move) [m1, m2] = [m1 + move.m1, m2 + move.m2]
    return carriageAt(m1, m2)
  })
}

describe('EBB programs', () => {
  it('land the pen exactly on every vertex, with SM and with LM, in commands the EBB accepts', () => {
    fc.assert(
      fc.property(paths, (ps) => {
        for (const lm of [false, true]) {
          const program = ebbProgram(ps, axidraw, lm)
          const texts = program.steps.map((s) => s.text)
          // Each step's state is where the motors' steps put the carriage (motorMove checks ranges).
          expect(positions(texts)).toEqual(program.steps.map((s) => [...s.after.position]))
          // Every vertex is reached with the pen down, in order; home at the end.
          const downAt = program.steps.filter((s) => s.after.down).map((s) => `${s.after.position}`)
          const vertices = ps.flatMap((p) => p.points.map((q) => `${q}`))
          let k = 0
          for (const v of downAt) if (v === vertices[k]) k++
          expect(k).toBe(vertices.length)
          expect(program.steps.at(-1)).toMatchObject({
            text: 'EM,0,0',
            after: { position: [0, 0] },
          })
          expect(texts.some((t) => t.startsWith(lm ? 'SM' : 'LM'))).toBe(false)
        }
      }),
      { numRuns: 60 },
    )
  })

  it('take the time of the moves planned with constant acceleration (trapezoids), and the pen moves', () => {
    fc.assert(
      fc.property(paths, (ps) => {
        let expected = 0
        let at: XY = [0, 0]
        const move = (to: XY, speed: number) => {
          const mm = Math.hypot(to[0] - at[0], to[1] - at[1]) / axidraw.unitsPerMm
          expected += moveSeconds(mm, speed, axidraw.acceleration)
          at = to
        }
        const pen = penMs(axidraw) / 1000
        expected += pen
        for (const p of ps) {
          move(p.points[0], axidraw.speed.travel)
          for (const q of p.points.slice(1)) move(q, axidraw.speed.draw)
          expected += 2 * pen
        }
        move([0, 0], axidraw.speed.travel)
        for (const lm of [false, true]) {
          const texts = ebbProgram(ps, axidraw, lm).steps.map((s) => s.text)
          const t = plotTime(ebbMotions(texts, axidraw), axidraw.acceleration)
          // SM durations are whole ms and LM rates whole register units.
          expect(Math.abs(t.seconds - expected)).toBeLessThan(
            0.01 * expected + 0.005 * texts.length,
          )
        }
      }),
      // A motor of a few steps in a long move once lagged behind the other (LM braking too softly).
      {
        numRuns: 200,
        examples: [
          [
            [
              {
                pen: 1,
                points: [
                  [0, 0],
                  [17313, 11755],
                ],
              },
            ],
          ],
        ],
      },
    )
  })

  it('park from anywhere: pen up, home, motors released', () => {
    const texts = parkCommands([12345, 6789], axidraw)
    expect(texts[0]).toMatch(/^SP,1,\d+$/)
    expect(positions(texts, [12345, 6789]).at(-1)).toEqual([0, 0])
    expect(texts.at(-1)).toBe('EM,0,0')
  })

  it('refuse what the EBB refuses: unknown commands, steps faster than 25 kHz', () => {
    expect(() => parseEbbCommand('XX,1')).toThrow("!8 Err: Unknown command 'XX'")
    expect(() => motorMove(parseEbbCommand('SM,1,26,0'))).toThrow('step rate too high')
    expect(motorMove(parseEbbCommand('SM,1,25,-25'))).toEqual({ m1: 25, m2: -25, ms: 1 })
  })
})
