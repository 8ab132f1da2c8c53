import {
  EXACT_TILINGS_KEPT,
  type ExactFigureDone,
  type RunKind,
  type RunParams,
} from '../../../shared/api/run'
import { comparePlan } from '../../../shared/compare/compare'
import { InputError } from '../../../shared/errors'
import { searchCoverage } from '../../../shared/pentagons/pentagons'
import { pentagonsToText } from '../../../shared/pentagons/wire'
import {
  checkWholeCounts,
  solvableDocument,
  type SolvableSet,
} from '../../../shared/pieces/solvable'
import { silhouetteSetProblem } from '../../../shared/silhouettes/search'
import { runCompare } from '../compare-run'
import { offPieces, runOffLattice } from '../offlattice-run'
import { pentagonSearch, runPentagons } from '../pentagons-run'
import { runSilhouettes } from '../silhouettes-run'
import type { HostRunKind, RunContext } from './run-kind'

/** The farm's hooks every kind passes on as they are. */
const farm = <K extends RunKind>(ctx: RunContext<K>) => ({
  transport: ctx.transport,
  signal: ctx.signal,
  onNotice: ctx.notice,
})

/** A set for the silhouette search, or the one line why it cannot be searched. */
function silhouetteSet(p: RunParams<'silhouettes'>): SolvableSet {
  const set = solvableDocument(p.document)
  checkWholeCounts(set, 'the silhouette search')
  const problem = silhouetteSetProblem(set.pieces, p.request)
  if (problem) throw new InputError(`${set.name}: ${problem}`)
  return set
}

/** Sets to compare, or the one line why they do not compare (too many, areas that differ). */
function comparedSets(p: RunParams<'compare'>): SolvableSet[] {
  const sets = p.documents.map((d) => solvableDocument(d))
  for (const set of sets) checkWholeCounts(set, 'comparing sets')
  comparePlan(sets)
  return sets
}

/**
 * The searches of piece sets (issues 12, 14 and 25): pentagons, silhouettes, figures with exact
 * corners, sets compared.
 */
export const SET_KINDS: {
  readonly [K in 'pentagons' | 'silhouettes' | 'exact' | 'compare']: HostRunKind<K>
} = {
  pentagons: {
    prepare: (p) => {
      const { set, pieces, wire } = pentagonSearch(p.document)
      return {
        run: async (ctx) => {
          const r = await runPentagons({ pieces, wire, ...farm(ctx), onProgress: ctx.progress })
          return r ? { ...pentagonsToText(r, searchCoverage(pieces, r)), set } : null
        },
      }
    },
  },
  silhouettes: {
    prepare: (p) => {
      const set = silhouetteSet(p)
      return {
        run: async (ctx) => {
          const r = await runSilhouettes({
            pieces: set.pieces,
            wire: set.wire,
            request: p.request,
            ...farm(ctx),
            onCandidate: (s, asked) => ctx.item({ ...s, asked }),
            onProgress: ctx.progress,
          })
          if (!r) return null
          const found = r.figures.map((f) => f.key)
          return { progress: r.progress, found, shortfall: r.shortfall, set: set.document }
        },
      }
    },
  },
  exact: {
    prepare: (p) => {
      const set = solvableDocument(p.document)
      const pieces = offPieces(set)
      const drawn = set.apart.pieces.map((q) => ({ name: q.name, count: q.count, color: q.color }))
      // Passed on unread: each figure is read and checked by the worker that searches it (its
      // rings' exact checks take milliseconds), a bad one failing the run in one line naming it.
      const figures = p.figures.map((f) => ({
        name: f.name,
        parts: f.parts.map((q) => ({ outline: q.outline, holes: q.holes ?? [] })),
      }))
      return {
        plan: {
          set: { name: set.name, pieces: drawn },
          names: p.figures.map((f) => f.name),
          mode: p.mode,
        },
        run: async (ctx) => {
          const counts: Omit<ExactFigureDone, 'tilings' | 'parts'>[] = []
          const r = await runOffLattice({
            pieces,
            figures,
            read: true,
            list: !p.list ? 'none' : p.mode === 'raw' ? 'all' : 'classes',
            ...farm(ctx),
            onProgress: (q) => ctx.progress({ ...q, fraction: q.done / q.total }),
            onFigure: (figure, { tilings, parts, ...count }) => {
              counts[figure] = { figure, ...count }
              // Each copy of a kind of piece in its own colour, as the pieces are drawn.
              const kept = tilings.slice(0, EXACT_TILINGS_KEPT).map((t) => set.spread(t))
              // The workers read the figures (`read`): each result has its parts.
              ctx.item({ figure, ...count, parts: parts!, tilings: kept })
            },
          })
          if (r.error) throw r.error
          return r.complete ? { counts } : null
        },
      }
    },
  },
  compare: {
    prepare: (p) => {
      const sets = comparedSets(p).map(({ name, pieces, wire }) => ({ name, pieces, wire }))
      return {
        run: async (ctx) =>
          (await runCompare({ sets, ...farm(ctx), onProgress: ctx.progress })) ?? null,
      }
    },
  },
}
