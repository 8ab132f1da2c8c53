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
const ring = z
  .array(z.tuple([exactText, exactText]).readonly())
  .max(1000)
  .readonly()

/**
 * A figure with exact corners as the API carries it (issue 25): its name and its parts, each an
 * outline with holes, corners as text. Only its form is checked here; what it must be (rings
 * simple, in the 8 directions, lying as a region may) is checked as a figure file is.
 */
export const exactFigureSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  parts: z
    .array(z.strictObject({ outline: ring, holes: z.array(ring).max(100).readonly().optional() }))
    .min(1)
    .max(100),
})
export type ExactFigureText = z.output<typeof exactFigureSchema>

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

/**
 * A figure file read: its parts (a region may have several, and holes) and, for the pentagons'
 * matching and saving, its first part's outline as `corners`.
 */
interface FigureRead {
  path: string
  name: string
  corners: TextPoint[]
  parts: { outline: TextPoint[]; holes: TextPoint[][] }[]
}

export interface PentagonResults {
  'exactFigure.open': FigureRead
  'exactFigure.save': { path: string }
  'exactFigure.importSvg': FigureRead & { notice: string }
}
