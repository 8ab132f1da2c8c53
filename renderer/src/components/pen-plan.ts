import type { PlotterOptions } from '../../../shared/drawing/export-settings'
import type { SheetPage } from '../../../shared/drawing/sheet'
import { pageGcode, type GcodePage } from '../../../shared/gcode/write'
import { pageHpgl, type HpglPage } from '../../../shared/hpgl/write'
import type { GcodeProfile, HpglProfile } from '../../../shared/plotter/profile'

/** A page as the device's program plans it (HP-GL or G-code), for the previews. */
export function planPage(
  page: SheetPage,
  plotter: PlotterOptions,
  device: HpglProfile | GcodeProfile,
): HpglPage | GcodePage {
  return device.protocol === 'gcode'
    ? pageGcode(page, { ...plotter, device })
    : pageHpgl(page, { ...plotter, device })
}
