import { escapeXml } from '../drawing/svg'
import { hpglLabels } from './labels'
import { parseHpgl } from './parse'
import type { HpglPage } from './write'

/**
 * The pen's way over the paper as SVG, for the plot panel: the hard-clip area, every pen-down
 * path in its pen's colour, the pen-up moves between them dimmed and dashed, in drawing order,
 * and for HP-GL the labels read back from it where and as large as the plotter's font draws them
 * (a sans serif stretched to the label's length stands in for that font). G-code has no labels.
 */
export function penPathSvg(
  page: Pick<HpglPage, 'clip' | 'pens' | 'paths' | 'unitsPerMm'> & { readonly hpgl?: string },
  yAxis: 'up' | 'down' = 'up',
): string {
  const { xMax, yMax } = page.clip
  const color = new Map(page.pens.map((p) => [p.pen, p.pen === 1 ? '#1d2433' : p.colors[0]]))
  // SVG y runs down, as an AxiDraw's does; most plotters' y runs up.
  const pt = (p: readonly [number, number]) => `${p[0]},${yAxis === 'up' ? yMax - p[1] : p[1]}`
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
  const labels = page.hpgl === undefined ? [] : hpglLabels(parseHpgl(page.hpgl), page.unitsPerMm)
  for (const l of labels) {
    const [x, y] = l.at
    const angle = (-Math.atan2(l.run[1], l.run[0]) * 180) / Math.PI
    const fill = escapeXml(color.get(l.pen) ?? '#1d2433')
    // A sans serif's capitals are about 0.72 of its size.
    out.push(
      `<text transform="translate(${x},${yMax - y}) rotate(${angle})" font-family="sans-serif" ` +
        `font-size="${(l.capHeight / 0.72).toFixed(1)}" textLength="${l.length.toFixed(1)}" ` +
        `lengthAdjust="spacingAndGlyphs" fill="${fill}">${escapeXml(l.text)}</text>`,
    )
  }
  out.push(
    `<path d="${ups.join('')}" fill="none" stroke="#9aa3b2" stroke-opacity="0.6" stroke-width="8" stroke-dasharray="40 40" data-pen="up"/>`,
    '</svg>',
  )
  return out.join('\n')
}
