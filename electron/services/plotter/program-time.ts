import { ebbMotions } from '../../../shared/ebb/parse'
import { gcodeMotions } from '../../../shared/gcode/parse'
import { plotTime, type PlotTime } from '../../../shared/plotter/plot-time'
import type { DeviceProfile } from '../../../shared/plotter/profile'
import { hpglMotions } from './hpgl-motions'

/** The lines of a G-code file as GRBL gets them: comments and blank lines left out. */
export function gcodeLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/\(.*?\)|;.*$/g, '').trim())
    .filter((l) => l !== '')
}

/**
 * How long a program takes on its device, from its motion at the profile's speeds and
 * acceleration: the one timing of `plot --dry-run` and the app's plot panel.
 */
export function programTime(text: string, device: DeviceProfile): PlotTime {
  if (device.protocol === 'gcode')
    return plotTime(gcodeMotions(gcodeLines(text), device), device.acceleration)
  // An EBB program: one command a line.
  if (device.protocol === 'ebb')
    return plotTime(
      ebbMotions(
        text.split(/\r?\n|\r/).filter((l) => l !== ''),
        device,
      ),
      device.acceleration,
    )
  return plotTime(hpglMotions(text, device), device.acceleration)
}
