import { checkWholeCounts } from '../../../shared/pieces/solvable'
import { plural } from '../../../shared/plural'
import { formatRoot2, toNumber } from '../../../shared/exact/root2'
import type { XPoint } from '../../../shared/exact/geometry'
import { searchCoverage } from '../../../shared/pentagons/pentagons'
import { runPentagons, type PentagonsRunProgress } from '../../services/pentagons-run'
import { loadSolvableSet } from '../inputs'
import { statusBar } from '../progress'
import { withBar, withRunPlace } from '../run'
import { table } from '../table'

export interface PentagonsOptions {
  json?: boolean
  progress?: boolean
  jobs?: string
  queue?: string
}

const exact = ([x, y]: XPoint) => [formatRoot2(x), formatRoot2(y)]
// Lengths as numbers for scripts: the exact values are in the corners.
const length = (v: Parameters<typeof toNumber>[0]) => Math.round(toNumber(v) * 1e9) / 1e9

/**
 * `pentagons SET`: every pentagon the set makes (TANGRAM-5), snug and not, with a dissection
 * each and the tilings of the lattice ones. Its steps run on the task farm (worker processes
 * here, or the queue's machines), so Ctrl-C stops it at once.
 */
export async function pentagonsCommand(
  setArg: string,
  o: PentagonsOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  const { set } = loadSolvableSet(setArg)
  checkWholeCounts(set, 'pentagons')
  const t0 = Date.now()
  const bar = statusBar(
    o.progress !== false,
    '{bar} phase {phase}/4: {what} {done}/{total}',
    (p: PentagonsRunProgress) => ({
      fraction: p.fraction,
      elapsedMs: Date.now() - t0,
      fields: {
        phase: String(p.phase),
        what: p.what,
        done: String(p.done),
        total: String(p.total),
      },
    }),
  )
  const result = await withRunPlace(o, ({ transport }) =>
    withBar(bar, (hooks) =>
      runPentagons({ pieces: set.pieces, wire: set.wire, transport, signal, ...hooks }),
    ),
  )
  if (!result) {
    process.stderr.write('interrupted: no pentagons listed\n')
    return 130
  }
  const { pentagons } = result
  const snug = pentagons.filter((p) => p.snug).length
  if (o.json) {
    write(
      JSON.stringify({
        pentagons: pentagons.map((p) => ({
          corners: p.corners.map(exact),
          sides: p.sides.map(length),
          angles: p.angles,
          snug: p.snug,
          convex: p.convex,
          ...(p.tilings
            ? { tilings: p.tilings.fixed, tilingsUpToSymmetry: p.tilings.classes }
            : {}),
          dissection: p.dissection.map((d) => ({ piece: d.piece, corners: d.corners.map(exact) })),
        })),
        snug,
        nonSnug: pentagons.length - snug,
        total: pentagons.length,
        search: {
          latticeCandidates: result.latticeCandidates,
          groups: result.groups,
          joins: result.joins,
          covers: searchCoverage(set.pieces, result),
        },
      }),
    )
    return 0
  }
  const rows = pentagons.map((p, i) => [
    i + 1,
    p.snug ? 'yes' : 'no',
    p.convex ? 'yes' : 'no',
    p.sides.map((s) => formatRoot2(s, true)).join(', '),
    p.angles.join(' '),
    p.tilings ? `${p.tilings.fixed} (${p.tilings.classes} up to symmetry)` : '–',
  ])
  const convex = pentagons.filter((p) => p.convex).length
  write(
    `${plural(pentagons.length, 'pentagon')} of ${set.name}: ${snug} snug, ${pentagons.length - snug} non-snug; ${convex} convex, ${pentagons.length - convex} not.\n` +
      'Sides from corner 0 counter-clockwise (the small triangle’s leg = 1), interior angles in degrees; tilings of the fixed figure, identical pieces not told apart.\n\n' +
      table(['#', 'snug', 'convex', 'sides', 'angles', 'tilings'], rows) +
      `\n\n${searchCoverage(set.pieces, result)}`,
  )
  return 0
}
