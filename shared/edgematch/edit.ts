import { formatCards, parseCards } from './cards/format'
import {
  edgeKey,
  isFrameEdge,
  turnCard,
  type Card,
  type CardPuzzle,
  type Edge,
  type Figure,
  type MatchRule,
} from './cards/puzzle'
import { formatTrianglePuzzle, parseTrianglePuzzle } from './triangle/parse'
import type { Piece, TrianglePuzzle } from './triangle/puzzle'

/**
 * An edge-matching puzzle as the app edits it: cards or a triangle puzzle, changed one edge or one
 * turn at a time. Every change returns a new puzzle (the editor's undo keeps the old ones); every
 * puzzle here can be written to its file format and read back unchanged.
 */
export type EdgePuzzle =
  | { readonly kind: 'cards'; readonly puzzle: CardPuzzle }
  | { readonly kind: 'triangle'; readonly puzzle: TrianglePuzzle; readonly name: string }

export const MAX_CARD_SIDE = 8
export const MAX_TRIANGLE_ROWS = 6

/** A blank board of cards: every card the same, figure 1 with halves alternating around it. */
export function newCards(rows: number, cols: number, match: MatchRule = 'halves'): EdgePuzzle {
  const card: Card = [
    [1, 0],
    [1, 1],
    [1, 0],
    [1, 1],
  ]
  return {
    kind: 'cards',
    puzzle: {
      name: `Cards ${rows} × ${cols}`,
      rows,
      cols,
      match,
      cards: Array(rows * cols).fill(card),
    },
  }
}

/** A blank triangle puzzle: every piece 1, −1, 1. */
export function newTriangle(rows: number): EdgePuzzle {
  const piece: Piece = [1, -1, 1]
  return {
    kind: 'triangle',
    name: `Triangle puzzle, ${rows} rows`,
    puzzle: { figures: 1, rows, pieces: Array(rows * rows).fill(piece) },
  }
}

export const pieceCount = (e: EdgePuzzle): number =>
  e.kind === 'cards' ? e.puzzle.cards.length : e.puzzle.pieces.length

export const sideCount = (e: EdgePuzzle): number => (e.kind === 'cards' ? 4 : 3)

export const puzzleName = (e: EdgePuzzle): string =>
  e.kind === 'cards' ? (e.puzzle.name ?? 'Cards') : e.name

/** Card edge or triangle side value: a card's edge, or a triangle's ±k. */
export type SideValue = Edge | number

export function sideValue(e: EdgePuzzle, piece: number, side: number): SideValue {
  return e.kind === 'cards' ? e.puzzle.cards[piece][side] : e.puzzle.pieces[piece][side]
}

/** Sets one side; a triangle's figure count grows to take a new figure. */
export function setSide(e: EdgePuzzle, piece: number, side: number, value: SideValue): EdgePuzzle {
  if (e.kind === 'cards') {
    if (typeof value === 'number' || typeof value === 'string') {
      if (e.puzzle.frame === undefined || value !== e.puzzle.frame)
        throw new Error(`only the frame figure stands alone on an edge`)
    }
    const cards = e.puzzle.cards.map((c, i) =>
      i === piece ? (c.map((edge, s) => (s === side ? value : edge)) as unknown as Card) : c,
    )
    return { kind: 'cards', puzzle: { ...e.puzzle, cards } }
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value === 0)
    throw new Error(`a triangle's side is a whole number other than 0, not ${String(value)}`)
  const pieces = e.puzzle.pieces.map((p, i) =>
    i === piece ? (p.map((v, s) => (s === side ? value : v)) as unknown as Piece) : p,
  )
  const figures = Math.max(e.puzzle.figures, Math.abs(value))
  return { ...e, puzzle: { ...e.puzzle, figures, pieces } }
}

/** Turns a piece a step: a card a quarter turn counter-clockwise, a triangle a third. */
export function turnPiece(e: EdgePuzzle, piece: number): EdgePuzzle {
  if (e.kind === 'cards') {
    const cards = e.puzzle.cards.map((c, i) => (i === piece ? turnCard(c, 1) : c))
    return { kind: 'cards', puzzle: { ...e.puzzle, cards } }
  }
  const pieces = e.puzzle.pieces.map((p, i) => (i === piece ? ([p[2], p[0], p[1]] as const) : p))
  return { ...e, puzzle: { ...e.puzzle, pieces } }
}

/** The figures the labels use, in order of first use (a card puzzle's frame figure apart). */
export function figuresOf(e: EdgePuzzle): Figure[] {
  if (e.kind === 'triangle') return Array.from({ length: e.puzzle.figures }, (_, i) => i + 1)
  const seen = new Map<string, Figure>()
  for (const card of e.puzzle.cards)
    for (const edge of card) if (!isFrameEdge(edge)) seen.set(edgeKey(edge[0]), edge[0])
  return [...seen.values()]
}

/**
 * The editor's palette after an edit: the figures it had, in their order (one that no side shows
 * any more stays), then the puzzle's new ones, so that the keys 1–9 keep their meaning.
 */
export function paletteAfter(palette: readonly Figure[], e: EdgePuzzle): Figure[] {
  const had = new Set(palette.map((f) => edgeKey(f)))
  return [...palette, ...figuresOf(e).filter((f) => !had.has(edgeKey(f)))]
}

/** The least whole number not among `figures`: the figure a user adds. */
export function nextFigure(figures: readonly Figure[]): number {
  const used = new Set(figures.map((f) => edgeKey(f)))
  let k = 1
  while (used.has(edgeKey(k))) k++
  return k
}

export function withRule(e: EdgePuzzle, match: MatchRule): EdgePuzzle {
  if (e.kind !== 'cards') return e
  return { kind: 'cards', puzzle: { ...e.puzzle, match } }
}

/**
 * Sets or clears the frame figure. Edges showing the old frame figure take the new one, so a
 * framed puzzle stays framed; cleared, they become half 0 of the old frame figure.
 */
export function withFrame(e: EdgePuzzle, frame: Figure | undefined): EdgePuzzle {
  if (e.kind !== 'cards') return e
  const cards = e.puzzle.cards.map(
    (c) =>
      c.map((edge) =>
        isFrameEdge(edge) ? (frame === undefined ? ([edge, 0] as const) : frame) : edge,
      ) as unknown as Card,
  )
  const puzzle: CardPuzzle = { ...e.puzzle, cards, frame }
  // No frame is no key at all: the file and the puzzle read back from it agree.
  if (frame === undefined) delete (puzzle as { frame?: Figure }).frame
  return { kind: 'cards', puzzle }
}

export function rename(e: EdgePuzzle, name: string): EdgePuzzle {
  return e.kind === 'cards' ? { kind: 'cards', puzzle: { ...e.puzzle, name } } : { ...e, name }
}

/** The puzzle's file: a card file (JSON) or the contest's triangle format. */
export function puzzleText(e: EdgePuzzle): string {
  return e.kind === 'cards' ? formatCards(e.puzzle) : formatTrianglePuzzle(e.puzzle)
}

/** Reads a puzzle file; errors name the source, the line and the problem. */
export function readPuzzleText(kind: EdgePuzzle['kind'], text: string, source: string): EdgePuzzle {
  if (kind === 'cards') return { kind, puzzle: parseCards(text, source) }
  return { kind, puzzle: parseTrianglePuzzle(text, source), name: source.replace(/\.txt$/i, '') }
}
