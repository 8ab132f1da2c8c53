import type { TaitProgress } from '../../../shared/tait/count'

/** Messages between the Tait store and its Web Worker (./worker.ts). */
export type TaitRequest =
  | { readonly id: number; readonly op: 'count'; readonly n: number; readonly gaps: number }
  | {
      readonly id: number
      readonly op: 'list'
      readonly n: number
      readonly gaps: number
      readonly limit: number
    }

export type TaitReply =
  | {
      readonly id: number
      readonly type: 'count'
      readonly moves: number
      /** The number of minimal sequences, as a decimal string. */
      readonly sequences: string
      readonly ms: number
    }
  | {
      readonly id: number
      readonly type: 'list'
      readonly moves: number
      readonly sequences: string
      /** The first `limit` sequences, each as its rows from the start ('W', 'B', '_' per cell). */
      readonly list: string[][]
      readonly ms: number
    }
  /** Where a count is (shared/tait/count.ts: TaitProgress), a few times a second. */
  | ({ readonly id: number; readonly type: 'progress' } & TaitProgress)
  | { readonly id: number; readonly type: 'error'; readonly message: string }

/** Sequences the view lists and animates at most. */
export const LISTED = 500
/**
 * The paper's tables: minimal sequences with one pair of empty cells (Table 1) and two (補表). The
 * second comes from the paper's own pruned search, which misses some minimal sequences (n = 7: 4
 * of 9; see shared/tait/paper.ts), so the counts differ there.
 */
export const PUBLISHED: Record<number, Record<number, number>> = {
  1: { 4: 1, 5: 1, 6: 1, 7: 2, 8: 16, 9: 32, 10: 96 },
  2: { 3: 1, 4: 1, 5: 1, 6: 1, 7: 4, 8: 16, 9: 32, 10: 96 },
}
