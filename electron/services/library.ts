import { readdir, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { BundledSet } from '../../shared/api/contract'
import { convexOutlines } from '../../shared/convex/outlines'
import { parsePieceSet } from '../../shared/formats/load'
import { totalPieceArea } from '../../shared/tiling/problem'

// The bundled sets never change while the app runs; the promise is cached so that concurrent
// first calls share one scan.
const cache = new Map<string, Promise<BundledSet[]>>()

/** The piece sets shipped in `resourcesDir/sets`, sorted by file name. */
export async function bundledSets(resourcesDir: string): Promise<BundledSet[]> {
  const dir = resolve(resourcesDir)
  let sets = cache.get(dir)
  if (!sets) {
    sets = scan(join(dir, 'sets'))
    // A failed scan (say, a folder not yet unpacked) must not stay cached.
    sets.catch(() => cache.delete(dir))
    cache.set(dir, sets)
  }
  return sets
}

async function scan(setsDir: string): Promise<BundledSet[]> {
  const files = (await readdir(setsDir)).filter((f) => f.endsWith('.json')).sort()
  const sets: BundledSet[] = []
  for (const file of files) {
    // One set at a time, giving way in between: the scan runs while the host serves the window.
    await new Promise((resolve) => setImmediate(resolve))
    const path = join(setsDir, file)
    const set = parsePieceSet(await readFile(path, 'utf8'), file)
    const area = totalPieceArea(
      set.pieces.map((p) => ({ name: p.name, shape: p.shape, count: p.count })),
    )
    sets.push({
      id: file.slice(0, -'.json'.length),
      name: set.name,
      description: set.description,
      pieces: set.pieces.reduce((n, p) => n + p.count, 0),
      area,
      outlines: convexOutlines(area).length,
      path,
    })
  }
  return sets
}
