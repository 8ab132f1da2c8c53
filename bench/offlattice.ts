import { OffLatticeSearch } from '../shared/offlattice/search'
import { seededRandom } from '../shared/random'
import { growFigure, TANS } from '../testing/offlattice-figures'
import { check, median, type Result } from './measure'

/**
 * Issue 25: 1,000 figures grown at random from the seven tans with pieces at 45°
 * (testing/offlattice-figures.ts, seeds 1 … 1000), each counted completely by the exact search
 * off the lattice (every fixed tiling), one process; the figures are grown before the clock
 * starts, the search's set-up is timed with it.
 */
export function offLatticeBench(): Result {
  const all = [...TANS.keys()]
  const figures = Array.from({ length: 1000 }, (_, i) => growFigure(all, seededRandom(i + 1)))
  const times: number[] = []
  for (const f of figures) {
    const t0 = performance.now()
    const r = new OffLatticeSearch(f.parts, f.pieces).run()
    times.push(performance.now() - t0)
    // The pieces as laid are a tiling: a count of none would be wrong.
    check('grown tangram figure', r.fixed > 0, true)
  }
  return {
    name: 'tangram: 1,000 random figures with pieces at 45°, every fixed tiling counted',
    target: 'median ≤ 10 ms per figure',
    medianMs: median(times),
    runs: times.length,
    detail: `one process, exact search off the lattice; total ${(times.reduce((a, b) => a + b, 0) / 1000).toFixed(1)} s`,
  }
}
