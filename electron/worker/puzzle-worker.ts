/**
 * Puzzle worker process (`child_process.fork` of this file under Node): generates one
 * edge-matching puzzle with exactly one solution for `generate`, reporting the draws and search
 * nodes spent as it goes. A process of its own so that Ctrl-C stops a long search at once.
 */
import { InputError } from '../../shared/errors'
import type { Spent } from '../../shared/edgematch/draws'
import { generatePuzzle } from '../../shared/edgematch/generate'
import type { FromPuzzleWorker, ToPuzzleWorker } from './protocol'
import { parentChannel } from './parent-channel'

/** Progress goes out at most this often (ms). */
const PROGRESS_EVERY = 100

const parent = parentChannel<ToPuzzleWorker, FromPuzzleWorker>()
// The search runs without returning to the event loop, so it looks for its parent itself: a
// parent that died leaves the worker to another (init), and nobody waits for the puzzle.
const parentPid = process.ppid

parent.onMessage(({ request, budget }) => {
  let last = 0
  try {
    const onProgress = (progress: Spent) => {
      const now = performance.now()
      if (now - last < PROGRESS_EVERY) return
      if (process.ppid !== parentPid) process.exit(0)
      last = now
      parent.send({ type: 'progress', progress })
    }
    const puzzle = generatePuzzle(request, onProgress, budget)
    parent.send({ type: 'done', puzzle })
  } catch (e) {
    parent.send({ type: 'error', message: (e as Error).message, input: e instanceof InputError })
  }
})
