import { extname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { formatCards } from '../../../shared/edgematch/cards/format'
import { generateUniqueCards } from '../../../shared/edgematch/cards/random'
import { firstSolution } from '../../../shared/edgematch/cards/solve'
import { cardsSheet, trianglesSheet } from '../../../shared/edgematch/print'
import { generateUniqueTriangle } from '../../../shared/edgematch/triangle/generate'
import { formatTrianglePuzzle } from '../../../shared/edgematch/triangle/parse'
import { solveFirst } from '../../../shared/edgematch/triangle/solve'
import { pageSvg } from '../../../shared/drawing/svg'
import type { Sheet } from '../../../shared/drawing/sheet'
import { InputError } from '../../../shared/errors'
import { describeFsError } from '../../services/documents'
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

async function write(path: string, content: string | Buffer): Promise<void> {
  try {
    await writeFileAtomic(path, content)
  } catch (e) {
    throw new InputError(`${path}: cannot write (${describeFsError(e, 'no such folder')})`)
  }
}

/** The pieces to cut out and the solution: one PDF of two pages, or two SVG files. */
async function printSheet(sheet: Sheet, path: string, title: string): Promise<string[]> {
  const ext = extname(path).toLowerCase()
  if (ext === '.pdf') {
    const { sheetPdf } = await import('../../services/export/pdf-sheet')
    const fonts = `${RESOURCES}fonts/`
    await write(
      path,
      await sheetPdf(
        sheet,
        { regular: `${fonts}DejaVuSans.ttf`, bold: `${fonts}DejaVuSans-Bold.ttf` },
        title,
      ),
    )
    return [path]
  }
  if (ext !== '.svg') throw new InputError(`--print writes .pdf or .svg, not "${ext || path}"`)
  const stem = path.slice(0, path.length - ext.length)
  const files = sheet.pages.map((_, i) => (i === 0 ? path : `${stem}-solution${ext}`))
  for (let i = 0; i < files.length; i++)
    await write(files[i], pageSvg(sheet.pages[i], sheet.options, title))
  return files
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
  await write(o.output, text)
  const printed = o.print ? await printSheet(sheet, o.print, title) : []
  if (o.json)
    return JSON.stringify({ file: o.output, printed, draws: info.draws, nodes: info.nodes })
  return (
    `wrote ${o.output}: ${title}, exactly one solution up to turning the board ` +
    `(found in ${info.draws} draw${info.draws === 1 ? '' : 's'}; difficulty ${info.nodes.toLocaleString('en')} search nodes)` +
    (printed.length > 0 ? `\nprinted ${printed.join(', ')}` : '')
  )
}
