import { seededRandom } from '../../random'
import type { TrianglePuzzle } from './puzzle'
import { randomPuzzle } from './random'
import { solveAll } from './solve'

/**
 * New triangle puzzles with exactly one solution up to turning the big triangle: puzzles cut from
 * random solved boards (seeds seed, seed + 1, …) until the exhaustive count says one. The search's
 * size (nodes) is the difficulty figure. Undefined after `tries` draws.
 */
export function generateUniqueTriangle(
  rows: number,
  figures: number,
  seed: number,
  tries = 200,
): { puzzle: TrianglePuzzle; draws: number; nodes: number } | undefined {
  for (let k = 0; k < tries; k++) {
    const puzzle = randomPuzzle(rows, figures, 'built', seededRandom(seed + k))
    const { counts, stats } = solveAll(puzzle)
    if (counts.upToRotation === 1) return { puzzle, draws: k + 1, nodes: stats.nodes }
  }
  return undefined
}
