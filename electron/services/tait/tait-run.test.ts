import { describe, expect, it } from 'vitest'
import { InputError } from '../../../shared/errors'
import type { TaitProgress } from '../../../shared/tait/count'
import { verifySequence } from '../../../shared/tait/verify'
import { nodeWorkerLauncher } from '../node-worker'
import type { FromTaitWorker, ToTaitWorker } from '../../worker/protocol'
import type { LaunchWorker, WorkerProcess } from '../solver-pool'
import { runTait } from './tait-run'

const launch = nodeWorkerLauncher<ToTaitWorker, FromTaitWorker>('tait-worker')

/** Whether a process is still there (signal 0 only asks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('a Tait count in a worker process', () => {
  it('counts, lists replayable sequences, and counts as the paper’s program does', async () => {
    const r = await runTait({ n: 8, empty: 2, list: 3, launch })
    expect(r).toMatchObject({ moves: 8, sequences: 16n, method: 'one-pair' })
    expect(r!.list).toHaveLength(3)
    for (const seq of r!.list!)
      expect(verifySequence(seq, { start: 'WBWBWBWBWBWBWBWB__', moves: 8 })).toEqual({ ok: true })
    const paper = await runTait({ n: 7, empty: 4, paper: true, launch })
    expect(paper).toMatchObject({ moves: 7, sequences: 4n, method: 'paper' })
  })

  it('reports progress, and stops at once, killing its process', async () => {
    const stop = new AbortController()
    const seen: TaitProgress[] = []
    let worker: WorkerProcess<ToTaitWorker, FromTaitWorker> | undefined
    const tracked: LaunchWorker<ToTaitWorker, FromTaitWorker> = () => (worker = launch())
    const r = await runTait({
      n: 21,
      empty: 2,
      launch: tracked,
      signal: stop.signal,
      onProgress: (p) => {
        seen.push(p)
        if (seen.length === 3) stop.abort()
      },
    })
    expect(r).toBe(null)
    // Passes for 20 moves (the lower bound) and then 21, layer by layer.
    expect(seen.every((p) => p.rows < p.of && p.move >= 1 && p.move <= p.moves)).toBe(true)
    expect(seen.every((p) => p.moves === 20 || p.moves === 21)).toBe(true)
    // Killed, not left to count for the minute n = 21 takes. (How fast: npm run bench.)
    await expect.poll(() => alive(worker!.pid!), { timeout: 10_000 }).toBe(false)
  })

  it('refuses bad input with an InputError, and reports a process that dies', async () => {
    await expect(runTait({ n: 40, empty: 2, launch })).rejects.toThrow(InputError)
    await expect(runTait({ n: 40, empty: 2, launch })).rejects.toThrow(/at most 64 cells/)
    const dying: LaunchWorker<ToTaitWorker, FromTaitWorker> = () => {
      const w = launch()
      w.onMessage(() => process.kill(w.pid!, 'SIGKILL'))
      return w
    }
    await expect(runTait({ n: 20, empty: 2, launch: dying })).rejects.toThrow(
      /the Tait worker stopped unexpectedly \(SIGKILL\)/,
    )
  })
})
