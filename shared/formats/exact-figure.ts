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
const schema = z.strictObject({
  format: z.literal(FIGURE_FORMAT, { error: `format must be "${FIGURE_FORMAT}"` }).optional(),
  version: z.number().int().max(FORMAT_VERSION).optional(),
  name: z.string().trim().min(1).max(200).optional(),
  polygon: z
    .array(z.tuple([coordinate, coordinate], { error: 'a vertex must be a pair [x, y]' }), {
      error: 'polygon must be a list of vertices [[x, y], …]',
    })
    .max(1000, { error: 'at most 1000 vertices' }),
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

export function exactFigureFromJson(value: unknown, source = 'figure'): ExactFigure {
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const path = issue.path.map(String)
    const vertex = path[0] === 'polygon' && path.length > 1 ? `vertex ${Number(path[1]) + 1}: ` : ''
    throw new InputError(`${source}: ${vertex}${issue.message}`)
  }
  const read = parsed.data.polygon.map(([x, y], i): XPoint => [
    readCoordinate(x, `${source}: vertex ${i + 1}`),
    readCoordinate(y, `${source}: vertex ${i + 1}`),
  ])
  // A closing vertex that repeats the first is allowed, as in lattice figure files.
  const closed = read.length > 1 && pointEq(read[0], read[read.length - 1])
  const corners = closed ? read.slice(0, -1) : read
  const problem = polygonProblem(corners)
  if (problem)
    throw new InputError(
      `${source}: ${problem.startsWith('has') ? `the figure ${problem}` : problem}`,
    )
  return { name: parsed.data.name ?? 'figure', corners: normalizeOrientation(corners) }
}

export function exactFigureToJson(f: ExactFigure): object {
  const write = (x: Root2) => (isInteger(x) ? Number(x.a) : formatRoot2(x))
  return {
    format: FIGURE_FORMAT,
    version: FORMAT_VERSION,
    name: f.name,
    polygon: f.corners.map(([x, y]) => [write(x), write(y)]),
  }
}
