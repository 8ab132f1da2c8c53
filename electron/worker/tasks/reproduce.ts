import { PUBLISHED, reproduce } from '../../../shared/papers/registry'
import { oneTask } from './kind'

/** A published number computed again. */
export default oneTask<'reproduce'>(({ id }) => {
  const entry = PUBLISHED.find((e) => e.id === id)
  if (!entry) throw new Error(`no published number "${id}"`)
  const r = reproduce(entry)
  return { computed: r.computed, matches: r.matches, ms: r.ms, error: r.error }
})
