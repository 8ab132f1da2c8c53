import { describe, expect, it } from 'vitest'
import type { TrianglePuzzle } from './puzzle'
import { renderLegend, renderSolution } from './render'
import { solveFirst } from './solve'

describe('ASCII art of a board', () => {
  it('draws one piece as the contest program drew its pieces: left, right, bottom', () => {
    const puzzle: TrianglePuzzle = { figures: 3, rows: 1, pieces: [[1, -2, 3]] }
    expect(renderSolution(puzzle, [{ piece: 0, turn: 0 }])).toBe(
      ['   /-\\', '  /A b\\', ' /  C  \\', '/-------\\'].join('\n'),
    )
    expect(renderSolution(puzzle, [{ piece: 0, turn: 1 }])).toContain('/b C\\')
  })

  it('writes numbers when there are more figures than letters, in bigger triangles', () => {
    const puzzle: TrianglePuzzle = {
      figures: 30,
      rows: 2,
      pieces: [
        [30, 7, 1],
        [-7, -30, 2],
        [7, 30, -30],
        [30, -7, 3],
      ],
    }
    const { solution } = solveFirst(puzzle)
    const art = renderSolution(puzzle, solution!).split('\n')
    // Labels up to 3 wide ("-30"): rows of 2 · 3 + 2 lines, the bottom edge 2 · 8 + 1 + 2 · 8 wide.
    expect(art).toHaveLength(16)
    expect(art[15]).toBe(`/${'-'.repeat(31)}\\`)
    const labels = art
      .join(' ')
      .match(/-?\d+/g)!
      .map(Number)
      .sort((a, b) => a - b)
    expect(labels).toEqual(puzzle.pieces.flat().sort((a, b) => a - b))
    expect(renderLegend(30)).toBe('k and −k: the two halves of figure k')
  })

  it('explains the letters', () => {
    expect(renderLegend(1)).toBe('A: figure 1, a: its other half (−1)')
    expect(renderLegend(4)).toBe('A … D: figures 1 … 4, a … d: their other halves (−1 … −4)')
  })
})
