/**
 * Solver worker process: `child_process.fork` of this file under Node, Electron's
 * `utilityProcess` in the app. It runs search parts of one tiling run and streams what it finds.
 * The loop yields to the event loop between steps so that messages go out while it searches.
 */
import { pieceSetFromJson } from '../../shared/formats/load'
import type { Point } from '../../shared/lattice/polygon'
import { buildTilingProblem, type PieceKind, type TilingProblem } from '../../shared/tiling/problem'
import { runPart } from '../../shared/tiling/jobs'
import { planSearch, type SearchSetup, type SymmetryMode } from '../../shared/tiling/search'
import { PUBLISHED, reproduce } from '../../shared/papers/registry'
import { traceToFirstTiling } from '../../shared/tiling/trace'
import { parentChannel } from './parent-channel'
import type { FromWorker, ToWorker, WorkerTask } from './protocol'

interface Run {
  pieces: PieceKind[]
  figures: readonly (readonly Point[])[]
  mode: SymmetryMode
  list: boolean
  prepared: Map<number, { problem: TilingProblem; setup: SearchSetup }>
}

let run: Run | undefined
const queue: Extract<ToWorker, { type: 'part' }>[] = []
let busy = false

const parent = parentChannel<ToWorker, FromWorker>()
const send = (message: FromWorker) => parent.send(message)

const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve))

async function work(): Promise<void> {
  if (busy) return
  busy = true
  while (queue.length > 0 && run) {
    const { part, figure, prefix } = queue.shift()!
    try {
      let prepared = run.prepared.get(figure)
      if (!prepared) {
        const problem = buildTilingProblem(run.figures[figure], run.pieces)
        prepared = { problem, setup: planSearch(problem, run.mode) }
        run.prepared.set(figure, prepared)
      }
      const list = run.list
      const outcome = await runPart(
        prepared.problem,
        run.mode,
        { prefix },
        {
          setup: prepared.setup,
          onSolution: (s) => {
            if (list) send({ type: 'solution', part, pieces: s.pieces, classSize: s.classSize })
          },
          onProgress: (p) => {
            send({ type: 'progress', part, ...p })
            return yieldToEvents()
          },
        },
      )
      send({ type: 'done', part, counts: outcome.counts, stats: outcome.stats })
    } catch (e) {
      send({ type: 'error', part, message: (e as Error).message })
    }
  }
  busy = false
}

parent.onMessage((message) => {
  if (message.type === 'run') {
    const set = pieceSetFromJson(message.set, 'piece set')
    run = {
      pieces: set.pieces.map((p) => ({ name: p.name, shape: p.shape, count: p.count })),
      figures: message.figures,
      mode: message.mode,
      list: message.list,
      prepared: new Map(),
    }
    send({ type: 'ready' })
  } else if (message.type === 'part') {
    queue.push(message)
    void work()
  } else if (message.type === 'task') {
    try {
      send({ type: 'task-done', task: message.task, result: runTask(message.job) })
    } catch (e) {
      send({ type: 'task-error', task: message.task, message: (e as Error).message })
    }
  }
})

function runTask(job: WorkerTask): unknown {
  if (job.kind === 'trace') {
    const set = pieceSetFromJson(job.set, 'piece set')
    const pieces = set.pieces.map((p) => ({ name: p.name, shape: p.shape, count: p.count }))
    return traceToFirstTiling(buildTilingProblem(job.figure, pieces), job.mode, job.maxSteps)
  }
  const entry = PUBLISHED.find((e) => e.id === job.id)
  if (!entry) throw new Error(`no published number "${job.id}"`)
  const r = reproduce(entry)
  return { computed: r.computed, matches: r.matches, ms: r.ms, error: r.error }
}
