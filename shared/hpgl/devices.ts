/**
 * The HP-GL plotters among the bundled device profiles (`shared/plotter/`), for the HP-GL writer
 * and the export and plot panels. Coordinates are plotter units (0.025 mm on all of these), x along
 * the paper's long side, origin at the lower left of the hard-clip range: the area the pen can
 * reach on that paper size.
 */
import { InputError } from '../errors'
import { BUNDLED_DEVICES } from '../plotter/bundled'
import type { HpglProfile } from '../plotter/profile'

export interface ClipRange {
  readonly xMax: number
  readonly yMax: number
}

export type PlotterDevice = HpglProfile

export const PLOTTERS: readonly PlotterDevice[] = BUNDLED_DEVICES.filter(
  (d): d is HpglProfile => d.protocol === 'hpgl',
)

export function plotterById(id: string): PlotterDevice {
  const d = PLOTTERS.find((p) => p.id === id)
  if (!d) {
    throw new InputError(`unknown plotter "${id}"; known: ${PLOTTERS.map((p) => p.id).join(', ')}`)
  }
  return d
}
