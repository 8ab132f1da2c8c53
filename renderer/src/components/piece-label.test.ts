import { describe, expect, it } from 'vitest'
import { labelColor, pieceLabel } from './piece-label'

// A sans-serif's average: wide enough that a fit here fits in the app's fonts.
const measure = (text: string, size: number) => text.length * size * 0.6

describe('piece labels', () => {
  it('are white on the navy parallelogram, ink on the light pieces', () => {
    // The tangram's colours (resources/sets/tangram.json).
    expect(labelColor('#29335c')).toBe('#ffffff')
    expect(labelColor('#1d2433')).toBe('#ffffff')
    expect(labelColor('#f3a712')).toBe('#1d2433')
    expect(labelColor('#a8c686')).toBe('#1d2433')
    expect(labelColor('#e4572e')).toBe('#1d2433')
    expect(labelColor('#fff')).toBe('#1d2433')
    expect(labelColor('not a colour')).toBe('#1d2433')
  })

  it("fit inside the piece: the tangram's small triangle at the Designer's zoom gets its name smaller or a word a line", () => {
    // Legs of one lattice unit, 120 px a unit as in the Designer at 1280 px.
    const small: [number, number][] = [
      [0, 0],
      [1, 0],
      [0, 1],
    ]
    const l = pieceLabel(small, 'small triangle', '#a8c686', 120, measure)!
    expect(l).toBeDefined()
    // 'small triangle' at 12 px is 101 px wide; the triangle is 80 px wide at its centroid.
    expect(l.lines.length > 1 || l.fontSize < 12).toBe(true)
    expect(l.width).toBeLessThanOrEqual((2 / 3) * 120)
    // A big piece keeps the full size on one line.
    const big = pieceLabel(
      [
        [0, 0],
        [4, 0],
        [4, 4],
        [0, 4],
      ],
      'square',
      '#f3a712',
      60,
      measure,
    )!
    expect(big).toMatchObject({ lines: ['square'], fontSize: 12, x: 2, y: 2 })
    // Zoomed far out, nothing fits: no label rather than one over the edges.
    expect(pieceLabel(small, 'small triangle', '#a8c686', 10, measure)).toBeUndefined()
  })

  it('are not written over a hole of a figure', () => {
    const square: [number, number][] = [
      [0, 0],
      [8, 0],
      [8, 8],
      [0, 8],
    ]
    const hole: [number, number][] = [
      [3, 3],
      [5, 3],
      [5, 5],
      [3, 5],
    ]
    expect(pieceLabel(square, 'board', '#9aa7b8', 60, measure)).toBeDefined()
    expect(pieceLabel(square, 'board', '#9aa7b8', 60, measure, [hole])).toBeUndefined()
  })
})
