import { OffLatticeSearch, type OffPiece } from '../../../shared/offlattice/search'
import { partFromText, pieceFromText, resultToText } from '../../../shared/offlattice/wire'
import type { OffLatticeSetup } from '../protocol'
import type { WorkerKind } from './kind'

interface State {
  readonly setup: OffLatticeSetup
  readonly pieces: readonly OffPiece[]
}

/** Figures off the lattice: each figure of a batch searched whole, in turn. */
const offlattice: WorkerKind<'offlattice', State> = {
  prepare: (setup) => ({ setup, pieces: setup.pieces.map(pieceFromText) }),
  run: ({ setup, pieces }, { figures }, hooks) =>
    figures.map((f, i) => {
      hooks.progress(i / figures.length)
      const t0 = performance.now()
      const search = new OffLatticeSearch(f.parts.map(partFromText), pieces, f.name)
      const result = search.run({ firstOnly: setup.firstOnly, list: setup.list })
      return resultToText(result, Math.round(performance.now() - t0))
    }),
}
export default offlattice
