import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { analyzeShape, congruenceKey } from '../pieces/shape'
import { arrangeApart, besideFigures } from './arrange'
import { documentFromJson, emptyDocument } from './document'

const bundled = (name: string) =>
  documentFromJson(JSON.parse(readFileSync(`resources/sets/${name}.json`, 'utf8')), name)

describe('arranging pieces apart', () => {
  it.each(['tangram', 'pentominoes', 'tetraboloes', 'hexominoes'])(
    'lays out %s with no two pieces overlapping and every shape unchanged',
    (name) => {
      const doc = bundled(name)
      const laid = arrangeApart(doc)
      const boxes = laid.pieces.map((p) => {
        const xs = p.polygon.map((q) => q[0])
        const ys = p.polygon.map((q) => q[1])
        return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
      })
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]]
          const apart = a[2] <= b[0] || b[2] <= a[0] || a[3] <= b[1] || b[3] <= a[1]
          expect(apart, `${laid.pieces[i].name} and ${laid.pieces[j].name}`).toBe(true)
        }
      laid.pieces.forEach((p, i) => {
        const before = doc.pieces[i]
        expect({ ...p, polygon: undefined }).toEqual({ ...before, polygon: undefined })
        // Only moved: the same shape in the same orientation.
        const dx = p.polygon[0][0] - before.polygon[0][0]
        const dy = p.polygon[0][1] - before.polygon[0][1]
        expect(p.polygon).toEqual(before.polygon.map(([x, y]) => [x + dx, y + dy]))
        expect(congruenceKey(analyzeShape(p.polygon))).toBe(
          congruenceKey(analyzeShape(before.polygon)),
        )
      })
    },
  )

  it('leaves a document whose pieces lie apart as it is', () => {
    const laid = arrangeApart(bundled('tangram'))
    expect(arrangeApart(laid)).toBe(laid)
  })
})

describe('a figure added beside the others', () => {
  const square: [number, number][] = [
    [2, 0],
    [4, 2],
    [2, 4],
    [0, 2],
  ]

  it('stays where it is in a document without figures', () => {
    expect(besideFigures(emptyDocument(), square)).toEqual(square)
  })

  it('goes two units right of the figures, level with their lowest point, the same shape', () => {
    const doc = {
      ...emptyDocument(),
      figures: [
        {
          id: 'f1',
          name: 'a',
          polygon: [
            [-3, 1],
            [5, 1],
            [5, 7],
            [-3, 7],
          ] as [number, number][],
        },
      ],
    }
    expect(besideFigures(doc, square)).toEqual([
      [9, 1],
      [11, 3],
      [9, 5],
      [7, 3],
    ])
  })
})
