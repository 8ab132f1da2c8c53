import { outlineCases } from '../../../shared/convex/convex'
import type { Candidates } from '../../../shared/design/candidates'
import { DesignTally, outlineOrder } from '../../../shared/design/explore'
import { designTasks, type DesignTask } from '../../../shared/design/multisets'
import { candidatesFromWire, runUnit, type CandidateWire } from '../../../shared/design/unit'
import type { ExploreSetup } from '../protocol'
import type { WorkerKind } from './kind'

interface State {
  readonly setup: ExploreSetup
  readonly candidates: Candidates
  readonly order: readonly number[]
  readonly tasks: readonly DesignTask[]
  /** The best sets this process found in the job: a bound of its own between the host's. */
  readonly local: DesignTally
}

/** A unit of the set explorer: one task's sets at one level, searched to the end. */
const explore: WorkerKind<'explore', State> = {
  prepare: (setup) => {
    const candidates = candidatesFromWire(
      outlineCases(setup.area),
      setup.maxPieceArea,
      JSON.parse(setup.candidates) as CandidateWire[],
    )
    return {
      setup,
      candidates,
      order: outlineOrder(candidates),
      tasks: designTasks(candidates, setup.area, setup.pieces),
      local: new DesignTally(setup.top),
    }
  },
  run: ({ setup, candidates, order, tasks, local }, input) => {
    const unit = runUnit(candidates, order, tasks, input, local, setup.from)
    for (;;) {
      const step = unit.next()
      if (step.done) return step.value
    }
  },
}
export default explore
