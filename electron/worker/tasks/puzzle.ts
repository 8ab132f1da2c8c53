import { generatePuzzle } from '../../../shared/edgematch/generate'
import { oneTask } from './kind'

/** An edge-matching puzzle with exactly one solution, drawn within its budget. */
export default oneTask<'puzzle'>(({ request, budget }, hooks) =>
  generatePuzzle(request, (spent) => hooks.progress(spent.nodes / budget.nodes, spent), budget),
)
