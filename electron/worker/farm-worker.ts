/**
 * The farm's worker process: `child_process.fork` of this file under Node, Electron's
 * `utilityProcess` in the app. It runs the tasks of any kind of job (tasks/*), one after the
 * other in the order they came, and stays for the next job. A kind's code loads when its first
 * job comes, so the process starts quickly whatever it will run.
 */
import nodeModule from 'node:module'
import { InputError } from '../../shared/errors'
import { exitIfOrphaned, parentChannel, progressSender } from './parent-channel'
import type { FromFarmWorker, KindName, ToFarmWorker } from './protocol'
import type { WorkerKind } from './tasks/kind'

/** Node 22's (the types here are Node 20's); absent where a runtime has none. */
const { flushCompileCache } = nodeModule as { flushCompileCache?: () => void }

/**
 * A kind's module, its state hidden: only its own `run` sees what its `prepare` made. Once it is
 * loaded, Node's compile cache (when the parent enabled it: scripts/cli.mjs) is written: a worker
 * is killed at the end, so it would never write it at its exit.
 */
const kind = <K extends KindName, S>(m: Promise<{ default: WorkerKind<K, S> }>) =>
  m.then((loaded) => {
    flushCompileCache?.()
    return loaded
  }) as Promise<{ default: WorkerKind<K, unknown> }>

const kinds: { readonly [K in KindName]: () => Promise<{ default: WorkerKind<K, unknown> }> } = {
  tilings: () => kind(import('./tasks/tilings')),
  queens: () => kind(import('./tasks/queens')),
  tait: () => kind(import('./tasks/tait')),
  puzzle: () => kind(import('./tasks/puzzle')),
  match: () => kind(import('./tasks/match')),
  trace: () => kind(import('./tasks/trace')),
  reproduce: () => kind(import('./tasks/reproduce')),
  candidates: () => kind(import('./tasks/candidates')),
  explore: () => kind(import('./tasks/explore')),
  compare: () => kind(import('./tasks/compare')),
  pentagons: () => kind(import('./tasks/pentagons')),
  silhouettes: () => kind(import('./tasks/silhouettes')),
  offlattice: () => kind(import('./tasks/offlattice')),
}

/**
 * A kind named on the command line (`farm-worker.js pentagons`: the command line knows the kind
 * of the run it starts this process for) loads now, while the parent still reads its input, not
 * when the job comes.
 */
const ahead = process.argv[2]
if (ahead !== undefined && Object.hasOwn(kinds, ahead))
  void kinds[ahead as KindName]().catch(() => {})

interface Job {
  readonly kind: WorkerKind<KindName, unknown>
  readonly state: unknown
}

const parent = parentChannel<ToFarmWorker, FromFarmWorker>()
/** Each job as it is prepared (its setup may be refused: then each of its tasks says why). */
const jobs = new Map<string, Promise<Job>>()
const queue: Extract<ToFarmWorker, { type: 'task' }>[] = []
let busy = false

async function work(): Promise<void> {
  if (busy) return
  busy = true
  while (queue.length > 0) {
    exitIfOrphaned()
    const { job, task, input } = queue.shift()!
    try {
      const prepared = jobs.get(job)
      if (!prepared) throw new Error(`a task of job ${job}, which this worker was not given`)
      const { kind, state } = await prepared
      const progress = progressSender((p: { fraction: number; detail?: unknown }) =>
        parent.send({ type: 'progress', job, task, ...p }),
      )
      const result = await kind.run(state, input as never, {
        progress: (fraction, detail) => progress({ fraction, detail }),
        item: (item) => parent.send({ type: 'item', job, task, item }),
      })
      parent.send({ type: 'done', job, task, result })
    } catch (e) {
      parent.send({
        type: 'error',
        job,
        task,
        message: (e as Error).message,
        input: e instanceof InputError,
      })
    }
  }
  busy = false
}

parent.onMessage((m) => {
  if (m.type === 'job') {
    const load = kinds[m.kind] as () => Promise<{ default: WorkerKind<KindName, unknown> }>
    jobs.set(
      m.job,
      load().then((loaded) => ({
        kind: loaded.default,
        state: loaded.default.prepare(m.setup as never),
      })),
    )
    // A refused setup is reported by the job's tasks.
    jobs.get(m.job)!.catch(() => {})
  } else if (m.type === 'forget') jobs.delete(m.job)
  else {
    queue.push(m)
    void work()
  }
})
