import { z } from 'zod'
import { LIMITS } from '../limits'
import { history, none, path } from './fields'

/* The edge-matching puzzles (card and triangle files): open, save, autosave, print. */

const puzzleKind = z.enum(['cards', 'triangle'])
export type PuzzleKind = z.infer<typeof puzzleKind>
const puzzleText = z.string().max(LIMITS.maxFileBytes)
const puzzleState = z.strictObject({
  kind: puzzleKind,
  text: puzzleText,
  name: z.string().max(200),
})
export type PuzzleState = z.infer<typeof puzzleState>
export const puzzleAutosaveSchema = puzzleState.extend({
  path: path.optional(),
  dirty: z.boolean(),
  history: history(puzzleState).optional(),
})
export type PuzzleAutosave = z.infer<typeof puzzleAutosaveSchema>

export const PUZZLE_METHODS = {
  /** The bundled edge-matching puzzles (card sets, the contest's triangle files), as their text. */
  'puzzle.bundled': none,
  /** Reads an edge-matching puzzle file: a card file (JSON) or a triangle file (the contest's). */
  'puzzle.open': z.strictObject({ path }),
  'puzzle.save': z.strictObject({ path, text: puzzleText }),
  /** Keeps the puzzle being edited across closed windows and crashes, saved or not. */
  'puzzle.autosave': puzzleAutosaveSchema,
  'puzzle.recover': none,
  /** Prints a puzzle to cut out, and a solution on page 2: one PDF, or SVG files. */
  'export.puzzle': z.strictObject({
    path,
    kind: puzzleKind,
    text: puzzleText,
    /** A board: per cell, the piece (card) and its turns; checked before it is printed. */
    solution: z
      .array(z.tuple([z.number().int().min(0).max(10_000), z.number().int().min(0).max(3)]))
      .max(10_000)
      .optional(),
    title: z.string().max(200),
  }),
} as const

export interface BundledPuzzle {
  readonly id: string
  readonly kind: PuzzleKind
  readonly name: string
  readonly text: string
}

export interface PuzzleResults {
  'puzzle.bundled': { puzzles: BundledPuzzle[] }
  'puzzle.open': { path: string; kind: PuzzleKind; text: string }
  'puzzle.save': { path: string }
  'puzzle.autosave': null
  'puzzle.recover': { state?: PuzzleAutosave }
  'export.puzzle': { files: string[] }
}
