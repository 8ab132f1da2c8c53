import { SUPPLEMENT, TABLE_1 } from '../tait/tables'
import { countTait } from '../tait/count'
import { paperCount } from '../tait/paper'
import { TAKEUCHI_OKUNO } from './documents'
import type { PublishedNumber } from './registry'

const ONE_PAIR =
  'n white and n black stones alternating, white first, and one pair of empty cells at the right end of a row of 2n + 2 cells (rule II: so mirror images are not counted twice); every sequence of the fewest moves that ends with each colour in one block, anywhere in the row, in either order'

const PAPER_TWO_PAIRS =
  "what the paper's program finds (depth n, pruned by bound (2), goal D = 1) with two pairs of empty cells at the right end"

/** Takeuchi & Okuno's Tait's problem (issue 7). */
export const TAIT_ROWS: readonly PublishedNumber[] = [
  {
    id: 'tait-moves',
    document: TAKEUCHI_OKUNO,
    place: '§4, Theorem and Table 1',
    what: 'the fewest moves for 2n stones, n = 4 … 10',
    published: 'n',
    convention: ONE_PAIR,
    compute: () => {
      const off = [...TABLE_1.keys()].filter((n) => countTait({ n }).moves !== n)
      return off.length === 0 ? 'n' : `not n for n = ${off.join(', ')}`
    },
  },
  ...[...TABLE_1].map(([n, count]): PublishedNumber => ({
    id: `tait-table1-${n}`,
    document: TAKEUCHI_OKUNO,
    place: '§4, Table 1',
    what: `minimal move sequences for n = ${n}, one pair of empty cells`,
    published: String(count),
    convention: ONE_PAIR,
    compute: () => String(countTait({ n }).sequences),
  })),
  ...[...SUPPLEMENT].map(([n, count]): PublishedNumber => ({
    id: `tait-supplement-${n}`,
    document: TAKEUCHI_OKUNO,
    place: '§4, supplementary table (補表)',
    what: `move sequences found for n = ${n} with two pairs of empty cells`,
    published: String(count),
    convention: PAPER_TWO_PAIRS,
    compute: () => String(paperCount(n, 4).sequences),
    note:
      n === 7
        ? 'The paper does not say how the table was made; its own program run with two pairs at the right end gives all eight numbers. They are not all the minimal sequences: with two pairs a move can lower the difference by 3 and then by 2, or by 4, and bound (2) drops some. Every minimal sequence counted (tait 7 --gaps 2): 9 here; for the other n of the table the two agree.'
        : undefined,
    reconstruction: true,
  })),
  {
    id: 'tait-historical-23',
    document: TAKEUCHI_OKUNO,
    place: "§4, on Moriyama's おしどりの遊び (1958) and its 1713 source",
    what: 'minimal move sequences for n = 23 in the historical table',
    published: '783820800000',
    convention: `${ONE_PAIR} (the paper finds the historical table equal to Table 1 up to n = 10)`,
    note: 'Not recomputed: n = 23 takes the counter about 6 minutes and 3.5 GB (its layers of rows stay small; the memo of counted phases does not). "tait 23" computes it: 783,820,800,000, the historical number.',
  },
]
