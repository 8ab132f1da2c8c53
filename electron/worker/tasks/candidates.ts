import { growCandidates } from '../../../shared/design/candidates'
import { candidatesToWire } from '../../../shared/design/unit'
import { oneTask } from './kind'

/** The set explorer's candidate pieces, grown here so that the host never holds its thread. */
export default oneTask<'candidates'>(({ area, maxPieceArea, from }, hooks) => {
  const growth = growCandidates(area, maxPieceArea, from && { polygon: from })
  for (let step = growth.next(); ; step = growth.next()) {
    if (step.done) return JSON.stringify(candidatesToWire(step.value))
    hooks.progress(step.value.total > 0 ? step.value.done / step.value.total : 0, step.value)
  }
})
