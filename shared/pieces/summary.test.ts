import { describe, expect, it } from 'vitest'
import { pieceSetDataFromJson } from '../formats/load'
import { setSummary } from './summary'

const square = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
]
const domino = [
  [0, 0],
  [2, 0],
  [2, 1],
  [0, 1],
]

describe('setSummary', () => {
  it('states a set with count ranges as the range of copies and areas, not at its top', () => {
    const set = pieceSetDataFromJson({
      name: 'ranged',
      pieces: [
        { name: 'D', polygon: domino, count: 2 },
        { name: 'S', polygon: square, count: { min: 0, max: 2 } },
      ],
    })
    const s = setSummary(set)
    expect(s.pieces).toBe(4)
    expect(s.area).toBe(12)
    expect(s.fewest).toEqual({ pieces: 2, area: 8 })
    // convex refuses count ranges: no count of outlines of one area is claimed
    expect(s.outlines).toBeUndefined()
  })

  it('gives a set of whole counts its one number of copies, area and convex outlines', () => {
    const s = setSummary(
      pieceSetDataFromJson({ name: 'whole', pieces: [{ name: 'D', polygon: domino, count: 2 }] }),
    )
    expect(s).toEqual({ name: 'whole', pieces: 2, kinds: 1, area: 8, outlines: 11 })
  })
})
