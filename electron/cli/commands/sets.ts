import { pieceSetDataFromJson } from '../../../shared/formats/load'
import { setSummary } from '../../../shared/pieces/summary'
import { bundledSets, readPieceSetJson } from '../inputs'
import { table } from '../table'

/** The bundled piece sets, with what follows from their area. */
export function setsCommand(opts: { json?: boolean }): string {
  const sets = bundledSets().map((id) => {
    const { json, source } = readPieceSetJson(id)
    const s = setSummary(pieceSetDataFromJson(json, source))
    return {
      id,
      name: s.name,
      pieces: s.pieces,
      kinds: s.kinds,
      area: s.area,
      outlines: s.outlines,
    }
  })
  if (opts.json) return JSON.stringify({ sets })
  return table(
    ['set', 'name', 'pieces', 'kinds', 'area', 'convex outlines'],
    sets.map((s) => [s.id, s.name, s.pieces, s.kinds, s.area, s.outlines]),
  )
}
