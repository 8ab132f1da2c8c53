import { InputError } from '../errors'
import { measurePlan, planPaths, type Stroke, type XY } from '../drawing/plan'
import { textWidth, toPage, type SheetPage, type SheetText } from '../drawing/sheet'
import type { ClipRange, PlotterDevice } from './devices'
import type { DeviceProfile } from '../plotter/profile'

/**
 * HP-GL for pen plotters, from a sheet page: `IN;` and absolute coordinates, the pen speed `VS`,
 * one pen per colour (`SP`), every line planned to cut pen-up travel, integer plotter units,
 * captions as plotter labels (`LB`), ending pen up with the pen put away (`SP0;`). The page's
 * content is scaled and centred into the plotter's hard-clip range for the paper, turned by 90°
 * when that fits it larger.
 */
export interface HpglOptions {
  readonly device: PlotterDevice
  /** A paper the device lists (A4, A3 …). */
  readonly paper: string
  /** 'fit': as large as the paper allows; a number: that many times the sheet's own size. */
  readonly scale: 'fit' | number
  /** 'one': everything with pen 1; 'colors': the outline with pen 1, edges in their piece's colour. */
  readonly pens: 'one' | 'colors'
  /** PR (relative) moves instead of PA. */
  readonly relative?: boolean
  /** Pen speed in cm/s (default: the device's). */
  readonly velocity?: number
  /** Plot the captions and legend as labels. */
  readonly labels?: boolean
}

export interface PenAssignment {
  readonly pen: number
  readonly colors: readonly string[]
}

export interface HpglPage {
  readonly hpgl: string
  readonly pens: readonly PenAssignment[]
  /**
   * In mm on paper: what the pen draws, travels lifted, and would travel lifted drawing the lines
   * in the drawing's order (pen by pen).
   */
  readonly penDown: number
  readonly penUp: number
  readonly naivePenUp: number
  /** mm on paper per mm of the sheet. */
  readonly scale: number
  readonly rotated: boolean
  /** The planned paths in plotter units, in drawing order (for previews). */
  readonly paths: readonly Stroke[]
  readonly clip: { readonly xMax: number; readonly yMax: number }
  /** The device's plotter units a mm. */
  readonly unitsPerMm: number
}

/** The page's strokes in page mm, each with its pen (colours get pens 2… in order of use). */
export function pageStrokes(
  page: SheetPage,
  pens: HpglOptions['pens'],
  available: number,
): { strokes: Stroke[]; assignment: PenAssignment[] } {
  const penOf = new Map<string, number>()
  const strokes: Stroke[] = []
  for (const item of page.items) {
    for (const line of item.drawing.lines) {
      let pen = 1
      if (pens === 'colors' && line.kind === 'edge' && line.piece !== undefined) {
        const color = item.drawing.pieces.find((p) => p.piece === line.piece)?.color ?? '#000'
        if (!penOf.has(color)) penOf.set(color, 2 + (penOf.size % Math.max(1, available - 1)))
        pen = available > 1 ? (penOf.get(color) ?? 1) : 1
      }
      strokes.push({ pen, points: line.points.map((q) => toPage(item, q)) })
    }
  }
  const byPen = new Map<number, string[]>([[1, ['#000000']]])
  for (const [color, pen] of penOf) byPen.set(pen, [...(byPen.get(pen) ?? []), color])
  return {
    strokes,
    assignment: [...byPen].sort((a, b) => a[0] - b[0]).map(([pen, colors]) => ({ pen, colors })),
  }
}

/** Plotter labels speak ASCII: the few other characters our captions use get stand-ins. */
export function asciiLabel(text: string): string {
  return text
    .replace(/×/g, 'x')
    .replace(/[—–]/g, '-')
    .replace(/√/g, 'sqrt')
    .replace(/[^\x20-\x7e]/g, '?')
}

/** A page's content placed on the device's paper: scaled, centred, maybe turned. */
export interface PlacedPage {
  /** The page's strokes in device units, in the drawing's order. */
  readonly strokes: readonly Stroke[]
  readonly assignment: readonly PenAssignment[]
  readonly texts: readonly SheetText[]
  /** Page mm to device units. */
  readonly toPlotter: (x: number, y: number) => [number, number]
  readonly scale: number
  readonly rotated: boolean
  readonly clip: ClipRange
}

/**
 * Scales and centres a page's content (strokes and, unless left out, label boxes) into the
 * device's hard-clip range for the paper, turned by 90° when that fits it larger.
 */
export function placePage(
  page: SheetPage,
  opts: Pick<HpglOptions, 'paper' | 'scale' | 'pens' | 'labels'> & {
    readonly device: Pick<DeviceProfile, 'name' | 'papers' | 'unitsPerMm' | 'pens' | 'axes'>
  },
): PlacedPage {
  const { device } = opts
  const clip = device.papers[opts.paper]
  if (!clip) {
    throw new InputError(
      `The ${device.name} has no paper "${opts.paper}"; it takes ${Object.keys(device.papers).join(', ')}.`,
    )
  }
  const { strokes, assignment } = pageStrokes(page, opts.pens, device.pens)
  const texts = opts.labels === false ? [] : page.texts
  // Content bounds in page mm: strokes and (estimated) label boxes.
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity]
  const grow = (x: number, y: number): void => {
    x0 = Math.min(x0, x)
    y0 = Math.min(y0, y)
    x1 = Math.max(x1, x)
    y1 = Math.max(y1, y)
  }
  for (const s of strokes) for (const [x, y] of s.points) grow(x, y)
  for (const t of texts) {
    const [a, b] = labelSpan(t)
    grow(a, t.y - t.size * 0.75)
    grow(b, t.y)
  }
  if (!Number.isFinite(x0)) throw new InputError('There is nothing to plot on this page.')
  const w = Math.max(1e-6, x1 - x0)
  const h = Math.max(1e-6, y1 - y0)
  const u = device.unitsPerMm
  const fitFlat = Math.min(clip.xMax / (w * u), clip.yMax / (h * u))
  const fitTurned = Math.min(clip.xMax / (h * u), clip.yMax / (w * u))
  const rotated = fitTurned > fitFlat * 1.001
  const fit = rotated ? fitTurned : fitFlat
  const scale = opts.scale === 'fit' ? fit : opts.scale
  if (scale > fit * 1.0001) {
    throw new InputError(
      `At ${opts.scale}× the drawing does not fit ${opts.paper} on the ${device.name} (at most ${fit.toFixed(2)}×).`,
    )
  }
  const k = scale * u
  const cx = (x0 + x1) / 2
  const cy = (y0 + y1) / 2
  // Page y runs down, paper y up; turned, page x runs along paper y. A device whose axes run
  // the other way counts from the other side of its range.
  const sx = device.axes.x === 'right' ? 1 : -1
  const sy = device.axes.y === 'up' ? 1 : -1
  const toPlotter = (x: number, y: number): [number, number] =>
    rotated
      ? [
          Math.round(clip.xMax / 2 + sx * (y - cy) * k),
          Math.round(clip.yMax / 2 + sy * (x - cx) * k),
        ]
      : [
          Math.round(clip.xMax / 2 + sx * (x - cx) * k),
          Math.round(clip.yMax / 2 - sy * (y - cy) * k),
        ]
  return {
    strokes: strokes.map((s) => ({
      pen: s.pen,
      points: s.points.map(([x, y]) => toPlotter(x, y)),
    })),
    assignment,
    texts,
    toPlotter,
    scale,
    rotated,
    clip,
  }
}

export function pageHpgl(page: SheetPage, opts: HpglOptions): HpglPage {
  const { device } = opts
  const u = device.unitsPerMm
  const placed = placePage(page, opts)
  const { strokes: plotted, texts, toPlotter, scale, rotated } = placed
  const plan = planPaths(plotted)
  // Drawing order, one pen after the other (a plotter cannot swap pens at every line).
  const naive = measurePlan([...plotted].sort((a, b) => a.pen - b.pen))
  const out: string[] = ['IN;', 'PA;', `VS${opts.velocity ?? device.velocity};`]
  let pen = 0
  let at: XY = [0, 0]
  const coords = (pts: readonly XY[]): string => {
    const parts: string[] = []
    for (const p of pts) {
      parts.push(opts.relative ? `${p[0] - at[0]},${p[1] - at[1]}` : `${p[0]},${p[1]}`)
      at = p
    }
    return parts.join(',')
  }
  if (opts.relative) out.push('PR;')
  for (const path of plan.paths) {
    if (path.pen !== pen) {
      pen = path.pen
      out.push(`SP${pen};`)
    }
    out.push(`PU${coords([path.points[0]])};`)
    out.push(`PD${coords(path.points.slice(1))};`)
  }
  if (texts.length > 0) {
    if (pen !== 1) out.push('SP1;')
    if (opts.relative) out.push('PA;')
    out.push(rotated ? 'DI0,1;' : 'DI1,0;')
    let size = ''
    for (const t of texts) {
      // The plotter's characters fill the room the sheet's layout gave the label, no more: its
      // own font's cells (1.5 widths a character) would run into the next legend entry.
      const [start, end] = labelSpan(t)
      const chars = asciiLabel(t.text).length
      const widthCm = ((end - start) * scale) / Math.max(1, 1.5 * chars - 0.5) / 10
      const capCm = (t.size * 0.72 * scale) / 10
      const si = `SI${widthCm.toFixed(3)},${capCm.toFixed(3)};`
      if (si !== size) out.push((size = si))
      const [px, py] = toPlotter(start, t.y)
      out.push(`PU${px},${py};`, `LB${asciiLabel(t.text)}\x03`)
    }
  }
  out.push('PU;', 'SP0;')
  const mm = (v: number): number => v / u
  return {
    hpgl: out.join('\n') + '\n',
    pens: placed.assignment.filter((a) => plan.paths.some((p) => p.pen === a.pen)),
    penDown: mm(plan.penDown),
    penUp: mm(plan.penUp),
    naivePenUp: mm(naive.penUp),
    scale,
    rotated,
    paths: plan.paths,
    clip: placed.clip,
    unitsPerMm: u,
  }
}

/** Where a label starts and ends along its line, in page mm: the room the sheet's layout gave it. */
function labelSpan(t: SheetText): [number, number] {
  const width = textWidth(t.text, t.size)
  const start = t.anchor === 'start' ? t.x : t.anchor === 'middle' ? t.x - width / 2 : t.x - width
  return [start, start + width]
}
