import { boundingBox, translatePolygon } from '../lattice/polygon'
import { mapRings, shapeRings, type FigureShape } from '../lattice/region'
import type { WorkbenchDocument } from './document'

/**
 * Pieces laid out apart on the grid. A set says what shape each piece has; where it lies counts
 * for nothing, and set files often put every piece at the origin. The designer needs the pieces
 * side by side to show them and let them be picked, so when any two pieces' boxes overlap, all
 * are laid out in rows, in the set's order, one unit apart. Each piece only moves by whole units:
 * its shape, and so every count, stays the same.
 */
export function arrangeApart(doc: WorkbenchDocument): WorkbenchDocument {
  const boxes = doc.pieces.map((p) => boundingBox(p.polygon))
  const overlap = boxes.some((a, i) =>
    boxes
      .slice(i + 1)
      .some((b) => a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY),
  )
  if (!overlap) return doc
  const GAP = 1
  const widths = boxes.map((b) => b.maxX - b.minX)
  const spread = boxes.reduce((s, b) => s + (b.maxX - b.minX + GAP) * (b.maxY - b.minY + GAP), 0)
  // Rows about twice as wide as high, never narrower than the widest piece.
  const rowWidth = Math.max(Math.max(...widths), Math.ceil(Math.sqrt(2 * spread)))
  let x = 0
  let y = 0
  let rowHeight = 0
  const pieces = doc.pieces.map((p, i) => {
    const b = boxes[i]
    if (x > 0 && x + widths[i] > rowWidth) {
      x = 0
      y += rowHeight + GAP
      rowHeight = 0
    }
    const polygon = translatePolygon(p.polygon, x - b.minX, y - b.minY)
    x += widths[i] + GAP
    rowHeight = Math.max(rowHeight, b.maxY - b.minY)
    return { ...p, polygon }
  })
  return { ...doc, pieces }
}

/**
 * Where a figure added from outside (a bundled one) goes: two units right of the document's
 * figures, its lowest point level with theirs, so that it overlaps none; as it is if there are
 * none. Only moved: its shape stays.
 */
export function besideFigures(doc: WorkbenchDocument, shape: FigureShape): FigureShape {
  if (doc.figures.length === 0) return shape
  const box = (s: FigureShape) => boundingBox(shapeRings(s).flat())
  const boxes = doc.figures.map((f) => box(f.polygon))
  const right = Math.max(...boxes.map((b) => b.maxX))
  const bottom = Math.min(...boxes.map((b) => b.minY))
  const own = box(shape)
  return mapRings(shape, (ring) => translatePolygon(ring, right + 2 - own.minX, bottom - own.minY))
}
