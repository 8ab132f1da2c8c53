import { pointFromText, pointToText, type TextPoint } from '../pentagons/wire'
import type { OffPart, OffPiece, OffResult } from './search'

/**
 * The search off the lattice as it crosses a channel (the task farm's processes, the queue): every
 * exact number as text (`formatRoot2`), read back into the same number.
 */
export type RingText = readonly TextPoint[]

export interface OffPartText {
  readonly outline: RingText
  readonly holes: readonly RingText[]
}

export interface OffPieceText {
  readonly name: string
  readonly corners: RingText
  readonly count: number
  readonly flip: boolean
}

/** A figure to tile: its name (what a refusal names) and its parts. */
export interface OffFigureText {
  readonly name: string
  readonly parts: readonly OffPartText[]
}

/**
 * A figure's count as `OffResult`, its tilings' corners as text, the search's time, and the figure
 * as the worker read it when it was asked to (`read`).
 */
export type OffResultText = Omit<OffResult, 'tilings'> & {
  readonly tilings: readonly (readonly { readonly piece: number; readonly corners: RingText }[])[]
  readonly ms: number
  readonly parts?: readonly OffPartText[]
}

export const partToText = (p: OffPart): OffPartText => ({
  outline: p.outline.map(pointToText),
  holes: p.holes.map((h) => h.map(pointToText)),
})

export const figureToText = (f: {
  readonly name: string
  readonly parts: readonly OffPart[]
}): OffFigureText => ({ name: f.name, parts: f.parts.map(partToText) })

export const partFromText = (p: OffPartText): OffPart => ({
  outline: p.outline.map(pointFromText),
  holes: p.holes.map((h) => h.map(pointFromText)),
})

export const pieceToText = (p: OffPiece): OffPieceText => ({
  ...p,
  corners: p.corners.map(pointToText),
})

export const pieceFromText = (p: OffPieceText): OffPiece => ({
  ...p,
  corners: p.corners.map(pointFromText),
})

export const resultToText = (r: OffResult, ms: number): OffResultText => ({
  ...r,
  tilings: r.tilings.map((t) =>
    t.map((p) => ({ piece: p.piece, corners: p.corners.map(pointToText) })),
  ),
  ms,
})
