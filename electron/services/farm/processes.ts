import { fork, type ChildProcess, type Serializable } from 'node:child_process'
import { existsSync } from 'node:fs'
import { PARENT_DEATH_SIGNAL } from '../../worker/parent-death'
import type { FromFarmWorker, ToFarmWorker } from '../../worker/protocol'

/** A worker process as the farm sees it: `child_process.fork` here, `utilityProcess` in the app. */
export interface WorkerProcess {
  readonly pid: number | undefined
  send(message: ToFarmWorker): void
  /** Returns a function that removes the listener (processes are reused across runs). */
  onMessage(listener: (message: FromFarmWorker) => void): () => void
  onExit(listener: (code: number | null, signal: string | null) => void): () => void
  kill(): void
}

export type LaunchWorker = () => WorkerProcess

/**
 * Where jobs get their processes and where they return them: processes kept running between jobs,
 * so that a job starts at once instead of waiting for process start-up (the app keeps `size` of
 * them warm; the command line, which runs one job, none). `take` hands out an idle process or
 * starts one; `give` takes back a healthy process after a job; a job kills a process instead
 * when it cancels or the process fails.
 */
export class WarmPool {
  private readonly idle: WorkerProcess[] = []
  private readonly all = new Set<WorkerProcess>()

  constructor(
    private readonly launch: LaunchWorker,
    private size: number,
  ) {
    this.refill()
  }

  take(): WorkerProcess {
    const w = this.idle.pop() ?? this.start()
    return w
  }

  give(w: WorkerProcess): void {
    if (this.all.has(w) && this.idle.length < this.size) this.idle.push(w)
    else this.drop(w)
  }

  /** Kills a process (a cancel, a failure); it no longer counts, though it may not have exited. */
  drop(w: WorkerProcess): void {
    this.all.delete(w)
    w.kill()
  }

  resize(size: number): void {
    this.size = size
    while (this.idle.length > size) this.drop(this.idle.pop()!)
    this.refill()
  }

  /** Keeps up to `size` processes that come back idle, starting none now. */
  keep(size: number): void {
    this.size = size
  }

  /**
   * Tops up the processes to `size`, busy and idle ones together (e.g. after a cancelled run
   * killed some): a job on every process does not keep as many more idle beside it.
   */
  refill(): void {
    while (this.all.size < this.size) this.idle.push(this.start())
  }

  pids(): number[] {
    return [...this.all].map((w) => w.pid).filter((p): p is number => p !== undefined)
  }

  close(): void {
    for (const w of this.all) w.kill()
    this.idle.length = 0
  }

  private start(): WorkerProcess {
    const w = this.launch()
    this.all.add(w)
    w.onExit(() => {
      this.all.delete(w)
      const i = this.idle.indexOf(w)
      if (i >= 0) this.idle.splice(i, 1)
    })
    return w
  }
}

/**
 * The forked workers still running. They end with this process however it ends (an exit on a
 * closed pipe, say): a worker deep in a long task would notice its parent gone only afterwards.
 */
const forked = new Set<ChildProcess>()
process.on('exit', () => {
  for (const child of forked) child.kill('SIGKILL')
})

/**
 * Linux's parent-death signal, which util-linux's `setpriv` sets before it runs Node: the kernel
 * kills a worker the moment its parent dies (killed with SIGKILL, say), whatever the worker is
 * computing, at no cost to it. Without it (another system, no setpriv) the worker watches for its
 * parent with a thread of its own (parent-channel.ts), 16 MiB a process.
 */
const SETPRIV =
  process.platform === 'linux'
    ? ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p))
    : undefined

/** Forks a worker entry under plain Node (TypeScript entries through tsx's loader). */
export function forkWorker(
  entry: string,
  execArgv: readonly string[] = [],
  cwd?: string,
  args: readonly string[] = [],
): WorkerProcess {
  const child = fork(entry, [...args], {
    ...(SETPRIV
      ? {
          execPath: SETPRIV,
          execArgv: ['--pdeathsig', 'KILL', process.execPath, ...execArgv],
          env: { ...process.env, [PARENT_DEATH_SIGNAL]: '1' },
        }
      : { execArgv: [...execArgv] }),
    cwd,
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  })
  forked.add(child)
  child.on('exit', () => forked.delete(child))
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)))
  return {
    pid: child.pid,
    send: (m) => {
      // A worker dying between the check and the write fails the write; its exit reports it.
      if (child.connected) child.send(m as Serializable, () => {})
    },
    onMessage: (l) => {
      const f = (m: unknown) => l(m as FromFarmWorker)
      child.on('message', f)
      return () => child.off('message', f)
    },
    onExit: (l) => {
      const f = (code: number | null, signal: NodeJS.Signals | null) =>
        l(code, signal ?? (stderr.includes('heap out of memory') ? 'out of memory' : null))
      child.on('exit', f)
      return () => child.off('exit', f)
    },
    kill: () => {
      child.kill('SIGKILL')
    },
  }
}
