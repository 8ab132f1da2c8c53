import type { z } from 'zod'
import { InputError } from '../errors'
import { shownName } from '../printable'
import { isInteger, parseRoot2 } from '../exact/root2'
import { firstJsonError } from './json-position'
import { inputText } from './text'
import { LIMITS } from '../limits'
import {
  areaInHalfSquares,
  latticePolygonProblem,
  normalizePolygon,
  type Point,
} from '../lattice/polygon'
import {
  cellsRegion,
  isRegion,
  normalizeRegion,
  regionProblem,
  shapeArea,
  simplePolygon,
  type FigureShape,
} from '../lattice/region'
import { analyzeShape, type Shape } from '../pieces/shape'
import {
  FIGURE_FORMAT,
  FORMAT_VERSION,
  PIECE_SET_FORMAT,
  figureSchema,
  pieceSetSchema,
  type FigureFile,
} from './schema'

export interface Piece {
  readonly name: string
  readonly polygon: readonly Point[]
  /** The most copies a tiling uses (the count, or the top of a range). */
  readonly count: number
  /** The fewest copies a tiling uses, if fewer than `count` (a count range); else absent. */
  readonly min?: number
  readonly color?: string
  /** False for a one-sided piece: turned, never turned over. */
  readonly flip?: boolean
  readonly shape: Shape
}

export interface PieceSet {
  readonly name: string
  readonly description?: string
  readonly pieces: readonly Piece[]
  /** Target figures saved with the set (may be empty). */
  readonly figures: readonly RegionFigure[]
}

/** A figure of one simple polygon (what the convex search and the silhouettes make). */
export interface Figure {
  readonly name: string
  readonly polygon: readonly Point[]
}

/**
 * A figure of a figure file or saved with a set: one simple polygon, or a region ("polygons" or
 * "cells" in the file).
 */
export interface RegionFigure {
  readonly name: string
  readonly polygon: FigureShape
}

/** The figure as one polygon, or an InputError saying that `what` takes only those. */
export function outlineFigure(figure: RegionFigure, source: string, what: string): Figure {
  const polygon = simplePolygon(figure.polygon)
  if (!polygon)
    throw new InputError(
      `${source}: the figure has holes or several parts; ${what} takes a figure of one outline`,
    )
  return { name: figure.name, polygon }
}

/**
 * Parses a JSON file's text (a byte-order mark is skipped, a file over LIMITS.maxFileBytes
 * refused); a syntax error names the line and column.
 */
export function parseJson(file: string, source: string): unknown {
  const text = inputText(file, source)
  try {
    return JSON.parse(text)
  } catch {
    const pos = firstJsonError(text)
    if (pos >= text.length || pos < 0)
      throw new InputError(`${source}: not valid JSON (the text ends too early)`)
    const before = text.slice(0, pos)
    const line = before.split('\n').length
    const column = pos - before.lastIndexOf('\n')
    const found = JSON.stringify(text[pos])
    throw new InputError(
      `${source}: line ${line}, column ${column}: not valid JSON (unexpected ${found})`,
    )
  }
}

export function parsePieceSet(text: string, source = 'piece set'): PieceSet {
  return pieceSetFromJson(parseJson(text, source), source)
}

export function parseFigure(text: string, source = 'figure'): RegionFigure {
  return figureFromJson(parseJson(text, source), source)
}

export function pieceSetFromJson(value: unknown, source = 'piece set'): PieceSet {
  const data = pieceSetDataFromJson(value, source)
  return {
    ...data,
    pieces: data.pieces.map(({ area: _, ...p }) => ({
      ...p,
      shape: analyzeShape(p.polygon, p.flip !== false),
    })),
  }
}

/** A piece as the file gives it, checked, with its area in half-squares but no shape analysis. */
export interface PieceData extends Omit<Piece, 'shape'> {
  readonly area: number
}

/**
 * A piece set checked as `pieceSetFromJson` checks it, without the analysis of each piece's
 * shape (its orientations and symmetries): for what needs only names, counts and areas, such as
 * the listing of the bundled sets.
 */
export function pieceSetDataFromJson(
  value: unknown,
  source = 'piece set',
): Omit<PieceSet, 'pieces'> & { pieces: PieceData[] } {
  if (isObject(value) && value.format === FIGURE_FORMAT)
    throw new InputError(`${source}: this is a figure file, not a piece set`)
  checkSetSize(value, source)
  const parsed = pieceSetSchema.safeParse(value)
  if (!parsed.success)
    throw new InputError(`${source}: ${describeIssue(parsed.error.issues[0], value)}`)
  const data = parsed.data
  const pieces: PieceData[] = []
  const seen = new Map<string, number>()
  let area = 0
  let copies = 0
  data.pieces.forEach((p, i) => {
    const where = `piece ${i + 1} "${shownName(p.name)}"`
    const problem = latticePolygonProblem(p.polygon)
    if (problem) throw new InputError(`${source}: ${where}: ${problem}`)
    const earlier = seen.get(p.name)
    if (earlier !== undefined)
      throw new InputError(
        `${source}: pieces ${earlier + 1} and ${i + 1} are both named "${shownName(p.name)}"; names must differ`,
      )
    seen.set(p.name, i)
    const polygon = normalizePolygon(p.polygon)
    const pieceArea = areaInHalfSquares(polygon)
    const count = typeof p.count === 'number' ? p.count : p.count.max
    const min = typeof p.count === 'number' || p.count.min === count ? {} : { min: p.count.min }
    area += pieceArea * count
    copies += count
    if (area > LIMITS.maxArea)
      throw new InputError(
        `${source}: the pieces cover more than ${LIMITS.maxArea} half-squares; that is beyond what the workbench can search`,
      )
    if (copies > LIMITS.maxPieces)
      throw new InputError(
        `${source}: more than ${LIMITS.maxPieces} pieces (copies counted); that is beyond what the workbench can search`,
      )
    pieces.push({
      name: p.name,
      polygon,
      count,
      ...min,
      color: p.color,
      ...(p.flip === false ? { flip: false } : {}),
      area: pieceArea,
    })
  })
  const figures = (data.figures ?? []).map((f, i) => ({
    name: f.name,
    polygon: figureShape(f, `${source}: figure ${i + 1} "${shownName(f.name)}"`),
  }))
  return { name: data.name, description: data.description, pieces, figures }
}

/** Refuses a set with more figures or vertices than LIMITS allows, before checking each one. */
function checkSetSize(value: unknown, source: string): void {
  if (!isObject(value)) return
  const list = (key: string) => (Array.isArray(value[key]) ? (value[key] as unknown[]) : [])
  const figures = list('figures').length
  if (figures > LIMITS.maxFigures)
    throw new InputError(
      `${source}: ${figures.toLocaleString('en')} figures; at most ${LIMITS.maxFigures.toLocaleString('en')} are supported`,
    )
  const length = (v: unknown) => (Array.isArray(v) ? v.length : 0)
  // A region's rings count as the polygons they are.
  const rings = (p: Record<string, unknown>) =>
    Array.isArray(p.polygons)
      ? p.polygons.reduce(
          (s: number, part) =>
            isObject(part)
              ? s +
                length(part.outline) +
                (Array.isArray(part.holes) ? part.holes : []).reduce(
                  (t: number, h) => t + length(h),
                  0,
                )
              : s,
          0,
        )
      : 0
  const vertices = [...list('pieces'), ...list('figures')].reduce(
    (sum: number, p) => sum + (isObject(p) ? length(p.polygon) + rings(p) : 0),
    0,
  )
  if (vertices > LIMITS.maxSetVertices)
    throw new InputError(
      `${source}: ${vertices.toLocaleString('en')} vertices in all; at most ${LIMITS.maxSetVertices.toLocaleString('en')} are supported`,
    )
}

export function figureFromJson(value: unknown, source = 'figure'): RegionFigure {
  if (isObject(value) && value.format === PIECE_SET_FORMAT)
    throw new InputError(`${source}: this is a piece set, not a figure file`)
  const parsed = figureSchema.safeParse(value)
  if (!parsed.success)
    throw new InputError(`${source}: ${describeIssue(parsed.error.issues[0], value)}`)
  const polygon = figureShape(parsed.data, source)
  if (shapeArea(polygon) > LIMITS.maxArea)
    throw new InputError(
      `${source}: the figure covers ${shapeArea(polygon)} half-squares; at most ${LIMITS.maxArea} are supported`,
    )
  return { name: parsed.data.name ?? 'figure', polygon }
}

/**
 * The figure's shape from whichever of "polygon", "polygons" and "cells" a figure file (or a
 * set's figure, `where` naming it) gives.
 */
function figureShape(
  data: Pick<FigureFile, 'polygon' | 'polygons' | 'cells'>,
  where: string,
): FigureShape {
  const given = (['polygon', 'polygons', 'cells'] as const).filter((k) => data[k] !== undefined)
  if (given.length !== 1)
    throw new InputError(
      `${where}: the figure ${given.length === 0 ? 'needs' : `gives ${given.map((k) => `"${k}"`).join(' and ')}; give only`} one of "polygon" (an outline), "polygons" (parts with holes) or "cells" (rows of "#")`,
    )
  if (data.polygon) {
    const problem = latticePolygonProblem(data.polygon, 'figure')
    if (problem) throw new InputError(`${where}: the figure ${problem}`)
    return normalizePolygon(data.polygon)
  }
  if (data.polygons) {
    const problem = regionProblem(data.polygons)
    if (problem) throw new InputError(`${where}: figure, ${problem}`)
    return normalizeRegion(data.polygons)
  }
  const region = cellsRegion(data.cells!)
  if (typeof region === 'string') throw new InputError(`${where}: figure, cells: ${region}`)
  return region
}

/** The file form of a set; the pieces' shapes play no part in it. */
export function pieceSetToJson(
  set: Omit<PieceSet, 'pieces'> & { readonly pieces: readonly Omit<Piece, 'shape'>[] },
): object {
  return {
    format: PIECE_SET_FORMAT,
    version: FORMAT_VERSION,
    name: set.name,
    ...(set.description ? { description: set.description } : {}),
    pieces: set.pieces.map((p) => ({
      name: p.name,
      polygon: p.polygon,
      count: p.min === undefined ? p.count : { min: p.min, max: p.count },
      ...(p.color ? { color: p.color } : {}),
      ...(p.flip === false ? { flip: false } : {}),
    })),
    ...(set.figures.length > 0 ? { figures: set.figures.map(figureFields) } : {}),
  }
}

export function figureToJson(f: RegionFigure): object {
  return { format: FIGURE_FORMAT, version: FORMAT_VERSION, ...figureFields(f) }
}

/** A figure's name and shape as files write them: "polygon", or "polygons" for a region. */
function figureFields(f: RegionFigure): object {
  return {
    name: f.name,
    ...(isRegion(f.polygon) ? { polygons: f.polygon } : { polygon: f.polygon }),
  }
}

/** JSON with each vertex on the line of its polygon: readable and diff-friendly. */
export function formatJson(value: object): string {
  return (
    JSON.stringify(value, null, 2)
      .replace(/\[\s+(-?\d+),\s+(-?\d+)\s+\]/g, '[$1, $2]')
      .replace(
        /\[\n\s+((?:\[-?\d+, -?\d+\],?\s*)+)\]/g,
        (_, inner: string) => `[${inner.replace(/,\s+/g, ', ').trim()}]`,
      ) + '\n'
  )
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

const KNOWN_FIELDS = [
  'format',
  'version',
  'name',
  'description',
  'pieces',
  'polygon',
  'polygons',
  'outline',
  'holes',
  'cells',
  'count',
  'color',
  'flip',
]

/** One zod issue as a sentence that says where, in the user's terms. */
function describeIssue(issue: z.core.$ZodIssue, root: unknown): string {
  // A value of either form (a count or a range): the form whose type it has says what is wrong.
  if (issue.code === 'invalid_union' && issue.errors.length > 0) {
    const inner =
      issue.errors.find((e) => e[0]?.code !== 'invalid_type' || e[0].path.length > 0) ??
      issue.errors[0]
    if (inner[0])
      return describeIssue({ ...inner[0], path: [...issue.path, ...inner[0].path] }, root)
  }
  const path = issue.path as (string | number)[]
  const where: string[] = []
  let node: unknown = root
  for (let k = 0; k < path.length; k++) {
    const key = path[k]
    const parent = path[k - 1]
    if (parent === 'pieces' && typeof key === 'number') {
      const name = isObject((node as unknown[])[key])
        ? ((node as unknown[])[key] as Record<string, unknown>).name
        : undefined
      where.push(`piece ${key + 1}${typeof name === 'string' ? ` "${shownName(name)}"` : ''}`)
    } else if (parent === 'polygons' && typeof key === 'number') {
      where.push(`part ${key + 1}`)
    } else if (parent === 'holes' && typeof key === 'number') {
      where.push(`hole ${key + 1}`)
    } else if (parent === 'cells' && typeof key === 'number') {
      where.push(`row ${key + 1}`)
    } else if (
      typeof key === 'number' &&
      (parent === 'polygon' || parent === 'outline' || path[k - 2] === 'holes')
    ) {
      where.push(`vertex ${key + 1}`)
    }
    node =
      isObject(node) || Array.isArray(node)
        ? (node as Record<string | number, unknown>)[key]
        : undefined
  }
  const prefix = where.length > 0 ? `${where.join(', ')}: ` : ''
  if (issue.code === 'unrecognized_keys') {
    return issue.keys
      .map((k) => {
        const hint = KNOWN_FIELDS.find((f) => editDistance(f, k) <= 2)
        return `${prefix}unknown field "${shownName(k)}"${hint ? ` (did you mean "${hint}"?)` : ''}`
      })
      .join('; ')
  }
  const field = path[path.length - 1]
  if (issue.code === 'invalid_type' && node === undefined && typeof field === 'string') {
    return `${prefix}missing field "${field}"`
  }
  // An exact number such as "3-√2/2" is good in a figure file with exact corners, not here.
  const exact = issue.code === 'invalid_type' && typeof node === 'string' && parseRoot2(node)
  if (exact && isInteger(exact))
    return `${prefix}${JSON.stringify(node)}: write a whole number as a number, without quotes`
  if (exact)
    return `${prefix}${JSON.stringify(node)} is off the lattice: pieces, and the figures the tiling engine builds, have whole-number corners (a figure with exact corners opens in the Pentagons view)`
  return `${prefix}${issue.message}`
}

function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [
    i,
    ...new Array<number>(b.length).fill(0),
  ])
  for (let j = 1; j <= b.length; j++) d[0][j] = j
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i][j] = Math.min(
        d[i - 1][j] + 1,
        d[i][j - 1] + 1,
        d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
      )
  return d[a.length][b.length]
}
