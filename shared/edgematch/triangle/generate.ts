import { drawUntil, type Budget, type Drawn, type Spent } from '../draws'
import { seededRandom } from '../../random'
import type { TrianglePuzzle } from './puzzle'
import { randomPuzzle } from './random'
import { countSolutions, solveAll } from './solve'

/**
 * New triangle puzzles with exactly one solution up to turning the big triangle: puzzles cut from
 * random solved boards (seeds seed, seed + 1, …) until the exhaustive count says one, within the
 * budget (see draws.ts). The search's size (nodes) is the difficulty figure.
 */
export function generateUniqueTriangle(
  rows: number,
  figures: number,
  seed: number,
  budget: Budget,
  onProgress?: (spent: Spent) => void,
): Drawn<{ puzzle: TrianglePuzzle }> {
  return drawUntil(
    budget,
    (k, onNodes) => {
      const puzzle = randomPuzzle(rows, figures, 'built', seededRandom(seed + k))
      // One class is 1 board of the fixed triangle (one equal to its turns) or 3: a fourth board
      // settles it, and only a puzzle with at most 3 is counted in full, up to turning.
      const { count, complete, stats } = countSolutions(puzzle, 4, onNodes)
      const unique = complete && (count === 1 || solveAll(puzzle).counts.upToRotation === 1)
      return { found: unique ? { puzzle } : undefined, nodes: stats.nodes }
    },
    onProgress,
  )
}
