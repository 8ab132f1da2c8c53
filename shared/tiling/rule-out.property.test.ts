import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { convexCases, outlineFigures } from '../convex/convex'
import { parseJson, pieceSetFromJson } from '../formats/load'
import { analyzeShape } from '../pieces/shape'
import { bruteForce } from '../../testing/bruteforce'
import {
  polyominoArbitrary,
  puzzleArbitrary,
  randomPuzzle,
  type RandomPuzzle,
} from '../../testing/random-puzzles'
import { prepareFigure, ruleOuts } from './rule-out'

const params = { seed: 20_261_125, numRuns: 300 }

const kindsOf = (p: RandomPuzzle) =>
  p.pieces.map((q) => ({ name: q.name, shape: analyzeShape(q.polygon), count: q.count }))

/** Which argument a reason comes from, to see that every one is exercised. */
function argumentOf(reason: string): string {
  if (reason.includes('side')) return 'side'
  if (reason.includes('fits nowhere')) return 'fits'
  if (reason.includes('colouring')) return 'colouring'
  if (reason.includes('no piece can cover')) return 'cover'
  throw new Error(`a reason of no known argument: ${reason}`)
}

/**
 * The property: a figure ruled out (before its problem is built, or by the arguments that need
 * it) has no tiling by the plain brute force. Returns the arguments that fired, by name.
 */
function checkSound(arbitrary: fc.Arbitrary<RandomPuzzle>): Map<string, number> {
  const fired = new Map<string, number>()
  fc.assert(
    fc.property(arbitrary, (p) => {
      const pieces = kindsOf(p)
      const { rejected } = prepareFigure(p.figure, pieces, ruleOuts(pieces))
      if (rejected === undefined) return
      const kind = argumentOf(rejected)
      fired.set(kind, (fired.get(kind) ?? 0) + 1)
      expect(bruteForce(p.figure, p.pieces).fixed, rejected).toBe(0)
    }),
    params,
  )
  return fired
}

describe('rule-outs', () => {
  it('never rule out a figure that has a tiling: pieces of half-squares in convex outlines', () => {
    const convex = fc
      .record({
        seed: fc.integer({ min: 0, max: 0x7fffffff }),
        kinds: fc.integer({ min: 2, max: 4 }),
        maxArea: fc.integer({ min: 2, max: 12 }),
      })
      .map((p) => randomPuzzle({ ...p, origin: 'convex' }))
    const fired = checkSound(convex)
    // Not vacuous: the arguments do rule figures out on these sets. (Pieces of half-squares
    // nearly always have sides facing every way: the sides are the next test's.)
    for (const kind of ['fits', 'colouring']) expect(fired.get(kind), kind).toBeGreaterThan(0)
  })

  it('never rule out a figure that has a tiling: square-cell pieces in convex outlines', () => {
    const fired = checkSound(polyominoArbitrary())
    for (const kind of ['side', 'fits']) expect(fired.get(kind), kind).toBeGreaterThan(0)
  })

  const poly = (...points: [number, number][]) => points
  it.each([
    {
      what: 'the 2 × 4 rectangle for a T and an L tetromino, by the checkerboard',
      figure: poly([0, 0], [4, 0], [4, 2], [0, 2]),
      pieces: [
        {
          name: 'T',
          polygon: poly([0, 0], [3, 0], [3, 1], [2, 1], [2, 2], [1, 2], [1, 1], [0, 1]),
          count: 1,
        },
        { name: 'L', polygon: poly([0, 0], [3, 0], [3, 1], [1, 1], [1, 2], [0, 2]), count: 1 },
      ],
      reason:
        'a colouring argument rules it out (cells in a checkerboard): the figure weighs 0, the pieces -1 or 1 (1 piece), 0 (1 piece), which never add up to 0',
    },
    {
      what: 'a square for two diamonds, whose sides are all diagonal',
      figure: poly([0, 0], [2, 0], [2, 2], [0, 2]),
      pieces: [{ name: 'diamond', polygon: poly([1, 0], [2, 1], [1, 2], [0, 1]), count: 2 }],
      reason: 'no piece has a side that can lie along the side 2 from (0, 0) to (2, 0)',
    },
  ])('rule out $what', ({ figure, pieces, reason }) => {
    const kinds = kindsOf({ figure, pieces, origin: 'convex' })
    expect(ruleOuts(kinds).check(figure)?.reason).toBe(reason)
    expect(bruteForce(figure, pieces).fixed).toBe(0)
  })

  it('rule out a figure of another area by its area first, whatever its sides', () => {
    const pieces = kindsOf({
      figure: [],
      pieces: [{ name: 'domino', polygon: poly([0, 0], [2, 0], [2, 1], [0, 1]), count: 1 }],
      origin: 'convex',
    })
    const triangle = poly([0, 0], [3, 0], [0, 3])
    expect(prepareFigure(triangle, pieces, ruleOuts(pieces))).toEqual({
      rejected: 'the pieces cover 4 half-squares, the figure 9',
    })
  })

  it('never rule out a figure built from its pieces', () => {
    fc.assert(
      fc.property(puzzleArbitrary(), (p) => {
        const pieces = kindsOf(p)
        if (p.origin === 'built') expect(ruleOuts(pieces).check(p.figure)).toBeUndefined()
      }),
      params,
    )
  })

  it('decide every convex outline of the 35 hexominoes, each with a reason, none built', () => {
    const name = 'hexominoes'
    const json = parseJson(readFileSync(`resources/sets/${name}.json`, 'utf8'), name)
    const pieces = pieceSetFromJson(json, name).pieces
    const figures = outlineFigures(convexCases(pieces).cases, pieces)
    const prepared = figures.map((f) => f.prepare())
    expect(prepared).toHaveLength(1125)
    expect(prepared.filter((p) => p.problem !== undefined)).toHaveLength(0)
    expect(prepared.every((p) => p.rejected)).toBe(true)
    const byArgument = new Map<string, number>()
    for (const p of prepared) {
      const kind = argumentOf(p.rejected!)
      byArgument.set(kind, (byArgument.get(kind) ?? 0) + 1)
    }
    // 1117 outlines with a diagonal side, 8 rectangles: 2 too thin for a piece, 6 by the
    // checkerboard (11 of the pieces cover one more cell of one colour than of the other).
    expect(Object.fromEntries(byArgument)).toEqual({ side: 1117, fits: 2, colouring: 6 })
    const rectangle = figures.findIndex((f) => f.name === 'rectangle 14 × 15')
    expect(prepared[rectangle].rejected).toBe(
      'a colouring argument rules it out (cells in a checkerboard): the figure weighs 0, the pieces -1 or 1 (11 pieces), 0 (24 pieces), which never add up to 0',
    )
  })
})
