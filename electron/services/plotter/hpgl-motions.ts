import type { HpglProfile } from '../../../shared/plotter/profile'
import type { Motion } from '../../../shared/plotter/plot-time'
import { plotProgram } from './plot-program'

/**
 * The motion of an HP-GL program as the plotter runs it: pen-down moves at the VS speed in effect
 * (else the device's), pen-up moves at the device's speed. Moves after a label, whose end the
 * plotter's font decides, are left out.
 */
export function* hpglMotions(hpgl: string, device: HpglProfile): Generator<Motion> {
  const program = plotProgram(hpgl)
  let at = program.start.position
  for (const step of program.steps) {
    const to = step.after.position
    if (at && to && (to[0] !== at[0] || to[1] !== at[1])) {
      const vs = /VS\s*([0-9.]+)[^;]*;?$/.exec(step.after.speeds)
      const cmPerS = step.after.down && vs ? Number(vs[1]) : device.velocity
      const length = Math.hypot(to[0] - at[0], to[1] - at[1]) / device.unitsPerMm
      yield { kind: 'move', length, down: step.after.down, speed: cmPerS * 10 }
    }
    at = to
  }
}
