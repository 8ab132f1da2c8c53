import type { Piece } from '../../../shared/formats/load'
import { piecesFromWire } from '../../../shared/pieces/solvable'
import { latticeKey } from '../../../shared/pentagons/lattice'
import { countCandidate, figureDraws, type FigureDraws } from '../../../shared/silhouettes/search'
import { ruleOuts, type RuleOuts } from '../../../shared/tiling/rule-out'
import type { SilhouettesInput, SilhouettesOutput, SilhouettesSetup } from '../protocol'
import type { WorkerKind } from './kind'

interface State {
  readonly setup: SilhouettesSetup
  readonly pieces: readonly Piece[]
  /** Worked out when this process first counts a figure of the job. */
  rules?: RuleOuts
  /** The last draws made here, to go on with if the next draw task comes here too. */
  draws?: FigureDraws
}

/** A search for silhouette puzzles: figures drawn in order, or a batch of new ones counted. */
const silhouettes: WorkerKind<'silhouettes', State> = {
  prepare: (setup) => ({ setup, pieces: piecesFromWire(setup.set) }),
  run: (state, input: SilhouettesInput): SilhouettesOutput => {
    const { pieces, setup } = state
    if (input.step === 'count') {
      state.rules ??= ruleOuts(pieces)
      const rules = state.rules
      return {
        step: 'count',
        outcomes: input.polygons.map((p) =>
          countCandidate(p, pieces, rules, setup.request, setup.figureNodes),
        ),
      }
    }
    const draws =
      state.draws && state.draws.state === input.state
        ? state.draws
        : figureDraws(pieces, setup.request, input.state)
    state.draws = draws
    // The convex outlines end: no more than there are left.
    const n =
      draws.outlines === undefined
        ? input.draws
        : Math.min(input.draws, draws.outlines - draws.state)
    // Keyed here too: telling figures apart is the host's only work on them.
    const figures = Array.from({ length: n }, () => {
      const polygon = draws.draw()
      return polygon ? { polygon, key: latticeKey(polygon) } : null
    })
    return { step: 'draw', figures, state: draws.state, outlines: draws.outlines }
  },
}
export default silhouettes
