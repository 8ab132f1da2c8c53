import { z } from 'zod'
import type { CompareProgress, Comparison } from '../compare/compare'
import type { WorkbenchDocument } from '../document/document'
import { documentSchema } from './documents'
import type { RunPlace } from './run'

/* Sets of one area compared (issue 14). */

export const COMPARE_METHODS = {
  /**
   * Sets of one area compared (issue 14): every convex outline counted for each, on the task
   * farm; progress and the end come as events.
   */
  'compare.start': z.strictObject({ documents: z.array(documentSchema).min(2).max(8) }),
  'compare.cancel': z.strictObject({ compareId: z.string().max(100) }),
} as const

export interface CompareResults {
  /** The sets as compared (congruent pieces merged), in the order given. */
  'compare.start': { compareId: string; sets: WorkbenchDocument[] }
  'compare.cancel': null
}

export type CompareEvent =
  | ({ readonly type: 'compare.progress'; readonly compareId: string } & CompareProgress)
  | {
      readonly type: 'compare.ended'
      readonly compareId: string
      readonly outcome: 'done' | 'cancelled' | 'failed'
      readonly result?: Comparison
      readonly error?: string
      readonly elapsedMs: number
      /** Where its tasks ran, once it knew. */
      readonly runsOn?: RunPlace
    }
