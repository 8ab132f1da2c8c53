import { exactFigureOf } from '../../../shared/offlattice/figure'
import { OffLatticeSearch, type OffPiece } from '../../../shared/offlattice/search'
import {
  partFromText,
  partToText,
  pieceFromText,
  resultToText,
  type OffFigureText,
} from '../../../shared/offlattice/wire'
import { shownName } from '../../../shared/printable'
import type { OffLatticeSetup } from '../protocol'
import type { WorkerKind } from './kind'

interface State {
  readonly setup: OffLatticeSetup
  readonly pieces: readonly OffPiece[]
}

/** A figure's parts: read and checked as a figure file is (`read`), else taken as sent. */
const partsOf = (f: OffFigureText, { setup, pieces }: State) =>
  setup.read
    ? exactFigureOf({ name: f.name, polygons: f.parts }, `figure "${shownName(f.name)}"`, pieces)
        .parts
    : f.parts.map(partFromText)

/** Figures off the lattice: each figure of a batch searched whole, in turn. */
const offlattice: WorkerKind<'offlattice', State> = {
  prepare: (setup) => ({ setup, pieces: setup.pieces.map(pieceFromText) }),
  run: (state, { figures }, hooks) =>
    figures.map((f, i) => {
      hooks.progress(i / figures.length)
      const parts = partsOf(f, state)
      const t0 = performance.now()
      const search = new OffLatticeSearch(parts, state.pieces, f.name)
      const result = search.run({ firstOnly: state.setup.firstOnly, list: state.setup.list })
      const text = resultToText(result, Math.round(performance.now() - t0))
      return state.setup.read ? { ...text, parts: parts.map(partToText) } : text
    }),
}
export default offlattice
