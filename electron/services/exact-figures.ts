import { basename, resolve } from 'node:path'
import type { Results } from '../../shared/api/contract'
import { documentToJson, type WorkbenchDocument } from '../../shared/document/document'
import { InputError } from '../../shared/errors'
import {
  exactFigureFromJson,
  exactFigureToJson,
  exactRegionFromJson,
  exactRegionToJson,
  type ExactRegionFigure,
} from '../../shared/formats/exact-figure'
import { exactRegionProblem } from '../../shared/offlattice/region'
import type { OffPartText } from '../../shared/offlattice/wire'
import type { XPoint } from '../../shared/exact/geometry'
import { formatJson, parseJson, pieceSetFromJson } from '../../shared/formats/load'
import { importSvgFigure, snapSummary } from '../../shared/svg-import/import-figure'
import { pointToText, type TextPoint } from '../../shared/pentagons/wire'
import { saveFile } from './atomic-write'
import { readInputFile } from './input-file'

/**
 * Figure files with exact corners (shared/formats/exact-figure.ts) for the app: read and checked
 * here, so that a bad file is one line naming it and the vertex; corners cross the API as text.
 */

/** A figure as the app takes it: parts and holes as text, its first outline as `corners`. */
function figureRead(path: string, source: string, figure: ExactRegionFigure) {
  const problem = exactRegionProblem(figure.parts)
  if (problem) throw new InputError(`${source}: ${problem}`)
  const ring = (r: readonly XPoint[]) => r.map(pointToText)
  return {
    path,
    name: figure.name,
    corners: ring(figure.parts[0].outline),
    parts: figure.parts.map((p) => ({ outline: ring(p.outline), holes: p.holes.map(ring) })),
  }
}

/** A figure file with exact corners: one outline, or a region (parts, holes). */
export async function readExactFigure(path: string): Promise<Results['exactFigure.open']> {
  const abs = resolve(path)
  const name = basename(abs)
  return figureRead(abs, name, exactRegionFromJson(parseJson(await readInputFile(abs), name), name))
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
 * path already resolved by the host): one outline, or a region.
 */
export async function importSvgExactFigure(
  path: string,
  doc: WorkbenchDocument,
): Promise<Results['exactFigure.importSvg']> {
  const abs = resolve(path)
  const name = basename(abs)
  const set = pieceSetFromJson(documentToJson(doc), doc.name)
  const figure = importSvgFigure(await readInputFile(abs), name, set)
  return { ...figureRead(abs, name, figure), notice: snapSummary(figure) }
}
