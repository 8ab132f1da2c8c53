import { partFromText } from '../offlattice/wire'
import type { ExactSheetFigure } from '../offlattice/sheet'
import { pointFromText } from '../pentagons/wire'
import type { ExactFigureDone, ExactPlan } from './run'

/**
 * The figures of a run of kind `exact` as its plan and items tell them, exact again: each
 * figure's region (as the worker read it), its counts and its tilings as parts to draw, each piece in its own name and
 * colour. Figures whose search has not ended are left out. The view draws these; the export
 * lays them out from the run's plan and items as kept.
 */
export function exactFiguresOf(
  plan: ExactPlan,
  items: readonly ExactFigureDone[],
): ExactSheetFigure[] {
  const pieces = plan.set.pieces
  return items.map((done) => ({
    name: plan.names[done.figure],
    region: done.parts.map(partFromText),
    classes: done.classes,
    fixed: done.fixed,
    tilings: done.tilings.map((t) =>
      t.map((p) => ({
        piece: p.piece,
        name: pieces[p.piece].name,
        color: pieces[p.piece].color,
        corners: p.corners.map(pointFromText),
      })),
    ),
  }))
}
