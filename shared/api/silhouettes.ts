import { z } from 'zod'
import type { WorkbenchDocument } from '../document/document'
import type { Silhouette, SilhouetteProgress } from '../silhouettes/search'
import { documentSchema } from './documents'
import { path } from './fields'
import type { RunPlace } from './run'

/* The figures a set builds (issue 14), and their booklet. */

export const SILHOUETTE_METHODS = {
  /**
   * Figures the document's pieces build (issue 14), convex or any, with `unique` only those
   * built in exactly one way; searched on the task farm. The figures counted, the progress and
   * the end come as events.
   */
  'silhouettes.find': z.strictObject({
    document: documentSchema,
    request: z.strictObject({
      kind: z.enum(['convex', 'any']),
      count: z.number().int().min(1).max(1000),
      unique: z.boolean(),
      symmetric: z.boolean(),
      seed: z
        .number()
        .int()
        .min(0)
        .max(2 ** 31),
    }),
  }),
  'silhouettes.cancel': z.strictObject({ searchId: z.string().max(100) }),
  /** The figures a finished search found as a booklet: silhouettes first, solutions at the back. */
  'export.booklet': z.strictObject({ searchId: z.string().max(100), path }),
} as const

export interface SilhouetteResults {
  /** The set as searched (congruent pieces merged): the tilings index its pieces. */
  'silhouettes.find': { searchId: string; document: WorkbenchDocument }
  'silhouettes.cancel': null
  'export.booklet': { files: string[]; pages: number }
}

export type SilhouetteEvent =
  | {
      readonly type: 'silhouettes.progress'
      readonly searchId: string
      readonly progress: SilhouetteProgress
      /** Figures counted since the last event that the set builds. */
      readonly candidates: readonly SilhouetteCandidate[]
    }
  | {
      readonly type: 'silhouettes.ended'
      readonly searchId: string
      readonly outcome: 'done' | 'cancelled' | 'failed'
      readonly progress?: SilhouetteProgress
      /** The last figures counted, not yet sent. */
      readonly candidates?: readonly SilhouetteCandidate[]
      /** The figures found that were asked for, by key, easiest first. */
      readonly found?: readonly string[]
      /** Why fewer were found than asked. */
      readonly shortfall?: string
      readonly error?: string
      readonly elapsedMs: number
      /** Where its tasks ran, once it knew. */
      readonly runsOn?: RunPlace
    }

/** A figure a silhouette search counted, and whether it is one the search asks for. */
export type SilhouetteCandidate = Silhouette & { readonly asked: boolean }
