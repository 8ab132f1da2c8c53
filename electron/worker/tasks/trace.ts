import { piecesFromWire } from '../../../shared/pieces/solvable'
import { buildTilingProblem } from '../../../shared/tiling/problem'
import { traceToFirstTiling } from '../../../shared/tiling/trace'
import { oneTask } from './kind'

/** The search's steps up to the first tiling of a figure, for the search animation. */
export default oneTask<'trace'>(({ set, figure, mode, maxSteps }) => {
  return traceToFirstTiling(buildTilingProblem(figure, piecesFromWire(set)), mode, maxSteps)
})
