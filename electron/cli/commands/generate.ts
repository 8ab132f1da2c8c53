import { plural } from '../../../shared/plural'
import { join } from 'node:path'
import type { Budget, Spent } from '../../../shared/edgematch/draws'
import { BUDGETS, requestProblem, type PuzzleRequest } from '../../../shared/edgematch/generate'
import { cardsSheet, trianglesSheet } from '../../../shared/edgematch/print'
import { InputError } from '../../../shared/errors'
import { saveFile } from '../../services/atomic-write'
import { writePuzzleSheet } from '../../services/export/puzzle-sheet'
import { runOneTask } from '../../services/farm/one-task'
import { formatDuration } from '../../../shared/tiling/estimate'
import { RESOURCES, wholeOption } from '../inputs'
import { isStdout, toStdout, wordsBeside } from '../output'
import { statusBar } from '../progress'
import { withBar, withRunPlace } from '../run'

export interface GenerateOptions {
  output: string
  rows: string
  cols?: string
  figures: string
  frame?: string
  seed: string
  print?: string
  maxNodes?: string
  json?: boolean
  progress?: boolean
  queue?: string
}

/** The request the options make; a board that cannot have one solution is refused here. */
function request(kind: string, o: GenerateOptions): PuzzleRequest {
  if (kind !== 'cards' && kind !== 'triangle')
    throw new InputError(`generate makes "cards" or "triangle" puzzles, not "${kind}"`)
  const rows = wholeOption('--rows', o.rows, 1, 8)
  const r: PuzzleRequest = {
    kind,
    rows,
    cols: kind === 'cards' ? wholeOption('--cols', o.cols ?? o.rows, 1, 8) : rows,
    figures: wholeOption('--figures', o.figures, 1, 200),
    frame:
      kind === 'cards' && o.frame !== undefined
        ? wholeOption('--frame', o.frame, 1, 50)
        : undefined,
    seed: wholeOption('--seed', o.seed, 0, 2 ** 31),
  }
  const problem = requestProblem(r)
  if (problem) throw new InputError(problem)
  return r
}

/** The progress line: draws and search nodes against the budget, and the time so far. */
const generateBar = (enabled: boolean, budget: Budget, t0: number) =>
  statusBar(
    enabled,
    '{bar} draw {draws} of at most {drawsBudget} | {nodes} of {nodesBudget} search nodes | {elapsed}',
    (s: Spent) => ({
      fraction: Math.max(s.draws / budget.draws, s.nodes / budget.nodes),
      elapsedMs: performance.now() - t0,
      fields: {
        draws: String(s.draws),
        drawsBudget: String(budget.draws),
        nodes: s.nodes.toLocaleString('en'),
        nodesBudget: budget.nodes.toLocaleString('en'),
        elapsed: formatDuration((performance.now() - t0) / 1000),
      },
    }),
  )

/**
 * A new puzzle with exactly one solution up to turning the board, proven by the exhaustive
 * count: cards (rows × cols, figures, optional frame colours) or a triangle (rows, figures). The
 * puzzles are drawn in a worker process (or on the queue) with a progress line; Ctrl-C stops it at once (exit 130).
 */
export async function generateCommand(
  kind: string,
  o: GenerateOptions,
  signal: AbortSignal,
  write: (text: string) => void,
): Promise<number> {
  const r = request(kind, o)
  const budget = {
    draws: BUDGETS[r.kind].draws,
    nodes:
      o.maxNodes === undefined
        ? BUDGETS[r.kind].nodes
        : wholeOption('--max-nodes', o.maxNodes, 1, 1e15),
  }
  const t0 = performance.now()
  const done = await withRunPlace({ jobs: '1', queue: o.queue }, ({ transport }) =>
    withBar(generateBar(o.progress !== false, budget, t0), (hooks) =>
      runOneTask({
        kind: 'puzzle',
        setup: { request: r, budget },
        input: null,
        transport,
        signal,
        ...hooks,
      }),
    ),
  )
  if (!done) {
    process.stderr.write(
      `stopped after ${formatDuration((performance.now() - t0) / 1000)}; nothing was written\n`,
    )
    return 130
  }
  const g = done
  const sheet =
    g.kind === 'cards'
      ? cardsSheet(g.puzzle, g.solution)
      : trianglesSheet(g.puzzle, g.solution, g.title)
  if (isStdout(o.output)) await toStdout(g.text)
  else await saveFile(o.output, g.text)
  const printed = o.print
    ? await writePuzzleSheet(sheet, o.print, g.title, join(RESOURCES, 'fonts'))
    : []
  // With the puzzle on standard output, what the command says goes beside it, to stderr.
  const say = wordsBeside(o.output, write)
  if (o.json) say(JSON.stringify({ file: o.output, printed, draws: g.draws, nodes: g.nodes }))
  else
    say(
      `wrote ${isStdout(o.output) ? 'standard output' : o.output}: ${g.title}, exactly one solution up to turning the board ` +
        `(found in ${plural(g.draws, 'draw')}; difficulty ${plural(g.nodes, 'search node')})` +
        (printed.length > 0 ? `\nprinted ${printed.join(', ')}` : ''),
    )
  return 0
}
