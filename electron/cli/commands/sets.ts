import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { projectRoot } from '../../services/project-root'
import type { IndexedSet } from '../set-index'
import { table } from '../table'

/**
 * The bundled piece sets, with what follows from their area: read from resources/set-index.json,
 * which the tests check against the sets themselves, so the listing costs no more than a start.
 */
export function setsCommand(opts: { json?: boolean }): string {
  const index = join(projectRoot(import.meta.url), 'resources', 'set-index.json')
  const sets = JSON.parse(readFileSync(index, 'utf8')) as IndexedSet[]
  if (opts.json) return JSON.stringify({ sets })
  return table(
    ['set', 'name', 'pieces', 'kinds', 'area', 'convex outlines'],
    sets.map((s) => [
      s.id,
      s.name,
      range(s.fewest?.pieces, s.pieces),
      s.kinds,
      range(s.fewest?.area, s.area),
      // convex refuses count ranges
      s.outlines ?? '–',
    ]),
  )
}

function range(least: number | undefined, most: number): string | number {
  return least === undefined ? most : `${least}–${most}`
}
