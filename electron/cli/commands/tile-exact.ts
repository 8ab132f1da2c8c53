import { basename } from 'node:path'
import { fromLattice, type XPoint } from '../../../shared/exact/geometry'
import { formatRoot2, isInteger, type Root2 } from '../../../shared/exact/root2'
import { exactFigureFromJson } from '../../../shared/formats/exact-figure'
import { InputError } from '../../../shared/errors'
import { OffLatticeSearch } from '../../../shared/offlattice/search'
import { plural } from '../../../shared/plural'
import { hasRanges } from '../../../shared/tiling/problem'
import { conventionText } from '../../../shared/tiling/output'
import { readInput } from '../inputs'
import type { SolvableSet } from '../../../shared/pieces/solvable'

/** A coordinate in the figure-file notation: a number when whole, else text like "1/2-3√2/4". */
const written = (x: Root2) => (isInteger(x) ? Number(x.a) : formatRoot2(x))
const writtenPoint = ([x, y]: XPoint) => [written(x), written(y)]

/**
 * `tile` for a figure with corners off the lattice: the exact search (shared/offlattice), in
 * this process. Returns the JSON object, or the text, for the figure.
 */
export function tileExactFigure(
  set: SolvableSet,
  path: string,
  opts: { count?: boolean; all?: boolean; raw?: boolean; json?: boolean },
): string {
  if (hasRanges(set.pieces))
    throw new InputError(
      `set "${set.name}": count ranges are not taken by the search off the lattice; give each piece one count`,
    )
  const figure = exactFigureFromJson(JSON.parse(readInput(path, 'figure')), basename(path))
  const pieces = set.pieces.map((p) => ({
    name: p.name,
    corners: fromLattice(p.polygon),
    count: p.count,
    flip: p.flip !== false,
  }))
  const firstOnly = !opts.count && !opts.all
  const mode = opts.raw ? 'raw' : 'reduce'
  const started = performance.now()
  const result = new OffLatticeSearch(
    [{ outline: figure.corners, holes: [] }],
    pieces,
    basename(path),
  ).run({ firstOnly, list: opts.count ? 'none' : opts.raw || firstOnly ? 'all' : 'classes' })
  const elapsedMs = Math.round(performance.now() - started)
  const tilings = result.tilings.map((t) =>
    t.map((p) => ({ piece: pieces[p.piece].name, polygon: p.corners.map(writtenPoint) })),
  )
  const solutions = firstOnly ? tilings.length : opts.raw ? result.fixed : result.classes
  if (opts.json)
    return JSON.stringify({
      set: set.name,
      figure: basename(path),
      convention: conventionText(mode),
      ...(firstOnly ? { buildable: tilings.length > 0 } : {}),
      solutions,
      ...(firstOnly ? {} : { fixed: result.fixed }),
      complete: true,
      stats: { tried: result.tried, placements: result.placements },
      ...(opts.count ? {} : { tilings }),
      elapsedMs,
    })
  const lines = [
    firstOnly
      ? tilings.length > 0
        ? `${figure.name} can be built from ${set.name}:`
        : `${figure.name} cannot be built from ${set.name}.`
      : `${figure.name} from ${set.name}: ${plural(solutions, 'tiling')} (${conventionText(mode)}); ${opts.raw ? `${result.classes.toLocaleString('en')} up to the figure's symmetries` : `${result.fixed.toLocaleString('en')} on the fixed figure`}.`,
  ]
  tilings.forEach((t, k) => {
    if (!firstOnly) lines.push('', `tiling ${k + 1}:`)
    for (const p of t)
      lines.push(`  ${p.piece}: ${p.polygon.map(([x, y]) => `(${x}, ${y})`).join(' ')}`)
  })
  lines.push(
    `${plural(result.tried, 'placement')} tried, ${result.placements.toLocaleString('en')} fitted, in ${(elapsedMs / 1000).toFixed(2)} s.`,
  )
  return lines.join('\n')
}
