import type { Piece } from '../../../shared/formats/load'
import type { OffPiece } from '../../../shared/offlattice/search'
import { piecesFromWire } from '../../../shared/pieces/solvable'
import { latticeKey } from '../../../shared/pentagons/lattice'
import { pointFromText } from '../../../shared/pentagons/wire'
import {
  countExactCandidate,
  exactFigureDraws,
  offPiecesOf,
} from '../../../shared/silhouettes/offlattice'
import { countCandidate, figureDraws } from '../../../shared/silhouettes/search'
import { ruleOuts, type RuleOuts } from '../../../shared/tiling/rule-out'
import type {
  DrawnFigure,
  SilhouettesInput,
  SilhouettesOutput,
  SilhouettesSetup,
} from '../protocol'
import type { WorkerKind } from './kind'

/** Figures drawn in order: the next (null: the draw made none), and where the draws are. */
interface Draws {
  draw(): DrawnFigure | null
  readonly state: number
  /** The convex outlines there are to draw, if convex. */
  readonly outlines?: number
}

interface State {
  readonly setup: SilhouettesSetup
  readonly pieces: readonly Piece[]
  /** The pieces for the exact search, when they are turned by 45°. */
  readonly offPieces?: readonly OffPiece[]
  /** Worked out when this process first counts a figure of the job. */
  rules?: RuleOuts
  /** The last draws made here, to go on with if the next draw task comes here too. */
  draws?: Draws
}

/** The draws of the job from `state`: on the lattice, or grown with pieces at 45° (keyed here). */
function drawsOf({ pieces, offPieces, setup }: State, state?: number): Draws {
  if (offPieces) {
    const draws = exactFigureDraws(offPieces, setup.request, state)
    return {
      draw: () => draws.draw() ?? null,
      get state() {
        return draws.state
      },
    }
  }
  const draws = figureDraws(pieces, setup.request, state)
  return {
    draw: () => {
      const polygon = draws.draw()
      return polygon ? { polygon, key: latticeKey(polygon) } : null
    },
    get state() {
      return draws.state
    },
    outlines: draws.outlines,
  }
}

/** A search for silhouette puzzles: figures drawn in order, or a batch of new ones counted. */
const silhouettes: WorkerKind<'silhouettes', State> = {
  prepare: (setup) => {
    const pieces = piecesFromWire(setup.set)
    const offPieces = setup.request.turns === 45 ? offPiecesOf(pieces) : undefined
    return { setup, pieces, offPieces }
  },
  run: (state, input: SilhouettesInput): SilhouettesOutput => {
    const { pieces, setup, offPieces } = state
    if (input.step === 'count') {
      return {
        step: 'count',
        outcomes: input.figures.map((f) => {
          if ('outline' in f)
            return countExactCandidate(
              f.outline.map(pointFromText),
              f.key,
              offPieces!,
              setup.request,
              setup.figureNodes,
            )
          state.rules ??= ruleOuts(pieces)
          return countCandidate(f.polygon, pieces, state.rules, setup.request, setup.figureNodes)
        }),
      }
    }
    const draws =
      state.draws && state.draws.state === input.state ? state.draws : drawsOf(state, input.state)
    state.draws = draws
    // The convex outlines end: no more than there are left.
    const n =
      draws.outlines === undefined
        ? input.draws
        : Math.min(input.draws, draws.outlines - draws.state)
    // Keyed here too: telling figures apart is the host's only work on them.
    const figures = Array.from({ length: n }, () => draws.draw())
    return { step: 'draw', figures, state: draws.state, outlines: draws.outlines }
  },
}
export default silhouettes
