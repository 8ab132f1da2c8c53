import { countPass, planTait, taitPruner, type TaitPlan } from '../../../shared/tait/count'
import { listTait } from '../../../shared/tait/list'
import { paperPruner } from '../../../shared/tait/paper'
import type { Pruner } from '../../../shared/tait/prune'
import { checkTaitProblem } from '../../../shared/tait/count'
import { formatRow, startRow } from '../../../shared/tait/state'
import type { TaitSetup } from '../protocol'
import type { WorkerKind } from './kind'

interface State {
  readonly setup: TaitSetup
  readonly plan: TaitPlan
  /** Made once per job: with one pair of empty cells its memo serves every pass. */
  readonly pruner: Pruner
}

/**
 * A pass of a Tait count: the sequences of exactly `moves` moves (with the paper's bound, its one
 * pass of n moves). The pass that finds sequences lists them too, if asked.
 */
const tait: WorkerKind<'tait', State> = {
  prepare: (setup) => {
    checkTaitProblem(setup.n, setup.empty)
    const plan = planTait(startRow(setup.n, setup.empty))
    return { setup, plan, pruner: setup.paper ? paperPruner(setup.n) : taitPruner(plan) }
  },
  run: ({ setup, plan, pruner }, { moves }, hooks) => {
    const t0 = performance.now()
    const pass = countPass(plan.start, moves, pruner, (p) =>
      hooks.progress(p.of === 0 ? 0 : p.rows / p.of, p),
    )
    const listed =
      setup.list !== undefined && pass.total > 0n && !setup.paper
        ? listTait({ n: setup.n, empty: setup.empty }, setup.list, moves).sequences
        : undefined
    return {
      sequences: String(pass.total),
      layers: pass.layers,
      expanded: pass.expanded,
      peakBytes: pass.peakBytes,
      memo: pruner.memoSize,
      ms: performance.now() - t0,
      list: listed?.map((s) => s.map(formatRow)),
    }
  },
}
export default tait
