import { describe, expect, it } from 'vitest'
import { processRunning } from '../../testing/processes'
import type { LaunchWorker } from './farm/processes'
import { runQueensCount } from './queens/count-run'
import { closeWorkersAhead, nodeWorkerLauncher, runWorkers, startWorkersAhead } from './node-worker'

/** A launcher that notes the pid of every process it starts. */
function counted(pids: number[]): LaunchWorker {
  const launch = nodeWorkerLauncher()
  return () => {
    const w = launch()
    pids.push(w.pid!)
    return w
  }
}

describe('worker processes started ahead of a run', () => {
  it('are the run’s: it starts none of its own', async () => {
    const pids: number[] = []
    startWorkersAhead(2, undefined, counted(pids))
    expect(pids).toHaveLength(2)
    const ahead = [...pids]
    const local = runWorkers(2, counted(pids))
    try {
      const r = await runQueensCount({ n: 10, transport: local.transport })
      expect(r).toMatchObject({ total: 724n, unique: 92n, complete: true })
    } finally {
      local.close()
    }
    expect(pids).toEqual(ahead)
    await expect.poll(() => ahead.filter(processRunning)).toEqual([])
  })

  it('end when no run takes them, and the next run starts its own', async () => {
    const pids: number[] = []
    startWorkersAhead(2, undefined, counted(pids))
    const ahead = [...pids]
    closeWorkersAhead()
    await expect.poll(() => ahead.filter(processRunning)).toEqual([])
    const local = runWorkers(1, counted(pids))
    try {
      await runQueensCount({ n: 8, transport: local.transport })
    } finally {
      local.close()
    }
    expect(pids).toHaveLength(3)
  })
})
