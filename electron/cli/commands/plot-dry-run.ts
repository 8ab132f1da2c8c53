import { basename } from 'node:path'
import { plural } from '../../../shared/plural'
import { durationText } from '../../../shared/plotter/plot-time'
import { deviceById } from '../../../shared/plotter/profile'
import { defaultDataDir } from '../../services/plotter/announced'
import { loadDevices } from '../../services/plotter/device-profiles'
import { programTime } from '../../services/plotter/program-time'
import { readFileSyncChecked } from '../../services/input-file'
import { ebbDevice, ebbPrograms } from './plot-ebb'

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
  const ebb = gcode ? undefined : ebbDevice(profile)
  const device =
    ebb ??
    (gcode
      ? deviceById(devices, profile ?? 'grbl-servo', 'gcode')
      : deviceById(devices, profile ?? 'hp7475a', 'hpgl'))
  const read = gcode ? readFileSyncChecked(file, { what: 'G-code file' }) : readHpgl(file)
  // An HP-GL file on an AxiDraw: the program it would get (SM and LM take the same time).
  const text = ebb
    ? ebbPrograms(file, read, ebb)
        .sm.steps.map((s) => s.text)
        .join('\n')
    : read
  const time = programTime(text, device)
  const m = (mm: number): string => (mm / 1000).toFixed(2)
  return (
    `${basename(file)}: about ${durationText(time.seconds)} on the ${device.name} ` +
    `(pen down ${m(time.penDown)} m, pen up ${m(time.penUp)} m, ${plural(time.strokes, 'stroke')})`
  )
}
