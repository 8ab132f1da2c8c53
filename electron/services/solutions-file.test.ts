import { describe, expect, it } from 'vitest'
import { documentFromJson } from '../../shared/document/document'
import { solutionsToJson, type SolvedFigureJson } from '../../shared/formats/solutions'
import { solvableDocument } from '../../shared/pieces/solvable'
import { solveJob } from './solve-job'

const square = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
]
const set = (dominoes: unknown, monominoes: unknown) =>
  documentFromJson(
    {
      name: 'R',
      pieces: [
        {
          name: 'domino',
          polygon: [
            [0, 0],
            [2, 0],
            [2, 1],
            [0, 1],
          ],
          count: dominoes,
        },
        { name: 'monomino', polygon: square, count: monominoes },
      ],
    },
    'range.json',
  )
const board = {
  name: '2 × 2',
  polygon: [
    [0, 0],
    [2, 0],
    [2, 2],
    [0, 2],
  ] as [number, number][],
}

async function exported(dominoes: unknown, monominoes: unknown): Promise<SolvedFigureJson> {
  const { job } = await solveJob(solvableDocument(set(dominoes, monominoes)), {
    kind: 'tile',
    figures: [board],
    mode: 'raw',
    workers: 1,
  })
  return (solutionsToJson(job) as { figures: SolvedFigureJson[] }).figures[0]
}

describe('the solutions file', () => {
  it('says what each tiling left out when the set has count ranges, as tile --json does', async () => {
    const f = await exported({ min: 0, max: 2 }, { min: 0, max: 2 })
    // Two dominoes (2 ways) or one domino and two monominoes (4 ways).
    expect(f.tilings).toHaveLength(6)
    for (const t of f.tilings) {
      const placed = (name: string) => t.pieces.filter((p) => p.piece.startsWith(name)).length
      const expected = [
        ...(placed('domino') < 2 ? [{ piece: 'domino', copies: 2 - placed('domino') }] : []),
        ...(placed('monomino') < 2 ? [{ piece: 'monomino', copies: 2 - placed('monomino') }] : []),
      ]
      expect(t.leftOut).toEqual(expected)
    }
    expect(
      f.tilings.filter((t) => t.leftOut!.length === 1 && t.leftOut![0].copies === 2),
    ).toHaveLength(2)
  })

  it('has no leftOut field for a set of fixed counts', async () => {
    // One domino and two monominoes: 4 ways on the fixed 2 × 2.
    const f = await exported(1, 2)
    expect(f.tilings).toHaveLength(4)
    for (const t of f.tilings) expect(t).not.toHaveProperty('leftOut')
  })
})
