/**
 * A new edge-matching puzzle with exactly one solution up to turning the board, for the CLI and
 * the app alike: a request that cannot have one is refused with the reason, then puzzles are
 * drawn within a budget (draws.ts), reporting progress; running out of it is an error that says
 * what was spent.
 */
import { InputError } from '../errors'
import type { Budget, Spent } from './draws'
import { formatCards } from './cards/format'
import type { CardBoard, CardPuzzle } from './cards/puzzle'
import { generateUniqueCards, uniquenessProblem } from './cards/random'
import { formatTrianglePuzzle } from './triangle/parse'
import type { Solution, TrianglePuzzle } from './triangle/puzzle'
import { solveFirst } from './triangle/solve'
import { generateUniqueTriangle } from './triangle/generate'
import { plural } from '../plural'

export interface PuzzleRequest {
  readonly kind: 'cards' | 'triangle'
  readonly rows: number
  /** Cards only. */
  readonly cols: number
  readonly figures: number
  /** Cards only: frame colours for an Eternity-style border. */
  readonly frame?: number
  readonly seed: number
}

/**
 * What generating may spend by default: about half a minute of search (cards ran at some 30
 * million nodes a second here, eight-row triangles at 3), and more draws rarely help once so
 * many failed.
 */
export const BUDGETS: Readonly<Record<PuzzleRequest['kind'], Budget>> = {
  cards: { draws: 100, nodes: 1e9 },
  triangle: { draws: 200, nodes: 1e8 },
}

export type GeneratedPuzzle = {
  /** The puzzle file's text (card JSON, or the contest's format). */
  readonly text: string
  readonly title: string
  readonly draws: number
  /** The search that proved its one solution: the difficulty figure. */
  readonly nodes: number
} & (
  | { readonly kind: 'cards'; readonly puzzle: CardPuzzle; readonly solution: CardBoard }
  | { readonly kind: 'triangle'; readonly puzzle: TrianglePuzzle; readonly solution: Solution }
)

/** The reason a request cannot be met, before any drawing; undefined if it may be. */
export function requestProblem(r: PuzzleRequest): string | undefined {
  return r.kind === 'cards' ? uniquenessProblem(r.rows, r.cols, r.figures, r.frame) : undefined
}

/** Throws InputError when the request cannot be met or the budget runs out. */
export function generatePuzzle(
  r: PuzzleRequest,
  onProgress?: (spent: Spent) => void,
  budget: Budget = BUDGETS[r.kind],
): GeneratedPuzzle {
  const problem = requestProblem(r)
  if (problem) throw new InputError(problem)
  const { rows, cols, figures, frame, seed } = r
  if (r.kind === 'triangle') {
    const g = generateUniqueTriangle(rows, figures, seed, budget, onProgress)
    if (!g.ok) throw new InputError(ranOut('triangle', g, budget))
    const title = `Triangle puzzle, ${rows} rows, ${figures} figures (seed ${seed})`
    const text = formatTrianglePuzzle(g.puzzle)
    return { kind: 'triangle', ...g, text, title, solution: solveFirst(g.puzzle).solution! }
  }
  const g = generateUniqueCards(rows, cols, figures, frame, seed, budget, { onProgress })
  if (!g.ok) throw new InputError(ranOut('card', g, budget))
  const title = `Cards ${rows} × ${cols}, ${figures} figures${frame ? `, ${frame} frame colours` : ''} (seed ${seed})`
  const puzzle = { ...g.puzzle, name: title }
  return { kind: 'cards', ...g, puzzle, text: formatCards(puzzle), title }
}

function ranOut(what: string, spent: Spent & { ranOut: 'draws' | 'nodes' }, budget: Budget) {
  const nodes = `${spent.nodes.toLocaleString('en')} search nodes`
  const draws = plural(spent.draws, 'draw')
  return spent.ranOut === 'draws'
    ? `no ${what} puzzle with exactly one solution in ${draws} (${nodes}): try more figures`
    : `no ${what} puzzle with exactly one solution within ${budget.nodes.toLocaleString('en')} search nodes (${draws}): try more figures or fewer rows`
}
