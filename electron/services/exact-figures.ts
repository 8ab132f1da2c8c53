import { basename, resolve } from 'node:path'
import type { Results } from '../../shared/api/contract'
import { exactFigureFromJson, exactFigureToJson } from '../../shared/formats/exact-figure'
import { formatJson, parseJson } from '../../shared/formats/load'
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

/** Checked as a file read back would be, then written atomically. */
export async function writeExactFigure(
  path: string,
  name: string,
  corners: readonly TextPoint[],
): Promise<Results['exactFigure.save']> {
  const abs = resolve(path)
  const figure = exactFigureFromJson({ name, polygon: corners }, basename(abs))
  await saveFile(abs, formatJson(exactFigureToJson(figure)), 'save')
  return { path: abs }
}
