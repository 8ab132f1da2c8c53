import { pieceSetFromJson } from '../../../shared/formats/load'
import { buildTilingProblem } from '../../../shared/tiling/problem'
import { traceToFirstTiling } from '../../../shared/tiling/trace'
import { oneTask } from './kind'

/** The search's steps up to the first tiling of a figure, for the search animation. */
export default oneTask<'trace'>(({ set, figure, mode, maxSteps }) => {
  const pieces = pieceSetFromJson(set, 'piece set').pieces
  return traceToFirstTiling(buildTilingProblem(figure, pieces), mode, maxSteps)
})
