import { z } from 'zod'
import { InputError } from '../errors'
import { normalizeOrientation, pointEq, polygonProblem, type XPoint } from '../exact/geometry'
import { formatRoot2, isInteger, parseRoot2, type Root2 } from '../exact/root2'
import { FIGURE_FORMAT, FORMAT_VERSION } from './schema'

/**
 * Figure files with exact corners: the figure format, where a coordinate may also be a string
 * such as "3-√2/2" (a + b√2, a and b rational), for figures off the lattice like the non-snug
 * tangram pentagons. Whole numbers stay plain numbers, so a lattice figure's file is unchanged.
 *
 *   { "format": "puzzle-workbench/figure", "version": 1, "name": "pentagon 23",
 *     "polygon": [[0, 0], ["-1+2√2", "-1+2√2"], ["3+2√2", "-1+2√2"], …] }
 */
export interface ExactFigure {
  readonly name: string
  /** Counter-clockwise. */
  readonly corners: readonly XPoint[]
}

const coordinate = z.union([z.number(), z.string().max(100)], {
  error: 'a coordinate must be a number or an exact number like "3-√2/2"',
})
const ring = z
  .array(z.tuple([coordinate, coordinate], { error: 'a vertex must be a pair [x, y]' }), {
    error: 'a ring must be a list of vertices [[x, y], …]',
  })
  .max(1000, { error: 'at most 1000 vertices' })
const schema = z.strictObject({
  format: z.literal(FIGURE_FORMAT, { error: `format must be "${FIGURE_FORMAT}"` }).optional(),
  version: z.number().int().max(FORMAT_VERSION).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  polygon: z
    .array(z.tuple([coordinate, coordinate], { error: 'a vertex must be a pair [x, y]' }), {
      error: 'polygon must be a list of vertices [[x, y], …]',
    })
    .max(1000, { error: 'at most 1000 vertices' })
    .optional(),
  polygons: z
    .array(
      z.strictObject({
        outline: ring,
        holes: z.array(ring).max(100, { error: 'at most 100 holes a part' }).optional(),
      }),
      { error: 'polygons must be a list of parts [{"outline": […], "holes": [[…], …]}, …]' },
    )
    .max(100, { error: 'at most 100 parts' })
    .optional(),
})

function readCoordinate(v: number | string, where: string): Root2 {
  const x =
    typeof v === 'number'
      ? Number.isSafeInteger(v)
        ? parseRoot2(String(v))
        : undefined
      : parseRoot2(v)
  if (!x)
    throw new InputError(
      `${where}: ${JSON.stringify(v)} is not an exact number (write whole numbers, fractions like 1/2, or a + b√2 like "3-√2/2")`,
    )
  return x
}

/**
 * A figure file with exact corners that may also be a region, as in the board issue: "polygons",
 * parts each an outline with holes. What a ring must be is checked here (simple, edges in the 8
 * directions); how the rings lie together, by the search off the lattice (`exactRegionProblem`).
 */
export interface ExactRegionFigure {
  readonly name: string
  /** Each ring counter-clockwise. */
  readonly parts: readonly {
    readonly outline: readonly XPoint[]
    readonly holes: readonly (readonly XPoint[])[]
  }[]
}

export function exactRegionFromJson(value: unknown, source = 'figure'): ExactRegionFigure {
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new InputError(`${source}: ${issuePlace(issue.path.map(String))}${issue.message}`)
  }
  const { polygon, polygons, name } = parsed.data
  if ((polygon === undefined) === (polygons === undefined))
    throw new InputError(
      `${source}: the figure ${polygon ? 'gives "polygon" and "polygons"; give only' : 'needs'} one of "polygon" (an outline) or "polygons" (parts with holes)`,
    )
  const given = polygons ?? [{ outline: polygon!, holes: [] }]
  const many = given.length > 1
  const readRing = (r: readonly (readonly [number | string, number | string])[], what: string) => {
    const read = r.map(([x, y], i): XPoint => [
      readCoordinate(x, `${source}: ${what}vertex ${i + 1}`),
      readCoordinate(y, `${source}: ${what}vertex ${i + 1}`),
    ])
    // A closing vertex that repeats the first is allowed, as in lattice figure files.
    const closed = read.length > 1 && pointEq(read[0], read[read.length - 1])
    const corners = closed ? read.slice(0, -1) : read
    const problem = polygonProblem(corners)
    if (problem)
      throw new InputError(
        `${source}: ${what}${problem.startsWith('has') ? `${what ? 'it' : 'the figure'} ${problem}` : problem}`,
      )
    return normalizeOrientation(corners)
  }
  const parts = given.map((p, i) => {
    const part = many ? `part ${i + 1}, ` : ''
    return {
      outline: readRing(p.outline, polygons ? `${part}outline: ` : ''),
      holes: (p.holes ?? []).map((h, j) => readRing(h, `${part}hole ${j + 1}: `)),
    }
  })
  return { name: name ?? 'figure', parts }
}

/** Where in the file a schema issue lies, as a person names it. */
function issuePlace(path: readonly string[]): string {
  if (path[0] === 'polygon' && path.length > 1) return `vertex ${Number(path[1]) + 1}: `
  if (path[0] !== 'polygons' || path.length < 2) return ''
  const part = `part ${Number(path[1]) + 1}`
  if (path[2] === 'holes' && path.length > 3)
    return `${part}, hole ${Number(path[3]) + 1}${path.length > 4 ? `, vertex ${Number(path[4]) + 1}` : ''}: `
  if (path[2] === 'outline' && path.length > 3)
    return `${part}, outline vertex ${Number(path[3]) + 1}: `
  return `${part}: `
}

/**
 * Whether a figure file's corners leave the lattice: a coordinate written as text (an exact
 * number such as "2√2") or a number that is not whole. Such a figure goes to the exact search,
 * any other to the tiling engine, which reads and checks it as a lattice figure.
 */
export function hasExactCorners(value: unknown): boolean {
  const off = (v: unknown): boolean =>
    Array.isArray(v)
      ? v.some(off)
      : typeof v === 'object' && v !== null
        ? Object.values(v).some(off)
        : typeof v === 'string' || (typeof v === 'number' && !Number.isInteger(v))
  if (typeof value !== 'object' || value === null) return false
  const { polygon, polygons } = value as { polygon?: unknown; polygons?: unknown }
  return off(polygon) || off(polygons)
}

/** A figure file with exact corners of one outline (the pentagons' figures). */
export function exactFigureFromJson(value: unknown, source = 'figure'): ExactFigure {
  const { name, parts } = exactRegionFromJson(value, source)
  if (parts.length > 1 || parts[0].holes.length > 0)
    throw new InputError(
      `${source}: a figure with holes or several parts is not taken here; give one "polygon"`,
    )
  return { name, corners: parts[0].outline }
}

/** A coordinate as figure files write it: a number when whole, else text like "1/2-3√2/4". */
export const writeCoordinate = (x: Root2): number | string =>
  isInteger(x) ? Number(x.a) : formatRoot2(x)

const writePoint = ([x, y]: XPoint) => [writeCoordinate(x), writeCoordinate(y)]

export function exactFigureToJson(f: ExactFigure): object {
  return {
    format: FIGURE_FORMAT,
    version: FORMAT_VERSION,
    name: f.name,
    polygon: f.corners.map(writePoint),
  }
}

/** A region's file: "polygons", each part's outline and holes. */
export function exactRegionToJson(f: ExactRegionFigure): object {
  return {
    format: FIGURE_FORMAT,
    version: FORMAT_VERSION,
    name: f.name,
    polygons: f.parts.map((p) => ({
      outline: p.outline.map(writePoint),
      holes: p.holes.map((h) => h.map(writePoint)),
    })),
  }
}
