import { convexOutlines, outlinePolygon } from '../shared/convex/outlines'
import type { DesignResult } from '../shared/design/explore'
import type { DesignRequest } from '../shared/design/request'
import type { Point } from '../shared/lattice/polygon'
import { freePolyaboloes } from '../shared/pieces/polyforms'
import { analyzeShape, congruenceKey } from '../shared/pieces/shape'
import { buildTilingProblem } from '../shared/tiling/problem'
import { TilingSearch } from '../shared/tiling/search'

/**
 * A plain brute force of the set explorer (issue 14): every multiset of free polyaboloes of the area, every
 * convex outline searched by the tiling engine, no bounds at all. The engine itself is tested
 * against its own brute force (testing/bruteforce.ts); what this tests is the enumeration of the
 * sets and the soundness of the bounds that skip them, in one process or on the farm.
 */
export interface BruteSet {
  readonly key: string
  readonly outlines: number
  readonly tilings: number
}

const pieceKey = (polygon: readonly Point[]) => congruenceKey(analyzeShape(polygon))
const setKey = (polygons: readonly (readonly Point[])[]) =>
  polygons.map(pieceKey).sort().join(' | ')

function tilings(figure: readonly Point[], set: readonly (readonly Point[])[]): number {
  // Copies of one piece are one kind, never told apart.
  const kinds = new Map<
    string,
    { name: string; shape: ReturnType<typeof analyzeShape>; count: number }
  >()
  for (const p of set) {
    const key = pieceKey(p)
    const kind = kinds.get(key)
    if (kind) kind.count++
    else kinds.set(key, { name: key, shape: analyzeShape(p), count: 1 })
  }
  return new TilingSearch(buildTilingProblem(figure, [...kinds.values()]), 'reduce').runToEnd()
    .solutions
}

export function bruteForce(r: DesignRequest): BruteSet[] {
  const largest = Math.min(r.maxPieceArea ?? r.area, r.area - r.pieces + 1)
  const pieces: Point[][] = []
  for (let a = 1; a <= largest; a++) pieces.push(...freePolyaboloes(a).polygons)
  const area = pieces.map((p) => analyzeShape(p).area)
  const outlines = convexOutlines(r.area).map(outlinePolygon)
  const out: BruteSet[] = []
  const chosen: Point[][] = []
  const visit = (from: number, left: number) => {
    if (chosen.length === r.pieces) {
      if (left !== 0) return
      if (r.from && tilings(r.from.polygon, chosen) === 0) return
      const counts = outlines.map((o) => tilings(o, chosen))
      const made = counts.filter((n) => n > 0).length
      if (made > 0)
        out.push({
          key: setKey(chosen),
          outlines: made,
          tilings: counts.reduce((s, n) => s + n, 0),
        })
      return
    }
    for (let i = from; i < pieces.length; i++) {
      if (area[i] > left) continue
      chosen.push(pieces[i])
      visit(i, left - area[i])
      chosen.pop()
    }
  }
  visit(0, r.area)
  return out.sort((a, b) => b.outlines - a.outlines || b.tilings - a.tilings)
}

export const listed = (r: DesignResult): BruteSet[] =>
  r.sets.map((s) => ({
    key: setKey(s.kinds.flatMap((k) => Array<readonly Point[]>(k.count).fill(k.candidate.polygon))),
    outlines: s.outlines,
    tilings: s.tilings,
  }))

export const byKey = (sets: readonly BruteSet[]) =>
  Object.fromEntries(sets.map((s) => [s.key, `${s.outlines}/${s.tilings}`]))

/** The 2 × 2 square, a figure for `--from`. */
export const square: DesignRequest['from'] = {
  name: 'square',
  polygon: [
    [0, 0],
    [2, 0],
    [2, 2],
    [0, 2],
  ],
}
