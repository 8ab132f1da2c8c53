import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { DrawnPiece } from '../drawing/solution'
import { parseCards } from './cards/format'
import type { Card, CardPuzzle } from './cards/puzzle'
import { cardColors, cardDrawing, sideRegions, triangleColors, triangleDrawing } from './drawing'
import { parseTrianglePuzzle } from './triangle/parse'

type XY = readonly [number, number]

const centroid = (p: DrawnPiece): XY => [
  p.polygon.reduce((s, q) => s + q[0], 0) / p.polygon.length,
  p.polygon.reduce((s, q) => s + q[1], 0) / p.polygon.length,
]

/** Whether a point is inside a convex polygon (either orientation). */
function inside(poly: readonly XY[], [x, y]: XY): boolean {
  let sign = 0
  for (let i = 0; i < poly.length; i++) {
    const [ax, ay] = poly[i]
    const [bx, by] = poly[(i + 1) % poly.length]
    const cross = (bx - ax) * (y - ay) - (by - ay) * (x - ax)
    if (cross === 0) continue
    if (sign === 0) sign = Math.sign(cross)
    else if (Math.sign(cross) !== sign) return false
  }
  return true
}

describe('pointing at the sides of a drawn piece', () => {
  it("each card side's region holds that side's half face, in its figure's colour", () => {
    const puzzle = parseCards(readFileSync('resources/cards/hib-smiley.json', 'utf8'), 'hib')
    const color = cardColors(puzzle)
    const regions = sideRegions('cards')
    for (const card of puzzle.cards) {
      const faces = cardDrawing(puzzle, card, 0, color).pieces.filter(
        (p) => p.polygon.length === 17,
      )
      expect(faces).toHaveLength(4)
      for (let side = 0; side < 4; side++) {
        const edge = card[side] as readonly [string, number]
        const here = faces.filter((f) => inside(regions[side], centroid(f)))
        expect(here.map((f) => f.color)).toEqual([color(edge[0])])
      }
    }
  })

  it("each triangle side's region holds that side's half face", () => {
    const puzzle = parseTrianglePuzzle(
      readFileSync('shared/edgematch/triangle/examples/puzzle2.txt', 'utf8'),
      'puzzle2',
    )
    const color = triangleColors(puzzle)
    const regions = sideRegions('triangle')
    for (const piece of puzzle.pieces) {
      const faces = triangleDrawing(piece, color).pieces.filter((p) => p.polygon.length === 17)
      for (let side = 0; side < 3; side++) {
        const here = faces.filter((f) => inside(regions[side], centroid(f)))
        expect(here.map((f) => f.color)).toEqual([color(Math.abs(piece[side]))])
      }
    }
  })
})

describe('the colours of a card puzzle', () => {
  it('do not change when an edit moves the first use of a figure', () => {
    const card = (a: number, b: number): Card => [
      [a, 0],
      [b, 1],
      [a, 1],
      [b, 0],
    ]
    const puzzle = (cards: Card[]): CardPuzzle => ({ rows: 1, cols: 2, match: 'halves', cards })
    const before = cardColors(puzzle([card(1, 2), card(3, 2)]))
    const after = cardColors(puzzle([card(3, 2), card(1, 2)]))
    expect([1, 2, 3].map(after)).toEqual([1, 2, 3].map(before))
    expect(new Set([1, 2, 3].map(before)).size).toBe(3)
  })
})
