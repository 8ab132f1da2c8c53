import { convexOutlines } from '../../../shared/convex/outlines'
import { totalPieceArea } from '../../../shared/tiling/problem'
import { bundledSets, loadPieceSet } from '../inputs'
import { table } from '../table'

/** The bundled piece sets, with what follows from their area. */
export function setsCommand(opts: { json?: boolean }): string {
  const sets = bundledSets().map((id) => {
    const { set } = loadPieceSet(id)
    const area = totalPieceArea(
      set.pieces.map((p) => ({ name: p.name, shape: p.shape, count: p.count })),
    )
    return {
      id,
      name: set.name,
      pieces: set.pieces.reduce((s, p) => s + p.count, 0),
      kinds: set.pieces.length,
      area,
      outlines: convexOutlines(area).length,
    }
  })
  if (opts.json) return JSON.stringify({ sets })
  return table(
    ['set', 'name', 'pieces', 'kinds', 'area', 'convex outlines'],
    sets.map((s) => [s.id, s.name, s.pieces, s.kinds, s.area, s.outlines]),
  )
}
