import { plural } from '../../../shared/plural'
import { InputError } from '../../../shared/errors'
import { parseTrianglePuzzle } from '../../../shared/edgematch/triangle/parse'
import type { Solution, TrianglePuzzle } from '../../../shared/edgematch/triangle/puzzle'
import { renderLegend, renderSolution } from '../../../shared/edgematch/triangle/render'
import type { TriangleCounts } from '../../../shared/edgematch/triangle/solve'
import { verifyTriangleSolution } from '../../../shared/edgematch/triangle/verify'
import { readInput } from '../inputs'
import { searchOnFarm, statsLine } from '../search-run'

const CONVENTION =
  'a solution is the picture on the board: identical pieces are not told apart, nor the turns of a piece with three equal sides'

/**
 * The triangle edge-matching puzzle (BwInf "Dreieckspuzzle") from a file in the contest's format:
 * one solution drawn as the contest program drew it, or "Puzzle unlösbar"; every solution; or the
 * counts. The search runs on the task farm (a worker process, or the queue); every board printed
 * is checked by the independent verifier first. Null: Ctrl-C stopped the search.
 */
export async function triangleCommand(
  file: string,
  opts: { all?: boolean; count?: boolean; json?: boolean; progress?: boolean; queue?: string },
  signal: AbortSignal,
): Promise<string | null> {
  if (opts.all && opts.count) throw new InputError('choose --all or --count, not both')
  const text = readInput(file, 'puzzle')
  const puzzle = parseTrianglePuzzle(text, file)
  const t0 = performance.now()
  const goal = opts.count ? 'count' : opts.all ? 'all' : 'one'
  const solutions: Solution[] = []
  const r = await searchOnFarm({ puzzle: 'triangle', text, goal }, opts, signal, (b) =>
    solutions.push(
      checked(
        puzzle,
        b.board.map(([piece, turn]) => ({ piece, turn })),
      ),
    ),
  )
  if (!r) return null
  const ms = performance.now() - t0
  const stats = { placements: r.placements, nodes: r.nodes }
  if (goal === 'one') {
    const solution = solutions[0]
    if (opts.json)
      return JSON.stringify({ solvable: solution !== undefined, solution, stats, elapsedMs: ms })
    if (!solution) return 'Puzzle unlösbar'
    return [
      renderSolution(puzzle, solution),
      renderLegend(puzzle.figures),
      statsLine(stats, ms),
    ].join('\n')
  }
  const counts = {
    fixed: Number(r.fixed),
    upToRotation: Number(r.upToRotation),
    labelled: BigInt(r.labelled ?? 0),
  }
  if (opts.json) {
    const { fixed, upToRotation } = counts
    if (opts.count) return JSON.stringify({ fixed, upToRotation })
    return JSON.stringify({
      fixed,
      upToRotation,
      labelled: counts.labelled.toString(),
      convention: CONVENTION,
      solutions,
      stats,
      elapsedMs: ms,
    })
  }
  return countsReport(counts, solutions, puzzle, statsLine(stats, ms))
}

/** The counts in words, then each board found and the legend, then the search's statistics. */
function countsReport(
  counts: TriangleCounts,
  solutions: readonly Solution[],
  puzzle: TrianglePuzzle,
  stats: string,
): string {
  const lines = [
    counts.fixed === 0
      ? 'Puzzle unlösbar'
      : `${plural(counts.fixed, 'solution')} on the fixed triangle, ${counts.upToRotation.toLocaleString('en')} up to turning it (a board equal to its own turn counts once); ${counts.labelled.toLocaleString('en')} with the pieces told apart by their line in the file.`,
    `Convention: ${CONVENTION}.`,
  ]
  solutions.forEach((s, k) => lines.push('', `solution ${k + 1}:`, renderSolution(puzzle, s)))
  if (solutions.length > 0) lines.push('', renderLegend(puzzle.figures))
  lines.push(stats)
  return lines.join('\n')
}

function checked(puzzle: TrianglePuzzle, s: Solution): Solution {
  const problem = verifyTriangleSolution(puzzle.rows, puzzle.pieces, s)
  if (problem !== undefined) throw new Error(`the solver gave a wrong board: ${problem}`)
  return s
}
