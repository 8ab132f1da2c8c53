import { measurePlan, planPaths, type Stroke, type XY } from '../drawing/plan'
import type { SheetPage } from '../drawing/sheet'
import type { ClipRange } from '../hpgl/devices'
import { placePage, type HpglOptions, type PenAssignment } from '../hpgl/write'
import type { GcodeProfile } from '../plotter/profile'

/**
 * G-code for GRBL pen plotters, from a sheet page placed and planned as for HP-GL (`placePage`,
 * `planPaths`): millimetres, absolute, travel and drawing at the profile's feed rates (G1 both,
 * so that the plotter's own G0 rate cannot outrun a pen plotter's frame), the pen by the
 * profile's servo commands (with a G4 dwell while the servo moves) or by Z moves. Captions are
 * left out: GRBL has no font. A plot of several pens stops (M0) before each new pen; the plotter
 * holds until resumed (`~`). It ends pen up at the origin.
 */
export interface GcodeOptions extends Pick<HpglOptions, 'paper' | 'scale' | 'pens'> {
  readonly device: GcodeProfile
}

export interface GcodePage {
  readonly gcode: string
  /** In mm on paper. */
  readonly penDown: number
  readonly penUp: number
  readonly naivePenUp: number
  /** The planned paths in device units, in drawing order. */
  readonly paths: readonly Stroke[]
  /** For the preview: the pens' colours, the drawable range and the device's units a mm. */
  readonly pens: readonly PenAssignment[]
  readonly clip: ClipRange
  readonly unitsPerMm: number
}

/** Device units as mm with no more decimals than the units resolve. */
export function mmText(units: number, unitsPerMm: number): string {
  const digits = Math.max(0, Math.ceil(Math.log10(unitsPerMm) - 1e-9))
  return Number((units / unitsPerMm).toFixed(digits)).toString()
}

/** The lines that lift and lower the pen: the servo's commands with a dwell, or Z moves. */
export function penLines(pen: GcodeProfile['pen']): { up: string[]; down: string[] } {
  const dwell = pen.kind === 'servo' && pen.dwell > 0 ? [`G4 P${pen.dwell / 1000}`] : []
  return pen.kind === 'servo'
    ? { up: [pen.up, ...dwell], down: [pen.down, ...dwell] }
    : { up: [`G1 Z${pen.up} F${pen.feed}`], down: [`G1 Z${pen.down} F${pen.feed}`] }
}

export function pageGcode(page: SheetPage, opts: GcodeOptions): GcodePage {
  const { device } = opts
  const placed = placePage(page, { ...opts, labels: false })
  const plan = planPaths(placed.strokes)
  const naive = measurePlan([...placed.strokes].sort((a, b) => a.pen - b.pen))
  const u = device.unitsPerMm
  const pen = device.pen
  const { up, down } = penLines(pen)
  const out: string[] = [`; ${device.name}, paper ${opts.paper}`, 'G21', 'G90', ...up]
  let feed = 0
  const move = ([x, y]: XY, f: number): string => {
    const text = `G1 X${mmText(x, u)} Y${mmText(y, u)}${f === feed ? '' : ` F${f}`}`
    feed = f
    return text
  }
  let current = plan.paths[0]?.pen
  for (const path of plan.paths) {
    if (path.pen !== current) {
      current = path.pen
      out.push(`; pen ${path.pen}`, 'M0')
    }
    out.push(move(path.points[0], device.feed.travel), ...down)
    for (const p of path.points.slice(1)) out.push(move(p, device.feed.draw))
    out.push(...up)
  }
  out.push(move([0, 0], device.feed.travel))
  return {
    gcode: out.join('\n') + '\n',
    penDown: plan.penDown / u,
    penUp: plan.penUp / u,
    naivePenUp: naive.penUp / u,
    paths: plan.paths,
    pens: placed.assignment,
    clip: placed.clip,
    unitsPerMm: u,
  }
}
