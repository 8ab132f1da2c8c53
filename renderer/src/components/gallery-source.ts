import type { JobFigureView } from '../../../shared/api/job-view'
import { drawDissection } from '../../../shared/drawing/dissection'
import { drawSolution, type SolutionDrawing } from '../../../shared/drawing/solution'
import type { ExactSheetFigure } from '../../../shared/offlattice/sheet'
import { plural } from '../../../shared/plural'
import { headlineCount, type SymmetryMode } from '../../../shared/tiling/search'
import type { Job } from '../stores/solver'

/**
 * What the gallery shows, from either of its sources: the solver's job (tilings on the lattice)
 * or a run of kind `exact` (tilings with exact corners, issue 25). Both are drawn through the one
 * drawing model (`drawSolution`, `drawDissection`), so the grid and the enlarged view need not
 * know which: exact corners become floats only in the drawing.
 */
export interface GalleryFigure {
  /** The same object for as long as the figure is: its frame is drawn once a thumbnail size. */
  readonly key: object
  readonly name: string
  /** What the section's heading says after the name, and whether it is greyed. */
  readonly note: string
  readonly grey: boolean
  /** The tilings listed so far, each an object that stays the same (thumbnails are kept by it). */
  readonly tilings: readonly object[]
  /** The figure alone. */
  frame(): SolutionDrawing
  /** Tiling k, its outline doubled `gap` lattice units outside. */
  draw(k: number, gap: number): SolutionDrawing
  /** How many pieces tiling k has. */
  pieces(k: number): number
  /** How many fixed tilings tiling k stands for (its turned and mirrored copies). */
  classSize(k: number): number
}

export interface GallerySource {
  /** The run shown: another one resets the scroll and the thumbnails. */
  readonly key: object
  readonly figures: readonly GalleryFigure[]
  /** Called once tilings of it are painted (the time to first tiling of a solve). */
  shown?(): void
}

const tilingWord = (mode: SymmetryMode) => (mode === 'raw' ? 'fixed tiling' : 'tiling')

/** A count's heading: "3 tilings (24 fixed), 2 shown". */
function countNote(n: number, fixed: number, shown: number, mode: SymmetryMode, stopped: boolean) {
  let note = `${stopped ? 'at least ' : ''}${plural(n, tilingWord(mode))}`
  if (mode === 'reduce') note += ` (${fixed} fixed)`
  if (shown < n) note += `, ${shown} shown`
  return note
}

function jobNote(job: Job, r: JobFigureView): { note: string; grey: boolean } {
  if (r.rejected) return { note: `no tiling: ${r.rejected}`, grey: true }
  const shown = r.tilings.length
  if (!r.counts) {
    if (shown > 0) return { note: `${plural(shown, tilingWord(job.mode))} so far…`, grey: false }
    const running = job.state === 'queued' || job.state === 'running'
    return { note: running ? 'not done yet' : 'not searched', grey: true }
  }
  const n = headlineCount(r.counts, job.mode)
  const stopped = r.complete === false
  if (n === 0) return { note: stopped ? 'no tiling found (stopped)' : 'no tiling', grey: true }
  return { note: countNote(n, r.counts.fixed, shown, job.mode, stopped), grey: false }
}

/** The solver's job: its tilings grouped by outline, drawn with its document's pieces. */
export function jobGallery(job: Job, shown: () => void): GallerySource {
  return {
    key: job,
    shown,
    figures: job.figures.map((r) => ({
      key: r.figure,
      name: r.figure.name,
      ...jobNote(job, r),
      tilings: r.tilings,
      frame: () => drawSolution(job.document, r.figure.polygon, []),
      draw: (k, gap) => drawSolution(job.document, r.figure.polygon, r.tilings[k].pieces, { gap }),
      pieces: (k) => r.tilings[k].pieces.length,
      classSize: (k) => r.tilings[k].classSize,
    })),
  }
}

/**
 * The figures of a run of kind `exact`, once searched (`exactFiguresOf`): each a section, its
 * tilings drawn from their exact corners by `drawDissection`. `key` is the run.
 */
export function exactGallery(
  key: object,
  figures: readonly ExactSheetFigure[],
  mode: SymmetryMode,
): GallerySource {
  return {
    key,
    figures: figures.map((f) => {
      const n = mode === 'raw' ? f.fixed : f.classes
      return {
        key: f,
        name: f.name,
        note: n === 0 ? 'no tiling' : countNote(n, f.fixed, f.tilings.length, mode, false),
        grey: n === 0,
        tilings: f.tilings,
        frame: () => drawDissection(f.region, []),
        draw: (k, gap) => drawDissection(f.region, f.tilings[k], { gap }),
        pieces: (k) => f.tilings[k].length,
        // The run does not send a class's size: the enlarged view says nothing of it.
        classSize: () => 1,
      }
    }),
  }
}
