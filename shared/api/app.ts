import { z } from 'zod'
import type { WorkbenchDocument } from '../document/document'
import type { FigureShape } from '../lattice/region'
import type { SourceDocument } from '../papers/documents'
import { extensions, none, path } from './fields'

/* The app itself: its info, the bundled library, files and dialogs, the papers, the menu. */

export const APP_METHODS = {
  'app.info': none,
  'library.list': none,
  /** The bundled figures (rectangles, tangram square …), to add to the open document. */
  'library.figures': none,
  'library.open': z.strictObject({
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .max(100),
  }),
  /**
   * The browser host's folder: subfolders and the files with the given extensions (.json). `dir`
   * may name a file: its folder is listed, and the file named as `file`.
   */
  'files.list': z.strictObject({ dir: path.optional(), extensions: extensions.optional() }),
  /** The native open dialog, offering the files with the given extensions (.json). */
  'dialog.open': z.strictObject({ extensions: extensions.optional() }),
  'dialog.save': z.strictObject({ suggestedName: z.string().max(200) }),
  'papers.list': none,
  'papers.reproduce': z.strictObject({ id: z.string().max(200) }),
} as const

export interface AppInfo {
  readonly host: 'electron' | 'browser'
  readonly version: string
  /** Native file dialogs (Electron); the browser host lists files in its folder instead. */
  readonly nativeDialogs: boolean
  /** The folder the browser host serves files from. */
  readonly folder?: string
  readonly cores: number
}

export interface BundledSet {
  readonly id: string
  readonly name: string
  readonly description?: string
  /** Copies counted; with count ranges, the most a tiling uses. */
  readonly pieces: number
  readonly area: number
  /** With count ranges only: the fewest copies and the least area a tiling may use. */
  readonly fewest?: { readonly pieces: number; readonly area: number }
  /** Convex outlines of the area; absent with count ranges (convex refuses them). */
  readonly outlines?: number
  readonly path: string
}

export interface BundledFigure {
  readonly id: string
  readonly name: string
  /** One outline, or a board with holes or parts. */
  readonly polygon: FigureShape
  /** In half-squares. */
  readonly area: number
}

export interface FileEntry {
  readonly name: string
  readonly path: string
  readonly kind: 'file' | 'dir'
}
export interface PaperRow {
  readonly id: string
  readonly document: SourceDocument
  /** Where in the document. */
  readonly place: string
  readonly what: string
  readonly published: string
  readonly convention?: string
  readonly note?: string
  readonly reconstruction?: boolean
  readonly computable: boolean
}

export interface AppResults {
  'app.info': AppInfo
  'library.list': BundledSet[]
  'library.figures': BundledFigure[]
  'library.open': { document: WorkbenchDocument }
  'files.list': { dir: string; parent?: string; entries: FileEntry[]; file?: string }
  'dialog.open': { path?: string }
  'dialog.save': { path?: string }
  'papers.list': PaperRow[]
  'papers.reproduce': { computed?: string; matches?: boolean; ms?: number; error?: string }
}

export type AppEvent = {
  readonly type: 'menu'
  readonly command: MenuCommand
  readonly path?: string
}

export type MenuCommand =
  'new' | 'open' | 'open-recent' | 'save' | 'save-as' | 'undo' | 'redo' | 'export' | 'about'
