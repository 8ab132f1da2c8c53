import { describe, expect, it } from 'vitest'
import type { Spent } from '../../shared/edgematch/draws'
import { InputError } from '../../shared/errors'
import type { FromPuzzleWorker, ToPuzzleWorker } from '../worker/protocol'
import { nodeWorkerLauncher } from './node-worker'
import { runWorkerJob } from './worker-job'

const launch = nodeWorkerLauncher<ToPuzzleWorker, FromPuzzleWorker>('puzzle-worker')
const job = (request: ToPuzzleWorker['request'], nodes: number, onProgress?: (s: Spent) => void) =>
  runWorkerJob({
    launch,
    request: { type: 'generate', request, budget: { draws: 200, nodes } },
    name: 'the puzzle worker',
    onProgress,
  })

describe('a job in a worker process: the puzzle generator', () => {
  it('answers with the puzzle, its draws and search nodes', async () => {
    const done = await job({ kind: 'cards', rows: 3, cols: 3, figures: 4, seed: 1 }, 1e6)
    expect(done?.puzzle).toMatchObject({ kind: 'cards', title: 'Cards 3 × 3, 4 figures (seed 1)' })
    expect(done!.puzzle.nodes).toBeGreaterThan(0)
  })

  it('passes progress on while it searches, and a refusal as an InputError', async () => {
    const seen: Spent[] = []
    const triangle = { kind: 'triangle', rows: 8, cols: 8, figures: 1, seed: 1 } as const
    const failed = job(triangle, 5e6, (s) => seen.push(s))
    await expect(failed).rejects.toThrow(InputError)
    await expect(failed).rejects.toThrow('within 5,000,000 search nodes')
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.at(-1)!.nodes).toBeGreaterThan(0)
  })
})
