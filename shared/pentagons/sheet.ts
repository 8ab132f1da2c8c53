import { InputError } from '../errors'
import { drawDissection } from '../drawing/dissection'
import type { ExportSettings } from '../drawing/export-settings'
import { layoutContent, type Sheet, type SheetContent, type SheetGroup } from '../drawing/sheet'
import type { DrawOptions, SolutionDrawing } from '../drawing/solution'
import type { NumberedPentagon } from './wire'
import { plural } from '../plural'

/**
 * Pentagons drawn and printed: each one with its dissection, in the colours of the set's pieces,
 * through the drawing model every output shares (the view's drawings, SVG, PDF, HPGL).
 */
export interface PentagonSet {
  readonly name: string
  /** The set's pieces as the search had them (congruent pieces merged), with their colours. */
  readonly pieces: readonly {
    readonly name: string
    readonly count: number
    readonly color: string
  }[]
}

const UNKNOWN_COLOR = '#9aa3b2'

export function pentagonDrawing(
  set: PentagonSet,
  p: Pick<NumberedPentagon, 'corners' | 'dissection'>,
  opts: DrawOptions = {},
): SolutionDrawing {
  return drawDissection(
    p.corners,
    p.dissection.map((part) => {
      const piece = set.pieces.findIndex((q) => q.name === part.piece)
      return {
        piece,
        name: part.piece,
        color: set.pieces[piece]?.color ?? UNKNOWN_COLOR,
        corners: part.corners,
      }
    }),
    opts,
  )
}

/** "53 pentagons = 22 snug + 31 non-snug; 2 convex". */
export function pentagonSummary(
  pentagons: readonly Pick<NumberedPentagon, 'snug' | 'convex'>[],
): string {
  const snug = pentagons.filter((p) => p.snug).length
  const convex = pentagons.filter((p) => p.convex).length
  const n = pentagons.length
  return `${plural(n, 'pentagon')} = ${snug} snug + ${n - snug} non-snug; ${convex} convex`
}

export function pentagonSheetContent(
  set: PentagonSet,
  pentagons: readonly NumberedPentagon[],
): SheetContent {
  const group = (heading: string, list: readonly NumberedPentagon[]): SheetGroup => ({
    heading: `${heading} — ${list.length}`,
    entries: list.map((p) => ({
      caption: String(p.number),
      draw: (gap) => pentagonDrawing(set, p, { gap }),
      frame: (gap) => drawDissection(p.corners, [], { gap }).bounds,
    })),
  })
  return {
    title: `${set.name} — pentagons`,
    subtitle: `${pentagonSummary(pentagons)}, each with a dissection into the set’s pieces`,
    groups: [
      group(
        'Snug (all pieces on one lattice)',
        pentagons.filter((p) => p.snug),
      ),
      group(
        'Non-snug (pieces on two lattices turned by 45°)',
        pentagons.filter((p) => !p.snug),
      ),
    ],
    pieces: set.pieces,
  }
}

/** The sheet to export or plot: pages of the paper, or one continuous page for SVG. */
export function pentagonSheet(
  set: PentagonSet,
  pentagons: readonly NumberedPentagon[],
  s: ExportSettings,
): Sheet {
  if (s.format === 'txt')
    throw new InputError('Pentagons are exported as SVG, PDF or HPGL, not as line-printer text.')
  if (pentagons.length === 0) throw new InputError('There are no pentagons to export.')
  return layoutContent(pentagonSheetContent(set, pentagons), {
    ...s.sheet,
    continuous: s.format === 'svg',
  })
}
