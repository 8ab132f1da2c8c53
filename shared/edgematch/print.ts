import {
  DEFAULT_SHEET,
  pageSize,
  type Sheet,
  type SheetItem,
  type SheetText,
} from '../drawing/sheet'
import type { CardBoard, CardPuzzle } from './cards/puzzle'
import {
  cardBoardDrawing,
  cardDrawing,
  cardColors,
  triangleBoardDrawing,
  triangleColors,
  triangleDrawing,
} from './drawing'
import type { Solution, TrianglePuzzle } from './triangle/puzzle'

/**
 * Edge-matching puzzles to print and cut out: page 1 the pieces (cards or triangles) as they come,
 * page 2 the solution, drawn as in the app (./drawing.ts). The pages are the sheet model of
 * shared/drawing, so the same SVG and PDF writers print them.
 */
const MARGIN = 15

/** A page's title line. */
const heading = (text: string): SheetText => ({
  x: MARGIN,
  y: MARGIN + 5,
  text,
  size: 6,
  anchor: 'start',
  bold: true,
})

function page(items: SheetItem[], texts: SheetText[]): Sheet['pages'][number] {
  const { width, height } = pageSize(DEFAULT_SHEET)
  return { width, height, items, texts, swatches: [] }
}

function sheetOf(pages: Sheet['pages'], scale: number): Sheet {
  return { pages, options: { ...DEFAULT_SHEET, labels: false, colors: true }, scale, solutions: 1 }
}

/** The cards to cut out (page 1) and, given a solution, the board laid out (page 2). */
export function cardsSheet(puzzle: CardPuzzle, solution?: CardBoard): Sheet {
  const color = cardColors(puzzle)
  const { width } = pageSize(DEFAULT_SHEET)
  const contentW = width - 2 * MARGIN
  const gap = 6
  const cols = Math.min(puzzle.cols, 4)
  const size = Math.min(45, (contentW - (cols - 1) * gap) / cols)
  const title = puzzle.name ?? 'Cards'
  const items: SheetItem[] = []
  const texts: SheetText[] = [
    heading(title),
    {
      x: MARGIN,
      y: MARGIN + 12,
      text: 'Cut out the cards along their edges.',
      size: 3.2,
      anchor: 'start',
    },
  ]
  puzzle.cards.forEach((card, i) => {
    const x = MARGIN + (i % cols) * (size + gap)
    const y = MARGIN + 20 + Math.floor(i / cols) * (size + gap + 4)
    items.push({ drawing: cardDrawing(puzzle, card, 0, color), x, y, scale: size })
    texts.push({ x: x + size / 2, y: y + size + 4, text: String(i + 1), size: 3, anchor: 'middle' })
  })
  const pages = [page(items, texts)]
  if (solution) {
    const cell = Math.min(40, contentW / puzzle.cols)
    const numbers: SheetText[] = solution.map((p, i) => ({
      x: MARGIN + ((i % puzzle.cols) + 0.5) * cell,
      y: MARGIN + 20 + (Math.floor(i / puzzle.cols) + 0.5) * cell + 1,
      text: String(p.card + 1),
      size: 2.8,
      anchor: 'middle',
    }))
    pages.push(
      page(
        [
          {
            drawing: cardBoardDrawing(puzzle, solution, color),
            x: MARGIN,
            y: MARGIN + 20,
            scale: cell,
          },
        ],
        [heading(`${title}: a solution`), ...numbers],
      ),
    )
  }
  return sheetOf(pages, size)
}

/** The triangles to cut out (page 1) and, given a solution, the big triangle (page 2). */
export function trianglesSheet(
  puzzle: TrianglePuzzle,
  solution?: Solution,
  title = 'Triangle puzzle',
): Sheet {
  const color = triangleColors(puzzle)
  const { width } = pageSize(DEFAULT_SHEET)
  const contentW = width - 2 * MARGIN
  const size = Math.min(45, contentW / 4.5)
  const h = (Math.sqrt(3) / 2) * size
  const items: SheetItem[] = []
  const texts: SheetText[] = [
    heading(title),
    {
      x: MARGIN,
      y: MARGIN + 12,
      text: 'Cut out the triangles along their edges.',
      size: 3.2,
      anchor: 'start',
    },
  ]
  const perRow = Math.max(1, Math.floor(contentW / (size + 6)))
  puzzle.pieces.forEach((piece, i) => {
    const x = MARGIN + (i % perRow) * (size + 6)
    const y = MARGIN + 20 + Math.floor(i / perRow) * (h + 10)
    items.push({ drawing: triangleDrawing(piece, color), x, y, scale: size })
    texts.push({ x: x + size / 2, y: y + h + 5, text: String(i + 1), size: 3, anchor: 'middle' })
  })
  const pages = [page(items, texts)]
  if (solution) {
    const side = Math.min(40, contentW / puzzle.rows)
    pages.push(
      page(
        [
          {
            drawing: triangleBoardDrawing(puzzle, solution, color),
            x: MARGIN,
            y: MARGIN + 20,
            scale: side,
          },
        ],
        [heading(`${title}: a solution`)],
      ),
    )
  }
  return sheetOf(pages, size)
}
