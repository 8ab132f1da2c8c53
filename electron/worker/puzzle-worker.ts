/**
 * Puzzle worker process (`child_process.fork` of this file under Node): generates one
 * edge-matching puzzle with exactly one solution for `generate`, reporting the draws and search
 * nodes spent as it goes. A process of its own so that Ctrl-C stops a long search at once.
 */
import { InputError } from '../../shared/errors'
import type { Spent } from '../../shared/edgematch/draws'
import { generatePuzzle } from '../../shared/edgematch/generate'
import type { FromPuzzleWorker, ToPuzzleWorker } from './protocol'
import { parentChannel, progressSender } from './parent-channel'

const parent = parentChannel<ToPuzzleWorker, FromPuzzleWorker>()

parent.onMessage(({ request, budget }) => {
  try {
    const onProgress = progressSender((progress: Spent) =>
      parent.send({ type: 'progress', progress }),
    )
    const puzzle = generatePuzzle(request, onProgress, budget)
    parent.send({ type: 'done', puzzle })
  } catch (e) {
    parent.send({ type: 'error', message: (e as Error).message, input: e instanceof InputError })
  }
})
