import { extname, join } from 'node:path'
import type { PuzzleKind } from '../../../shared/api/contract'
import type { Sheet } from '../../../shared/drawing/sheet'
import { pageSvg } from '../../../shared/drawing/svg'
import { parseCards } from '../../../shared/edgematch/cards/format'
import { verifyCardBoard } from '../../../shared/edgematch/cards/verify'
import { cardsSheet, trianglesSheet } from '../../../shared/edgematch/print'
import { parseTrianglePuzzle } from '../../../shared/edgematch/triangle/parse'
import { verifyTriangleSolution } from '../../../shared/edgematch/triangle/verify'
import { InputError } from '../../../shared/errors'
import { saveFile } from '../atomic-write'

/**
 * Edge-matching puzzles printed to cut out (shared/edgematch/print.ts): one PDF of two pages, or
 * an SVG file per page. Used by the app's Print and by `generate --print`.
 */

/** Writes the sheet; returns the files written (an SVG per page: "-solution" for page 2). */
export async function writePuzzleSheet(
  sheet: Sheet,
  path: string,
  title: string,
  fontsDir: string,
): Promise<string[]> {
  const ext = extname(path).toLowerCase()
  if (ext === '.pdf') {
    const { sheetPdf } = await import('./pdf-sheet')
    const fonts = {
      regular: join(fontsDir, 'DejaVuSans.ttf'),
      bold: join(fontsDir, 'DejaVuSans-Bold.ttf'),
    }
    await saveFile(path, await sheetPdf(sheet, fonts, title))
    return [path]
  }
  if (ext !== '.svg')
    throw new InputError(
      `${path}: a sheet is printed as .pdf or .svg, not "${ext || 'no extension'}"`,
    )
  const stem = path.slice(0, path.length - ext.length)
  const files = sheet.pages.map((_, i) => (i === 0 ? path : `${stem}-solution${ext}`))
  for (let i = 0; i < files.length; i++)
    await saveFile(files[i], pageSvg(sheet.pages[i], sheet.options, title))
  return files
}

/**
 * The sheet of a puzzle given as its file text, with the board given (if any) on page 2; a board
 * that is not a solution is refused, so a print never shows a wrong one.
 */
export function puzzleSheet(
  kind: PuzzleKind,
  text: string,
  title: string,
  board?: readonly (readonly [number, number])[],
): Sheet {
  if (kind === 'cards') {
    const puzzle = { ...parseCards(text, title), name: title }
    const solution = board?.map(([card, turns]) => ({ card, turns }))
    const wrong = solution && verifyCardBoard(puzzle, solution)
    if (wrong) throw new InputError(`the board to print is not a solution: ${wrong}`)
    return cardsSheet(puzzle, solution)
  }
  const puzzle = parseTrianglePuzzle(text, title)
  const solution = board?.map(([piece, turn]) => ({ piece, turn }))
  const wrong = solution && verifyTriangleSolution(puzzle.rows, puzzle.pieces, solution)
  if (wrong) throw new InputError(`the board to print is not a solution: ${wrong}`)
  return trianglesSheet(puzzle, solution, title)
}
