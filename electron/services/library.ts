import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { BundledFigure, BundledSet } from '../../shared/api/contract'
import { shapeArea } from '../../shared/lattice/region'
import { parseFigure, parseJson, pieceSetDataFromJson } from '../../shared/formats/load'
import { setSummary } from '../../shared/pieces/summary'

// The bundled files never change while the app runs; each scan's promise is cached so that
// concurrent first calls share it.
const cache = new Map<string, Promise<unknown>>()

function once<T>(key: string, scan: () => Promise<T>): Promise<T> {
  let found = cache.get(key) as Promise<T> | undefined
  if (!found) {
    found = scan()
    // A failed scan (say, a folder not yet unpacked) must not stay cached.
    found.catch(() => cache.delete(key))
    cache.set(key, found)
  }
  return found
}

/** Each JSON file of `dir`, sorted by name, read by `read` (given its id, file name and text). */
async function scan<T>(
  dir: string,
  read: (id: string, file: string, text: string) => T,
): Promise<T[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()
  const out: T[] = []
  for (const file of files) {
    // One file at a time, giving way in between: the scan runs while the host serves the window.
    await new Promise((resolve) => setImmediate(resolve))
    out.push(read(file.slice(0, -'.json'.length), file, await readFile(join(dir, file), 'utf8')))
  }
  return out
}

/** The piece sets shipped in `resourcesDir/sets`, sorted by file name. */
export function bundledSets(resourcesDir: string): Promise<BundledSet[]> {
  const dir = join(resolve(resourcesDir), 'sets')
  return once(dir, () =>
    scan(dir, (id, file, text) => {
      const s = setSummary(pieceSetDataFromJson(parseJson(text, file), file))
      return {
        id,
        name: s.name,
        description: s.description,
        pieces: s.pieces,
        area: s.area,
        ...(s.fewest ? { fewest: s.fewest } : {}),
        ...(s.outlines === undefined ? {} : { outlines: s.outlines }),
        path: join(dir, file),
      }
    }),
  )
}

/**
 * The figures shipped in `resourcesDir/figures` (rectangles, tangram square …), by file name;
 * a board with holes or parts as it is (the app draws and solves those too).
 */
export function bundledFigures(resourcesDir: string): Promise<BundledFigure[]> {
  const dir = join(resolve(resourcesDir), 'figures')
  return once(dir, () =>
    scan(dir, (id, file, text) => {
      const figure = parseFigure(text, file)
      return { id, name: figure.name, polygon: figure.polygon, area: shapeArea(figure.polygon) }
    }),
  )
}
