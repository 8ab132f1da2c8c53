/**
 * The card file, JSON:
 *
 *   { "format": "puzzle-workbench/cards", "version": 1,
 *     "name": "HIB smiley puzzle", "description": "…",
 *     "rows": 3, "cols": 3,
 *     "cards": [ [["rot", 0], ["gelb", 1], ["blau", 1], ["gruen", 0]], … ] }
 *
 * rows × cols cards, each listing its four edges from north counter-clockwise: north, west,
 * south, east (the order of the HIB text). An edge is [figure, half]: the figure a string or a
 * number (1 and "1" are different figures), the half 0 or 1. Optional fields:
 *  - "match": "halves" (the default: same figure, other half) or "same" (equal labels);
 *  - "frame": a figure; the puzzle then has a frame (see puzzle.ts): every edge on the border shows
 *    it and no other edge does. A frame edge is written as the figure alone, "grau", never with a
 *    half; inner edges may not use the frame's figure;
 *  - "format", "version", "name", "description".
 * Errors name the file, the line (when the text is at hand), the card and its edge.
 */
import { z } from 'zod'
import { InputError } from '../../errors'
import { parseJson } from '../../formats/load'
import { inputText } from '../../formats/text'
import {
  SIDE_NAMES,
  edgeKey,
  isFrameEdge,
  type Card,
  type CardPuzzle,
  type Edge,
  type Figure,
} from './puzzle'

export const CARDS_FORMAT = 'puzzle-workbench/cards'
export const CARDS_FORMAT_VERSION = 1
/** Largest number of rows or columns: far beyond any card puzzle (Eternity II is 16 × 16). */
export const MAX_SIDE = 32
/** Most different labels; the solver's lookup table grows with their square. */
export const MAX_LABELS = 256

const side = (what: string) =>
  z
    .number({ error: `${what} must be a whole number from 1 to ${MAX_SIDE}` })
    .int({ error: `${what} must be a whole number from 1 to ${MAX_SIDE}` })
    .min(1, { error: `${what} must be a whole number from 1 to ${MAX_SIDE}` })
    .max(MAX_SIDE, { error: `${what} must be a whole number from 1 to ${MAX_SIDE}` })

const figureSchema = z.union([z.string().min(1), z.number()], {
  error: 'a figure must be a non-empty string or a number',
})

const fileSchema = z.strictObject({
  format: z.literal(CARDS_FORMAT, { error: `format must be "${CARDS_FORMAT}"` }).optional(),
  version: z
    .number({ error: 'version must be a number' })
    .int({ error: 'version must be a whole number' })
    .max(CARDS_FORMAT_VERSION, {
      error: `this file was written by a newer version of the workbench (format version > ${CARDS_FORMAT_VERSION})`,
    })
    .optional(),
  name: z.string({ error: 'name must be a string' }).optional(),
  description: z.string({ error: 'description must be a string' }).optional(),
  rows: side('rows'),
  cols: side('cols'),
  match: z
    .enum(['halves', 'same'], { error: 'match must be "halves" or "same"' })
    .default('halves'),
  frame: figureSchema.optional(),
  cards: z.array(z.unknown(), { error: 'cards must be a list of cards' }),
})

type Path = readonly (string | number)[]

/** Parses a card file; errors name the line. */
export function parseCards(file: string, source: string): CardPuzzle {
  const text = inputText(file, source)
  return cardsFromJson(parseJson(text, source), source, text)
}

/** Checks and converts parsed JSON; with the text at hand, errors name the line too. */
export function cardsFromJson(value: unknown, source: string, text?: string): CardPuzzle {
  const fail = (path: Path, message: string): never => {
    const line = text === undefined ? '' : `line ${lineOf(text, path)}: `
    throw new InputError(`${source}: ${line}${message}`)
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    fail([], 'a card file is an object with "rows", "cols" and "cards"')
  const parsed = fileSchema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue.path[0] as string | undefined
    if (issue.code === 'unrecognized_keys') fail([], `unknown field "${issue.keys[0]}"`)
    if (field !== undefined && !(field in (value as object))) fail([], `missing field "${field}"`)
    fail(field === undefined ? [] : [field], issue.message)
  }
  const file = parsed.data!
  const { rows, cols, frame } = file
  const cards = file.cards.map((card, k) => checkCard(card, k, frame, fail))
  if (cards.length !== rows * cols)
    fail(
      ['cards'],
      `the board has ${rows} × ${cols} = ${rows * cols} cells but the file lists ${cards.length} ${cards.length === 1 ? 'card' : 'cards'}`,
    )
  const labels = new Set(cards.flatMap((card) => card.filter((e) => !isFrameEdge(e)).map(edgeKey)))
  if (labels.size > MAX_LABELS)
    fail(['cards'], `${labels.size} different labels; at most ${MAX_LABELS} are supported`)
  return {
    ...(file.name !== undefined ? { name: file.name } : {}),
    ...(file.description !== undefined ? { description: file.description } : {}),
    rows,
    cols,
    cards,
    ...(frame !== undefined ? { frame } : {}),
    match: file.match,
  }
}

function checkCard(
  card: unknown,
  k: number,
  frame: Figure | undefined,
  fail: (path: Path, message: string) => never,
): Card {
  const where = `card ${k + 1}`
  if (!Array.isArray(card) || card.length !== 4)
    fail(['cards', k], `${where}: a card is a list of its four edges [north, west, south, east]`)
  return (card as unknown[]).map((edge, side): Edge => {
    const at = (message: string) =>
      fail(['cards', k, side], `${where}, ${SIDE_NAMES[side]} edge: ${message}`)
    const shown = JSON.stringify(edge)
    if (!Array.isArray(edge)) {
      if (!figureSchema.safeParse(edge).success)
        at(`an edge is [figure, half], like ["rot", 0], not ${shown}`)
      if (frame === undefined)
        at(
          `${shown} alone would be a frame edge, but the file sets no "frame"; write [figure, half]`,
        )
      if (edge !== frame)
        at(`${shown} is not the frame figure ${JSON.stringify(frame)}; write [figure, half]`)
      return edge as Figure
    }
    if (edge.length !== 2 || !figureSchema.safeParse(edge[0]).success)
      at(`an edge is [figure, half], like ["rot", 0], not ${shown}`)
    if (edge[1] !== 0 && edge[1] !== 1)
      at(`the half must be 0 or 1, not ${JSON.stringify(edge[1])}`)
    if (frame !== undefined && edge[0] === frame)
      at(`the frame figure ${JSON.stringify(frame)} is written alone, without a half`)
    return [edge[0], edge[1]]
  }) as unknown as Card
}

/** The puzzle as a card file's JSON value. */
export function cardsToJson(puzzle: CardPuzzle): object {
  return {
    format: CARDS_FORMAT,
    version: CARDS_FORMAT_VERSION,
    ...(puzzle.name !== undefined ? { name: puzzle.name } : {}),
    ...(puzzle.description !== undefined ? { description: puzzle.description } : {}),
    rows: puzzle.rows,
    cols: puzzle.cols,
    ...(puzzle.match !== 'halves' ? { match: puzzle.match } : {}),
    ...(puzzle.frame !== undefined ? { frame: puzzle.frame } : {}),
    cards: puzzle.cards,
  }
}

/** A card file's text: one card per line. */
export function formatCards(puzzle: CardPuzzle): string {
  const { cards, ...head } = cardsToJson(puzzle) as { cards: readonly Card[] }
  const top = JSON.stringify(head, null, 2).slice(0, -2)
  const lines = cards.map((card) => `    [${card.map((e) => JSON.stringify(e)).join(', ')}]`)
  return `${top},\n  "cards": [\n${lines.join(',\n')}\n  ]\n}\n`
}

/** The line of the value at `path` in valid JSON text (of the text's start for path []). */
function lineOf(text: string, path: Path): number {
  let i = 0
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++
  }
  const skipString = () => {
    for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++
    i++
  }
  const skipValue = () => {
    ws()
    let depth = 0
    do {
      if (text[i] === '"') skipString()
      else {
        if ('[{'.includes(text[i])) depth++
        else if (']}'.includes(text[i])) depth--
        i++
      }
    } while (depth > 0 || (i < text.length && !',]} \t\n\r'.includes(text[i])))
  }
  for (const key of path) {
    ws()
    i++ // past '[' or '{'
    if (typeof key === 'number') {
      for (let k = 0; k < key; k++) {
        skipValue()
        ws()
        i++ // past ','
      }
    } else {
      for (;;) {
        ws()
        const from = i
        skipString()
        const name = JSON.parse(text.slice(from, i)) as string
        ws()
        i++ // past ':'
        if (name === key) break
        skipValue()
        ws()
        i++ // past ','
      }
    }
  }
  ws()
  return text.slice(0, i).split('\n').length
}
