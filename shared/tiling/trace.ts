import type { PlacedPiece, TilingProblem } from './problem'
import { TilingSearch, type SymmetryMode } from './search'

/**
 * The search on its way to the first tiling, as the paper's Figure 7 prints it: the pieces placed
 * after every step (each placement that fitted, after whatever backtracking it took), ending with
 * the first tiling. At most `maxSteps` steps are kept.
 */
export function traceToFirstTiling(
  problem: TilingProblem,
  mode: SymmetryMode,
  maxSteps: number,
): { steps: PlacedPiece[][]; solved: boolean } {
  const search = new TilingSearch(problem, mode)
  const steps: PlacedPiece[][] = []
  while (steps.length < maxSteps) {
    const status = search.step(1)
    if (status === 'done') return { steps, solved: false }
    if (status === 'solution') {
      steps.push([...search.solution().pieces])
      return { steps, solved: true }
    }
    const path = search.currentPath()
    if (path.length > 0) steps.push(path)
  }
  return { steps, solved: false }
}
