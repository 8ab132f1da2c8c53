import { join } from 'node:path'
import { formatCards } from '../../../shared/edgematch/cards/format'
import { generateUniqueCards } from '../../../shared/edgematch/cards/random'
import { firstSolution } from '../../../shared/edgematch/cards/solve'
import { cardsSheet, trianglesSheet } from '../../../shared/edgematch/print'
import { generateUniqueTriangle } from '../../../shared/edgematch/triangle/generate'
import { formatTrianglePuzzle } from '../../../shared/edgematch/triangle/parse'
import { solveFirst } from '../../../shared/edgematch/triangle/solve'
import type { Sheet } from '../../../shared/drawing/sheet'
import { InputError } from '../../../shared/errors'
import { saveFile } from '../../services/atomic-write'
import { writePuzzleSheet } from '../../services/export/puzzle-sheet'
import { RESOURCES } from '../inputs'

export interface GenerateOptions {
  output: string
  rows: string
  cols?: string
  figures: string
  frame?: string
  seed: string
  print?: string
  json?: boolean
}

const whole = (name: string, v: string | undefined, lo: number, hi: number): number => {
  const n = Number(v)
  if (!Number.isInteger(n) || n < lo || n > hi)
    throw new InputError(`${name} must be a whole number from ${lo} to ${hi}, not "${v}"`)
  return n
}

/**
 * A new puzzle with exactly one solution up to turning the board, proven by the exhaustive
 * count: cards (rows × cols, figures, optional frame colours) or a triangle (rows, figures).
 */
export async function generateCommand(kind: string, o: GenerateOptions): Promise<string> {
  const seed = whole('--seed', o.seed, 0, 2 ** 31)
  const figures = whole('--figures', o.figures, 1, 200)
  let text: string
  let sheet: Sheet
  let info: { draws: number; nodes: number }
  let title: string
  if (kind === 'triangle') {
    const rows = whole('--rows', o.rows, 1, 8)
    const g = generateUniqueTriangle(rows, figures, seed)
    if (!g)
      throw new InputError(`no triangle puzzle with one solution in 200 draws: try more figures`)
    title = `Triangle puzzle, ${rows} rows, ${figures} figures (seed ${seed})`
    text = formatTrianglePuzzle(g.puzzle)
    sheet = trianglesSheet(g.puzzle, solveFirst(g.puzzle).solution, title)
    info = g
  } else if (kind === 'cards') {
    const rows = whole('--rows', o.rows, 1, 8)
    const cols = whole('--cols', o.cols ?? o.rows, 1, 8)
    const frame = o.frame === undefined ? undefined : whole('--frame', o.frame, 1, 50)
    const g = generateUniqueCards(rows, cols, figures, frame, seed)
    if (!g) throw new InputError(`no card puzzle with one solution in 100 draws: try more figures`)
    title = `Cards ${rows} × ${cols}, ${figures} figures${frame ? `, ${frame} frame colours` : ''} (seed ${seed})`
    const puzzle = { ...g.puzzle, name: title }
    text = formatCards(puzzle)
    sheet = cardsSheet(puzzle, firstSolution(puzzle))
    info = g
  } else {
    throw new InputError(`generate makes "cards" or "triangle" puzzles, not "${kind}"`)
  }
  await saveFile(o.output, text)
  const printed = o.print
    ? await writePuzzleSheet(sheet, o.print, title, join(RESOURCES, 'fonts'))
    : []
  if (o.json)
    return JSON.stringify({ file: o.output, printed, draws: info.draws, nodes: info.nodes })
  return (
    `wrote ${o.output}: ${title}, exactly one solution up to turning the board ` +
    `(found in ${info.draws} draw${info.draws === 1 ? '' : 's'}; difficulty ${info.nodes.toLocaleString('en')} search nodes)` +
    (printed.length > 0 ? `\nprinted ${printed.join(', ')}` : '')
  )
}
