import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parsePieceSet } from '../formats/load'
import type { D4 } from '../lattice/d4'
import type { PieceKind } from '../tiling/problem'
import {
  CLOSEST_CONVENTIONS,
  program3AllOutlines,
  type Program3Conventions,
  type ReferencePoint,
  type TryRule,
} from './program3'

const text = readFileSync(join(import.meta.dirname, '../../resources/sets/tangram.json'), 'utf8')
const tangram: PieceKind[] = parsePieceSet(text, 'tangram').pieces.map((p) => ({
  name: p.name,
  shape: p.shape,
  count: p.count,
}))

const PARALLELOGRAM = 'parallelogram 4√2, 2, 4√2, 2'
const parallelogram = (r: ReturnType<typeof program3AllOutlines>) =>
  r.outlines.find((o) => o.name === PARALLELOGRAM)!

describe('Läuchli Program 3 on the tangram', () => {
  const run = program3AllOutlines(tangram)

  it('finds the paper\u2019s 142 solutions: 13 of 20 outlines, 1 for the square, 36 for the right trapezoid', () => {
    expect(run.outlines).toHaveLength(20)
    expect(run.total.solutions).toBe(142)
    expect(run.outlines.filter((o) => o.solutions > 0)).toHaveLength(13)
    expect(run.outlines.find((o) => o.name === 'square 2√2')!.solutions).toBe(1)
    expect(run.outlines.find((o) => o.name === 'right trapezoid 2, 5, 2√2, 3')!.solutions).toBe(36)
    expect(Math.max(...run.outlines.map((o) => o.solutions))).toBe(36)
    expect(parallelogram(run).solutions).toBe(0)
  })

  it('reproduces 13616 tries, 1451 fits and 1326 passes with the closest conventions', () => {
    expect(run.total).toEqual({ solutions: 142, tried: 13616, fit: 1451, passed: 1326 })
  })

  it('but then counts 684 tries for the parallelogram 2, 4√2, not the paper\u2019s 672', () => {
    expect(parallelogram(run)).toMatchObject({ tried: 684, fit: 47, passed: 39 })
  })

  it('reaches 672 for the parallelogram with a numbering by orientation first, but misses the totals', () => {
    const other = program3AllOutlines(tangram, {
      ...CLOSEST_CONVENTIONS,
      scan: 3,
      orientationMajor: true,
      tryCell: { kind: 'first' },
      inputTurn: [2, 0, 0, 0, 0],
      skipUnplaceable: true,
    })
    expect(parallelogram(other).tried).toBe(672)
    expect(other.total).toEqual({ solutions: 142, tried: 13611, fit: 1448, passed: 1326 })
  })

  it('passes 1326 positions and finds 142 solutions under every numbering; only the fits vary', () => {
    const refs: ReferencePoint[] = [{ kind: 'box' }, { kind: 'centroid' }, { kind: 'tryCell' }]
    const fits = new Set<number>()
    for (const scan of [0, 1, 2, 3, 4, 5, 6, 7] as D4[]) {
      for (const reference of refs) {
        for (const orientationMajor of [false, true]) {
          const c: Program3Conventions = {
            ...CLOSEST_CONVENTIONS,
            scan,
            reference,
            orientationMajor,
          }
          const { total } = program3AllOutlines(tangram, c)
          expect(total.solutions).toBe(142)
          expect(total.passed).toBe(1326)
          fits.add(total.fit)
        }
      }
    }
    expect(fits.has(1451)).toBe(true)
    expect(Math.min(...fits)).toBeGreaterThanOrEqual(1440)
    expect(Math.max(...fits)).toBeLessThanOrEqual(1460)
  })

  it('counts tries far from 13616 under the other try rules', () => {
    // [rule, total tries, parallelogram tries], with the closest numbering otherwise.
    const table: [TryRule, number, number][] = [
      ['inside', 19315, 462],
      ['box', 36498, 2595],
      ['refCellInOutline', 36458, 1659],
      ['refCellFree', 13616, 684],
      ['refCellFreeInBox', 9798, 548],
      ['refCellTypeFree', 12056, 572],
      ['refFieldTouchFree', 11386, 564],
      ['refFieldFree', 5318, 212],
    ]
    for (const [tries, total, par] of table) {
      const r = program3AllOutlines(tangram, { ...CLOSEST_CONVENTIONS, tries })
      expect([tries, r.total.tried, parallelogram(r).tried]).toEqual([tries, total, par])
      expect(r.total.fit).toBe(1451)
      expect(r.total.passed).toBe(1326)
    }
  })

  it('needs the copies re-sorted in the symmetry test: compared copy by copy, duplicates survive', () => {
    const r = program3AllOutlines(tangram, { ...CLOSEST_CONVENTIONS, compare: 'unsorted' })
    expect(r.total.solutions).toBe(174)
  })

  it('gives the same counts whether U is the outline\u2019s group or the partial configuration\u2019s', () => {
    const r = program3AllOutlines(tangram, { ...CLOSEST_CONVENTIONS, group: 'outline' })
    expect(r.total).toEqual(run.total)
  })

  it('skipping the outlines where the large triangle fits nowhere saves 168 tries', () => {
    const r = program3AllOutlines(tangram, { ...CLOSEST_CONVENTIONS, skipUnplaceable: true })
    expect(r.total).toEqual({ solutions: 142, tried: 13448, fit: 1451, passed: 1326 })
  })
})
