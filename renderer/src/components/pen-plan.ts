import type { PlotterOptions } from '../../../shared/drawing/export-settings'
import type { SheetPage } from '../../../shared/drawing/sheet'
import { pageEbb, type EbbPage } from '../../../shared/ebb/write'
import { pageGcode, type GcodePage } from '../../../shared/gcode/write'
import { pageHpgl, type HpglPage } from '../../../shared/hpgl/write'
import type { DeviceProfile } from '../../../shared/plotter/profile'

/** A page as the device's program plans it (HP-GL, G-code or the AxiDraw's), for the previews. */
export function planPage(
  page: SheetPage,
  plotter: PlotterOptions,
  device: DeviceProfile,
): HpglPage | GcodePage | EbbPage {
  if (device.protocol === 'ebb') return pageEbb(page, { ...plotter, device })
  return device.protocol === 'gcode'
    ? pageGcode(page, { ...plotter, device })
    : pageHpgl(page, { ...plotter, device })
}

/** The export format a device's plot is laid out as: an AxiDraw's page is HP-GL's, placed alike. */
export function plotFormat(device: DeviceProfile): 'hpgl' | 'gcode' {
  return device.protocol === 'gcode' ? 'gcode' : 'hpgl'
}
