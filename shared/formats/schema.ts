import { z } from 'zod'

/**
 * The file formats, in one place. Both are JSON, versioned by an optional "version" (1 today);
 * "format" names the kind of file so a piece set is not mistaken for a figure.
 *
 * Piece set:
 *   { "format": "puzzle-workbench/piece-set", "version": 1, "name": "Tangram",
 *     "description": "…",
 *     "pieces": [ { "name": "large triangle", "polygon": [[0,0],[2,0],[0,2]],
 *                   "count": 2, "color": "#e4572e" }, … ],
 *     "figures": [ { "name": "square", "polygon": [[2,0],[4,2],[2,4],[0,2]] }, … ] }
 * ("figures", optional, are the targets the user drew for this set; each may give "polygons" or
 * "cells" instead of "polygon", as a figure file does.)
 * Figure:
 *   { "format": "puzzle-workbench/figure", "version": 1, "name": "square",
 *     "polygon": [[2,0],[4,2],[2,4],[0,2]] }
 * or, for a board with holes or several parts, one of
 *     "polygons": [ { "outline": [[0,0],[8,0],[8,8],[0,8]], "holes": [[[3,3],[5,3],[5,5],[3,5]]] }, … ]
 *     "cells": ["########", "###..###", …]   (square cells, rows from the top, "#" a cell)
 * Rings may touch at points, never cross, overlap or share a side.
 *
 * A polygon lists its vertices in order (either direction); vertices are lattice points and every
 * edge runs horizontally, vertically or diagonally at 45°. Areas are counted in half-square
 * triangles. count defaults to 1, or is a range {"min": 0, "max": 1} (a piece that may be left out,
or used min to max times); color is optional. "flip": false makes a piece one-sided: it
 * may be turned but not turned over (give its mirror image as a piece of its own if wanted).
 */
export const PIECE_SET_FORMAT = 'puzzle-workbench/piece-set'
export const FIGURE_FORMAT = 'puzzle-workbench/figure'
export const FORMAT_VERSION = 1

const coordinate = z.number({ error: 'a coordinate must be a number' })
const vertex = z.tuple([coordinate, coordinate], { error: 'a vertex must be a pair [x, y]' })
const polygon = z.array(vertex, { error: 'polygon must be a list of vertices [[x, y], …]' })
const name = z
  .string({ error: 'name must be a string' })
  .trim()
  .min(1, { error: 'name must not be empty' })
  .max(200, { error: 'name must be at most 200 characters' })
const version = z
  .number({ error: 'version must be a number' })
  .int({ error: 'version must be a whole number' })
  .refine((v) => v <= FORMAT_VERSION, {
    error: `this file was written by a newer version of the workbench (format version > ${FORMAT_VERSION})`,
  })

const copies = (least: number) =>
  z
    .number({ error: 'count must be a number' })
    .int({ error: 'count must be a whole number' })
    .min(least, { error: `count must be at least ${least}` })
    .max(1000, { error: 'count must be at most 1000' })
/** A range of copies: the piece may be used from min to max times (min 0: it may be left out). */
const countRange = z
  .strictObject(
    { min: copies(0), max: copies(1) },
    { error: 'count must be a whole number or {"min": m, "max": n}' },
  )
  .refine((r) => r.min <= r.max, { error: 'count: min must not exceed max' })

const part = z.strictObject(
  {
    outline: polygon,
    holes: z.array(polygon, { error: 'holes must be a list of polygons' }).optional(),
  },
  { error: 'a part must be {"outline": [[x, y], …], "holes": [[[x, y], …], …]}' },
)

/** A figure's shape, in a figure file or a set's "figures": one of the three forms. */
const shapeFields = {
  polygon: polygon.optional(),
  polygons: z.array(part, { error: 'polygons must be a list of parts' }).optional(),
  cells: z
    .array(z.string({ error: 'a row of cells must be a string such as "##.##"' }), {
      error: 'cells must be a list of rows such as "##.##"',
    })
    .optional(),
}

const pieceSchema = z.strictObject({
  name,
  polygon,
  count: z.union([copies(1), countRange]).default(1),
  color: z
    .string({ error: 'color must be a string like "#e4572e"' })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'color must look like "#e4572e"' })
    .optional(),
  flip: z.boolean({ error: 'flip must be true or false' }).optional(),
})

export const pieceSetSchema = z.strictObject({
  format: z.literal(PIECE_SET_FORMAT, { error: `format must be "${PIECE_SET_FORMAT}"` }).optional(),
  version: version.optional(),
  name,
  description: z.string({ error: 'description must be a string' }).optional(),
  pieces: z
    .array(pieceSchema, { error: 'pieces must be a list of pieces' })
    .min(1, { error: 'a piece set needs at least one piece' }),
  figures: z
    .array(
      z.strictObject(
        { name, ...shapeFields },
        { error: 'a figure must be {"name": …, "polygon": …}' },
      ),
      { error: 'figures must be a list of figures' },
    )
    .optional(),
})

export const figureSchema = z.strictObject({
  format: z.literal(FIGURE_FORMAT, { error: `format must be "${FIGURE_FORMAT}"` }).optional(),
  version: version.optional(),
  name: name.optional(),
  ...shapeFields,
})

export type PieceSetFile = z.infer<typeof pieceSetSchema>
export type FigureFile = z.infer<typeof figureSchema>
