import { countToJson } from '../counts'
import { paletteColor, newId, type WorkbenchDocument } from '../document/document'
import type { DesignResult } from './explore'

/**
 * The explorer's result as JSON, the best sets first: what `design --json` prints and, with
 * `tilings` (the first tiling of each outline a set makes, its pieces indexing the set's), what
 * the app's Design view gets.
 */
export function designJson(r: DesignResult, o: { tilings?: boolean } = {}) {
  return {
    area: r.request.area,
    pieces: r.request.pieces,
    ...(r.request.from ? { from: r.request.from.name } : {}),
    outlines: r.outlines.map((c) => ({ number: c.number, name: c.name, polygon: c.polygon })),
    sets: r.sets.map((s) => ({
      pieces: s.kinds.map((k) => ({
        polygon: k.candidate.polygon,
        count: k.count,
        name: k.candidate.name,
      })),
      outlines: s.outlines,
      tilings: s.tilings,
      made: s.made.map((m) => ({
        outline: m.outline + 1,
        tilings: m.tilings,
        ...(o.tilings ? { tiling: m.tiling } : {}),
      })),
    })),
    stats: { ...r.stats, sets: countToJson(r.stats.sets) },
    complete: r.complete,
  }
}

export type DesignJson = ReturnType<typeof designJson>
export type DesignedSet = DesignJson['sets'][number]

/**
 * A set the explorer found as a document to compare, solve or save, saying where it came from:
 * "Explorer 16/7 #1" (area, pieces, rank).
 */
export function designedSetDocument(
  r: Pick<DesignJson, 'area' | 'pieces' | 'from' | 'outlines'>,
  set: DesignedSet,
  rank: number,
): WorkbenchDocument {
  return {
    name: `Explorer ${r.area}/${r.pieces} #${rank}`,
    description: `Found by the set explorer (design --area ${r.area} --pieces ${r.pieces}${r.from ? ` --from ${r.from}` : ''}), #${rank} of the sets of ${r.pieces} pieces of area ${r.area}: it makes ${set.outlines} of the ${r.outlines.length} convex outlines of the area, ${set.tilings.toLocaleString('en')} tilings in all.`,
    pieces: set.pieces.map((p, i) => ({
      id: newId('p'),
      name: p.name,
      polygon: p.polygon,
      count: p.count,
      color: paletteColor(i),
    })),
    figures: [],
  }
}
