import { z } from 'zod'
import type { WorkbenchDocument } from '../document/document'
import { LIMITS } from '../limits'
import { figureShape, history, none, path, polygon, shapeVertexCount } from './fields'

/* The documents (piece sets and their figures), their autosaves and the settings. */

const piece = z.strictObject({
  id: z.string().max(100),
  name: z.string().max(200),
  polygon,
  count: z.number(),
  min: z.number().optional(),
  color: z.string().max(20),
  flip: z.boolean().optional(),
})
const figure = z.strictObject({
  id: z.string().max(100),
  name: z.string().max(200),
  polygon: figureShape,
})
export const documentSchema = z
  .strictObject({
    name: z.string().max(200),
    description: z.string().max(10_000).optional(),
    pieces: z.array(piece).max(2000),
    figures: z.array(figure).max(LIMITS.maxFigures),
  })
  // Every polygon is checked on each save and solve: their total bounds that work.
  .refine(
    (d) =>
      d.pieces.reduce((sum, p) => sum + p.polygon.length, 0) +
        d.figures.reduce((sum, f) => sum + shapeVertexCount(f.polygon), 0) <=
      LIMITS.maxSetVertices,
    { error: `more than ${LIMITS.maxSetVertices.toLocaleString('en')} vertices in all` },
  )

/**
 * What autosaves may take on disk (electron/services/autosaves.ts): each at most maxBytes (the
 * renderer keeps as much undo history as fits), and at most maxCount of them; beyond that a write is
 * refused with a message saying what to do.
 */
export const AUTOSAVE_LIMITS = { maxBytes: 4_000_000, maxCount: 20 } as const
export const documentHistorySchema = history(documentSchema)
/**
 * What an autosave's `contents` hold once parsed: the document, and its history, checked apart (a
 * history this version cannot read must not cost the document). The hosts keep the contents as
 * the text the renderer sent and never parse them: the renderer checks them when it restores.
 * Not strict: an earlier version's autosave is one record with its id and time beside these.
 */
export const autosaveContentsSchema = z.object({
  document: documentSchema,
  history: z.unknown().optional(),
})
export interface DocumentHistory {
  readonly past: readonly WorkbenchDocument[]
  readonly future: readonly WorkbenchDocument[]
}

export const settingsSchema = z.strictObject({
  /** Solver processes to run at once (1 … number of cores). */
  workers: z.number().int().min(1).max(256),
  recent: z.array(path).max(20),
  /** Where tiling runs and queens counts go: this machine's processes (absent), or a queue. */
  runOn: z.enum(['here', 'queue']).optional(),
  /** The queue: redis://[:password@]HOST:PORT; the API shows its password hidden (queue-url.ts). */
  queueUrl: z
    .string()
    .max(500)
    .regex(/^(redis:\/\/\S+)?$/, 'not a redis://[:password@]HOST:PORT address')
    .optional(),
})
export type Settings = z.infer<typeof settingsSchema>

export const DOCUMENT_METHODS = {
  'document.open': z.strictObject({ path }),
  'document.save': z.strictObject({ path, document: documentSchema }),
  /**
   * `contents`: the JSON of autosaveContentsSchema as one string, so that a host keeps a large
   * autosave without parsing it (the browser host's thread parsed a 4 MB one for 0.2 s).
   */
  'autosave.write': z.strictObject({
    id: z.string().min(1).max(100),
    name: z.string().max(200),
    path: path.optional(),
    contents: z.string().max(AUTOSAVE_LIMITS.maxBytes, {
      error: `too large: an autosave holds at most ${AUTOSAVE_LIMITS.maxBytes / 1e6} MB; save the set to a file to keep it`,
    }),
  }),
  'autosave.discard': z.strictObject({ id: z.string().min(1).max(100) }),
  /** The autosaves without their contents: one is read with autosave.read when restored. */
  'autosave.list': none,
  'autosave.read': z.strictObject({ id: z.string().min(1).max(100) }),
  'settings.get': none,
  // The recent files are the host's record of what was opened and saved, not the renderer's to write.
  'settings.set': settingsSchema.omit({ recent: true }).partial(),
} as const

/** Unsaved work of an earlier session, as listed: the document is read when it is restored. */
export interface AutosaveEntry {
  readonly id: string
  readonly name: string
  readonly path?: string
  readonly savedAt: string
}

export interface Recoverable extends AutosaveEntry {
  /** The text autosave.write was given: the document and its undo history (autosaveContentsSchema). */
  readonly contents: string
}

export interface DocumentResults {
  'document.open': { path: string; document: WorkbenchDocument }
  'document.save': { path: string }
  'autosave.write': null
  'autosave.discard': null
  'autosave.list': AutosaveEntry[]
  'autosave.read': Recoverable
  'settings.get': Settings
  'settings.set': Settings
}
