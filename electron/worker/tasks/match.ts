import type { MatchBoard, MatchResult } from '../../../shared/api/run'
import { parseCards } from '../../../shared/edgematch/cards/format'
import {
  planCardCount,
  prepareCards,
  solveCards,
  type CardPart,
  type CardResult,
  type PreparedCards,
} from '../../../shared/edgematch/cards/solve'
import { identicalGroups } from '../../../shared/edgematch/cards/symmetry'
import { parseTrianglePuzzle } from '../../../shared/edgematch/triangle/parse'
import { solveAll, solveFirst } from '../../../shared/edgematch/triangle/solve'
import type { MatchInput, MatchSetup } from '../protocol'
import type { WorkerKind } from './kind'

/**
 * An edge-matching search (cards or the triangle): its first board, every board (streamed as
 * items, the first `keep` of them) or the counts, with the search's share of the tree done as
 * its progress. The shared solvers run here as the CLI ran them in its own process. A large card
 * count is planned first (`plan`): split into parts weighed by Knuth's probes, each a task of
 * its own (`prefix`); the host sums their counts.
 */
const match: WorkerKind<'match', Job> = {
  prepare: (setup) => ({ setup }),
  run: (job, input, hooks) => {
    const { setup } = job
    const t0 = performance.now()
    let found = 0
    // A first board's place in the tree is unknown: its search shows its nodes, not a share.
    const onProgress: OnProgress =
      setup.goal === 'one'
        ? (nodes) => hooks.progress(0, { found, nodes })
        : (nodes, fraction) => hooks.progress(fraction, { found, nodes, fraction })
    let streamed = 0
    const keep = (board: MatchBoard['board'], canonical: boolean) => {
      found++
      if (streamed >= setup.keep || (setup.canonical && !canonical)) return
      streamed++
      hooks.item({ board, canonical })
    }
    const r =
      setup.puzzle === 'cards'
        ? cards(job, input, keep, onProgress)
        : triangle(setup, keep, onProgress)
    return 'split' in r ? r : { ...r, ms: performance.now() - t0 }
  },
}
export default match

/** A job's setup and, once a task searched cards, the puzzle as its searches start (its parts'). */
interface Job {
  readonly setup: MatchSetup
  cards?: PreparedCards
}

type Keep = (board: MatchBoard['board'], canonical: boolean) => void
type OnProgress = (nodes: number, fraction: number) => void

function cards(
  job: Job,
  input: MatchInput,
  keep: Keep,
  onProgress: OnProgress,
): Omit<MatchResult, 'ms'> | { readonly split: readonly CardPart[] } {
  const { setup } = job
  job.cards ??= prepareCards(parseCards(setup.text, 'the puzzle'))
  const prepared = job.cards
  const { puzzle } = prepared
  const outcome = (r: CardResult) => ({
    fixed: String(r.counts.fixed),
    upToRotation: String(r.counts.upToRotation),
    complete: r.complete,
    nodes: r.stats.nodes,
    placements: r.stats.placements,
    identical: identicalGroups(puzzle.cards).map((g) => g.cards.map((c) => c + 1)),
  })
  const identicalAsOne = setup.identicalAsOne
  if (input !== null && 'plan' in input) {
    const plan = planCardCount(puzzle, { identicalAsOne, onProgress }, prepared)
    return 'whole' in plan ? outcome(plan.whole) : { split: plan.parts }
  }
  const one = setup.goal === 'one'
  return outcome(
    solveCards(
      puzzle,
      {
        identicalAsOne,
        onProgress,
        prefix: input?.prefix,
        onSolution:
          setup.goal === 'count'
            ? undefined
            : (board, info) => {
                keep(
                  board.map((p) => [p.card, p.turns] as const),
                  info.canonical,
                )
                return one
              },
      },
      prepared,
    ),
  )
}

function triangle(setup: MatchSetup, keep: Keep, onProgress: OnProgress): Omit<MatchResult, 'ms'> {
  const puzzle = parseTrianglePuzzle(setup.text, 'the puzzle')
  const board = (s: readonly { piece: number; turn: number }[]) =>
    s.map((p) => [p.piece, p.turn] as const)
  if (setup.goal === 'one') {
    const { solution, stats } = solveFirst(puzzle, onProgress)
    if (solution) keep(board(solution), true)
    const n = solution ? '1' : '0'
    // Complete only when it found none: the whole tree was searched.
    return { fixed: n, upToRotation: n, complete: !solution, ...stats, identical: [] }
  }
  const { counts, stats } = solveAll(
    puzzle,
    setup.goal === 'all' ? (s) => keep(board(s), true) : undefined,
    onProgress,
  )
  return {
    fixed: String(counts.fixed),
    upToRotation: String(counts.upToRotation),
    labelled: String(counts.labelled),
    complete: true,
    nodes: stats.nodes,
    placements: stats.placements,
    identical: [],
  }
}
