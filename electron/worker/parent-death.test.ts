import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { queensTasks } from '../../shared/queens/split'
import { cpuSeconds, processRunning } from '../../testing/processes'

/**
 * A forked farm worker deep in a task that reports nothing ends as soon as its parent is killed:
 * by the kernel's parent-death signal where `forkWorker` sets it (Linux, setpriv), else by the
 * worker's own watcher thread. The parent here is a small script that forks one worker (through
 * `forkWorker`, or plainly, as on a system without the signal), gives it the heaviest task of
 * queens n = 21 (a minute or more) and prints the worker's pid.
 */
const ROOT = join(import.meta.dirname, '..', '..')
const WORKER = join(ROOT, 'out', 'main', 'farm-worker.js')
const PROCESSES = join(ROOT, 'electron', 'services', 'farm', 'processes.ts')
const task = queensTasks(21).sort((a, b) => b.weight - a.weight)[0]

const parents: number[] = []
afterEach(() => {
  for (const pid of parents.splice(0)) if (processRunning(pid)) process.kill(pid, 'SIGKILL')
})

async function busyWorker(how: 'forkWorker' | 'fork'): Promise<{ parent: number; worker: number }> {
  const start =
    how === 'forkWorker'
      ? `const { forkWorker } = await import(${JSON.stringify(PROCESSES)})
         const w = forkWorker(${JSON.stringify(WORKER)}, ['--no-use-osr'])`
      : `const { fork } = await import('node:child_process')
         const w = fork(${JSON.stringify(WORKER)}, [], { execArgv: ['--no-use-osr'], stdio: 'ignore', serialization: 'advanced' })`
  const script = `${start}
    w.send({ type: 'job', job: 'j', kind: 'queens', setup: { n: 21 } })
    w.send({ type: 'task', job: 'j', task: 't', input: ${JSON.stringify(task)} })
    console.log(w.pid)
    setInterval(() => {}, 1000)`
  const parent = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  parents.push(parent.pid!)
  const worker = Number(
    await new Promise<string>((r) => parent.stdout.once('data', (d) => r(`${d}`))),
  )
  parents.push(worker)
  // Well into the task, which holds its event loop.
  await expect.poll(() => cpuSeconds(worker), { timeout: 30_000 }).toBeGreaterThan(1)
  return { parent: parent.pid!, worker }
}

async function killedParent(how: 'forkWorker' | 'fork'): Promise<{ ms: number; threads: number }> {
  const { parent, worker } = await busyWorker(how)
  const threads = readdirSync(`/proc/${worker}/task`).length
  process.kill(parent, 'SIGKILL')
  const t0 = Date.now()
  await expect.poll(() => processRunning(worker), { timeout: 10_000, interval: 20 }).toBe(false)
  return { ms: Date.now() - t0, threads }
}

describe('a farm worker whose parent is killed mid-task', () => {
  it.runIf(process.platform === 'linux')(
    'ends at once by the parent-death signal, with no watcher thread of its own',
    async () => {
      const signalled = await killedParent('forkWorker')
      const watched = await killedParent('fork')
      // The watcher is one thread more.
      expect(watched.threads - signalled.threads).toBe(1)
      // The watcher looks five times a second; the kernel acts at once (a margin for load).
      expect(signalled.ms).toBeLessThan(2000)
    },
    60_000,
  )

  it('ends within a second by its own watcher where there is no signal', async () => {
    const { ms } = await killedParent('fork')
    expect(ms).toBeLessThan(3000)
  }, 60_000)
})
