import { z } from 'zod'
import { path } from './fields'

/* The booklet of the figures a set builds (issue 14); their search is a run (kind `silhouettes`, ./run.ts). */

export const SILHOUETTE_METHODS = {
  /**
   * The figures a finished run of kind `silhouettes` found as a booklet: silhouettes first,
   * solutions at the back.
   */
  'export.booklet': z.strictObject({ runId: z.string().max(100), path }),
} as const

export interface SilhouetteResults {
  'export.booklet': { files: string[]; pages: number }
}
