import { InputError } from '../errors'
import { LIMITS } from '../limits'
import { pieceSetFromJson, pieceSetToJson, type PieceSet } from '../formats/load'
import { areaInHalfSquares, latticePolygonProblem, type Point } from '../lattice/polygon'
import { isRegion, regionProblem, shapeArea, type FigureShape } from '../lattice/region'

/**
 * What the workbench edits: a piece set and the target figures drawn for it. Unlike a loaded
 * PieceSet it may be invalid while the user draws (a polygon being closed, a name left empty), so
 * it is plain data; `documentProblems` says what is wrong, piece by piece, and only a valid
 * document is written to a file. Ids tell pieces apart in the editor; files do not store them.
 */
export interface DocPiece {
  readonly id: string
  readonly name: string
  readonly polygon: readonly Point[]
  /** The most copies (the count, or the top of a range). */
  readonly count: number
  /** The fewest copies, if a range allows fewer than `count` (0: the piece may be left out). */
  readonly min?: number
  readonly color: string
  /** False for a one-sided piece: turned, never turned over. */
  readonly flip?: boolean
}

export interface DocFigure {
  readonly id: string
  readonly name: string
  /** One outline, or a region: parts each with holes. */
  readonly polygon: FigureShape
}

export interface WorkbenchDocument {
  readonly name: string
  readonly description?: string
  readonly pieces: readonly DocPiece[]
  readonly figures: readonly DocFigure[]
}

/** Problems by id (piece or figure) and for the document as a whole (key ''). */
export type DocumentProblems = ReadonlyMap<string, string>

let nextId = 0
/** A fresh id for a piece or figure, unique within this process. */
export function newId(prefix: 'p' | 'f'): string {
  nextId++
  return `${prefix}${nextId.toString(36)}${Math.random().toString(36).slice(2, 6)}`
}

const PALETTE = [
  '#e4572e',
  '#f3a712',
  '#29335c',
  '#669bbc',
  '#a8c686',
  '#8f2d56',
  '#2e86ab',
  '#c1666b',
  '#4f5d2f',
  '#d4a373',
]

export function paletteColor(i: number): string {
  return PALETTE[i % PALETTE.length]
}

export function emptyDocument(name = 'Untitled'): WorkbenchDocument {
  return { name, pieces: [], figures: [] }
}

export function documentFromSet(set: PieceSet): WorkbenchDocument {
  return {
    name: set.name,
    description: set.description,
    pieces: set.pieces.map((p, i) => ({
      id: newId('p'),
      name: p.name,
      polygon: p.polygon,
      count: p.count,
      ...(p.min === undefined ? {} : { min: p.min }),
      color: p.color ?? paletteColor(i),
      ...(p.flip === false ? { flip: false } : {}),
    })),
    figures: set.figures.map((f) => ({ id: newId('f'), name: f.name, polygon: f.polygon })),
  }
}

/** Reads a file's JSON into a document; throws InputError naming the file and the problem. */
export function documentFromJson(json: unknown, source: string): WorkbenchDocument {
  return documentFromSet(pieceSetFromJson(json, source))
}

export function documentProblems(doc: WorkbenchDocument): DocumentProblems {
  const problems = new Map<string, string>()
  const names = new Map<string, string>()
  for (const p of doc.pieces) {
    const problem =
      p.name.trim() === ''
        ? 'needs a name'
        : names.has(p.name)
          ? `has the same name as another piece`
          : !Number.isInteger(p.count) || p.count < 1
            ? 'count must be a whole number ≥ 1'
            : p.min !== undefined && !(Number.isInteger(p.min) && p.min >= 0 && p.min < p.count)
              ? 'the least count must be a whole number from 0 to below the count'
              : latticePolygonProblem(p.polygon)
    names.set(p.name, p.id)
    if (problem) problems.set(p.id, problem)
  }
  for (const f of doc.figures) {
    const problem =
      (isRegion(f.polygon) ? regionProblem(f.polygon) : latticePolygonProblem(f.polygon)) ??
      tooLarge(shapeArea(f.polygon))
    if (problem) problems.set(f.id, problem)
  }
  const tooMuch = setSizeProblem(doc.pieces.filter((p) => !problems.has(p.id)))
  if (doc.name.trim() === '') problems.set('', 'the set needs a name')
  else if (doc.pieces.length === 0) problems.set('', 'the set has no pieces yet')
  else if (tooMuch) problems.set('', tooMuch)
  return problems
}

/**
 * Why pieces are beyond what the workbench searches (their total area or count), if they are:
 * cheap, so checked before anything rasterizes them (seconds a piece at such sizes).
 */
export function setSizeProblem(pieces: readonly DocPiece[]): string | undefined {
  const area = pieces.reduce((s, p) => s + areaInHalfSquares(p.polygon) * p.count, 0)
  const copies = pieces.reduce((s, p) => s + p.count, 0)
  if (area > LIMITS.maxArea)
    return `the pieces cover ${area.toLocaleString('en')} half-squares; the workbench searches at most ${LIMITS.maxArea.toLocaleString('en')}`
  if (copies > LIMITS.maxPieces)
    return `the set has ${copies.toLocaleString('en')} pieces (copies counted); the workbench searches at most ${LIMITS.maxPieces.toLocaleString('en')}`
  return undefined
}

function tooLarge(area: number): string | undefined {
  return area > LIMITS.maxArea
    ? `covers ${area.toLocaleString('en')} half-squares; at most ${LIMITS.maxArea.toLocaleString('en')} are supported`
    : undefined
}

/** The file form (piece-set JSON) of a valid document; throws InputError if it is not valid. */
export function documentToJson(doc: WorkbenchDocument): object {
  const problems = documentProblems(doc)
  if (problems.size > 0) {
    const [id, problem] = problems.entries().next().value!
    const piece = doc.pieces.find((p) => p.id === id)
    const figure = doc.figures.find((f) => f.id === id)
    const where = piece
      ? `piece "${piece.name || '(no name)'}": `
      : figure
        ? `figure "${figure.name}": `
        : ''
    throw new InputError(`cannot save yet: ${where}${problem}`)
  }
  return pieceSetToJson({
    name: doc.name,
    description: doc.description,
    pieces: doc.pieces.map((p) => ({
      name: p.name,
      polygon: p.polygon,
      count: p.count,
      min: p.min,
      color: p.color,
      flip: p.flip,
    })),
    figures: doc.figures.map((f) => ({ name: f.name, polygon: f.polygon })),
  })
}

/** Copies of a piece: the most a tiling uses, or with `'least'` the fewest (a range's min). */
type Copies = 'most' | 'least'
const copies = (p: DocPiece, which: Copies) => (which === 'least' ? (p.min ?? p.count) : p.count)

/** The pieces of the set, copies counted (the tangram: 7 pieces of 5 kinds). */
export function pieceCount(doc: WorkbenchDocument, which: Copies = 'most'): number {
  return doc.pieces.reduce((n, p) => n + copies(p, which), 0)
}

/** Total area of the valid pieces, copies counted, in half-squares. */
export function documentArea(doc: WorkbenchDocument, which: Copies = 'most'): number {
  const problems = documentProblems(doc)
  return doc.pieces.reduce(
    (s, p) => (problems.has(p.id) ? s : s + areaInHalfSquares(p.polygon) * copies(p, which)),
    0,
  )
}
