import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bruteForceOffLattice } from '../../testing/offlattice-bruteforce'
import { TANGRAM_PIECES, TANS } from '../../testing/offlattice-figures'
import { expectVerified } from '../../testing/offlattice-verify'
import { applyIsometry, fromLattice, ISOMETRIES, translate } from '../exact/geometry'
import { parseRoot2 } from '../exact/root2'
import { parsePieceSet } from '../formats/load'
import { congruenceKey, growSilhouette } from '../offlattice/grow'
import { exactRegionProblem } from '../offlattice/region'
import { checkArea, type OffPiece } from '../offlattice/search'
import { pointFromText } from '../pentagons/wire'
import { seededRandom } from '../random'
import {
  countExactCandidate,
  exactFigureDraws,
  offPiecesOf,
  type ExactSilhouette,
} from './offlattice'
import { SILHOUETTE_BUDGET, silhouetteSetProblem, type SilhouetteRequest } from './search'

const tangram = parsePieceSet(readFileSync('resources/sets/tangram.json', 'utf8'), 'tangram')
const request: SilhouetteRequest = {
  kind: 'any',
  count: 3,
  unique: true,
  symmetric: false,
  seed: 1,
  turns: 45,
}
const NODES = SILHOUETTE_BUDGET.figureNodes
const tan = (name: string, count: number): OffPiece => ({
  name,
  count,
  flip: true,
  corners: fromLattice(TANS.find((t) => t.name === name)!.polygon),
})

describe('figures grown with pieces at 45° (shared/offlattice/grow.ts)', () => {
  it('lays every tan: one outline of the set’s area, a valid region, the pieces as laid a verified tiling', () => {
    const pieces = offPiecesOf(tangram.pieces)
    let grown = 0
    let offLattice = 0
    for (let seed = 1; seed <= 40; seed++) {
      const g = growSilhouette(pieces, seededRandom(seed))
      if (!g) continue
      grown++
      expect(g.parts).toHaveLength(1)
      expect(g.parts[0].holes).toEqual([])
      expect(exactRegionProblem(g.parts)).toBeUndefined()
      expect(() => checkArea(g.parts, pieces, `seed ${seed}`)).not.toThrow()
      expect(g.laid).toHaveLength(7)
      const placed = g.laid.map((l) => ({
        piece: pieces.findIndex((p) => p.name === l.name),
        corners: l.corners,
      }))
      expectVerified(g.parts, pieces, [placed])
      if (g.parts[0].outline.some(([x, y]) => x.b !== 0n || y.b !== 0n)) offLattice++
    }
    // Many draws lay all seven in one outline; most such figures have corners off the lattice.
    expect(grown).toBeGreaterThan(10)
    expect(offLattice).toBeGreaterThan(grown / 2)
  })

  it('keys figures up to congruence: every image under the 16 isometries, moved, has the key', () => {
    const g = growSilhouette(offPiecesOf(tangram.pieces), seededRandom(3))!
    const key = congruenceKey(g.parts)
    const dx = parseRoot2('1/2+3√2/2')!
    const dy = parseRoot2('-2+√2')!
    for (const iso of ISOMETRIES) {
      const outline = translate(
        g.parts[0].outline.map((p) => applyIsometry(iso, p)),
        dx,
        dy,
      )
      expect(congruenceKey([{ outline, holes: [] }])).toBe(key)
    }
    const other = growSilhouette(offPiecesOf(tangram.pieces), seededRandom(5))!
    expect(congruenceKey(other.parts)).not.toBe(key)
  })

  it('draws the same figures whether from the seed in one go or from a state left off', () => {
    const pieces = offPiecesOf(tangram.pieces)
    const all = exactFigureDraws(pieces, request)
    const first = Array.from({ length: 20 }, () => all.draw())
    const rest = Array.from({ length: 20 }, () => all.draw())
    const again = exactFigureDraws(pieces, request)
    Array.from({ length: 20 }, () => again.draw())
    const resumed = exactFigureDraws(pieces, request, again.state)
    expect(Array.from({ length: 20 }, () => resumed.draw())).toEqual(rest)
    expect(first.filter(Boolean).length).toBeGreaterThan(5)
  })
})

describe('counting a figure grown at 45° (shared/silhouettes/offlattice.ts)', () => {
  // Three tans, so that the brute force (seconds on four) can count each figure too.
  const small = [tan('square', 1), tan('parallelogram', 1), tan('small triangle', 1)]

  it('counts as the independent brute force does, unique ones included, the tiling verified', () => {
    let unique = 0
    let counted = 0
    const draws = exactFigureDraws(small, { ...request, seed: 7 })
    for (let i = 0; i < 12; i++) {
      const f = draws.draw()
      if (!f) continue
      const outline = f.outline.map(pointFromText)
      const outcome = countExactCandidate(outline, f.key, small, request, NODES)
      expect(outcome.counted).toBe(true)
      if (!outcome.counted) continue
      const s = outcome.silhouette as ExactSilhouette
      const brute = bruteForceOffLattice([outline], [], small)
      expect({ fixed: s.counts.fixed, classes: s.counts.solutions }).toEqual(brute)
      expect(s.key).toBe(f.key)
      expect(outcome.nodes).toBeGreaterThan(0)
      const tiling = s.tiling.map((p) => ({
        piece: p.piece,
        corners: p.corners.map(pointFromText),
      }))
      expectVerified([{ outline, holes: [] }], small, [tiling])
      counted++
      if (s.counts.solutions === 1) unique++
    }
    expect(counted).toBeGreaterThan(4)
    expect(unique).toBeGreaterThan(0)
  })

  it('finds tangram figures with one solution, each re-counted: every fixed tiling verified, as many as its symmetry allows', async () => {
    const { OffLatticeSearch } = await import('../offlattice/search')
    const draws = exactFigureDraws(TANGRAM_PIECES, request)
    const found: ExactSilhouette[] = []
    for (let i = 0; i < 200 && found.length < 3; i++) {
      const f = draws.draw()
      if (!f) continue
      const outcome = countExactCandidate(
        f.outline.map(pointFromText),
        f.key,
        TANGRAM_PIECES,
        request,
        NODES,
      )
      if (outcome.counted && outcome.silhouette?.counts.solutions === 1)
        found.push(outcome.silhouette)
    }
    expect(found).toHaveLength(3)
    for (const s of found) {
      const parts = [{ outline: s.corners.map(pointFromText), holes: [] }]
      const all = new OffLatticeSearch(parts, TANGRAM_PIECES).run({ list: 'all' })
      expect(all.fixed).toBe(s.counts.fixed)
      expectVerified(parts, TANGRAM_PIECES, all.tilings)
      // One class: the fixed tilings are the images of one, so their number divides the symmetries.
      expect(s.symmetries % all.fixed).toBe(0)
    }
  })
})

describe('a count past its budget', () => {
  it('is left undecided, its nodes those spent; with the budget it needs, it is counted', () => {
    const draws = exactFigureDraws(TANGRAM_PIECES, request)
    let f = draws.draw()
    while (!f) f = draws.draw()
    const outline = f.outline.map(pointFromText)
    const whole = countExactCandidate(outline, f.key, TANGRAM_PIECES, request, NODES)
    if (!whole.counted) throw new Error('counted')
    expect(whole.complete).toBe(true)
    expect(whole.silhouette?.counts.fixed).toBeGreaterThan(0)
    const cut = countExactCandidate(outline, f.key, TANGRAM_PIECES, request, whole.nodes - 1)
    expect(cut).toEqual({
      counted: true,
      nodes: whole.nodes,
      checked: whole.nodes,
      complete: false,
    })
    const enough = countExactCandidate(outline, f.key, TANGRAM_PIECES, request, whole.nodes)
    expect(enough).toEqual(whole)
  })
})

describe('requests pieces at 45° cannot take', () => {
  it('refuses a set without a diagonal edge (the pentominoes)', () => {
    const pentominoes = parsePieceSet(
      readFileSync('resources/sets/pentominoes.json', 'utf8'),
      'pentominoes',
    )
    expect(silhouetteSetProblem(pentominoes.pieces, request)).toBe(
      'no piece has a diagonal edge: pieces turned by 45° would meet the others only at corners; figures at 45° are grown from sets such as the tangram',
    )
    // On the lattice, as before.
    expect(silhouetteSetProblem(pentominoes.pieces, { ...request, turns: 90 })).toBeUndefined()
  })

  it('refuses convex figures in one line; any figure of the tangram is taken', () => {
    expect(silhouetteSetProblem(tangram.pieces, { ...request, kind: 'convex' })).toBe(
      'pieces at 45° grow figures at random: choose any figure (--any), not --convex',
    )
    expect(silhouetteSetProblem(tangram.pieces, request)).toBeUndefined()
  })
})
