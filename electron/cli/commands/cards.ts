import { plural } from '../../../shared/plural'
import { countToJson } from '../../../shared/counts'
import { InputError } from '../../../shared/errors'
import type { CardBoard, CardPuzzle } from '../../../shared/edgematch/cards/puzzle'
import { renderBoard } from '../../../shared/edgematch/cards/render'
import { formatCards } from '../../../shared/edgematch/cards/format'
import { identicalGroups } from '../../../shared/edgematch/cards/symmetry'
import { verifyCardBoard } from '../../../shared/edgematch/cards/verify'
import { loadCardSet } from '../card-inputs'
import { searchOnFarm, statsLine } from '../search-run'

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
 * one solution, one per class up to turning the board (--all), or the counts. The search runs on
 * the task farm (a worker process, or the queue); every board printed is checked by the
 * independent verifier first. Cards are numbered from 1 in file order; turns are quarter turns
 * counter-clockwise. Null: Ctrl-C stopped the search.
 */
export async function cardsCommand(
  file: string,
  opts: CardsOptions,
  signal: AbortSignal,
): Promise<string | null> {
  if (opts.all && opts.count) throw new InputError('choose --all or --count, not both')
  const { puzzle, source } = loadCardSet(file)
  const name = puzzle.name ?? source
  const identicalAsOne = opts.identicalAsOne ?? false
  const groups = identicalGroups(puzzle.cards).map((g) => g.cards.map((c) => c + 1))
  const t0 = performance.now()
  const goal = opts.count ? 'count' : opts.all ? 'all' : 'one'
  const boards: CardBoard[] = []
  const r = await searchOnFarm(
    {
      puzzle: 'cards',
      text: formatCards(puzzle),
      goal,
      // One board is any board: how identical cards are taken changes only the counts.
      identicalAsOne: goal === 'one' ? false : identicalAsOne,
      canonical: goal === 'all',
    },
    opts,
    signal,
    (b) =>
      boards.push(
        checked(
          puzzle,
          b.board.map(([card, turns]) => ({ card, turns })),
        ),
      ),
  )
  if (!r) return null
  const ms = performance.now() - t0
  const stats = { placements: r.placements, nodes: r.nodes }

  if (goal === 'one') {
    const first = boards[0]
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

  const counts = { fixed: BigInt(r.fixed), upToRotation: BigInt(r.upToRotation) }
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
