import { InputError } from '../errors'
import { drawDissection, type ExactPart, type XRegion } from '../drawing/dissection'
import type { ExportSettings } from '../drawing/export-settings'
import { layoutContent, type Sheet, type SheetContent } from '../drawing/sheet'
import type { PentagonSet } from '../pentagons/sheet'
import { plural } from '../plural'
import type { SymmetryMode } from '../tiling/search'

/**
 * Tilings of figures with exact corners (issue 25) as a solution sheet: a group per figure, each
 * tiling drawn with `drawDissection` in the pieces' colours, the outline doubled, through the
 * drawing model every output shares (the view, SVG, PDF, HPGL).
 */
export interface ExactSheetFigure {
  readonly name: string
  readonly region: XRegion
  readonly classes: number
  readonly fixed: number
  /** The tilings listed, each as the parts to draw. */
  readonly tilings: readonly (readonly ExactPart[])[]
}

export function exactSheetContent(
  set: PentagonSet,
  figures: readonly ExactSheetFigure[],
  mode: SymmetryMode,
): SheetContent {
  return {
    title: set.name,
    subtitle:
      mode === 'raw'
        ? 'every tiling of the fixed figure, pieces turned by 45° and placed exactly'
        : 'tilings counted up to symmetry, pieces turned by 45° and placed exactly',
    groups: figures.map((f) => {
      const count = mode === 'raw' ? f.fixed : f.classes
      const shown = f.tilings.length < count ? `, ${f.tilings.length} shown` : ''
      return {
        heading: `${f.name} — ${plural(count, 'solution')}${shown}`,
        entries: f.tilings.map((t, i) => ({
          caption: String(i + 1),
          draw: (gap) => drawDissection(f.region, t, { gap }),
          frame: (gap) => drawDissection(f.region, [], { gap }).bounds,
        })),
      }
    }),
    pieces: set.pieces,
  }
}

/** The sheet to export or plot: pages of the paper, or one continuous page for SVG. */
export function exactSheet(
  set: PentagonSet,
  figures: readonly ExactSheetFigure[],
  mode: SymmetryMode,
  s: ExportSettings,
): Sheet {
  if (s.format === 'txt')
    throw new InputError(
      'Tilings off the lattice are exported as SVG, PDF or HPGL, not as line-printer text.',
    )
  if (figures.every((f) => f.tilings.length === 0))
    throw new InputError('There are no tilings to export.')
  return layoutContent(exactSheetContent(set, figures, mode), {
    ...s.sheet,
    continuous: s.format === 'svg',
  })
}
