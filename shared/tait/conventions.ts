/**
 * The counting conventions tried against the published tables of §4 (tables.ts). Table 1 (one pair
 * of empty cells) is reproduced by every minimal sequence from the paper's start: n stones of
 * each colour alternating, white first, the pair at the right end (rule II), any goal row (every
 * minimal sequence in fact ends with the black block first, two cells to the right). The
 * supplementary table (補表, two pairs) is reproduced only by the paper's program with its bound
 * (2), which is not a bound with two pairs: see paper.ts. The other conventions give what is
 * listed in docs/TAIT.md.
 */
import { countTait } from './count'
import { listTait } from './list'
import { paperCount } from './paper'
import { formatRow, type EmptyAt } from './state'

export interface ConventionCount {
  /** Moves of the sequences counted (null: none). */
  readonly moves: number | null
  readonly sequences: bigint
}

export interface Convention {
  readonly id: string
  readonly description: string
  readonly count: (n: number) => ConventionCount
}

const every = (n: number, empty: number, at: EmptyAt = 'right'): ConventionCount => {
  const c = countTait({ n, empty, at })
  return { moves: c.moves, sequences: c.sequences }
}

/** Ways to read "two pairs of empty cells", each counted for the supplementary table. */
export const TWO_PAIR_CONVENTIONS: readonly Convention[] = [
  {
    id: 'paper-program',
    description:
      "the paper's program (n moves, pruned by bound (2), goal D = 1) with two pairs of empty cells at the right end",
    count: (n) => ({ moves: n, sequences: paperCount(n, 4).sequences }),
  },
  {
    id: 'every-right',
    description: 'every minimal sequence with two pairs of empty cells at the right end',
    count: (n) => every(n, 4),
  },
  {
    id: 'using-both-right',
    description:
      'the minimal sequences with two pairs at the right end that put a stone on the second pair',
    count: (n) => {
      const all = every(n, 4)
      const one = every(n, 2)
      return {
        moves: all.moves,
        sequences: all.sequences - (one.moves === all.moves ? one.sequences : 0n),
      }
    },
  },
  {
    id: 'every-split',
    description:
      'every minimal sequence with one pair of empty cells at each end (mirror images both counted: the start is its own mirror image)',
    count: (n) => every(n, 4, 'split'),
  },
]

/** The goal rows the minimal sequences end in, with how many end in each (small n). */
export function finalRows(n: number, empty = 2): Map<string, number> {
  const out = new Map<string, number>()
  for (const s of listTait({ n, empty }).sequences) {
    const last = formatRow(s[s.length - 1])
    out.set(last, (out.get(last) ?? 0) + 1)
  }
  return out
}
