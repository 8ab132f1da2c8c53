import { escapeXml } from '../drawing/svg'
import type { HpglPage } from './write'

/**
 * The pen's way over the paper as SVG, for the plot panel: the hard-clip area, every pen-down
 * path in its pen's colour, and the pen-up moves between them dashed, in drawing order.
 */
export function penPathSvg(page: HpglPage): string {
  const { xMax, yMax } = page.clip
  const color = new Map(page.pens.map((p) => [p.pen, p.pen === 1 ? '#1d2433' : p.colors[0]]))
  // Plotter y runs up; SVG y down.
  const pt = (p: readonly [number, number]) => `${p[0]},${yMax - p[1]}`
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="-200 -200 ${xMax + 400} ${yMax + 400}">`,
    `<rect x="0" y="0" width="${xMax}" height="${yMax}" fill="#fff" stroke="#9aa3b2" stroke-width="20"/>`,
  ]
  let at: readonly [number, number] = [0, 0]
  const ups: string[] = []
  for (const path of page.paths) {
    ups.push(`M${pt(at)}L${pt(path.points[0])}`)
    const d = path.points.map((q, i) => `${i === 0 ? 'M' : 'L'}${pt(q)}`).join('')
    const stroke = escapeXml(color.get(path.pen) ?? '#1d2433')
    out.push(`<path d="${d}" fill="none" stroke="${stroke}" stroke-width="14"/>`)
    at = path.points[path.points.length - 1]
  }
  out.push(
    `<path d="${ups.join('')}" fill="none" stroke="#e4572e" stroke-width="8" stroke-dasharray="40 40"/>`,
    '</svg>',
  )
  return out.join('\n')
}
