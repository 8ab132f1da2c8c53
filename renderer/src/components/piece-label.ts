import type { Point } from '../../../shared/lattice/polygon'

/** Where and how a piece's name is written on it in the editor: in screen pixels, centred. */
export interface PieceLabel {
  readonly x: number
  readonly y: number
  readonly lines: readonly string[]
  readonly fontSize: number
  /** The widest line's width, px. */
  readonly width: number
  readonly fill: string
}

const INK = '#1d2433'
const PAPER = '#ffffff'
const SIZES = [12, 11, 10, 9, 8]
const LINE_HEIGHT = 1.15
/** Room kept free between the text and the piece's edge, px. */
const MARGIN = 3

/** WCAG relative luminance of a #rgb or #rrggbb colour (undefined for anything else). */
function luminance(color: string): number | undefined {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)
  if (!m) return undefined
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1]
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  })
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** Ink or white, whichever contrasts more with the piece's colour. */
export function labelColor(fill: string): string {
  const l = luminance(fill)
  if (l === undefined) return INK
  const ink = luminance(INK)!
  return (l + 0.05) / (ink + 0.05) >= 1.05 / (l + 0.05) ? INK : PAPER
}

/**
 * The stretch of the horizontal line at height y inside the rings (an outline and its holes)
 * that holds x (or none).
 */
function chord(rings: readonly (readonly Point[])[], x: number, y: number): number {
  const xs: number[] = []
  for (const poly of rings)
    for (let i = 0; i < poly.length; i++) {
      const [x1, y1] = poly[i]
      const [x2, y2] = poly[(i + 1) % poly.length]
      if (y1 === y2 || y < Math.min(y1, y2) || y >= Math.max(y1, y2)) continue
      xs.push(x1 + ((y - y1) / (y2 - y1)) * (x2 - x1))
    }
  xs.sort((a, b) => a - b)
  for (let i = 0; i + 1 < xs.length; i += 2)
    if (xs[i] <= x && x <= xs[i + 1]) return xs[i + 1] - xs[i]
  return 0
}

/**
 * The piece's name at its centroid, in the largest size at which it fits inside the piece (on
 * one line, else a word a line); smaller than the smallest size, it is not written (the list
 * beside names it). `scale` is screen pixels per lattice unit (y up); `measure` gives a text's
 * width in px at a font size. A figure's `holes` are no room: over one, the name is not written.
 */
export function pieceLabel(
  poly: readonly Point[],
  name: string,
  color: string,
  scale: number,
  measure: (text: string, fontSize: number) => number,
  holes: readonly (readonly Point[])[] = [],
): PieceLabel | undefined {
  if (poly.length < 3 || !name.trim()) return undefined
  const n = poly.length
  const x = poly.reduce((s, p) => s + p[0], 0) / n
  const y = poly.reduce((s, p) => s + p[1], 0) / n
  const words = name.trim().split(/\s+/)
  const layouts = words.length > 1 ? [[words.join(' ')], words] : [words]
  for (const fontSize of SIZES)
    for (const lines of layouts) {
      const width = Math.max(...lines.map((l) => measure(l, fontSize)))
      const half = (lines.length * fontSize * LINE_HEIGHT) / 2 / scale
      // The narrowest of the text's top, middle and bottom rows of the piece must hold it.
      const rings = [poly, ...holes]
      const room = Math.min(...[y - half, y, y + half].map((h) => chord(rings, x, h))) * scale
      if (width + 2 * MARGIN <= room)
        return { x, y, lines, fontSize, width, fill: labelColor(color) }
    }
  return undefined
}
