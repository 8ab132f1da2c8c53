import { InputError } from '../errors'
import { exactRegionFromJson, type ExactRegionFigure } from '../formats/exact-figure'
import { exactRegionProblem } from './region'
import { checkArea, type OffPiece } from './search'

/**
 * A figure off the lattice as a figure file gives it ("polygon" or "polygons" with exact
 * corners), checked as the search needs it: a region that is not one, or of another area than
 * the pieces', is refused in one line naming `source`. The command line reads its files with it;
 * the app's figures are read by the farm's workers (the rings' exact checks cost milliseconds).
 */
export function exactFigureOf(
  value: unknown,
  source: string,
  pieces: readonly OffPiece[],
): ExactRegionFigure {
  const figure = exactRegionFromJson(value, source)
  const problem = exactRegionProblem(figure.parts)
  if (problem) throw new InputError(`${source}: ${problem}`)
  checkArea(figure.parts, pieces, source)
  return figure
}
