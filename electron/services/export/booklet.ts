import { extname } from 'node:path'
import type { WorkbenchDocument } from '../../../shared/document/document'
import { DEFAULT_EXPORT } from '../../../shared/drawing/export-settings'
import { InputError } from '../../../shared/errors'
import { bookletSheet, type BookletFigure } from '../../../shared/silhouettes/booklet'
import { renderSheet, writeRendered, type ExportResult, type Rendered } from './exporter'

/** Silhouettes laid out four to a row: large enough to build on. */
const BOOKLET_COLUMNS = 4

/**
 * Writes a booklet of silhouette puzzles (shared/silhouettes/booklet.ts) as one PDF, or an SVG
 * per page (name.svg, name-2.svg, …), by the file's extension. With `unit` (mm per lattice unit)
 * everything is at true size, each puzzle on a page of its own to build it on.
 */
export async function writeBooklet(
  path: string,
  document: WorkbenchDocument,
  figures: readonly BookletFigure[],
  fontsDir: string,
  unit?: number,
): Promise<ExportResult> {
  const ext = extname(path).toLowerCase()
  if (ext !== '.pdf' && ext !== '.svg')
    throw new InputError(
      `${path}: a booklet is written as .pdf or .svg, not "${ext || 'no extension'}"`,
    )
  return writeRendered(
    path,
    await renderBooklet(document, figures, fontsDir, ext === '.pdf' ? 'pdf' : 'svg', unit),
  )
}

/** The booklet's files, written nowhere yet (the CLI's `-o -` prints the PDF). */
export async function renderBooklet(
  document: WorkbenchDocument,
  figures: readonly BookletFigure[],
  fontsDir: string,
  format: 'pdf' | 'svg',
  unit?: number,
): Promise<Rendered> {
  if (figures.length === 0) throw new InputError('There are no figures to put in a booklet.')
  const settings = {
    ...DEFAULT_EXPORT,
    format,
    sheet: { ...DEFAULT_EXPORT.sheet, columns: BOOKLET_COLUMNS, unit },
  }
  const sheet = bookletSheet(document, figures, settings.sheet)
  return renderSheet(sheet, settings, `${document.name} — puzzles`, fontsDir)
}
