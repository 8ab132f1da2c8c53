import { applyIsometry, translate, type XPoint, type XPolygon } from '../exact/geometry'
import { add, cmp, mul, sub, ZERO, type Root2 } from '../exact/root2'

/**
 * Pieces nested on sheets without overlap, exactly: each piece turned to the best of its 8
 * orientations (turns by 45°, never mirrored: a one-sided material stays the right way up), then
 * placed on shelves, tallest first, left to right and top to bottom, a new sheet when one is full.
 * Bounding boxes a `gap` apart keep the outlines apart, so no two cuts meet.
 */
export interface NestPiece {
  /** The outline that is cut (already offset for the kerf). */
  readonly cut: XPolygon
  /** Shapes carried along with it (the piece itself, to fill), moved the same way. */
  readonly shapes?: readonly XPolygon[]
}

export interface NestedPiece {
  /** Index into the pieces given. */
  readonly index: number
  /** The turn, in steps of 45° counter-clockwise. */
  readonly turn: number
  readonly cut: XPoint[]
  readonly shapes: XPoint[][]
}

export type NestResult =
  | { readonly ok: true; readonly sheets: NestedPiece[][] }
  /** The piece fits the sheet in none of its orientations. */
  | { readonly ok: false; readonly piece: number }

interface Box {
  readonly minX: Root2
  readonly minY: Root2
  readonly maxX: Root2
  readonly maxY: Root2
}

const least = (a: Root2, b: Root2) => (cmp(a, b) <= 0 ? a : b)
const most = (a: Root2, b: Root2) => (cmp(a, b) >= 0 ? a : b)

export function boxOf(poly: XPolygon): Box {
  let [minX, minY, maxX, maxY] = [poly[0][0], poly[0][1], poly[0][0], poly[0][1]]
  for (const [x, y] of poly) {
    minX = least(minX, x)
    maxX = most(maxX, x)
    minY = least(minY, y)
    maxY = most(maxY, y)
  }
  return { minX, minY, maxX, maxY }
}

const turned = (poly: XPolygon, turn: number): XPoint[] =>
  poly.map((p) => applyIsometry({ turn, mirror: false }, p))

/** The orientation with the smallest box that fits the sheet (ties: the lower one), if any. */
function bestTurn(cut: XPolygon, width: Root2, height: Root2) {
  let best: { turn: number; w: Root2; h: Root2; area: Root2 } | undefined
  for (let turn = 0; turn < 8; turn++) {
    const b = boxOf(turned(cut, turn))
    const w = sub(b.maxX, b.minX)
    const h = sub(b.maxY, b.minY)
    if (cmp(w, width) > 0 || cmp(h, height) > 0) continue
    const area = mul(w, h)
    if (!best || (cmp(area, best.area) || cmp(h, best.h)) < 0) best = { turn, w, h, area }
  }
  return best
}

/** Nests the pieces on sheets of width × height (origin at the lower left, y up). */
export function nestPieces(
  pieces: readonly NestPiece[],
  width: Root2,
  height: Root2,
  gap: Root2,
): NestResult {
  const chosen: { index: number; turn: number; w: Root2; h: Root2 }[] = []
  for (let index = 0; index < pieces.length; index++) {
    const best = bestTurn(pieces[index].cut, width, height)
    if (!best) return { ok: false, piece: index }
    chosen.push({ index, ...best })
  }
  chosen.sort((a, b) => cmp(b.h, a.h) || a.index - b.index)
  const sheets: NestedPiece[][] = [[]]
  let x = ZERO
  let top = height
  let shelf = ZERO
  for (const c of chosen) {
    if (cmp(add(x, c.w), width) > 0) {
      // The next shelf, below this one.
      x = ZERO
      top = sub(top, add(shelf, gap))
      shelf = ZERO
    }
    if (cmp(sub(top, c.h), ZERO) < 0) {
      sheets.push([])
      x = ZERO
      top = height
      shelf = ZERO
    }
    const piece = pieces[c.index]
    const cut = turned(piece.cut, c.turn)
    const b = boxOf(cut)
    const dx = sub(x, b.minX)
    const dy = sub(top, b.maxY)
    sheets[sheets.length - 1].push({
      index: c.index,
      turn: c.turn,
      cut: translate(cut, dx, dy),
      shapes: (piece.shapes ?? []).map((s) => translate(turned(s, c.turn), dx, dy)),
    })
    x = add(x, add(c.w, gap))
    shelf = most(shelf, c.h)
  }
  return { ok: true, sheets }
}
