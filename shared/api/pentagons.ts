import { z } from 'zod'
import type { PentagonProgress } from '../pentagons/pentagons'
import type { PentagonSet } from '../pentagons/sheet'
import type { PentagonsText, TextPoint } from '../pentagons/wire'
import { documentSchema } from './documents'
import { path } from './fields'
import type { RunPlace } from './run'

/* The pentagons a set makes (issue 12), and the figure files with exact corners they use. */

/** An exact number as text, such as "3-√2/2" (shared/exact/root2.ts). */
const exactText = z.string().min(1).max(100)

export const PENTAGON_METHODS = {
  /**
   * Every pentagon the document's pieces make (issue 12), searched on the task farm; progress
   * and the end (with the pentagons, exact numbers as text) come as events.
   */
  'pentagons.find': z.strictObject({ document: documentSchema }),
  'pentagons.cancel': z.strictObject({ searchId: z.string().max(100) }),
  /** Reads a figure file whose corners may be exact numbers ("3-√2/2"). */
  'exactFigure.open': z.strictObject({ path }),
  /** Writes a figure file with exact corners. */
  'exactFigure.save': z.strictObject({
    path,
    name: z.string().max(200),
    corners: z.array(z.tuple([exactText, exactText])).max(1000),
  }),
} as const

export interface PentagonResults {
  'pentagons.find': { searchId: string }
  'pentagons.cancel': null
  'exactFigure.open': { path: string; name: string; corners: TextPoint[] }
  'exactFigure.save': { path: string }
}

export type PentagonEvent =
  | ({
      readonly type: 'pentagons.progress'
      readonly searchId: string
      /** Of the whole search, 0 … 1. */
      readonly fraction: number
    } & PentagonProgress)
  | {
      readonly type: 'pentagons.ended'
      readonly searchId: string
      readonly outcome: 'done' | 'cancelled' | 'failed'
      /** The pentagons and the set they were searched for (congruent pieces merged). */
      readonly result?: PentagonsText & { readonly set: PentagonSet }
      readonly error?: string
      readonly elapsedMs: number
      /** Where its tasks ran, once it knew. */
      readonly runsOn?: RunPlace
    }
