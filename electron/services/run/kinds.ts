import { join } from 'node:path'
import { paperTable } from '../../../shared/tait/tables'
import { checkTaitProblem } from '../../../shared/tait/count'
import { parseCards } from '../../../shared/edgematch/cards/format'
import { parseTrianglePuzzle } from '../../../shared/edgematch/triangle/parse'
import { BUDGETS, requestProblem, type PuzzleRequest } from '../../../shared/edgematch/generate'
import type { RunParams } from '../../../shared/api/run'
import { InputError } from '../../../shared/errors'
import { runOneTask } from '../farm/one-task'
import { runTait } from '../tait/tait-run'
import { runMatch } from './match-run'
import type { HostRunKind, HostRunKinds } from './run-kind'
import { SET_KINDS } from './set-kinds'
import { queensKind } from '../queens/queens-kind'
import { estimateKind } from '../estimate-kind'
import { designKind } from '../design/design-kind'
import { solveKind } from '../solve-kind'

/** Boards of an edge-matching search the app is sent and keeps at most. */
export const BOARDS_KEPT = 5000

const generateRequest = (p: RunParams<'generate'>): PuzzleRequest => ({
  kind: p.kind,
  rows: p.rows,
  cols: p.kind === 'cards' ? p.cols : p.rows,
  figures: p.figures,
  frame: p.kind === 'cards' ? p.frame : undefined,
  seed: p.seed,
})

/** An edge-matching search: the puzzle is read (one line if it cannot be) before it starts. */
const matchKind = <K extends 'cards' | 'triangle'>(
  puzzle: K,
  parse: (text: string, name: string) => unknown,
): HostRunKind<K> => ({
  check: (p) => void parse(p.text, 'the puzzle'),
  run: (p, ctx) =>
    runMatch({
      setup: { ...p, puzzle, keep: BOARDS_KEPT },
      transport: ctx.transport,
      signal: ctx.signal,
      onProgress: ({ elapsedMs: _, ...progress }) => ctx.progress(progress),
      onItem: ctx.item,
      onNotice: ctx.notice,
    }),
})

/**
 * The kinds `runKinds` adds: the queens count and the solver (their checkpoints in the data
 * folder), the estimate and the set explorer.
 */
type AddedKinds = 'queens' | 'estimate' | 'design' | 'solve'

/** Kinds of run, each on the task farm. */
export const RUN_KINDS: Omit<HostRunKinds, AddedKinds> = {
  tait: {
    check: (p) => checkTaitProblem(p.n, 2 * p.gaps),
    run: async (p, ctx) => {
      const t0 = performance.now()
      const base = {
        n: p.n,
        empty: 2 * p.gaps,
        transport: ctx.transport,
        signal: ctx.signal,
        onNotice: ctx.notice,
      }
      const c = await runTait({ ...base, list: p.list, onProgress: ctx.progress })
      if (!c) return null
      if (c.moves === null) throw new InputError(`n = ${p.n} has no solution`)
      const ms = performance.now() - t0
      const published = paperTable(p.n, p.gaps)
      if (published === undefined || BigInt(published) === c.sequences)
        return { moves: c.moves, sequences: String(c.sequences), ms, list: c.list }
      // A difference from the paper's table is explained by what the paper's program finds.
      const paper = await runTait({ ...base, paper: true })
      if (!paper) return null
      const program = String(paper.sequences)
      return { moves: c.moves, sequences: String(c.sequences), ms, program, list: c.list }
    },
  },
  cards: matchKind('cards', parseCards),
  triangle: matchKind('triangle', parseTrianglePuzzle),
  generate: {
    check: (p) => {
      const problem = requestProblem(generateRequest(p))
      if (problem) throw new InputError(problem)
    },
    run: async (p, ctx) => {
      const request = generateRequest(p)
      const g = await runOneTask({
        kind: 'puzzle',
        setup: { request, budget: BUDGETS[request.kind] },
        input: null,
        transport: ctx.transport,
        signal: ctx.signal,
        onProgress: (spent) => ctx.progress({ nodes: spent.nodes, draws: spent.draws }),
        onNotice: ctx.notice,
      })
      return g && { text: g.text, title: g.title, draws: g.draws, nodes: g.nodes }
    },
  },
  ...SET_KINDS,
}

/** Every kind of run as the host runs it; those that resume keep their checkpoints in `dataDir`. */
export const runKinds = (dataDir: string): HostRunKinds => ({
  ...RUN_KINDS,
  queens: queensKind(join(dataDir, 'queens')),
  estimate: estimateKind,
  design: designKind,
  solve: solveKind(join(dataDir, 'tilings')),
})
