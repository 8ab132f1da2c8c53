import { basename } from 'node:path'
import { gcodeMotions } from '../../../shared/gcode/parse'
import { plural } from '../../../shared/plural'
import { durationText, plotTime } from '../../../shared/plotter/plot-time'
import { deviceById } from '../../../shared/plotter/profile'
import { defaultDataDir } from '../../services/plotter/announced'
import { loadDevices } from '../../services/plotter/device-profiles'
import { hpglMotions } from '../../services/plotter/hpgl-motions'
import { readFileSyncChecked } from '../../services/input-file'
import { gcodeLines } from './plot-gcode'

/**
 * `plot --dry-run`: what a plot would take on the device, from its motion at the profile's speeds
 * and acceleration, without a port.
 */
export function plotDryRun(
  file: string,
  gcode: boolean,
  profile: string | undefined,
  readHpgl: (file: string) => string,
): string {
  const devices = loadDevices(defaultDataDir())
  let device: { name: string; acceleration: number }
  let time
  if (gcode) {
    const d = deviceById(devices, profile ?? 'grbl-servo', 'gcode')
    const lines = gcodeLines(readFileSyncChecked(file, { what: 'G-code file' }))
    ;[device, time] = [d, plotTime(gcodeMotions(lines, d), d.acceleration)]
  } else {
    const d = deviceById(devices, profile ?? 'hp7475a', 'hpgl')
    ;[device, time] = [d, plotTime(hpglMotions(readHpgl(file), d), d.acceleration)]
  }
  const m = (mm: number): string => (mm / 1000).toFixed(2)
  return (
    `${basename(file)}: about ${durationText(time.seconds)} on the ${device.name} ` +
    `(pen down ${m(time.penDown)} m, pen up ${m(time.penUp)} m, ${plural(time.strokes, 'stroke')})`
  )
}
