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
      /**
       * Where the paper's table (shared/tait/tables.ts) differs: what the paper's own program
       * finds (shared/tait/paper.ts), which with two pairs misses minimal sequences (n = 7: 4
       * of 9).
       */
      readonly program?: string
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
