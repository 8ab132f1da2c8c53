import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { saveFile } from './atomic-write'
import type { BundledPuzzle, PuzzleKind } from '../../shared/api/contract'
import { parseCards } from '../../shared/edgematch/cards/format'
import { withoutBom } from '../../shared/formats/text'
import { readInputFile } from './input-file'

/**
 * Edge-matching puzzle files: the card sets (JSON) and the contest's triangle files (text) that
 * ship in resources/, and the user's own, read and written whole. The renderer parses them with
 * the shared parsers, which name the line and the problem.
 */

/** A card file is a JSON object; a triangle file starts with the number of figure kinds. */
export const puzzleKindOf = (text: string): PuzzleKind =>
  /^\s*\{/.test(withoutBom(text)) ? 'cards' : 'triangle'

/** The card sets in resources/cards, then the triangle files in resources/triangles. */
export async function bundledPuzzles(resourcesDir: string): Promise<BundledPuzzle[]> {
  const dir = resolve(resourcesDir)
  const puzzles: BundledPuzzle[] = []
  for (const file of (await readdir(join(dir, 'cards')))
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const text = await readFile(join(dir, 'cards', file), 'utf8')
    const id = file.slice(0, -'.json'.length)
    puzzles.push({
      id: `cards/${id}`,
      kind: 'cards',
      name: parseCards(text, file).name ?? id,
      text,
    })
  }
  for (const file of (await readdir(join(dir, 'triangles')))
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const set = JSON.parse(await readFile(join(dir, 'triangles', file), 'utf8')) as {
      title?: string
      puzzles: { name: string; text: string }[]
    }
    const from = set.title ?? file.slice(0, -'.json'.length)
    for (const p of set.puzzles)
      puzzles.push({
        id: `triangle/${p.name}`,
        kind: 'triangle',
        name: `${from}: ${p.name}`,
        text: p.text,
      })
  }
  return puzzles
}

export async function readPuzzle(
  path: string,
): Promise<{ path: string; kind: PuzzleKind; text: string }> {
  const abs = resolve(path)
  const text = await readInputFile(abs)
  return { path: abs, kind: puzzleKindOf(text), text }
}

/** Atomic: a crash leaves the old file or the new one, never half. */
export async function writePuzzle(path: string, text: string): Promise<{ path: string }> {
  const abs = resolve(path)
  await saveFile(abs, text, 'save')
  return { path: abs }
}
