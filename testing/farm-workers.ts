import type { LaunchWorker, WorkerProcess } from '../electron/services/farm/processes'
import type { LocalWorkers } from '../electron/services/farm/transport'
import { nodeWorkerLauncher, nodeWorkers } from '../electron/services/node-worker'
import type { FromFarmWorker, ToFarmWorker } from '../electron/worker/protocol'

/** A moment in a worker's life at which a test may kill it. */
export interface WorkerMoment {
  /** The task it runs. */
  readonly task: string
  /** The process, by launch number from 0. */
  readonly worker: number
  /** Tasks it has started, this one included. */
  readonly started: number
  /**
   * Tasks started by every process of this launcher, this one included: under load one process
   * may start few tasks or none (the other takes them all), so a test that must see a kill picks
   * its moment by this count.
   */
  readonly overall: number
  /** Absent as the task starts; then as the task reports progress. */
  readonly fraction?: number
}

/**
 * Fresh farm worker processes (from the build) that a test can watch and kill from outside, as
 * the OOM killer or a user would: when `dies` says so, as a task starts or reports progress, its
 * process is killed with SIGKILL, and nothing it sent after that instant is heard. A worker runs
 * its tasks in the order they came, so the task that starts is the first one in hand when the
 * one before it ends.
 */
export function testWorkers(
  workers: number,
  dies?: (at: WorkerMoment) => boolean,
): { transport: LocalWorkers; launched: WorkerProcess[] } {
  const { launch, launched } = testLauncher(dies)
  return { transport: nodeWorkers(workers, launch), launched }
}

/** The launcher of `testWorkers`, for a pool of one's own (the app's `AppWorkers`). */
export function testLauncher(dies?: (at: WorkerMoment) => boolean): {
  launch: LaunchWorker
  launched: WorkerProcess[]
} {
  const base = nodeWorkerLauncher()
  const launched: WorkerProcess[] = []
  let overall = 0
  const launch = (): WorkerProcess => {
    const w = base()
    const worker = launched.push(w) - 1
    const inHand: string[] = []
    let started = 0
    let dead = false
    const check = (fraction?: number) => {
      if (dead || inHand.length === 0) return
      if (fraction === undefined) {
        started++
        overall++
      }
      if (!dies?.({ task: inHand[0], worker, started, overall, fraction })) return
      dead = true
      process.kill(w.pid!, 'SIGKILL')
    }
    // Messages go on only while the process lives: what it sent after the instant it was
    // killed (already in the pipe) is lost with it, as it would be had it died then.
    const listeners = new Set<(m: FromFarmWorker) => void>()
    w.onMessage((m) => {
      if (m.type === 'progress') check(m.fraction)
      else if (m.type === 'done' || m.type === 'error') {
        inHand.splice(inHand.indexOf(m.task), 1)
        if (dead) return
        for (const l of listeners) l(m)
        return check()
      }
      if (!dead) for (const l of listeners) l(m)
    })
    return {
      ...w,
      onMessage: (l) => {
        listeners.add(l)
        return () => listeners.delete(l)
      },
      send: (m: ToFarmWorker) => {
        w.send(m)
        if (m.type !== 'task') return
        inHand.push(m.task)
        if (inHand.length === 1) check()
      },
    }
  }
  return { launch, launched }
}
