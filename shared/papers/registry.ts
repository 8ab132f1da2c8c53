import tangramFile from '../../resources/sets/tangram.json' with { type: 'json' }
import { convexCases, outlineFigures } from '../convex/convex'
import { convexOutlines } from '../convex/outlines'
import { DESIGN_ROWS } from './design-rows'
import { EDGEMATCH_ROWS } from './edgematch-rows'
import { PENTAGON_ROWS } from './pentagon-rows'
import { QUEENS_ROWS } from './queens-rows'
import { TAIT_ROWS } from './tait-rows'
import { LAEUCHLI, type SourceDocument } from './documents'
import { pieceSetFromJson } from '../formats/load'
import { program3AllOutlines } from '../laeuchli/program3'
import type { PieceKind } from '../tiling/problem'
import { TilingSearch } from '../tiling/search'

/**
 * Every number the source documents publish, with how to compute it again. The CLI's `reproduce`
 * and the app's Papers view print the published and the computed value side by side. Each issue
 * that implements a document adds its rows.
 */
export interface PublishedNumber {
  readonly id: string
  /** The document, and where in it. */
  readonly document: SourceDocument
  readonly place: string
  readonly what: string
  /** As printed. */
  readonly published: string
  /** The counting convention or unit, where it matters. */
  readonly convention?: string
  /** Recomputes the number (as text comparable with `published`); absent if it cannot be. */
  readonly compute?: () => string
  /** Why a number is not recomputed, or what is worth knowing about the comparison. */
  readonly note?: string
  /**
   * The number depends on details the document does not give; the computed value comes from a
   * reconstruction, so a difference is reported as such, not as a failure.
   */
  readonly reconstruction?: boolean
}

const tangram = (): PieceKind[] =>
  pieceSetFromJson(tangramFile, 'tangram.json').pieces.map((p) => ({
    name: p.name,
    shape: p.shape,
    count: p.count,
  }))

/** The tangram's convex figures, solved once per process and shared by the rows that need them. */
let tangramConvex: { name: string; solutions: number }[] | undefined
function solveTangramConvex(): { name: string; solutions: number }[] {
  if (!tangramConvex) {
    const pieces = tangram()
    tangramConvex = outlineFigures(convexCases(pieces).cases, pieces).map((f) => {
      const { problem, rejected } = f.prepare()
      return {
        name: f.name,
        solutions:
          rejected || !problem ? 0 : new TilingSearch(problem, 'reduce').runToEnd().solutions,
      }
    })
  }
  return tangramConvex
}

/** Läuchli's Program 3 rebuilt (shared/laeuchli), run once per process for the rows below. */
let program3Run: ReturnType<typeof program3AllOutlines> | undefined
const program3 = () => (program3Run ??= program3AllOutlines(tangram()))
const PROGRAM3_NOTE =
  'Counted by a reconstruction of Program 3 (pieces set one by one, large first, in a fixed numbering of positions, with the lexicographic symmetry test). The paper does not give its numbering or what counts as a try; one reconstruction gives 13616 / 1451 / 1326 exactly.'

/** Half-square triangles, the paper's unit of area (the small tangram triangle). */
const AREA = 'area F in half-square triangles'
const PAPER_COUNT = "tilings up to the outline's symmetries, identical pieces not told apart"

export const PUBLISHED: readonly PublishedNumber[] = [
  {
    id: 'laeuchli-outlines-1-10',
    document: LAEUCHLI,
    place: '§4, table',
    what: 'number N(F) of convex outlines of area F = 1, 2, …, 10',
    published: '1, 3, 2, 6, 3, 7, 5, 11, 5, 10',
    convention: `${AREA}; outlines up to the symmetries of the square`,
    compute: () => Array.from({ length: 10 }, (_, i) => convexOutlines(i + 1).length).join(', '),
  },
  {
    id: 'laeuchli-outlines-16',
    document: LAEUCHLI,
    place: '§4 table and §7',
    what: 'convex outlines of area 16 (the tangram)',
    published: '20',
    convention: AREA,
    compute: () => String(convexOutlines(16).length),
  },
  {
    id: 'laeuchli-box-9',
    document: LAEUCHLI,
    place: '§4',
    what: 'side of the smallest square that holds every convex figure of area 16',
    published: '9',
    compute: () => String(Math.max(...convexOutlines(16).map((o) => Math.max(o.s2, o.s4)))),
  },
  {
    id: 'laeuchli-leaves',
    document: LAEUCHLI,
    place: '§4',
    what: 'leaves of the unpruned search tree: every tangram piece anywhere in the 9 × 9 square',
    published: 'ca. 5·10^16',
    compute: () => {
      let leaves = 1
      for (const p of tangram()) {
        let n = 0
        for (const o of p.shape.orientations) n += (10 - o.width) * (10 - o.height)
        leaves *= n ** p.count
      }
      const [m, e] = leaves.toExponential(1).split('e+')
      return `${m}·10^${e}`
    },
    note: 'The text goes on: at 10^8 cases a second this takes "a million years". With its own figures that is 16 years; 10^3 cases a second gives 1.5 million years, so the scan probably misreads 10³ as 10^8.',
  },
  {
    id: 'laeuchli-tileable',
    document: LAEUCHLI,
    place: '§7',
    what: 'tangram: outlines of area 16 that can be built',
    published: '13',
    compute: () => String(solveTangramConvex().filter((o) => o.solutions > 0).length),
    note: 'Wang and Hsiung (1942) found the same 13 convex tangrams.',
  },
  {
    id: 'laeuchli-solutions',
    document: LAEUCHLI,
    place: '§7 and §8',
    what: 'tangram: convex tilings in all (Program 2 first found 141: one lost to a symmetry bug)',
    published: '142',
    convention: PAPER_COUNT,
    compute: () => String(solveTangramConvex().reduce((s, o) => s + o.solutions, 0)),
  },
  {
    id: 'laeuchli-square',
    document: LAEUCHLI,
    place: '§7',
    what: 'tangram: tilings of the square',
    published: '1',
    convention: PAPER_COUNT,
    compute: () =>
      String(solveTangramConvex().find((o) => o.name === 'square 2√2')?.solutions ?? 'not found'),
  },
  {
    id: 'laeuchli-trapezoid',
    document: LAEUCHLI,
    place: '§7',
    what: 'tangram: tilings of the right trapezoid with sides 3, 2, 5, 2√2 (the most of any outline)',
    published: '36',
    convention: PAPER_COUNT,
    compute: () => {
      const all = solveTangramConvex()
      const found = all.find((o) => sidesMatch(o.name, 'right trapezoid', ['3', '2', '5', '2√2']))
      const max = Math.max(...all.map((o) => o.solutions))
      return found?.solutions === max
        ? String(max)
        : `${found?.solutions} (but another outline has ${max})`
    },
  },
  {
    id: 'laeuchli-program3-tries',
    document: LAEUCHLI,
    place: '§4 and §5',
    what: 'Program 3 on the tangram: tries to set a piece',
    published: '13616',
    compute: () => String(program3().total.tried),
    note: PROGRAM3_NOTE,
    reconstruction: true,
  },
  {
    id: 'laeuchli-program3-fit',
    document: LAEUCHLI,
    place: '§5',
    what: 'Program 3 on the tangram: tries where the piece fits the free part',
    published: '1451',
    compute: () => String(program3().total.fit),
    reconstruction: true,
  },
  {
    id: 'laeuchli-program3-passed',
    document: LAEUCHLI,
    place: '§5',
    what: 'Program 3 on the tangram: fitting tries that pass the symmetry test',
    published: '1326',
    compute: () => String(program3().total.passed),
    note: 'The same under every numbering tried: it does not depend on the unknown details.',
    reconstruction: true,
  },
  {
    id: 'laeuchli-program3-parallelogram',
    document: LAEUCHLI,
    place: '§7',
    what: 'Program 3: tries for the parallelogram 2, 4√2, which has no tiling',
    published: '672',
    compute: () =>
      String(program3().outlines.find((o) => o.name === 'parallelogram 4√2, 2, 4√2, 2')?.tried),
    note: 'The reconstruction that gives the three totals exactly gives 684 here; another numbering gives 672 but misses the totals (shared/laeuchli/program3.test.ts). No numbering tried gives all four.',
    reconstruction: true,
  },
  {
    id: 'laeuchli-program2-placements',
    document: LAEUCHLI,
    place: '§4',
    what: 'Program 2 (pieces set freely, pruned by a discrete convex hull): pieces set without collision',
    published: '154396',
    note: 'Not recomputed: Program 2 is superseded by Program 3, which the workbench follows, and the paper describes it too briefly to rebuild its count.',
  },
  ...EDGEMATCH_ROWS,
  ...QUEENS_ROWS,
  ...PENTAGON_ROWS,
  ...TAIT_ROWS,
  ...DESIGN_ROWS,
]

/** Whether an outline name ("right trapezoid 2, 5, 2√2, 3") has these sides in cyclic order. */
function sidesMatch(name: string, kind: string, sides: readonly string[]): boolean {
  if (!name.startsWith(`${kind} `)) return false
  const ours = name.slice(kind.length + 1).split(', ')
  if (ours.length !== sides.length) return false
  const n = sides.length
  for (const seq of [sides, [...sides].reverse()]) {
    for (let k = 0; k < n; k++) if (ours.every((s, i) => s === seq[(i + k) % n])) return true
  }
  return false
}

export interface Reproduction {
  readonly entry: PublishedNumber
  readonly computed?: string
  readonly matches?: boolean
  readonly ms?: number
  readonly error?: string
}

export function reproduce(entry: PublishedNumber): Reproduction {
  if (!entry.compute) return { entry }
  const t0 = performance.now()
  try {
    const computed = entry.compute()
    return {
      entry,
      computed,
      matches: computed === entry.published || approxEqual(entry.published, computed),
      ms: performance.now() - t0,
    }
  } catch (e) {
    return { entry, error: (e as Error).message }
  }
}

/**
 * "ca. 5·10^16" is matched by anything that rounds to it; "über 23 Milliarden" (over 23 billion)
 * by a count from 23 to 24 billion.
 */
function approxEqual(published: string, computed: string): boolean {
  const over = /^über (\d+) Milliarden$/.exec(published)
  if (over && /^\d+$/.test(computed)) {
    const billions = Number(BigInt(computed) / 1_000_000_000n)
    return billions === Number(over[1])
  }
  const p = /^ca\. (\d+(?:\.\d+)?)·10\^(\d+)$/.exec(published)
  const c = /^(\d+(?:\.\d+)?)·10\^(\d+)$/.exec(computed)
  if (!p || !c) return false
  const pv = Number(p[1]) * 10 ** Number(p[2])
  const cv = Number(c[1]) * 10 ** Number(c[2])
  return Math.abs(Math.log10(cv / pv)) < Math.log10(1.5)
}
