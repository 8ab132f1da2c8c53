/**
 * The speed-up this machine allows two processes that never wait for each other: the reference
 * for the scaling rows, measured in the same run. On a 2-core VM it wanders as the host's other
 * guests come and go, and a ratio of the task farm's that falls with it is the machine's, not the
 * farm's. Two warm child processes each count the 15-queens in one thread on a signal (no tasks
 * handed out, no messages while they count): one alone, then both at once.
 */
import { fork, type ChildProcess } from 'node:child_process'
import { countQueens } from '../shared/queens/count'

const CHILD = 'core-limit-child'

/** About 0.4 s of counting, as long as a run of queens n = 16 on two workers. */
function work(): void {
  for (let i = 0; i < 3; i++) countQueens(15)
}

if (process.argv[2] === CHILD) {
  work()
  process.on('message', () => {
    const t0 = performance.now()
    work()
    process.send!(performance.now() - t0)
  })
  process.send!('ready')
}

export class CoreLimit {
  private constructor(private readonly children: readonly ChildProcess[]) {}

  /** Two children, started and warm (tsx and the flags of this process are passed on). */
  static async start(): Promise<CoreLimit> {
    const children = [0, 1].map(() => fork(import.meta.filename, [CHILD]))
    await Promise.all(children.map((c) => new Promise((ok) => c.once('message', ok))))
    return new CoreLimit(children)
  }

  /** One count alone, in ms. */
  alone(): Promise<number> {
    return this.count(this.children.slice(0, 1))
  }

  /** A count on each child at once, in ms: the slower one's. */
  both(): Promise<number> {
    return this.count(this.children)
  }

  private async count(children: readonly ChildProcess[]): Promise<number> {
    const times = children.map(
      (c) => new Promise<number>((ok) => c.once('message', (ms) => ok(ms as number))),
    )
    for (const c of children) c.send('go')
    return Math.max(...(await Promise.all(times)))
  }

  close(): void {
    for (const c of this.children) c.kill()
  }
}
