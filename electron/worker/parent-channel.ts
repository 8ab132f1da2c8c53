import { Worker } from 'node:worker_threads'
import { PARENT_DEATH_SIGNAL } from './parent-death'

/**
 * A worker's channel to its parent: Electron's utilityProcess gives the child
 * `process.parentPort`, `child_process.fork` gives it `process.send` and 'message' events.
 */
interface ParentPort {
  postMessage(message: unknown): void
  on(event: 'message', listener: (e: { data: unknown }) => void): void
}

export interface ParentChannel<In, Out> {
  send(message: Out): void
  onMessage(listener: (message: In) => void): void
}

export function parentChannel<In, Out>(): ParentChannel<In, Out> {
  const port = (process as unknown as { parentPort?: ParentPort }).parentPort
  if (!port) {
    // Ctrl-C in a terminal reaches the whole process group: the parent decides when we stop.
    process.on('SIGINT', () => {})
    // A worker whose parent is gone has nobody to answer.
    process.on('disconnect', () => process.exit(0))
    if (process.env[PARENT_DEATH_SIGNAL] !== '1') watchParent()
  }
  return {
    send: (message) => (port ? port.postMessage(message) : process.send!(message)),
    onMessage: (listener) => {
      if (port) port.on('message', (e) => listener(e.data as In))
      else process.on('message', (m) => listener(m as In))
    },
  }
}

const parentPid = process.ppid

/** How often a forked worker's watcher looks for its parent. */
const WATCH_MS = 200

/**
 * Ends this forked worker within WATCH_MS once its parent is gone (killed with SIGKILL, say),
 * whatever it is computing: a task holds the event loop until it ends (a queens task of n = 20
 * half a minute, without a progress report), so the 'disconnect' event and exitIfOrphaned come
 * only after it, with nobody waiting for its answer. A thread of its own looks instead: its
 * parent's pid becomes another's (init's) once the parent is gone. Forked workers only (the CLI,
 * `worker --queue`): the app's are Electron's utility processes, whose lives Electron keeps; and
 * only where the kernel does not end them itself (farm/processes.ts: the parent-death signal).
 */
function watchParent(): void {
  const watcher = new Worker(
    `const { workerData: w } = require('node:worker_threads')
    setInterval(() => process.ppid !== w.parent && process.kill(process.pid, 'SIGKILL'), w.ms)`,
    { eval: true, execArgv: [], workerData: { parent: parentPid, ms: WATCH_MS } },
  )
  // It never keeps the worker running.
  watcher.unref()
}

/**
 * Ends this worker once its parent is gone (killed: this process is handed to another, init). The
 * 'disconnect' event says so only when the event loop turns, which a worker with tasks queued
 * does not do between them: it looks here before each task and with each progress report.
 */
export function exitIfOrphaned(): void {
  if (process.ppid !== parentPid) process.exit(0)
}

/**
 * A job's progress, sent at most every `ms`, the first report at once (also in a process younger
 * than `ms`, whose clock starts near 0: a short task there sent none). The job runs without returning to the event loop,
 * so it looks for its parent here: a parent that died leaves the worker to another (init), and
 * nobody waits for the result.
 */
export function progressSender<P>(send: (progress: P) => void, ms = 100): (progress: P) => void {
  let last = -Infinity
  return (progress) => {
    const now = performance.now()
    if (now - last < ms) return
    exitIfOrphaned()
    last = now
    send(progress)
  }
}
