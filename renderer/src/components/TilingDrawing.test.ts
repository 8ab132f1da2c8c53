import { describe, expect, it } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import { documentFromJson } from '../../../shared/document/document'
import { drawingSize, drawTiling, outlinePad } from './TilingDrawing'

describe('a thumbnail with the outline doubled', () => {
  it("keeps the double's 45° tips and their miters inside the card: the pad is the gap at the miter", () => {
    const doc = documentFromJson(tangramSet, 'tangram.json')
    // The tangram's right isosceles triangle, as the gallery draws it at 120 px.
    const figure: [number, number][] = [
      [0, 0],
      [4, 0],
      [0, 4],
    ]
    const [cell, gap, width] = [30, 2.5, 1.3]
    const pad = outlinePad(gap, width)
    const d = drawTiling(doc, figure, [], cell, pad, pad, gap)
    const size = drawingSize(figure, cell)
    const [w, h] = [size.width + 2 * pad, size.height + 2 * pad]
    // A miter's point stands out half the line's width / sin(half the corner) past the vertex.
    const miter = width / 2 / Math.sin(Math.PI / 8)
    expect(d.outer).toHaveLength(1)
    expect(d.outer[0].length).toBe(6)
    for (let i = 0; i < d.outer[0].length; i += 2) {
      const [x, y] = [d.outer[0][i], d.outer[0][i + 1]]
      expect(x - miter).toBeGreaterThanOrEqual(0)
      expect(y - miter).toBeGreaterThanOrEqual(0)
      expect(x + miter).toBeLessThanOrEqual(w)
      expect(y + miter).toBeLessThanOrEqual(h)
    }
    // The pad the gallery had (6 px) let the tip cross the card's edge.
    const before = drawTiling(doc, figure, [], cell, 6, 6, gap)
    expect(Math.min(...before.outer[0]) - miter).toBeLessThan(0)
  })
})
