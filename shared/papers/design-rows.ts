import seiShonagonFile from '../../resources/sets/sei-shonagon.json' with { type: 'json' }
import tangramFile from '../../resources/sets/tangram.json' with { type: 'json' }
import { convexCases, outlineFigures } from '../convex/convex'
import { exploreSets, type DesignResult } from '../design/explore'
import { pieceSetFromJson } from '../formats/load'
import { TilingSearch } from '../tiling/search'
import { FOX_EPSTEIN } from './documents'
import type { PublishedNumber } from './registry'

/** The convex outlines of its area that a bundled set makes. */
function convexFigures(json: unknown, file: string): string {
  const pieces = pieceSetFromJson(json, file).pieces.map((p) => ({
    name: p.name,
    shape: p.shape,
    count: p.count,
  }))
  const made = outlineFigures(convexCases(pieces).cases, pieces).filter((f) => {
    const { problem, rejected } = f.prepare()
    return (
      rejected === undefined &&
      problem !== undefined &&
      new TilingSearch(problem, 'reduce').step(Number.MAX_SAFE_INTEGER) === 'solution'
    )
  })
  return String(made.length)
}

/**
 * The set explorer on area 16, run once per request and process (seconds each). Top 1 keeps the
 * best set and every set tied with it; the sets of seven keep five, to count the four tied at the
 * top and see the fifth below them.
 */
const explored = new Map<string, DesignResult>()
const best = (pieces: number, top = 1): DesignResult => {
  const key = `${pieces}/${top}`
  let r = explored.get(key)
  if (!r) explored.set(key, (r = exploreSets({ area: 16, pieces, top })))
  return r
}
const SIXTEEN =
  'pieces cut from 16 half-square triangles, joined edge to edge; a piece and its mirror image are one'
const EXPLORER =
  'Computed by the set explorer (`design --area 16 --pieces K`), exact: every outline it counts has a tiling.'

/** Issue 14: the convex figures of sets of pieces of area 16 (the set explorer). */
export const DESIGN_ROWS: readonly PublishedNumber[] = [
  {
    id: 'fox-epstein-sei-shonagon',
    document: FOX_EPSTEIN,
    place: 'abstract, §3',
    what: 'convex figures the Sei Shonagon Chie no Ita makes',
    published: '16',
    convention: 'convex outlines of area 16, up to the symmetries of the square',
    compute: () => convexFigures(seiShonagonFile, 'sei-shonagon.json'),
  },
  {
    id: 'fox-epstein-tangram',
    document: FOX_EPSTEIN,
    place: 'abstract',
    what: 'convex figures the tangram makes',
    published: '13',
    convention: 'convex outlines of area 16, up to the symmetries of the square',
    compute: () => convexFigures(tangramFile, 'tangram.json'),
  },
  {
    id: 'fox-epstein-seven-best',
    document: FOX_EPSTEIN,
    place: 'abstract, §4',
    what: 'the most convex figures a set of seven pieces makes (none makes 20)',
    published: '19',
    convention: SIXTEEN,
    compute: () => String(best(7, 5).sets[0].outlines),
    note: EXPLORER,
  },
  {
    id: 'fox-epstein-seven-19',
    document: FOX_EPSTEIN,
    place: 'abstract, §4',
    what: 'sets of seven pieces that make 19 convex figures',
    published: '4',
    convention: SIXTEEN,
    compute: () => {
      const n = best(7, 5).sets.filter((s) => s.outlines === 19).length
      // Five listed and all five make 19: there may be more.
      return n === 5 ? 'at least 5' : String(n)
    },
    note: `${EXPLORER} They are bundled as explorer-7-19a to explorer-7-19d.`,
  },
  {
    id: 'fox-epstein-six-19',
    document: FOX_EPSTEIN,
    place: 'abstract',
    what: 'sets of six pieces that make 19 convex figures',
    published: '0',
    convention: SIXTEEN,
    compute: () => {
      // With none at 19, the best set and its ties are listed; with any, at least one.
      const top = best(6).sets[0]?.outlines ?? 0
      return top >= 19 ? `some (the best makes ${top})` : '0'
    },
    note: `${EXPLORER} The best sets of six make 17.`,
  },
  {
    id: 'fox-epstein-eleven',
    document: FOX_EPSTEIN,
    place: 'abstract, §4',
    what: 'the fewest pieces that make all 20 convex figures',
    published: '11',
    convention: SIXTEEN,
    compute: () => {
      for (let k = 7; k <= 16; k++) if (best(k).sets[0]?.outlines === 20) return String(k)
      return 'none up to 16'
    },
    note: `${EXPLORER} Searched from seven pieces up: seven to ten make 19 at most, eleven make 20 (explorer-11-20). Fewer than seven are not searched here: two to five pieces take the explorer minutes each, as its bounds prune little for so few pieces (run once: the best sets of 2, 3, 4, 5 and 6 pieces make 5, 8, 12, 15 and 17).`,
  },
]
