import tangramFile from '../../resources/sets/tangram.json' with { type: 'json' }
import { pieceSetFromJson } from '../formats/load'
import { findPentagons, type PentagonsResult } from '../pentagons/pentagons'
import { POHL_RICHTER, TAKEUCHI_OKUNO } from './documents'
import type { PublishedNumber } from './registry'

const CONGRUENCE =
  'pentagons made of all seven tans, up to congruence (turns, mirror images, translations)'
const ASSUMPTION =
  "The non-snug ones are found under Takeuchi's assumption: two convex groups of tans, each on its own lattice, joined along an edge (docs/PENTAGONS.md)."

/** The tangram's pentagons, searched once per process for the rows below (about 2 s). */
let run: PentagonsResult | undefined
const tangramPentagons = () =>
  (run ??= findPentagons(pieceSetFromJson(tangramFile, 'tangram.json').pieces)).pentagons

/** TANGRAM-5 (issue 12): Takeuchi & Okuno's counts, and Pohl & Richter's on convexity. */
export const PENTAGON_ROWS: readonly PublishedNumber[] = [
  {
    id: 'tangram5-snug',
    document: TAKEUCHI_OKUNO,
    place: '§3',
    what: 'snug tangram pentagons (every piece on one half-square lattice)',
    published: '22',
    convention: CONGRUENCE,
    compute: () => String(tangramPentagons().filter((p) => p.snug).length),
  },
  {
    id: 'tangram5-non-snug',
    document: TAKEUCHI_OKUNO,
    place: '§3',
    what: 'non-snug tangram pentagons (pieces on two lattices turned by 45°)',
    published: '31',
    convention: CONGRUENCE,
    compute: () => String(tangramPentagons().filter((p) => !p.snug).length),
    note: ASSUMPTION,
  },
  {
    id: 'tangram5-total',
    document: TAKEUCHI_OKUNO,
    place: '§3',
    what: 'tangram pentagons in all (TANGRAM-5)',
    published: '53',
    convention: CONGRUENCE,
    compute: () => String(tangramPentagons().length),
    note: ASSUMPTION,
  },
  {
    id: 'pohl-richter-not-convex',
    document: POHL_RICHTER,
    place: 'the count of the 53 pentagons',
    what: 'tangram pentagons that are not convex',
    published: '51',
    convention: CONGRUENCE,
    compute: () => String(tangramPentagons().filter((p) => !p.convex).length),
  },
  {
    id: 'pohl-richter-convex',
    document: POHL_RICHTER,
    place: 'the count of the 53 pentagons',
    what: 'convex tangram pentagons',
    published: '2',
    convention: CONGRUENCE,
    compute: () => String(tangramPentagons().filter((p) => p.convex).length),
  },
]
