import { join } from 'node:path'
import { cutTemplate } from '../../../shared/cut/template'
import { pageSize } from '../../../shared/drawing/sheet'
import { InputError } from '../../../shared/errors'
import { root2, sign, type Root2 } from '../../../shared/exact/root2'
import { deviceById } from '../../../shared/plotter/profile'
import { renderSheet, writeRendered } from '../../services/export/exporter'
import { defaultDataDir } from '../../services/plotter/announced'
import { loadDevices } from '../../services/plotter/device-profiles'
import { checkBinaryStdout, isStdout, toStdout } from '../output'
import { loadSolvableSet, RESOURCES } from '../inputs'
import { plural } from '../../../shared/plural'
import { exportSettingsFromOptions, type ExportOptions } from './export'

/** mm per lattice unit when --unit is not given: a 4-unit tangram square of 10 cm. */
export const DEFAULT_CUT_UNIT = '25'

/** A length given in decimal, exactly (0.15 is 15/100, not the nearest double). */
function exactMm(name: string, v: string): Root2 {
  const m = /^\s*(\d*)(?:\.(\d+))?\s*$/.exec(v)
  if (!m || (m[1] === '' && m[2] === undefined))
    throw new InputError(`${name} must be a length in mm such as 0.2, not "${v}"`)
  const frac = m[2] ?? ''
  return root2(BigInt(`${m[1] || '0'}${frac}`), 0n, 10n ** BigInt(frac.length))
}

/**
 * `export SET --pieces`: the set's pieces as a cut template at their true size, the cut lines
 * offset for the kerf, nested on the paper; SVG or PDF on the sheet's paper within its margins,
 * HP-GL or G-code on the plotter's drawable range (one file per page).
 */
export async function cutTemplateCommand(
  setArg: string,
  opts: ExportOptions,
  write: (text: string) => void,
): Promise<number> {
  const unitText = opts.unit ?? DEFAULT_CUT_UNIT
  if (/^\s*-/.test(unitText) || Number(unitText) === 0)
    throw new InputError(`--unit must be more than 0 mm, not "${unitText}"`)
  const unit = exactMm('--unit', unitText)
  if (/^\s*-/.test(opts.kerf ?? '0'))
    throw new InputError(`--kerf cannot be negative, not "${opts.kerf}"`)
  const kerf = exactMm('--kerf', opts.kerf ?? '0')
  if (sign(unit) <= 0) throw new InputError(`--unit must be more than 0 mm, not "${unitText}"`)
  const settings = exportSettingsFromOptions({ ...opts, unit: undefined })
  if (settings.format === 'txt')
    throw new InputError('a cut template is written as svg, pdf, hpgl or gcode, not txt')
  if (isStdout(opts.output) && settings.format === 'pdf') checkBinaryStdout('a PDF')
  const devices = loadDevices(defaultDataDir())
  const { set } = loadSolvableSet(setArg)
  const plotter = settings.format === 'hpgl' || settings.format === 'gcode'
  let area: {
    width: number
    height: number
    margin: number
    page: { width: number; height: number }
  }
  if (plotter) {
    const id = settings.plotter.device
    const device =
      settings.format === 'hpgl'
        ? deviceById(devices, id, 'hpgl')
        : deviceById(devices, id, 'gcode')
    const clip = device.papers[settings.plotter.paper]
    if (!clip)
      throw new InputError(
        `The ${device.name} has no paper "${settings.plotter.paper}"; it takes ${Object.keys(device.papers).join(', ')}.`,
      )
    const page = { width: clip.xMax / device.unitsPerMm, height: clip.yMax / device.unitsPerMm }
    area = { ...page, margin: 0, page }
  } else {
    const page = pageSize(settings.sheet)
    const margin = settings.sheet.margin
    area = { width: page.width - 2 * margin, height: page.height - 2 * margin, margin, page }
  }
  const sheet = cutTemplate(set.apart, {
    unit,
    kerf,
    ...area,
    caption: !plotter,
    sheet: settings.sheet,
  })
  // True size: one mm of the template is one mm on the plotter.
  const s = { ...settings, plotter: { ...settings.plotter, scale: 1 } }
  const rendered = await renderSheet(
    sheet,
    s,
    `${set.name} — pieces to cut`,
    join(RESOURCES, 'fonts'),
    devices,
  )
  if (isStdout(opts.output)) {
    for (const f of rendered.files) await toStdout(f.content)
    return 0
  }
  const r = await writeRendered(opts.output, rendered)
  write(
    `wrote ${r.files.join(', ')}: ${plural(sheet.solutions, 'piece')} on ${plural(r.pages, 'page')}`,
  )
  return 0
}
