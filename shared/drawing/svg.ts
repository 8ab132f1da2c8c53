import type { SheetItem, SheetPage, SheetText } from './sheet'
import { toPage } from './sheet'
import type { SolutionDrawing } from './solution'

/**
 * SVG 1.1 in real millimetres: width and height carry "mm" and the viewBox counts millimetres, so
 * a printed page or a laser cutter gets the drawing at its true size.
 */
export interface SvgStyle {
  /** Fill pieces with their colours. */
  readonly colors: boolean
  /** Write each piece's name on it. */
  readonly labels: boolean
}

const STROKE = { outline: 0.35, 'outline-outer': 0.35, edge: 0.25 } as const
export const SVG_FONT = "'DejaVu Sans', Verdana, sans-serif"

const n = (v: number): string => String(Math.round(v * 1000) / 1000)

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

function itemSvg(item: SheetItem, style: SvgStyle): string {
  const d = item.drawing
  const out: string[] = ['<g>']
  if (style.colors) {
    for (const p of d.pieces) {
      const pts = p.polygon.map((q) => toPage(item, q).map(n).join(',')).join(' ')
      out.push(`<polygon points="${pts}" fill="${escapeXml(p.color)}" stroke="none"/>`)
    }
  }
  for (const line of d.lines) {
    const path = line.points
      .map((q, i) => `${i === 0 ? 'M' : 'L'}${toPage(item, q).map(n).join(' ')}`)
      .join('')
    out.push(
      `<path d="${path}" fill="none" stroke="#000" stroke-width="${STROKE[line.kind]}" stroke-linejoin="round" stroke-linecap="round"/>`,
    )
  }
  if (style.labels) {
    const size = Math.max(1.2, Math.min(3, item.scale * 0.35))
    for (const p of d.pieces) {
      const [x, y] = toPage(item, p.label)
      out.push(textSvg({ x, y: y + size * 0.36, text: p.name, size, anchor: 'middle' }))
    }
  }
  out.push('</g>')
  return out.join('\n')
}

function textSvg(t: SheetText): string {
  const weight = t.bold ? ' font-weight="bold"' : ''
  return `<text x="${n(t.x)}" y="${n(t.y)}" font-size="${n(t.size)}" text-anchor="${t.anchor}"${weight}>${escapeXml(t.text)}</text>`
}

export function pageSvg(page: SheetPage, style: SvgStyle, title?: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${n(page.width)}mm" height="${n(page.height)}mm" viewBox="0 0 ${n(page.width)} ${n(page.height)}" font-family="${SVG_FONT}">`,
    title ? `<title>${escapeXml(title)}</title>` : '',
    `<rect x="0" y="0" width="${n(page.width)}" height="${n(page.height)}" fill="#fff"/>`,
    ...page.swatches.map(
      (s) =>
        `<rect x="${n(s.x)}" y="${n(s.y)}" width="${n(s.size)}" height="${n(s.size)}" fill="${escapeXml(s.color)}" stroke="#000" stroke-width="0.15"/>`,
    ),
    ...page.items.map((item) => itemSvg(item, style)),
    ...page.texts.map(textSvg),
    '</svg>',
    '',
  ]
    .filter((l) => l !== '')
    .join('\n')
}

/** One solution on its own, `scale` mm per lattice unit, with an optional caption below. */
export function solutionPage(
  drawing: SolutionDrawing,
  scale: number,
  caption?: string,
  margin = 5,
): SheetPage {
  const b = drawing.bounds
  const w = (b.maxX - b.minX) * scale
  const h = (b.maxY - b.minY) * scale
  const captionH = caption ? 6 : 0
  return {
    width: w + 2 * margin,
    height: h + 2 * margin + captionH,
    items: [{ drawing, x: margin, y: margin, scale }],
    texts: caption
      ? [{ x: margin + w / 2, y: margin + h + 4.5, text: caption, size: 3.5, anchor: 'middle' }]
      : [],
    swatches: [],
  }
}
