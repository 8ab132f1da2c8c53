import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parsePieceSet } from '../formats/load'
import { areaInHalfSquares, latticePolygonProblem } from '../lattice/polygon'
import { seededRandom } from '../random'
import { buildTilingProblem } from '../tiling/problem'
import {
  GROWTH_SYMMETRIES,
  neighbourOffsets,
  quarterCode,
  quarterNeighbours,
  randomFigure,
} from './arrangement'

const tangram = parsePieceSet(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram').pieces

describe('quarter neighbours', () => {
  it('are mutual: each quarter is a neighbour of its three neighbours', () => {
    for (let qx = -5; qx <= 5; qx++)
      for (let qy = -5; qy <= 5; qy++) {
        // Quarter points: one odd coordinate ≡ 1 or 3 mod 4, the other ≡ 2 mod 4.
        const lx = ((qx % 4) + 4) % 4
        const ly = ((qy % 4) + 4) % 4
        if (!((lx % 2 === 1 && ly === 2) || (ly % 2 === 1 && lx === 2))) continue
        const around = quarterNeighbours(qx, qy)
        expect(new Set(around.map((p) => p.join())).size).toBe(3)
        for (const [nx, ny] of around)
          expect(quarterNeighbours(nx, ny).map((p) => p.join())).toContain(`${qx},${qy}`)
        // The growth's offsets between codes name the same three.
        const c = quarterCode(qx, qy)
        expect(neighbourOffsets(c).map((off) => c + off)).toEqual(
          around.map(([nx, ny]) => quarterCode(nx, ny)),
        )
      }
  })
})

describe('random figures grown from a set', () => {
  it('are simple polygons of the set’s area that the set tiles (the arrangement itself)', () => {
    const random = seededRandom(7)
    let drawn = 0
    for (let i = 0; i < 60; i++) {
      const polygon = randomFigure(tangram, random)
      if (!polygon) continue
      drawn++
      expect(latticePolygonProblem(polygon)).toBeUndefined()
      expect(areaInHalfSquares(polygon)).toBe(16)
    }
    // Most draws succeed: a failed one is a hole or a pinch.
    expect(drawn).toBeGreaterThan(30)
  })

  it('with a symmetry, have it', () => {
    const random = seededRandom(3)
    // No tangram figure turns a quarter about a cell's centre: the centre cell would have to be
    // the square, and the rest come in fours (16 = 2 + 4k has no solution).
    for (const s of GROWTH_SYMMETRIES.filter((s) => !/quarter turn about a cell/.test(s.name))) {
      let grown = 0
      for (let i = 0; i < 200 && grown < 3; i++) {
        const polygon = randomFigure(tangram, random, s)
        if (!polygon) continue
        grown++
        expect(areaInHalfSquares(polygon)).toBe(16)
        expect(buildTilingProblem(polygon, tangram).figure.symmetry.length, s.name).toBeGreaterThan(
          1,
        )
      }
      expect(grown, s.name).toBeGreaterThan(0)
    }
  })

  it('are the same for the same seed', () => {
    const draw = (seed: number) => {
      const random = seededRandom(seed)
      return Array.from({ length: 10 }, () => randomFigure(tangram, random))
    }
    expect(draw(11)).toEqual(draw(11))
    expect(draw(11)).not.toEqual(draw(12))
  })
})
