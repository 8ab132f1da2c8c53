import { plural } from '../../../shared/plural'
import { countToJson } from '../../../shared/counts'
import { InputError } from '../../../shared/errors'
import type { CardBoard, CardPuzzle } from '../../../shared/edgematch/cards/puzzle'
import { renderBoard } from '../../../shared/edgematch/cards/render'
import { allSolutions, solveCards } from '../../../shared/edgematch/cards/solve'
import { formatCards } from '../../../shared/edgematch/cards/format'
import { identicalGroups } from '../../../shared/edgematch/cards/symmetry'
import { verifyCardBoard } from '../../../shared/edgematch/cards/verify'
import { loadCardSet } from '../card-inputs'
import { countOnFarm, statsLine, whileCtrlCQuits, withSearchBar } from '../search-run'

export interface CardsOptions {
  queue?: string
  all?: boolean
  count?: boolean
  json?: boolean
  identicalAsOne?: boolean
  progress?: boolean
}

const CONVENTION = {
  apart:
    'cards are told apart by their number; turns of a card that look alike are one way to lay it',
  asOne:
    'identical cards (one equal to another turned) are taken as one: boards count by what they show',
}

/**
 * Square edge-matching cards (the HIB smiley puzzle and its kin) from a card file or a bundled set:
 * one solution, one per class up to turning the board (--all), or the counts, which run on the
 * task farm (here, or on the queue). Every board printed is checked by the independent verifier
 * first. Cards are numbered from 1 in file order; turns are quarter turns counter-clockwise.
 * Null: Ctrl-C stopped the count.
 */
export async function cardsCommand(
  file: string,
  opts: CardsOptions,
  signal: AbortSignal,
): Promise<string | null> {
  if (opts.all && opts.count) throw new InputError('choose --all or --count, not both')
  if (opts.queue !== undefined && !opts.count)
    throw new InputError('--queue runs the counts: give --count too')
  const { puzzle, source } = loadCardSet(file)
  const name = puzzle.name ?? source
  const identicalAsOne = opts.identicalAsOne ?? false
  const groups = identicalGroups(puzzle.cards).map((g) => g.cards.map((c) => c + 1))
  const t0 = performance.now()

  if (!opts.all && !opts.count) {
    let first: CardBoard | undefined
    const { stats } = whileCtrlCQuits(() =>
      withSearchBar(
        opts.progress !== false,
        (onProgress) =>
          solveCards(puzzle, {
            onProgress,
            onSolution: (board) => ((first = checked(puzzle, board)), true),
          }),
        true,
      ),
    )
    const ms = performance.now() - t0
    if (opts.json)
      return JSON.stringify({
        solvable: first !== undefined,
        solution: first ? rowsOf(puzzle, first) : null,
        identical: groups,
        stats,
        elapsedMs: ms,
      })
    if (!first) return [`${name} has no solution.`, statsLine(stats, ms)].join('\n')
    return [
      `${name}: a solution (card numbers as in the file, ↺ quarter turns counter-clockwise):`,
      renderBoard(puzzle, first),
      ...identicalNote(groups, identicalAsOne),
      statsLine(stats, ms),
    ].join('\n')
  }

  const { boards, counts, stats } = opts.all
    ? allBoards(puzzle, identicalAsOne, opts.progress !== false)
    : await countedOnFarm(puzzle, identicalAsOne, opts, signal)
  if (!counts) return null
  const ms = performance.now() - t0
  const convention = identicalAsOne ? CONVENTION.asOne : CONVENTION.apart
  if (opts.json) {
    // Counts past 2^53 are written as strings, as the tiling counts are.
    const exact = {
      fixed: countToJson(counts.fixed),
      upToRotation: countToJson(counts.upToRotation),
    }
    if (opts.count) return JSON.stringify(exact)
    return JSON.stringify({
      ...exact,
      convention,
      identical: groups,
      solutions: boards.map((b) => rowsOf(puzzle, b)),
      stats,
      elapsedMs: ms,
    })
  }
  const lines = [
    counts.fixed === 0n
      ? `${name} has no solution.`
      : `${name}: ${plural(counts.fixed, 'solution')} on the fixed board, ${counts.upToRotation.toLocaleString('en')} up to turning the board (a board equal to its own turn counts once).`,
    `Convention: ${convention}.`,
    ...identicalNote(groups, identicalAsOne),
  ]
  boards.forEach((b, k) =>
    lines.push('', `solution ${k + 1} (one per class up to turning):`, renderBoard(puzzle, b)),
  )
  lines.push(statsLine(stats, ms))
  return lines.join('\n')
}

/** Every board, one per class up to turning, searched here in one go. */
function allBoards(puzzle: CardPuzzle, identicalAsOne: boolean, progress: boolean) {
  const { boards, result } = whileCtrlCQuits(() =>
    withSearchBar(progress, (onProgress) => allSolutions(puzzle, { identicalAsOne, onProgress })),
  )
  for (const b of boards) checked(puzzle, b)
  return { boards, ...result }
}

/** The counts, on the task farm. */
async function countedOnFarm(
  puzzle: CardPuzzle,
  identicalAsOne: boolean,
  opts: CardsOptions,
  signal: AbortSignal,
) {
  const text = formatCards(puzzle)
  const r = await countOnFarm({ puzzle: 'cards', text, identicalAsOne }, opts, signal)
  const counts = r && { fixed: BigInt(r.fixed), upToRotation: BigInt(r.upToRotation) }
  return { boards: [], counts, stats: { nodes: r?.nodes ?? 0, placements: r?.placements ?? 0 } }
}

/** A board as rows of placements, cards numbered from 1. */
const rowsOf = (puzzle: CardPuzzle, board: CardBoard) =>
  Array.from({ length: puzzle.rows }, (_, r) =>
    board
      .slice(r * puzzle.cols, (r + 1) * puzzle.cols)
      .map((p) => ({ card: p.card + 1, turns: p.turns })),
  )

function identicalNote(groups: number[][], asOne: boolean): string[] {
  if (groups.length === 0) return []
  return [
    `Identical cards (one is another turned): ${groups.map(cardList).join('; ')}; ${asOne ? 'taken as one' : 'told apart (--identical-as-one takes them as one)'}.`,
  ]
}

/** Ascending card numbers, runs of three or more as ranges: "3 and 8", "1–1024". */
function cardList(cards: number[]): string {
  const parts: string[] = []
  for (let i = 0; i < cards.length;) {
    let j = i
    while (j + 1 < cards.length && cards[j + 1] === cards[j] + 1) j++
    if (j - i >= 2) parts.push(`${cards[i]}–${cards[j]}`)
    else for (let k = i; k <= j; k++) parts.push(String(cards[k]))
    i = j + 1
  }
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}

function checked(puzzle: CardPuzzle, board: CardBoard): CardBoard {
  const problem = verifyCardBoard(puzzle, board)
  if (problem !== undefined) throw new Error(`the solver gave a wrong board: ${problem}`)
  return board
}
