import type { Hint, QueensGameResult, Square } from '../../../shared/queens/game/solve'

/** Messages between the queens store and its Web Workers (./worker.ts). */
export type QueensRequest =
  | { readonly id: number; readonly op: 'solutions'; readonly n: number; readonly unique: boolean }
  | { readonly id: number; readonly op: 'partials'; readonly n: number }
  | { readonly id: number; readonly op: 'game'; readonly n: number }
  | { readonly id: number; readonly op: 'hint'; readonly n: number; readonly queens: Square[] }

export type QueensReply =
  | {
      readonly id: number
      readonly type: 'solutions'
      /** Column of the queen per row, per solution. */
      readonly boards: number[][]
      /** Per board: its symmetry class's size (listing up to symmetry), else 1. */
      readonly sizes: number[]
      readonly ms: number
    }
  | {
      readonly id: number
      readonly type: 'partials'
      readonly counts: string[]
      readonly ms: number
    }
  | { readonly id: number; readonly type: 'game'; readonly result: QueensGameResult }
  | { readonly id: number; readonly type: 'hint'; readonly hint: Hint }
  | { readonly id: number; readonly type: 'error'; readonly message: string }

/** The largest boards the view lists (n = 12: 14,200 solutions) and charts (n = 16: ~5 s). */
export const MAX_LISTED = 12
export const MAX_CHARTED = 16
/** The game's boards: the paper's 4 … 12 (n = 14 takes half a minute and 64 MiB). */
export const MIN_GAME = 4
export const MAX_GAME = 12
