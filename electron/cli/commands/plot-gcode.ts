import { basename } from 'node:path'
import { InputError } from '../../../shared/errors'
import { deviceById, type GcodeProfile } from '../../../shared/plotter/profile'
import { defaultDataDir } from '../../services/plotter/announced'
import { loadDevices } from '../../services/plotter/device-profiles'
import { GrblDriver } from '../../services/plotter/grbl-driver'
import { gcodeLines } from '../../services/plotter/program-time'
import { readFileSyncChecked } from '../../services/input-file'
import { SerialLink } from '../../services/plotter/serial-link'
import { stderrLine } from '../output'
import type { GoOn } from '../../services/plotter/driver'
import { goOnHint } from './go-on'
import { askPenChange, enterPressed } from './pen-change'

export interface GcodePlotOptions {
  port?: string
  baud?: string
  profile?: string
  /** False: at each new pen's layer go on at once (`--no-pen-change`). */
  penChange?: boolean
  /** Where a plot cancelled by Ctrl-C stopped (`--from`). */
  goOn?: GoOn
}

/** The device a G-code plot is for: the pen-up command after a cancel, the plot time. */
export function gcodeDevice(profile: string | undefined): GcodeProfile {
  return deviceById(loadDevices(defaultDataDir()), profile ?? 'grbl-servo', 'gcode')
}

/**
 * Streams a G-code file to a GRBL plotter on a serial port, a layer per pen with a pause to change
 * it (Enter goes on); Ctrl-C cancels (feed hold, soft reset, unlock, pen up), saying how to go on
 * (`--from`); a dropped line is opened again
 * and the plot goes on where GRBL stopped. Returns the exit code.
 */
export async function plotGcode(
  file: string,
  opts: GcodePlotOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  const name = basename(file)
  if (opts.port === undefined) throw new InputError('give --port PATH: the serial port GRBL is on')
  const baudRate = opts.baud === undefined ? 115200 : Number(opts.baud)
  if (!Number.isInteger(baudRate) || baudRate < 110 || baudRate > 4_000_000)
    throw new InputError(`--baud must be a whole number from 110 to 4000000, not "${opts.baud}"`)
  const device = gcodeDevice(opts.profile)
  const lines = gcodeLines(readFileSyncChecked(file, { what: 'G-code file' }))
  const penUp =
    device.pen.kind === 'servo' ? [device.pen.up] : [`G1 Z${device.pen.up} F${device.pen.feed}`]
  const line = {
    path: opts.port,
    baudRate,
    dataBits: 8,
    parity: 'none',
    stopBits: 1,
    flow: 'escb',
  } as const
  let link: SerialLink
  try {
    link = await SerialLink.open(line)
  } catch (e) {
    throw new InputError(`${opts.port}: ${(e as Error).message}`)
  }
  const started = Date.now()
  let shown = -1
  let driver: GrblDriver
  try {
    driver = new GrblDriver(link, lines, {
      bufferSize: device.buffer,
      penUp,
      // A pulled cable: open the port again and go on where GRBL stopped.
      device,
      reopen: () => SerialLink.open(line),
      onReconnect: (m) => stderrLine(`${name}: ${m}`),
      onPenChange: askPenChange(name, opts.penChange, () => driver.cancel()),
      onPowerLoss: (what) =>
        enterPressed(`${name}: ${what} and press Enter`, () => driver.cancel()),
      goOn: opts.goOn,
      onProgress: (done, total) => {
        const tenth = Math.floor((done / total) * 10)
        if (tenth !== shown)
          stderrLine(`${name}: ${(shown = tenth) * 10}% (${done}/${total} lines)`)
      },
    })
  } catch (e) {
    await link.close()
    throw new InputError(`${name}: ${(e as Error).message}`)
  }
  const cancel = () => driver.cancel()
  signal.addEventListener('abort', cancel, { once: true })
  try {
    const end = await driver.run()
    if (end.state === 'failed') throw new InputError(`${name}: ${end.message}`)
    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    write(
      `${name}: ${end.state === 'done' ? `plotted ${lines.length} lines in ${seconds} s` : end.message + goOnHint(end.goOn)}`,
    )
    return end.state === 'cancelled' ? 130 : 0
  } finally {
    signal.removeEventListener('abort', cancel)
    await link.close()
  }
}
