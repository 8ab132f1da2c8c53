import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseJson, pieceSetDataFromJson } from '../../shared/formats/load'
import { setSummary } from '../../shared/pieces/summary'

/** A bundled set as `sets` lists it. */
export interface IndexedSet {
  readonly id: string
  readonly name: string
  readonly pieces: number
  readonly kinds: number
  readonly area: number
  /** With count ranges only: the fewest copies and the least area a tiling may use. */
  readonly fewest?: { readonly pieces: number; readonly area: number }
  /** Absent with count ranges, which convex refuses. */
  readonly outlines?: number
}

/**
 * The listing of the piece sets in `resourcesDir/sets`, computed from the files (checked as any
 * set is); resources/set-index.json holds it for the CLI, written by scripts/make-set-index.ts.
 */
export function setIndex(resourcesDir: string): IndexedSet[] {
  const dir = join(resourcesDir, 'sets')
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => {
      const s = setSummary(
        pieceSetDataFromJson(parseJson(readFileSync(join(dir, file), 'utf8'), file), file),
      )
      return {
        id: file.slice(0, -'.json'.length),
        name: s.name,
        pieces: s.pieces,
        kinds: s.kinds,
        area: s.area,
        ...(s.fewest ? { fewest: s.fewest } : {}),
        ...(s.outlines === undefined ? {} : { outlines: s.outlines }),
      }
    })
}
