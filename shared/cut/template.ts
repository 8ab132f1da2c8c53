import type { WorkbenchDocument } from '../document/document'
import type { Sheet, SheetOptions, SheetPage } from '../drawing/sheet'
import { centroid, type DrawnLine, type DrawnPiece } from '../drawing/solution'
import { InputError } from '../errors'
import { fromLattice, type XPolygon } from '../exact/geometry'
import { cmp, div, mul, root2, toNumber, type Root2 } from '../exact/root2'
import { plural } from '../plural'
import { nestPieces, type NestedPiece } from './nest'
import { offsetOutline } from './offset'

/**
 * A cut template: every copy of every piece of a set at its true size (`unit` mm per lattice
 * unit), its cut line offset outward by half the kerf so the piece comes out exact, nested on as
 * many pages as it takes. Worked out in lattice units in Q(√2), so offsets and the spacing
 * are exact; only the drawing turns them into millimetres.
 */
export interface CutOptions {
  /** mm per lattice unit. */
  readonly unit: Root2
  /** The cutter's kerf in mm (0: cut on the line). */
  readonly kerf: Root2
  /** The area pieces may take on a page, in mm. */
  readonly width: number
  readonly height: number
  /** Where that area starts on the page, and the page's size (in mm). */
  readonly margin: number
  readonly page: { readonly width: number; readonly height: number }
  /** A line at the foot of each page saying what it is (not on a plotter's paper). */
  readonly caption: boolean
  readonly sheet: SheetOptions
}

/** Room between two cut lines, so that two cuts never meet (mm). */
export const PIECE_SPACING_MM = 3

/** A length in mm as an exact number, to the micrometre below (never more room than there is). */
const mm = (v: number): Root2 => root2(BigInt(Math.floor(v * 1000 + 1e-9)), 0n, 1000n)

const text = (x: Root2) => String(Math.round(toNumber(x) * 1000) / 1000)

export function cutTemplate(document: WorkbenchDocument, o: CutOptions): Sheet {
  if (cmp(o.kerf, o.unit) >= 0)
    throw new InputError(
      `a kerf of ${text(o.kerf)} mm is not less than a lattice unit (${text(o.unit)} mm): the cuts would swallow whole cells`,
    )
  const h = div(o.kerf, mul(root2(2n), o.unit))
  const copies: { name: string; color: string; shape: XPolygon; cut: XPolygon }[] = []
  for (const p of document.pieces) {
    const shape = fromLattice(p.polygon)
    const offset = offsetOutline(shape, h)
    if (!offset.ok)
      throw new InputError(
        `piece "${p.name}": a kerf of ${text(o.kerf)} mm is too large at ${text(o.unit)} mm per unit (${offset.problem})`,
      )
    for (let i = 0; i < p.count; i++)
      copies.push({ name: p.name, color: p.color, shape, cut: offset.polygon })
  }
  if (copies.length === 0) throw new InputError(`${document.name}: the set has no pieces to cut`)
  const width = div(mm(o.width), o.unit)
  const height = div(mm(o.height), o.unit)
  const nested = nestPieces(
    copies.map((c) => ({ cut: c.cut, shapes: [c.shape] })),
    width,
    height,
    div(root2(BigInt(PIECE_SPACING_MM)), o.unit),
  )
  if (!nested.ok) {
    const c = copies[nested.piece]
    throw new InputError(
      `piece "${c.name}" is larger than the page (${text(mm(o.width))} × ${text(mm(o.height))} mm) at ${text(o.unit)} mm per unit, however it is turned`,
    )
  }
  const scale = toNumber(o.unit)
  const pages = nested.sheets.map((placed, i): SheetPage => {
    const pieces = placed.map((n): DrawnPiece => {
      const polygon = floats(n.shapes[0])
      const c = copies[n.index]
      return { piece: n.index, name: c.name, color: c.color, polygon, label: centroid(polygon) }
    })
    const lines = placed.map((n: NestedPiece): DrawnLine => ({
      kind: 'outline',
      points: [...floats(n.cut), floats(n.cut)[0]],
      piece: n.index,
    }))
    const bounds = { minX: 0, minY: 0, maxX: toNumber(width), maxY: toNumber(height) }
    const caption = `${document.name}: ${plural(placed.length, 'piece')} at ${text(o.unit)} mm per unit, kerf ${text(o.kerf)} mm — page ${i + 1} of ${nested.sheets.length}`
    return {
      width: o.page.width,
      height: o.page.height,
      items: [{ drawing: { rings: [], pieces, lines, bounds }, x: o.margin, y: o.margin, scale }],
      texts: o.caption
        ? [
            {
              x: o.margin,
              y: o.page.height - o.margin / 3,
              text: caption,
              size: 3,
              anchor: 'start',
            },
          ]
        : [],
      swatches: [],
    }
  })
  return { pages, options: o.sheet, scale, solutions: copies.length }
}

const floats = (poly: XPolygon): [number, number][] =>
  poly.map(([x, y]) => [toNumber(x), toNumber(y)])
