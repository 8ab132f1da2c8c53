import { describe, expect, it } from 'vitest'
import { gcodeMotions } from '../gcode/parse'
import { BUNDLED_DEVICES } from './bundled'
import { durationText, moveSeconds, plotTime } from './plot-time'
import { deviceById } from './profile'

describe('plot time', () => {
  it('moves rest to rest: a trapezoid when the speed is reached, a triangle when not', () => {
    // 100 mm at 100 mm/s, 500 mm/s²: 20 mm of ramps, 1 s cruising plus 0.2 s of ramps.
    expect(moveSeconds(100, 100, 500)).toBeCloseTo(1.2, 12)
    // 10 mm never reaches 100 mm/s: 5 mm up, 5 mm down, 0.1414 s each.
    expect(moveSeconds(10, 100, 500)).toBeCloseTo(2 * Math.sqrt(10 / 500), 12)
    expect(moveSeconds(0, 100, 500)).toBe(0)
  })

  it('times a G-code program from its feeds, the servo dwells and the acceleration', () => {
    const servo = deviceById(BUNDLED_DEVICES, 'grbl-servo', 'gcode')
    const program = ['G21', 'G90', 'M5', 'G4 P0.15', 'G1 X100 Y0 F6000', 'M3 S1000', 'G4 P0.15']
    program.push('G1 X100 Y10 F3000', 'M5')
    const t = plotTime(gcodeMotions(program, servo), servo.acceleration)
    // 0.15 + 1.2 (100 mm up at 100 mm/s) + 0.15 + 0.3 (10 mm down at 50 mm/s: 5 mm of ramps).
    expect(t.seconds).toBeCloseTo(1.8, 9)
    expect(t).toMatchObject({ penDown: 10, penUp: 100, strokes: 1 })
  })

  it('times the Z moves of a pen on the Z axis at its feed', () => {
    const z = deviceById(BUNDLED_DEVICES, 'grbl-z', 'gcode')
    const program = ['G1 Z5 F1000', 'G1 X10 F6000', 'G1 Z0 F1000', 'G1 X20 F6000', 'G1 Z5 F1000']
    const t = plotTime(gcodeMotions(program, z), z.acceleration)
    // Three Z moves of 5 mm at 1000 mm/min (0.3 s each), two 10 mm moves (triangles at 500 mm/s²).
    expect(t.seconds).toBeCloseTo(3 * 0.3 + 2 * 2 * Math.sqrt(10 / 500), 9)
    expect(t).toMatchObject({ penDown: 10, penUp: 10, strokes: 1 })
  })

  it('says durations as a person would', () => {
    expect([42.4, 750, 3720].map(durationText)).toEqual(['42 s', '12 min 30 s', '1 h 02 min'])
  })
})
