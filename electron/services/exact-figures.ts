import { basename, resolve } from 'node:path'
import type { Results } from '../../shared/api/contract'
import { documentToJson, type WorkbenchDocument } from '../../shared/document/document'
import { InputError } from '../../shared/errors'
import {
  exactFigureFromJson,
  exactFigureToJson,
  exactRegionFromJson,
  exactRegionToJson,
} from '../../shared/formats/exact-figure'
import { exactRegionProblem } from '../../shared/offlattice/region'
import type { OffPartText } from '../../shared/offlattice/wire'
import { formatJson, parseJson, pieceSetFromJson } from '../../shared/formats/load'
import { importSvgFigure, snapSummary } from '../../shared/svg-import/import-figure'
import { pointToText, type TextPoint } from '../../shared/pentagons/wire'
import { saveFile } from './atomic-write'
import { readInputFile } from './input-file'

/**
 * Figure files with exact corners (shared/formats/exact-figure.ts) for the app: read and checked
 * here, so that a bad file is one line naming it and the vertex; corners cross the API as text.
 */

export async function readExactFigure(path: string): Promise<Results['exactFigure.open']> {
  const abs = resolve(path)
  const name = basename(abs)
  const figure = exactFigureFromJson(parseJson(await readInputFile(abs), name), name)
  return { path: abs, name: figure.name, corners: figure.corners.map(pointToText) }
}

/**
 * Checked as a file read back would be (a region also as the search off the lattice takes one),
 * then written atomically: one outline as "polygon", a region as "polygons".
 */
export async function writeExactFigure(
  path: string,
  name: string,
  shape: { readonly corners?: readonly TextPoint[]; readonly parts?: readonly OffPartText[] },
): Promise<Results['exactFigure.save']> {
  const abs = resolve(path)
  const file = basename(abs)
  let json: object
  if (shape.parts) {
    const figure = exactRegionFromJson({ name, polygons: shape.parts }, file)
    const problem = exactRegionProblem(figure.parts)
    if (problem) throw new InputError(`${file}: ${problem}`)
    json = exactRegionToJson(figure)
  } else json = exactFigureToJson(exactFigureFromJson({ name, polygon: shape.corners }, file))
  await saveFile(abs, formatJson(json), 'save')
  return { path: abs }
}

/**
 * A silhouette drawn in SVG, as an exact figure of the document's set (the file read here, the
 * path already resolved by the host). The app shows figures of one outline; a region is refused
 * in one line (the command line's import-figure writes it).
 */
export async function importSvgExactFigure(
  path: string,
  doc: WorkbenchDocument,
): Promise<Results['exactFigure.importSvg']> {
  const abs = resolve(path)
  const name = basename(abs)
  const set = pieceSetFromJson(documentToJson(doc), doc.name)
  const figure = importSvgFigure(await readInputFile(abs), name, set)
  const [part, ...more] = figure.parts
  if (more.length > 0 || part.holes.length > 0)
    throw new InputError(
      `${name}: the silhouette has ${more.length > 0 ? `${figure.parts.length} parts` : 'a hole'}; figures here have one outline (import-figure on the command line writes it as a region)`,
    )
  return {
    path: abs,
    name: figure.name,
    corners: part.outline.map(pointToText),
    notice: snapSummary(figure),
  }
}
