import { countQueens, queensTaskIds } from '../queens/count'
import { solveQueensGame } from '../queens/game/solve'
import { partialCounts } from '../queens/partials'
import { DAMENPROBLEM, TAKEUCHI_OKUNO } from './documents'
import type { PublishedNumber } from './registry'

/** The report's words for who wins: 先手必勝 (first player wins), 後手必勝 (second). */
const verdict = (n: number): string =>
  solveQueensGame(n, { useTheorem: false }).winner === 'first' ? '先手必勝' : '後手必勝'

/** German digit grouping, as the article prints its numbers (73.712). */
const de = (n: bigint): string => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, '.')

/** The n-queens article's numbers (issue 6). */
export const QUEENS_ROWS: readonly PublishedNumber[] = [
  {
    id: 'damen-13-solutions',
    document: DAMENPROBLEM,
    place: '"Laufzeit"',
    what: 'placements of 13 non-attacking queens on the 13 × 13 board',
    published: '73.712',
    convention: 'every placement; boards that are turns or mirror images of each other count apart',
    compute: () => de(countQueens(13).total),
  },
  {
    id: 'damen-13-two-columns',
    document: DAMENPROBLEM,
    place: '"Laufzeit" (chart of partial solutions)',
    what: 'partial solutions after two columns of the 13 × 13 board',
    published: '132',
    convention: 'non-attacking queens in the first t columns, one per column',
    compute: () => de(partialCounts(13)[1]),
  },
  {
    id: 'damen-13-peak',
    document: DAMENPROBLEM,
    place: '"Laufzeit" (chart of partial solutions)',
    what: 'the most partial solutions of any column count on the 13 × 13 board, and where',
    published: 'mehr als 1,1 Millionen bei zehn Spalten',
    convention: 'non-attacking queens in the first t columns, one per column',
    compute: () => {
      const counts = partialCounts(13)
      const peak = counts.reduce((m, c) => (c > m ? c : m), 0n)
      const t = counts.indexOf(peak) + 1
      return peak > 1_100_000n && t === 10
        ? 'mehr als 1,1 Millionen bei zehn Spalten'
        : `${de(peak)} bei ${t} Spalten`
    },
  },
  {
    id: 'damen-record',
    document: DAMENPROBLEM,
    place: 'introduction',
    what: 'the largest board whose solutions had all been counted',
    published: '27',
    note: `Not recomputed: n = 27 is a computation for many machines over a long time (the published record came from the Q27 project). "queens count 27 --shard i/k" splits it into ${queensTaskIds(27).length.toLocaleString('en')} tasks for such a cluster, and "queens merge" adds up the shards.`,
  },
  ...[8, 10, 12].map((n): PublishedNumber => ({
    id: `queens-game-${n}`,
    document: TAKEUCHI_OKUNO,
    place: '§2',
    what: `the two-player queens game on the ${n} × ${n} board: who wins with perfect play`,
    published: n === 8 ? '先手必勝' : '後手必勝',
    convention:
      '先手必勝: the first player wins; 後手必勝: the second player wins (exhaustive search)',
    compute: () => verdict(n),
  })),
]
