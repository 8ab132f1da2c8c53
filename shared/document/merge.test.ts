import { describe, expect, it } from 'vitest'
import type { DocPiece, WorkbenchDocument } from './document'
import { mergeCongruent, mergeCongruentPieces, sameShapeNotes, solvedSetKey } from './merge'

const piece = (name: string, polygon: [number, number][], count = 1): DocPiece => ({
  id: name,
  name,
  polygon,
  count,
  color: `#${name.length}00000`,
})
const small = (x: number): [number, number][] => [
  [x, 0],
  [x + 1, 0],
  [x, 1],
]
const square: [number, number][] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
]

describe('pieces of one shape', () => {
  const doc: WorkbenchDocument = {
    name: 'set',
    pieces: [
      piece('A', small(0), 2),
      piece('square', square),
      // B is A turned by a half turn and moved.
      piece('B', [
        [6, 1],
        [5, 1],
        [6, 0],
      ]),
    ],
    figures: [],
  }

  it('count as one kind, and the notes say so with the copies of all of them', () => {
    const m = mergeCongruentPieces(doc.pieces)
    expect(m.pieces.map((p) => [p.name, p.count])).toEqual([
      ['A', 3],
      ['square', 1],
    ])
    expect(sameShapeNotes(m)).toEqual([
      'A and B are the same shape: they count as one kind with 3 copies, and swapping them makes no new tiling',
    ])
  })

  it('are one set for the solver whatever they are called, coloured or drawn as', () => {
    const key = (d: WorkbenchDocument) => solvedSetKey(mergeCongruentPieces(d.pieces))
    const one = { ...doc, pieces: [piece('tri', small(3), 3), piece('sq', square)] }
    expect(key(one)).toBe(key(doc))
    expect(key({ ...one, pieces: [piece('tri', small(3), 2), piece('sq', square)] })).not.toBe(
      key(doc),
    )
  })

  it('are handed back their placements in turn, each in the polygon of the first', () => {
    const { document, apart, spread } = mergeCongruent(doc)
    expect(apart.pieces.map((p) => [p.name, p.count, p.color])).toEqual(
      doc.pieces.map((p) => [p.name, p.count, p.color]),
    )
    expect(apart.pieces[2].polygon).toEqual(doc.pieces[0].polygon)
    const placed = [
      { piece: 0, g: 0, dx: 0, dy: 0 },
      { piece: 1, g: 0, dx: 2, dy: 0 },
      { piece: 0, g: 2, dx: 1, dy: 1 },
      { piece: 0, g: 4, dx: 1, dy: 0 },
    ] as const
    expect(document.pieces).toHaveLength(2)
    // Kind 0 has the slots A, A, B; the square is piece 1 in both documents.
    expect(spread(placed)).toEqual([
      { piece: 0, g: 0, dx: 0, dy: 0 },
      { piece: 1, g: 0, dx: 2, dy: 0 },
      { piece: 0, g: 2, dx: 1, dy: 1 },
      { piece: 2, g: 4, dx: 1, dy: 0 },
    ])
  })
})

describe('merging count ranges', () => {
  it('adds the ranges of congruent pieces, and a whole count stays whole', () => {
    const m = mergeCongruentPieces([
      { ...piece('a', small(0), 2), min: 0 },
      piece('b', small(3)),
      piece('c', square),
    ])
    expect(m.pieces.map((p) => [p.name, p.count, p.min])).toEqual([
      ['a', 3, 1],
      ['c', 1, undefined],
    ])
    expect(solvedSetKey(m)).not.toBe(
      solvedSetKey(mergeCongruentPieces([piece('a', small(0), 3), piece('c', square)])),
    )
  })
})
