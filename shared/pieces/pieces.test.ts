import { readFileSync, readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parsePieceSet } from '../formats/load'
import { latticePolygonProblem } from '../lattice/polygon'
import { freePolyaboloes, freePolyominoes, growPolyaboloes, polyformPolygon } from './polyforms'
import { analyzeShape, congruenceKey } from './shape'
import { D4_ELEMENTS } from '../lattice/d4'
import { normalizeQuarters, transformQuarters } from '../lattice/quarters'

const set = (name: string) =>
  parsePieceSet(readFileSync(`resources/sets/${name}.json`, 'utf8'), name)
const keys = (polys: readonly (readonly (readonly [number, number])[])[]) =>
  new Set(polys.map((p) => congruenceKey(analyzeShape(p))))

describe('free polyforms', () => {
  it('counts polyominoes (OEIS A000105) and polyaboloes (A006074)', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => freePolyominoes(n).polygons.length)).toEqual([
      1, 1, 2, 5, 12, 35,
    ])
    expect(freePolyominoes(7)).toMatchObject({ withHoles: 1 })
    expect(freePolyominoes(7).polygons).toHaveLength(107)
    expect([1, 2, 3, 4, 5, 6].map((n) => freePolyaboloes(n).polygons.length)).toEqual([
      1, 3, 4, 14, 30, 107,
    ])
  })

  it('grows the polyaboloes of every size, holes included (A006074), the first with a hole at 7', () => {
    const levels = growPolyaboloes(8)
    expect(levels.map((l) => l.length)).toEqual([1, 3, 4, 14, 30, 107, 318, 1116])
    expect(levels.map((l) => l.filter((r) => !polyformPolygon(r)).length)).toEqual([
      0, 0, 0, 0, 0, 0, 2, 11,
    ])
  })

  it('prunes exactly the shapes that contain a refused one', () => {
    // Refused: anything wider or taller than 2 cells. A shape passes whenever a bigger one grown
    // from it does, so pruning during growth must keep exactly the shapes the filter keeps.
    const narrow = (raster: Int32Array) => raster.every((v) => v >> 2 < 2)
    const pruned = growPolyaboloes(7, narrow)
    const filtered = growPolyaboloes(7).map((level) => level.filter(narrow))
    expect(pruned.map((l) => l.map((r) => r.join(',')).sort())).toEqual(
      filtered.map((l) => l.map((r) => r.join(',')).sort()),
    )
    expect(pruned[6].length).toBeGreaterThan(0)
    expect(pruned[6].length).toBeLessThan(318)
  })

  it('produces valid, pairwise incongruent lattice polygons', () => {
    const polys = [...freePolyominoes(6).polygons, ...freePolyaboloes(5).polygons]
    for (const p of polys) expect(latticePolygonProblem(p)).toBeUndefined()
    expect(keys(freePolyaboloes(5).polygons).size).toBe(30)
  })
})

describe('bundled sets', () => {
  it('all load without error', () => {
    for (const f of readdirSync('resources/sets'))
      expect(() => set(f.replace('.json', ''))).not.toThrow()
  })

  it.each([
    ['pentominoes', () => freePolyominoes(5).polygons],
    ['tetrominoes', () => freePolyominoes(4).polygons],
    ['hexominoes', () => freePolyominoes(6).polygons],
    ['diaboloes', () => freePolyaboloes(2).polygons],
    ['triaboloes', () => freePolyaboloes(3).polygons],
    ['tetraboloes', () => freePolyaboloes(4).polygons],
    ['pentaboloes', () => freePolyaboloes(5).polygons],
  ])('%s is the complete family, each piece once', (name, family) => {
    const pieces = set(name).pieces
    expect(keys(pieces.map((p) => p.polygon))).toEqual(keys(family()))
    expect(pieces).toHaveLength(family().length)
  })

  it('tangram: the seven tans of area 16, with the symmetries of Figures 5 and 6', () => {
    const t = set('tangram').pieces
    expect(t.reduce((s, p) => s + p.count * p.shape.area, 0)).toBe(16)
    const orders = Object.fromEntries(t.map((p) => [p.name, p.shape.symmetry.length]))
    expect(orders).toEqual({
      'large triangle': 2,
      square: 8,
      parallelogram: 2,
      'medium triangle': 2,
      'small triangle': 2,
    })
    // One orientation per coset of the piece's own symmetry group.
    for (const p of t) expect(p.shape.orientations).toHaveLength(8 / p.shape.symmetry.length)
  })
})

describe('shape orientation images', () => {
  it('map each orientation onto the orientation it becomes', () => {
    for (const p of set('pentominoes').pieces) {
      const s = p.shape
      s.orientations.forEach((o, i) => {
        for (const g of D4_ELEMENTS) {
          const { o: j, dx, dy } = s.image[i * 8 + g]
          const turned = transformQuarters(o.quarters, g)
          const expected = normalizeQuarters(
            Int32Array.from(
              s.orientations[j].quarters.map((v, k) => v + 4 * (k % 2 === 0 ? dx : dy)),
            ),
          ).quarters
          expect(normalizeQuarters(turned).quarters).toEqual(expected)
          // The shift is exact, not only up to translation.
          expect([...turned].sort()).toEqual(
            [...s.orientations[j].quarters.map((v, k) => v + 4 * (k % 2 === 0 ? dx : dy))].sort(),
          )
        }
      })
    }
  })
})
