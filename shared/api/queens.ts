import { z } from 'zod'
import type { QueensRunProgress } from '../queens/count'
import { MAX_QUEENS } from '../queens/split'
import type { RunPlace } from './run'

/* The n-queens counts. */

export const QUEENS_METHODS = {
  /** Counts the n-queens solutions on the worker processes; progress and the end come as events. */
  'queens.count': z.strictObject({ n: z.number().int().min(1).max(MAX_QUEENS) }),
  'queens.cancel': z.strictObject({ countId: z.string().max(100) }),
} as const

export interface QueensResults {
  'queens.count': { countId: string }
  'queens.cancel': null
}

export type QueensEvent =
  | {
      readonly type: 'queens.started'
      readonly countId: string
      readonly n: number
      /** Where its tasks run. */
      readonly runsOn: RunPlace
    }
  | ({
      readonly type: 'queens.progress'
      readonly countId: string
      readonly n: number
    } & QueensRunProgress)
  /** A worker that died during a count, its task counted again: one line. */
  | {
      readonly type: 'queens.notice'
      readonly countId: string
      readonly n: number
      readonly message: string
    }
  | {
      readonly type: 'queens.ended'
      readonly countId: string
      readonly n: number
      readonly outcome: 'done' | 'cancelled' | 'failed'
      /** All solutions and those up to the board's symmetries, as decimal strings. */
      readonly total?: string
      readonly unique?: string
      readonly nodes?: number
      /** Tasks taken from the checkpoint of an earlier, unfinished count, of all. */
      readonly resumed?: number
      readonly tasks?: number
      readonly error?: string
      readonly elapsedMs: number
    }
