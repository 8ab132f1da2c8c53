import {
  documentFromSet,
  documentProblems,
  setSizeProblem,
  type WorkbenchDocument,
} from '../document/document'
import { mergeCongruent } from '../document/merge'
import { InputError } from '../errors'
import type { Piece, PieceSet, RegionFigure } from '../formats/load'
import type { Point } from '../lattice/polygon'
import { normalizeShape } from '../lattice/region'
import { shownName } from '../printable'
import { analyzeShape, type Shape } from './shape'

/**
 * A piece set ready to solve, made once where a request comes in (the host's API, the CLI's set
 * loading): checked, congruent pieces merged into one kind (the counting convention never tells
 * identical pieces apart), each piece's shape analysed once. Nothing inside checks it again: the
 * workers take its `wire` form and only rebuild the shapes.
 */
export interface SolvableSet {
  readonly name: string
  /** The kinds of piece, congruent pieces merged, each with its shape. */
  readonly pieces: readonly Piece[]
  /** The names of the pieces merged into one kind, for each kind of more than one. */
  readonly merged: readonly string[][]
  /** What it asks the solver, whatever its pieces are called (`solvedSetKey`). */
  readonly key: string
  /** The figures saved with the set. */
  readonly figures: readonly RegionFigure[]
  /** The document solved: congruent pieces merged, so tilings index its pieces. */
  readonly document: WorkbenchDocument
  /** The document as drawn, each piece in its kind's polygon (`mergeCongruent`). */
  readonly apart: WorkbenchDocument
  /** A tiling's placements of a kind handed to the pieces as drawn, indexing `apart`. */
  spread<T extends { readonly piece: number }>(placed: readonly T[]): T[]
  readonly wire: SetWire
}

/** The set as a run's workers take it: its kinds of piece, polygons normalised, nothing else. */
export interface SetWire {
  readonly name: string
  readonly pieces: readonly WirePiece[]
}

export interface WirePiece {
  readonly name: string
  readonly count: number
  /** The fewest copies, for a count range. */
  readonly min?: number
  readonly polygon: readonly Point[]
  /** False for a one-sided piece. */
  readonly flip?: false
}

/**
 * A document's pieces to solve, or a one-line error naming the set and the piece (or figure, with
 * `figures`: the figures drawn are solved too). The size limits are checked before any piece is
 * rasterized (seconds a piece at such sizes).
 */
export function solvableDocument(
  doc: WorkbenchDocument,
  o: { readonly figures?: boolean } = {},
): SolvableSet {
  const name = doc.name.trim() || 'Untitled'
  const problems = documentProblems(doc)
  for (const p of doc.pieces) {
    const problem = problems.get(p.id)
    if (problem) throw new InputError(`${name}: piece "${shownName(p.name)}": ${problem}`)
  }
  for (const f of o.figures ? doc.figures : []) {
    const problem = problems.get(f.id)
    if (problem) throw new InputError(`${name}: figure "${shownName(f.name)}": ${problem}`)
  }
  if (doc.pieces.length === 0) throw new InputError(`${name}: the set has no pieces yet`)
  const tooMuch = setSizeProblem(doc.pieces)
  if (tooMuch) throw new InputError(`${name}: ${tooMuch}`)
  const figures = o.figures
    ? doc.figures.map((f) => ({ ...f, polygon: normalizeShape(f.polygon) }))
    : []
  return solvableOf(
    { ...doc, name, figures },
    doc.pieces.map((p) => analyzeShape(p.polygon, p.flip !== false)),
  )
}

/** A set read from a file (`pieceSetFromJson` checked it and analysed its pieces). */
export function solvableSet(set: PieceSet): SolvableSet {
  return solvableOf(
    documentFromSet(set),
    set.pieces.map((p) => p.shape),
  )
}

function solvableOf(doc: WorkbenchDocument, shapes: readonly Shape[]): SolvableSet {
  const { document, merged, key, apart, spread, kinds } = mergeCongruent(doc, shapes)
  const pieces = document.pieces.map((p, k) => {
    const shape = shapes[kinds[k][0]]
    const flip = shape.flip ? {} : { flip: false as const }
    const min = p.min === undefined ? {} : { min: p.min }
    return {
      name: p.name,
      polygon: shape.polygon,
      count: p.count,
      ...min,
      color: p.color,
      ...flip,
      shape,
    }
  })
  return {
    name: doc.name,
    pieces,
    merged,
    key,
    figures: doc.figures.map((f) => ({ name: f.name, polygon: f.polygon })),
    document,
    apart,
    spread,
    wire: {
      name: doc.name,
      pieces: pieces.map((p) => ({
        name: p.name,
        count: p.count,
        ...(p.min === undefined ? {} : { min: p.min }),
        polygon: p.polygon,
        ...(p.flip === false ? { flip: false as const } : {}),
      })),
    },
  }
}

/**
 * Refuses, in one line naming the set and the piece, a set with a count range where `what` (a
 * search that uses every copy: pentagons, silhouettes, comparing sets, puzzles) takes whole
 * counts only.
 */
export function checkWholeCounts(set: SolvableSet, what: string): void {
  const ranged = set.pieces.find((p) => p.min !== undefined && p.min < p.count)
  if (ranged)
    throw new InputError(
      `${set.name}: the piece "${ranged.name}" has a count range; ${what} takes whole counts only`,
    )
}

/**
 * A worker's side: the kinds of piece of a run's set, each shape analysed here once. The host
 * checked the set; a wire of another form (a worker of another version on the queue) is refused
 * in one line, not taken apart by the search.
 */
export function piecesFromWire(wire: SetWire): Piece[] {
  const problem = wireProblem(wire)
  if (problem) throw new InputError(`the run's piece set is not one this worker reads: ${problem}`)
  return wire.pieces.map((p) => ({
    name: p.name,
    count: p.count,
    ...(p.min === undefined ? {} : { min: p.min }),
    polygon: p.polygon,
    ...(p.flip === false ? { flip: false } : {}),
    shape: analyzeShape(p.polygon, p.flip !== false),
  }))
}

const isPoint = (v: unknown) =>
  Array.isArray(v) && v.length === 2 && v.every((x) => Number.isSafeInteger(x))

function wireProblem(wire: unknown): string | undefined {
  const w = wire as Partial<Record<keyof SetWire, unknown>> | null
  if (typeof w !== 'object' || w === null || !Array.isArray(w.pieces)) return 'no list of pieces'
  const pieces = w.pieces as Partial<Record<keyof WirePiece, unknown>>[]
  for (const [i, p] of pieces.entries()) {
    const where = `piece ${i + 1}`
    if (typeof p !== 'object' || p === null) return `${where} is not a piece`
    if (typeof p.name !== 'string') return `${where} has no name`
    if (!Number.isSafeInteger(p.count) || (p.count as number) < 1) return `${where} has no count`
    if (p.min !== undefined && !(Number.isSafeInteger(p.min) && (p.min as number) >= 0))
      return `${where} has a least count that is not a whole number`
    if (!Array.isArray(p.polygon) || p.polygon.length < 3 || !p.polygon.every(isPoint))
      return `${where} has no polygon of whole-number corners`
    if (p.flip !== undefined && p.flip !== false) return `${where} has a flip other than false`
  }
  return undefined
}
