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
