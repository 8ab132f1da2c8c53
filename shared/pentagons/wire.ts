import type { XPoint } from '../exact/geometry'
import { formatRoot2, parseRoot2, type Root2 } from '../exact/root2'
import type { Group, Part, Pentagon, PentagonsResult } from './pentagons'

/**
 * The pentagons of a set as they cross the API (JSON): every exact number as text in the form
 * `formatRoot2` writes ("3-√2/2"), read back by `parseRoot2` into the same number. A pentagon
 * keeps its number (from 1, in the order the search lists them), so that a filtered selection
 * still names each one as the full list does.
 */
export type TextPoint = readonly [string, string]

export interface PentagonText extends PentagonWire {
  readonly number: number
}

/** A pentagon as it crosses a channel, before it has a number (between the task farm's processes). */
export interface PentagonWire {
  readonly corners: readonly TextPoint[]
  readonly snug: boolean
  readonly convex: boolean
  readonly sides: readonly string[]
  readonly angles: readonly number[]
  readonly tilings?: { readonly fixed: number; readonly classes: number }
  readonly dissection: readonly PartText[]
  readonly key: string
}

export interface PentagonsText {
  readonly pentagons: readonly PentagonText[]
  /** What the search covered and what it rests on (`searchCoverage`). */
  readonly coverage: string
}

/** A pentagon with its number in the full list. */
export interface NumberedPentagon extends Pentagon {
  readonly number: number
}

export const pointToText = ([x, y]: XPoint): TextPoint => [formatRoot2(x), formatRoot2(y)]

function number(text: string): Root2 {
  const x = parseRoot2(text)
  if (!x) throw new Error(`"${text}" is not an exact number`)
  return x
}

export const pointFromText = ([x, y]: TextPoint): XPoint => [number(x), number(y)]

export function pentagonsToText(result: PentagonsResult, coverage: string): PentagonsText {
  return {
    coverage,
    pentagons: result.pentagons.map((p, i) => ({ number: i + 1, ...pentagonToWire(p) })),
  }
}

export const pentagonToWire = (p: Pentagon): PentagonWire => ({
  corners: p.corners.map(pointToText),
  snug: p.snug,
  convex: p.convex,
  sides: p.sides.map((s) => formatRoot2(s)),
  angles: p.angles,
  ...(p.tilings ? { tilings: p.tilings } : {}),
  dissection: p.dissection.map(partToText),
  key: p.key,
})

export const pentagonFromText = (p: PentagonText): NumberedPentagon => ({
  number: p.number,
  ...pentagonFromWire(p),
})

export const pentagonFromWire = (p: PentagonWire): Pentagon => ({
  corners: p.corners.map(pointFromText),
  snug: p.snug,
  convex: p.convex,
  sides: p.sides.map(number),
  angles: p.angles,
  ...(p.tilings ? { tilings: p.tilings } : {}),
  dissection: p.dissection.map(partFromText),
  key: p.key,
})

interface PartText {
  readonly piece: string
  readonly corners: readonly TextPoint[]
}

const partToText = (d: Part): PartText => ({ piece: d.piece, corners: d.corners.map(pointToText) })
const partFromText = (d: PartText): Part => ({
  piece: d.piece,
  corners: d.corners.map(pointFromText),
})

/** A group of pieces (a split's part tiling a convex outline) between the farm's processes. */
export interface GroupWire {
  readonly outline: readonly TextPoint[]
  readonly parts: readonly PartText[]
}

export const groupToWire = (g: Group): GroupWire => ({
  outline: g.outline.map(pointToText),
  parts: g.parts.map(partToText),
})

export const groupFromWire = (g: GroupWire): Group => ({
  outline: g.outline.map(pointFromText),
  parts: g.parts.map(partFromText),
})
