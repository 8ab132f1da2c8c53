import { InputError } from '../errors'
import type { SolvedJob } from '../formats/solutions'
import { headlineCount } from '../tiling/search'
import { drawSolution, type SolutionDrawing } from './solution'
import { plural } from '../plural'

/**
 * A solution sheet: solutions laid out on pages in millimetres (y down, as on paper), grouped by
 * outline under a heading, each with its number as caption, a title on the first page and a piece
 * legend and page number at the foot of every page. SVG, PDF and HPGL sheets all render this one
 * layout, so what the preview shows is what prints.
 */
export const PAPERS = {
  A4: { width: 210, height: 297 },
  A3: { width: 297, height: 420 },
  Letter: { width: 215.9, height: 279.4 },
} as const
export type PaperName = keyof typeof PAPERS

export interface SheetOptions {
  readonly paper: PaperName
  readonly orientation: 'portrait' | 'landscape'
  /** Page margins in mm. */
  readonly margin: number
  readonly columns: number
  /** Fill pieces with their colours (SVG, PDF, canvas). */
  readonly colors: boolean
  /** Write each piece's name on it. */
  readonly labels: boolean
  /** Distance of the double outline in mm (0: single). */
  readonly gap: number
  /**
   * The size: mm per lattice unit (then as many columns fit as the paper allows); without it the
   * columns set the size.
   */
  readonly unit?: number
  /** One endless page (SVG) instead of pages of the paper's height. */
  readonly continuous?: boolean
}

export const DEFAULT_SHEET: SheetOptions = {
  paper: 'A4',
  orientation: 'portrait',
  margin: 15,
  columns: 6,
  colors: true,
  labels: false,
  gap: 0.7,
}

export interface SheetText {
  readonly x: number
  readonly y: number
  readonly text: string
  /** Font size (cap height ≈ 0.72 × size) in mm. */
  readonly size: number
  readonly anchor: 'start' | 'middle' | 'end'
  readonly bold?: boolean
}

export interface SheetItem {
  readonly drawing: SolutionDrawing
  /** Page position (mm) of the drawing's bounds' top-left corner, and mm per lattice unit. */
  readonly x: number
  readonly y: number
  readonly scale: number
}

export interface SheetSwatch {
  readonly x: number
  readonly y: number
  readonly size: number
  readonly color: string
}

export interface SheetPage {
  readonly width: number
  readonly height: number
  readonly items: readonly SheetItem[]
  readonly texts: readonly SheetText[]
  readonly swatches: readonly SheetSwatch[]
}

export interface Sheet {
  readonly pages: readonly SheetPage[]
  readonly options: SheetOptions
  /** mm per lattice unit, the same for every solution. */
  readonly scale: number
  readonly solutions: number
}

/** Maps a lattice point of an item's drawing to page millimetres. */
export function toPage(item: SheetItem, p: readonly [number, number]): [number, number] {
  const b = item.drawing.bounds
  return [item.x + (p[0] - b.minX) * item.scale, item.y + (b.maxY - p[1]) * item.scale]
}

/** Rough text width for layout (DejaVu Sans averages about 0.55 em per character). */
export const textWidth = (text: string, size: number): number => text.length * size * 0.55

const HEADING = 4
const CAPTION = 2.8
const FOOT = 3
const COL_GAP = 5
const ROW_GAP = 3

export function pageSize(o: SheetOptions): { width: number; height: number } {
  const p = PAPERS[o.paper]
  return o.orientation === 'portrait'
    ? { width: p.width, height: p.height }
    : { width: p.height, height: p.width }
}

/**
 * What a sheet shows: a title and a line under it, groups of drawings each under a heading, and
 * the set's pieces in the legend. A job's tilings are one kind of content (`layoutSheet`), the
 * pentagons of a set another; both are laid out alike.
 */
export interface SheetContent {
  readonly title: string
  readonly subtitle: string
  readonly groups: readonly SheetGroup[]
  readonly pieces: readonly {
    readonly name: string
    readonly count: number
    readonly color: string
  }[]
}

export interface SheetGroup {
  /** The heading; later pages add "(continued)". */
  readonly heading: string
  readonly entries: readonly SheetEntry[]
  /** Starts on a page of its own (a booklet's solutions, at the back). */
  readonly newPage?: boolean
  /** Each drawing on a page of its own, across its width (a booklet's puzzles at true size). */
  readonly onePerPage?: boolean
}

export interface SheetEntry {
  readonly caption: string
  /** The drawing, its outline doubled `gap` lattice units outside. */
  readonly draw: (gap: number) => SolutionDrawing
  /** The bounds of its outline alone (cheaper than drawing it), for the layout. */
  readonly frame: (gap: number) => SolutionDrawing['bounds']
}

/** A job's tilings, grouped by outline, numbered within each. */
export function layoutSheet(job: SolvedJob, options: SheetOptions): Sheet {
  const groups = job.figures
    .filter((f) => f.tilings.length > 0)
    .map((g): SheetGroup => {
      const count = g.counts ? headlineCount(g.counts, job.mode) : g.tilings.length
      const shown = g.tilings.length < Number(count) ? `, ${g.tilings.length} shown` : ''
      // Every tiling of a figure has the figure's outline: measured once per gap.
      const frames = new Map<number, SolutionDrawing['bounds']>()
      const frame = (gap: number) => {
        let b = frames.get(gap)
        if (!b) frames.set(gap, (b = drawSolution(job.document, g.polygon, [], { gap }).bounds))
        return b
      }
      return {
        heading: `${g.name} — ${plural(count, 'solution')}${shown}`,
        entries: g.tilings.map((t, i) => ({
          caption: String(i + 1),
          draw: (gap) => drawSolution(job.document, g.polygon, t.pieces, { gap }),
          frame,
        })),
      }
    })
  const total = groups.reduce((s, g) => s + g.entries.length, 0)
  return layoutContent(
    {
      title: job.document.name,
      subtitle:
        `${plural(total, 'solution')} in ${plural(groups.length, 'figure')}` +
        (job.mode === 'raw' ? ', every tiling of the fixed figure' : ', counted up to symmetry'),
      groups,
      pieces: job.document.pieces,
    },
    options,
  )
}

export function layoutContent(content: SheetContent, options: SheetOptions): Sheet {
  const o = { ...options, columns: Math.max(1, Math.floor(options.columns)) }
  const { width, height: paperHeight } = pageSize(o)
  const contentW = width - 2 * o.margin
  if (contentW < 20 || (!o.continuous && paperHeight - 2 * o.margin < 40)) {
    throw new InputError('The margins leave no room on the page.')
  }
  const groups = content.groups.filter((g) => g.entries.length > 0)
  // One scale for the whole sheet, so that figures compare at a glance: the widest drawing
  // fills its column, and no drawing is taller than a third of the page.
  // The outer outline adds a fixed width in mm whatever the scale (its gap is given in mm):
  // measure it per unit of gap on each outline, then fit figure plus that margin into a cell.
  const fits = groups.flatMap((g) =>
    g.entries.map((e) => {
      const plain = e.frame(0)
      const wide = e.frame(1)
      const w = plain.maxX - plain.minX
      const h = plain.maxY - plain.minY
      return {
        w,
        h,
        extraW: wide.maxX - wide.minX - w,
        extraH: wide.maxY - wide.minY - h,
      }
    }),
  )
  const usableH = (o.continuous ? paperHeight : paperHeight - 2 * o.margin) / 3
  let cellW = (contentW - (o.columns - 1) * COL_GAP) / o.columns
  let scale: number
  if (o.unit !== undefined) {
    // A size given: as many columns as the widest drawing allows.
    scale = o.unit
    const widest = Math.max(...fits.map((f) => f.w * scale + f.extraW * o.gap))
    const tallest = Math.max(...fits.map((f) => f.h * scale + f.extraH * o.gap))
    if (widest > contentW || (!o.continuous && tallest > paperHeight - 2 * o.margin - 30)) {
      throw new InputError(
        `At ${o.unit} mm per unit the largest drawing does not fit the page: choose a smaller size.`,
      )
    }
    o.columns = Math.max(1, Math.floor((contentW + COL_GAP) / (widest + COL_GAP)))
    cellW = (contentW - (o.columns - 1) * COL_GAP) / o.columns
  } else {
    scale = Math.min(
      ...fits.map((f) =>
        Math.min(
          (cellW - f.extraW * o.gap) / Math.max(f.w, 1),
          (usableH - f.extraH * o.gap) / Math.max(f.h, 1),
        ),
      ),
    )
  }

  const legend = legendLayout(content.pieces, contentW, o.colors)
  const legendRows = legend.length > 0 ? legend[legend.length - 1].row + 1 : 0
  const footH = (legendRows + 1) * FOOT * 1.6
  const pages: { items: SheetItem[]; texts: SheetText[]; swatches: SheetSwatch[] }[] = []
  let page = newPage()
  let y = o.margin
  const bottom = (): number => (o.continuous ? Infinity : paperHeight - o.margin - footH)
  function newPage() {
    const p = { items: [] as SheetItem[], texts: [] as SheetText[], swatches: [] as SheetSwatch[] }
    pages.push(p)
    return p
  }
  const breakPage = (): void => {
    page = newPage()
    y = o.margin
  }

  const total = groups.reduce((s, g) => s + g.entries.length, 0)
  page.texts.push({
    x: o.margin,
    y: y + 5,
    text: content.title,
    size: 6,
    anchor: 'start',
    bold: true,
  })
  y += 8
  page.texts.push({ x: o.margin, y: y + 3, text: content.subtitle, size: 3.2, anchor: 'start' })
  y += 8

  for (const g of groups) {
    const drawings = g.entries.map((e) => e.draw(o.gap / scale))
    const heading = (cont: boolean) => `${g.heading}${cont ? ' (continued)' : ''}`
    const rowH = (ds: readonly SolutionDrawing[]) =>
      Math.max(...ds.map((d) => (d.bounds.maxY - d.bounds.minY) * scale)) + CAPTION * 1.6
    const columns = g.onePerPage ? 1 : o.columns
    const cw = g.onePerPage ? contentW : cellW
    const firstRow = drawings.slice(0, columns)
    if ((g.newPage && page.items.length > 0) || y + HEADING * 1.8 + rowH(firstRow) > bottom())
      breakPage()
    page.texts.push({
      x: o.margin,
      y: y + HEADING,
      text: heading(false),
      size: HEADING,
      anchor: 'start',
      bold: true,
    })
    y += HEADING * 1.8
    for (let r = 0; r < drawings.length; r += columns) {
      const row = drawings.slice(r, r + columns)
      const h = rowH(row)
      if (y + h > bottom() || (g.onePerPage && r > 0)) {
        breakPage()
        page.texts.push({
          x: o.margin,
          y: y + HEADING,
          text: heading(true),
          size: HEADING,
          anchor: 'start',
          bold: true,
        })
        y += HEADING * 1.8
      }
      row.forEach((d, c) => {
        const w = (d.bounds.maxX - d.bounds.minX) * scale
        const dh = (d.bounds.maxY - d.bounds.minY) * scale
        const cx = o.margin + c * (cw + COL_GAP) + cw / 2
        page.items.push({ drawing: d, x: cx - w / 2, y, scale })
        page.texts.push({
          x: cx,
          y: y + dh + CAPTION * 1.2,
          text: g.entries[r + c].caption,
          size: CAPTION,
          anchor: 'middle',
        })
      })
      y += h + ROW_GAP
    }
    y += ROW_GAP
  }

  const height = o.continuous ? y + o.margin + footH : paperHeight
  return {
    pages: pages.map((p, i) => ({
      width,
      height,
      items: p.items,
      texts: [...p.texts, ...footer(i, pages.length, height)],
      swatches: [...p.swatches, ...legendSwatches(height)],
    })),
    options: o,
    scale,
    solutions: total,
  }

  function footer(i: number, n: number, h: number): SheetText[] {
    const base = h - o.margin
    const out: SheetText[] = legend.map((e) => ({
      x: o.margin + e.x,
      y: base - (legendRows - e.row) * FOOT * 1.6,
      text: e.text,
      size: FOOT,
      anchor: 'start',
    }))
    if (n > 1)
      out.push({ x: width - o.margin, y: base, text: `${i + 1} / ${n}`, size: FOOT, anchor: 'end' })
    return out
  }
  function legendSwatches(h: number): SheetSwatch[] {
    if (!o.colors) return []
    const base = h - o.margin
    return legend.map((e) => ({
      x: o.margin + e.x - SWATCH,
      y: base - (legendRows - e.row) * FOOT * 1.6 - FOOT * 0.75,
      size: FOOT * 0.85,
      color: e.color,
    }))
  }
}

const SWATCH = FOOT * 1.3

/**
 * The piece legend at the foot of each page: every piece of the set with its count, wrapped into
 * rows that fit the text width; x is where the name starts (its swatch sits just before it).
 */
function legendLayout(
  pieces: SheetContent['pieces'],
  width: number,
  swatches: boolean,
): { x: number; row: number; text: string; color: string }[] {
  const out: { x: number; row: number; text: string; color: string }[] = []
  const lead = swatches ? SWATCH : 0
  let x = 0
  let row = 0
  for (const p of pieces) {
    const text = p.count > 1 ? `${p.name} ×${p.count}` : p.name
    const w = lead + textWidth(text, FOOT)
    if (x > 0 && x + w > width) {
      x = 0
      row++
    }
    out.push({ x: x + lead, row, text, color: p.color })
    x += w + FOOT * 1.6
  }
  return out
}
