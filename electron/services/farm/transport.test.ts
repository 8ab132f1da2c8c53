import { afterEach, describe, expect, it, vi } from 'vitest'
import type { KindName, ToFarmWorker } from '../../worker/protocol'
import { runFarm, type FarmTask } from './farm'
import { WarmPool, type WorkerProcess } from './processes'
import { LocalWorkers, NARROW_START_MS } from './transport'

/** Processes in memory that take tasks and never answer: what a run hands out is what they hold. */
function heldWorkers(): { launch: () => WorkerProcess; held: string[][] } {
  const held: string[][] = []
  const launch = (): WorkerProcess => {
    const tasks: string[] = []
    held.push(tasks)
    return {
      pid: undefined,
      send: (m: ToFarmWorker) => void (m.type === 'task' && tasks.push(m.task)),
      onMessage: () => () => {},
      onExit: () => () => {},
      kill: () => {},
    }
  }
  return { launch, held }
}

const tasks = (n: number): FarmTask<never>[] =>
  Array.from({ length: n }, (_, i) => ({ id: `t${i}`, input: undefined as never, weight: 1 }))

/** A run of `kind` on two such processes, stopped once `look` has seen what they hold. */
async function heldRun(kind: KindName, look: (held: string[][]) => Promise<void>): Promise<void> {
  const { launch, held } = heldWorkers()
  const stop = new AbortController()
  const run = runFarm(
    { kind, setup: undefined as never, tasks: tasks(20) },
    { transport: new LocalWorkers(new WarmPool(launch, 0), 2), signal: stop.signal },
  )
  await look(held)
  stop.abort()
  expect((await run).cancelled).toBe(true)
}

describe('the local processes a run takes', () => {
  afterEach(() => void vi.useRealTimers())

  it('are all taken at once for a kind with one small hot loop', async () => {
    await heldRun('queens', async (held) => {
      // Three tasks in hand on each of the two.
      await expect.poll(() => held.map((h) => h.length)).toEqual([3, 3])
    })
  })

  it('are one for the first moments of a kind that compiles much, then all', async () => {
    vi.useFakeTimers()
    const narrow = NARROW_START_MS.pentagons!
    expect(narrow).toBeGreaterThan(0)
    await heldRun('pentagons', async (held) => {
      await vi.advanceTimersByTimeAsync(narrow - 1)
      expect(held.map((h) => h.length)).toEqual([3])
      // The session widens: the farm hands out to a second process at once, no task having ended.
      await vi.advanceTimersByTimeAsync(1)
      expect(held.map((h) => h.length)).toEqual([3, 3])
    })
  })
})
