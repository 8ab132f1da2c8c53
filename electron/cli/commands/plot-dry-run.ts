import { basename } from 'node:path'
import { plural } from '../../../shared/plural'
import { durationText } from '../../../shared/plotter/plot-time'
import { deviceById } from '../../../shared/plotter/profile'
import { defaultDataDir } from '../../services/plotter/announced'
import { loadDevices } from '../../services/plotter/device-profiles'
import { programTime } from '../../services/plotter/program-time'
import { readFileSyncChecked } from '../../services/input-file'

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
  const device = gcode
    ? deviceById(devices, profile ?? 'grbl-servo', 'gcode')
    : deviceById(devices, profile ?? 'hp7475a', 'hpgl')
  const text = gcode ? readFileSyncChecked(file, { what: 'G-code file' }) : readHpgl(file)
  const time = programTime(text, device)
  const m = (mm: number): string => (mm / 1000).toFixed(2)
  return (
    `${basename(file)}: about ${durationText(time.seconds)} on the ${device.name} ` +
    `(pen down ${m(time.penDown)} m, pen up ${m(time.penUp)} m, ${plural(time.strokes, 'stroke')})`
  )
}
