import { z } from 'zod'
import type { TextPoint } from '../pentagons/wire'
import { documentSchema } from './documents'
import { path } from './fields'

/*
 * The figure files with exact corners that the pentagons (issue 12) use; the search for the
 * pentagons is a run (`run.start` kind `pentagons`, ./run.ts).
 */

/** An exact number as text, such as "3-√2/2" (shared/exact/root2.ts). */
const exactText = z.string().min(1).max(100)
const ring = z.array(z.tuple([exactText, exactText])).max(1000)

export const PENTAGON_METHODS = {
  /** Reads a figure file whose corners may be exact numbers ("3-√2/2"). */
  'exactFigure.open': z.strictObject({ path }),
  /**
   * Writes a figure file with exact corners: one outline (`corners`, the file's "polygon"), or a
   * region (`parts`, each an outline with holes, the file's "polygons": a figure composed of
   * pieces that leave a hole or lie apart).
   */
  'exactFigure.save': z
    .strictObject({
      path,
      name: z.string().max(200),
      corners: ring.optional(),
      parts: z
        .array(z.strictObject({ outline: ring, holes: z.array(ring).max(100) }))
        .min(1)
        .max(100)
        .optional(),
    })
    .refine((p) => (p.corners === undefined) !== (p.parts === undefined), {
      error: 'give either corners or parts',
    }),
  /**
   * Reads a silhouette drawn in SVG as an exact figure of the document's set (issue 25): what was
   * snapped comes back as `notice`, one line.
   */
  'exactFigure.importSvg': z.strictObject({ path, document: documentSchema }),
} as const

export interface PentagonResults {
  'exactFigure.open': { path: string; name: string; corners: TextPoint[] }
  'exactFigure.save': { path: string }
  'exactFigure.importSvg': { path: string; name: string; corners: TextPoint[]; notice: string }
}
