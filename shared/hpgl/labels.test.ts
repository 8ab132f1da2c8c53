import { beforeAll, describe, expect, it } from 'vitest'
import { solvedTangram } from '../../testing/tangram-job'
import { DEFAULT_EXPORT } from '../drawing/export-settings'
import { layoutSheet } from '../drawing/sheet'
import type { SolvedJob } from '../formats/solutions'
import { PLOTTERS } from './devices'
import { boxesOverlap, hpglLabels, labelBox } from './labels'
import { parseHpgl } from './parse'
import { penPathSvg } from './preview'
import { asciiLabel, pageHpgl } from './write'

let job: SolvedJob
beforeAll(async () => {
  job = await solvedTangram()
})

describe('HPGL labels', () => {
  it('never overlap on the tangram sheet, read back from the HPGL as the plotter places them', () => {
    let labels = 0
    for (const device of PLOTTERS)
      for (const paper of Object.keys(device.papers))
        for (const columns of [3, 6]) {
          const sheet = layoutSheet(job, {
            ...DEFAULT_EXPORT.sheet,
            paper: paper as 'A4' | 'A3',
            columns,
          })
          for (const [p, page] of sheet.pages.entries()) {
            const out = pageHpgl(page, { device, paper, scale: 'fit', pens: 'one' })
            const found = hpglLabels(parseHpgl(out.hpgl), device.unitsPerMm)
            expect(found.map((l) => l.text)).toEqual(page.texts.map((t) => asciiLabel(t.text)))
            const boxes = found.map(labelBox)
            for (let i = 0; i < boxes.length; i++)
              for (let j = i + 1; j < boxes.length; j++)
                if (boxesOverlap(boxes[i], boxes[j]))
                  expect.fail(
                    `${device.id} ${paper} page ${p + 1}: "${found[i].text}" overlaps "${found[j].text}"`,
                  )
            labels += found.length
          }
        }
    expect(labels).toBeGreaterThan(500)
  })

  it('are in the plot preview, at their place and size', () => {
    const page = layoutSheet(job, DEFAULT_EXPORT.sheet).pages[0]
    const device = PLOTTERS[0]
    const out = pageHpgl(page, { device, paper: 'A4', scale: 'fit', pens: 'one' })
    const svg = penPathSvg(out)
    const texts = [...svg.matchAll(/<text [^>]*textLength="([\d.]+)"[^>]*>([^<]*)<\/text>/g)]
    const labels = hpglLabels(parseHpgl(out.hpgl), device.unitsPerMm)
    expect(texts.map((m) => m[2])).toEqual(labels.map((l) => l.text))
    for (const [i, m] of texts.entries()) expect(Number(m[1])).toBeCloseTo(labels[i].length, 0)
  })
})
