import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { TriangleBrute } from '../../../testing/brute/triangle'
import { parseTrianglePuzzle } from './parse'
import type { Solution, TrianglePuzzle } from './puzzle'
import { renderSolution } from './render'
import { countSolutions, solveAll, solveFirst } from './solve'
import { verifyTriangleSolution } from './verify'

const examples = 'shared/edgematch/triangle/examples'
const load = (k: number): TrianglePuzzle =>
  parseTrianglePuzzle(readFileSync(`${examples}/puzzle${k}.txt`, 'utf8'), `puzzle${k}.txt`)

/** The boards the write-up's Go program printed, letters shifted back by one (see SOURCES.md). */
const published = new Map(
  readFileSync(`${examples}/published-solutions.txt`, 'utf8')
    .split(/^# /m)
    .filter((s) => s !== '')
    .map((s) => {
      const [name, ...art] = s.trimEnd().split('\n')
      const shifted = art
        .join('\n')
        .replace(/[A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 1))
      return [name, shifted] as const
    }),
)

describe('the four contest files', () => {
  // Counts found by the solver and, independently, by the brute force (pictures compared whole,
  // orbits by canonical pictures rather than Burnside); the test recomputes both.
  it.each([
    [0, 84, 28],
    [1, 12, 4],
    [2, 33, 11],
    [3, 3, 1],
  ])('puzzle%i.txt: %i boards, %i up to turning the triangle', (k, fixed, upToRotation) => {
    const puzzle = load(k)
    const boards: Solution[] = []
    const { counts } = solveAll(puzzle, (s) => boards.push(s))
    const brute = new TriangleBrute(puzzle.rows, puzzle.pieces).solve()
    expect(counts).toEqual({ fixed, upToRotation, labelled: BigInt(fixed) })
    expect({
      fixed: brute.fixed,
      upToRotation: brute.upToRotation,
      labelled: brute.labelled,
    }).toEqual({ fixed, upToRotation, labelled: fixed })
    for (const b of boards)
      expect(verifyTriangleSolution(puzzle.rows, puzzle.pieces, b)).toBeUndefined()
    const bruteView = new TriangleBrute(puzzle.rows, puzzle.pieces)
    expect(boards.map((b) => bruteView.describe(b)).sort()).toEqual(brute.pictures)
  })

  it.each([0, 1, 2, 3])(
    'puzzle%i.txt is solvable, as the write-up reports, and its published board is one of ours',
    (k) => {
      const puzzle = load(k)
      const { solution } = solveFirst(puzzle)
      expect(solution).toBeDefined()
      expect(verifyTriangleSolution(puzzle.rows, puzzle.pieces, solution!)).toBeUndefined()
      const ours = new Set<string>()
      solveAll(puzzle, (s) => ours.add(renderSolution(puzzle, s)))
      expect(ours.has(published.get(`puzzle${k}`)!)).toBe(true)
    },
  )

  it('countSolutions stops at the limit and says whether it saw everything', () => {
    const p0 = load(0)
    const two = countSolutions(p0, 2)
    expect(two).toMatchObject({ count: 2, complete: false })
    expect(two.stats.nodes).toBeLessThan(solveAll(p0).stats.nodes)
    expect(countSolutions(load(3), 10)).toMatchObject({ count: 3, complete: true })
    expect(countSolutions(load(3), 3)).toMatchObject({ count: 3, complete: false })
  })
})

describe('small boards by hand', () => {
  it('one piece fills one row; turning it gives 3 boards unless its sides are equal', () => {
    const one = (p: [number, number, number]) =>
      solveAll({ figures: 3, rows: 1, pieces: [p] }).counts
    expect(one([1, 2, 3])).toEqual({ fixed: 3, upToRotation: 1, labelled: 3n })
    expect(one([2, 2, 2])).toEqual({ fixed: 1, upToRotation: 1, labelled: 1n })
  })

  it('four pieces whose middle cannot be matched: Puzzle unlösbar', () => {
    const puzzle: TrianglePuzzle = {
      figures: 1,
      rows: 2,
      pieces: [
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
        [1, 1, 1],
      ],
    }
    expect(solveFirst(puzzle).solution).toBeUndefined()
    expect(solveAll(puzzle).counts.fixed).toBe(0)
    expect(new TriangleBrute(2, puzzle.pieces).solve().fixed).toBe(0)
  })

  it('identical pieces are one board; told apart by their line they are c! boards', () => {
    // A middle −1 −1 −1 and three copies of 1 2 3 around it (one turn each fits).
    const puzzle: TrianglePuzzle = {
      figures: 3,
      rows: 2,
      pieces: [
        [1, 2, 3],
        [-1, -1, -1],
        [2, 3, 1],
        [3, 1, 2],
      ],
    }
    const { counts } = solveAll(puzzle)
    const brute = new TriangleBrute(2, puzzle.pieces).solve()
    expect(counts.fixed).toBe(brute.fixed)
    expect(counts.labelled).toBe(BigInt(brute.labelled))
    expect(counts).toEqual({ fixed: 1, upToRotation: 1, labelled: 6n })
  })
})
