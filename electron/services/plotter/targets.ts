import { stat } from 'node:fs/promises'
import { InputError } from '../../../shared/errors'
import type { PathPolicy } from '../path-grants'
import type { PlotTarget } from './plotter-service'
import { listPorts, printerDevices } from './ports'

/**
 * Where a client may send a plot: a file only where the host's path policy allows, and a serial
 * port or raw device only if it is one this computer lists (serial ports, printer ports) or one the
 * user named to the host, and it is a character device. Without this, "device: /any/file" wrote
 * over any file the host could open.
 */
export async function checkPlotTarget(
  target: PlotTarget,
  paths: PathPolicy,
  extraDevices: readonly string[] = [],
): Promise<PlotTarget> {
  if (target.kind === 'file') return { ...target, path: await paths.resolve(target.path) }
  const known = [
    ...(await listPorts()).map((p) => p.path),
    ...printerDevices().map((p) => p.path),
    ...extraDevices,
  ]
  if (!known.includes(target.path))
    throw new InputError(
      `${target.path}: not a serial port or plotter device of this computer; choose one from the list (the plot panel says how to add one)`,
    )
  const isDevice = await stat(target.path).then(
    (s) => s.isCharacterDevice(),
    () => false,
  )
  if (!isDevice) throw new InputError(`${target.path}: no such device`)
  return target
}
