import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, describe, expect, it } from 'vitest'
import type { WorkbenchEvent } from '../../../shared/api/contract'
import type { MatchBoard, RunEvent, RunItem, RunKind } from '../../../shared/api/run'
import { compareSets } from '../../../shared/compare/compare'
import type { WorkbenchDocument } from '../../../shared/document/document'
import { formatCards, parseCards } from '../../../shared/edgematch/cards/format'
import { randomCardPuzzle } from '../../../shared/edgematch/cards/random'
import { solveCards } from '../../../shared/edgematch/cards/solve'
import { parseTrianglePuzzle } from '../../../shared/edgematch/triangle/parse'
import { solveAll } from '../../../shared/edgematch/triangle/solve'
import { findPentagons, searchCoverage } from '../../../shared/pentagons/pentagons'
import { pentagonsToText } from '../../../shared/pentagons/wire'
import { solvableDocument } from '../../../shared/pieces/solvable'
import { findSilhouettes, SILHOUETTE_BUDGET } from '../../../shared/silhouettes/search'
import { countTait } from '../../../shared/tait/count'
import { cutTangramDocument } from '../../../testing/farm-sets'
import { countQueens } from '../../../shared/queens/count'
import { prepareFigure, ruleOuts } from '../../../shared/tiling/rule-out'
import { requestFigures, solvable } from '../solver-service'
import { exploreSets } from '../../../shared/design/explore'
import { designJson } from '../../../shared/design/json'
import { apiCalls, testWorkbench } from '../../../testing/workbench'
import { doneWithCounts } from '../../../testing/match-counts'

const { workbench, close } = testWorkbench({})
afterAll(close)
const api = apiCalls(workbench)

const isRun = (e: WorkbenchEvent): e is RunEvent => e.type.startsWith('run.')
const eventsOf = (runId: string) => api.events.filter(isRun).filter((e) => e.runId === runId)
const ended = (runId: string) =>
  api.when(
    (e): e is Extract<RunEvent, { type: 'run.ended' }> =>
      e.type === 'run.ended' && e.runId === runId,
  )

/** The items a run of kind K streamed, in order. */
const itemsOf = <K extends RunKind>(events: readonly RunEvent[], kind: K) =>
  events.flatMap((e) =>
    e.type === 'run.items' && e.kind === kind ? (e.items as readonly RunItem<K>[]) : [],
  )

/** Starts a run and waits for its end: its events, which must come in order, and its end. */
async function run(kind: string, params: object) {
  const { runId } = await api.ok<{ runId: string }>('run.start', { kind, params })
  const end = await ended(runId)
  const events = eventsOf(runId)
  expect(events[0]).toMatchObject({ type: 'run.started', kind, runsOn: { kind: 'here' } })
  expect(events.at(-1)).toBe(end)
  expect(events.filter((e) => e.type === 'run.ended')).toHaveLength(1)
  for (const e of events.slice(1, -1)) expect(['run.progress', 'run.items']).toContain(e.type)
  return { runId, end, events }
}

/**
 * Starts a run and cancels it, at once or at its first progress: its end is then the last event,
 * when the cancel's reply comes, and nothing follows. Its end.
 */
async function cancelled(kind: string, params: object, at: 'start' | 'progress') {
  const { runId } = await api.ok<{ runId: string }>('run.start', { kind, params })
  if (at === 'progress')
    await api.when((e): e is RunEvent => e.type === 'run.progress' && e.runId === runId)
  await api.ok('run.cancel', { runId })
  const events = eventsOf(runId)
  expect(events.at(-1)).toMatchObject({ type: 'run.ended', outcome: 'cancelled' })
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(eventsOf(runId)).toEqual(events)
  return events.at(-1)
}

const hib = readFileSync('resources/cards/hib-smiley.json', 'utf8')
const triangle = readFileSync('shared/edgematch/triangle/examples/puzzle1.txt', 'utf8')

describe('run.start', () => {
  it('refuses a kind it does not know, bad parameters and a puzzle it cannot read, in one line', async () => {
    expect(await api.refused('run.start', { kind: 'chess', params: { n: 8 } })).toBe(
      'run.start: bad parameters (kind: not a kind of run (tait, cards, triangle, generate, pentagons, silhouettes, exact, compare, queens, estimate, design, solve))',
    )
    expect(await api.refused('run.start', { kind: 'tait', params: { n: 0, gaps: 1 } })).toMatch(
      /^run\.start: bad parameters \(params\.n: .+\)$/,
    )
    expect(
      await api.refused('run.start', { kind: 'cards', params: { text: hib, goal: 'some' } }),
    ).toMatch(/^run\.start: bad parameters \(params\.goal: .+\)$/)
    const unreadable = await api.refused('run.start', {
      kind: 'cards',
      params: { text: '{"cards": 3}', goal: 'count' },
    })
    expect(unreadable).toMatch(/^the puzzle: /)
    expect(unreadable).not.toContain('\n')
    expect(
      await api.refused('run.start', {
        kind: 'generate',
        params: { kind: 'cards', rows: 3, cols: 3, figures: 1, seed: 1 },
      }),
    ).toMatch(/^3 × 3 cards with 1 figure cannot have exactly one solution: [^\n]+$/)
    // Nothing started.
    expect(api.events.filter(isRun)).toEqual([])
  })

  it('counts cards and triangles on the farm as the shared solvers count them in-process', async () => {
    for (const seed of [1, 2, 3]) {
      const puzzle = randomCardPuzzle(3, 3, 3, undefined, seed).puzzle
      const { end } = await run('cards', { text: formatCards(puzzle), goal: 'count' })
      const here = solveCards(puzzle)
      expect(end).toMatchObject(doneWithCounts(here.counts))
    }
    const { end } = await run('triangle', { text: triangle, goal: 'count' })
    const here = solveAll(parseTrianglePuzzle(triangle, 't'))
    expect(end).toMatchObject(doneWithCounts(here.counts))
  })

  it('splits a large card count into weighed parts on the farm, their counts summed exactly', async () => {
    // Searches past the first progress report (65,536 nodes): framed and not, both conventions.
    for (const [size, figures, frame, seed] of [
      [7, 6, 2, 1],
      [3, 2, undefined, 3],
      [4, 4, undefined, 1],
    ] as const) {
      const puzzle = randomCardPuzzle(size, size, figures, frame, seed).puzzle
      for (const identicalAsOne of [false, true]) {
        const params = { text: formatCards(puzzle), goal: 'count', identicalAsOne }
        const { end, events } = await run('cards', params)
        const here = solveCards(puzzle, { identicalAsOne })
        expect(end).toMatchObject(doneWithCounts(here.counts))
        if (end.kind !== 'cards' || !end.result) throw new Error('no result')
        expect(end.result.parts).toBeGreaterThan(50)
        // The parts' nodes are the whole search's, give or take the parts' own first cells.
        expect(end.result.nodes / here.stats.nodes).toBeCloseTo(1, 1)
        const shares = events.flatMap((e) => (e.type === 'run.progress' ? [e.progress] : []))
        for (const p of shares) expect(p.fraction).toBeGreaterThanOrEqual(0)
      }
    }
  }, 120_000)

  it("streams every board of a search for all as items, in the solver's order", async () => {
    const { events, end, runId } = await run('cards', { text: hib, goal: 'all' })
    const boards: MatchBoard[] = []
    solveCards(parseCards(hib, 'hib'), {
      onSolution: (b, info) =>
        void boards.push({ board: b.map((p) => [p.card, p.turns]), canonical: info.canonical }),
    })
    const items = itemsOf(events, 'cards')
    expect(boards).toHaveLength(16)
    expect(items).toEqual(boards)
    expect(end.result).toMatchObject({ fixed: '16', upToRotation: '4', identical: [[3, 8]] })
    // Kept for export after the end.
    expect(await api.ok('run.results', { runId })).toEqual({
      kind: 'cards',
      result: end.result,
      items: boards,
    })
  })

  it("counts Tait's sequences as the shared counter does, and lists them", async () => {
    for (const [n, gaps] of [
      [5, 1],
      [6, 2],
    ]) {
      const { end } = await run('tait', { n, gaps, list: 3 })
      const here = countTait({ n, empty: 2 * gaps })
      expect(end.result).toMatchObject({ moves: here.moves, sequences: String(here.sequences) })
      if (end.kind === 'tait')
        expect(end.result?.list).toHaveLength(Math.min(3, Number(here.sequences)))
    }
  })

  it('cancel ends the run at once, its end the last event', async () => {
    // 5 × 5 cards of two figures: far too many boards to count in a test.
    const puzzle = randomCardPuzzle(5, 5, 2, undefined, 7).puzzle
    await cancelled('cards', { text: formatCards(puzzle), goal: 'count' }, 'progress')
    // The workers are free for the next run at once.
    const next = await run('cards', { text: hib, goal: 'count' })
    expect(next.end.result).toMatchObject({ fixed: '16' })
  })
})

describe('the host while a run searches', () => {
  it('is never held: the search is in the workers', async () => {
    const puzzle = randomCardPuzzle(5, 5, 2, undefined, 11).puzzle
    const { runId } = await api.ok<{ runId: string }>('run.start', {
      kind: 'cards',
      params: { text: formatCards(puzzle), goal: 'all' },
    })
    await api.when((e): e is RunEvent => e.type === 'run.items' && e.runId === runId)
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    // Two seconds of the search, its boards streaming in.
    await new Promise((resolve) => setTimeout(resolve, 2000))
    delay.disable()
    await api.ok('run.cancel', { runId })
    // A search in the host would hold it for the whole count; a loaded machine's jitter is far less.
    expect(delay.max / 1e6).toBeLessThan(250)
    expect(eventsOf(runId).filter((e) => e.type === 'run.items').length).toBeGreaterThan(0)
  })
})

describe('run.start generate', () => {
  it('makes a puzzle on the farm that the shared solver finds exactly one solution of', async () => {
    const { end } = await run('generate', { kind: 'cards', rows: 2, cols: 2, figures: 3, seed: 5 })
    expect(end.outcome).toBe('done')
    if (end.kind !== 'generate' || !end.result) throw new Error('no puzzle')
    const made = solveCards(parseCards(end.result.text, 'generated'))
    expect(made.counts.upToRotation).toBe(1n)
  })
})

describe('run.start of the piece sets: pentagons, silhouettes, compare', () => {
  let tangram: WorkbenchDocument
  const silhouettes = { kind: 'any', count: 4, unique: true, symmetric: false, seed: 3 } as const

  it('refuses a bad parameter or a set it cannot search in one line, and starts nothing', async () => {
    tangram = (await api.ok<{ document: WorkbenchDocument }>('library.open', { id: 'tangram' }))
      .document
    const before = api.events.filter(isRun).length
    const refused = async (kind: string, params: object) => {
      const error = await api.refused('run.start', { kind, params })
      expect(error).not.toContain('\n')
      return error
    }
    const pentaboloes = (
      await api.ok<{ document: WorkbenchDocument }>('library.open', { id: 'pentaboloes' })
    ).document
    expect(await refused('pentagons', { document: pentaboloes })).toMatch(
      /^Pentaboloes: \d+ pieces \(copies counted\) are too many for the pentagon search/,
    )
    expect(await refused('pentagons', { document: tangram, more: 1 })).toMatch(
      /^run\.start: bad parameters \(params: .+\)$/,
    )
    expect(
      await refused('silhouettes', {
        document: tangram,
        request: { ...silhouettes, kind: 'round' },
      }),
    ).toMatch(/^run\.start: bad parameters \(params\.request\.kind: .+\)$/)
    // Pieces at 45°: figures grown at random only, from sets with a diagonal edge.
    expect(
      await refused('silhouettes', {
        document: tangram,
        request: { ...silhouettes, kind: 'convex', turns: 45 },
      }),
    ).toBe('Tangram: pieces at 45° grow figures at random: choose any figure (--any), not --convex')
    expect(
      await refused('silhouettes', {
        document: tangram,
        request: { ...silhouettes, turns: 30 },
      }),
    ).toMatch(/^run\.start: bad parameters \(params\.request\.turns: .+\)$/)
    expect(await refused('compare', { documents: [tangram] })).toMatch(
      /^run\.start: bad parameters \(params\.documents: .+\)$/,
    )
    const half = { ...tangram, name: 'Half', pieces: tangram.pieces.slice(0, 3) }
    expect(await refused('compare', { documents: [tangram, half] })).toMatch(
      /^sets compare only when they cover the same area: Tangram 16, Half \d+ half-squares$/,
    )
    expect(api.events.filter(isRun)).toHaveLength(before)
  })

  it('finds the pentagons the search in one process finds', async () => {
    const { end } = await run('pentagons', { document: tangram })
    const { pieces } = solvableDocument(tangram)
    const here = findPentagons(pieces)
    expect(end.outcome).toBe('done')
    expect(end.result).toMatchObject(pentagonsToText(here, searchCoverage(pieces, here)))
    expect(end.kind === 'pentagons' && end.result!.pentagons).toHaveLength(53)
  })

  it('streams every figure counted as the search in one process counts them, and names those found', async () => {
    const { end, events } = await run('silhouettes', { document: tangram, request: silhouettes })
    const heard: unknown[] = []
    const here = findSilhouettes(
      solvableDocument(tangram).pieces,
      silhouettes,
      SILHOUETTE_BUDGET,
      (s, asked) => heard.push({ ...s, asked }),
    )
    expect(heard.length).toBeGreaterThan(silhouettes.count)
    expect(itemsOf(events, 'silhouettes')).toEqual(heard)
    expect(end.result).toMatchObject({
      found: here.figures.map((f) => f.key),
      progress: here.progress,
    })
  })

  it('compares sets as the comparison in one process does', async () => {
    const cut = cutTangramDocument(tangram)
    const { end, runId } = await run('compare', { documents: [tangram, cut] })
    const here = compareSets([tangram, cut].map((d) => solvableDocument(d)))
    expect(end.result).toEqual(JSON.parse(JSON.stringify(here)))
    expect(here.outlines).toHaveLength(20)
    // Kept, but not a run a booklet is made of.
    expect(await api.refused('export.booklet', { runId, path: 'b.pdf' })).toBe(
      `run ${runId} is a compare run, not silhouettes`,
    )
  })

  it.each([
    ['pentagons', () => ({ document: tangram })],
    ['silhouettes', () => ({ document: tangram, request: { ...silhouettes, count: 1000 } })],
    ['compare', () => ({ documents: [tangram, cutTangramDocument(tangram)] })],
  ])('%s: cancel ends the run before its reply, and nothing comes after', async (kind, params) => {
    expect(await cancelled(kind, params(), 'start')).not.toHaveProperty('result')
  })
})

describe('run.start queens', () => {
  it('refuses a board it cannot count in one line', async () => {
    for (const n of [0, 28, 8.5])
      expect(await api.refused('run.start', { kind: 'queens', params: { n } })).toMatch(
        /^run\.start: bad parameters \(params\.n: [^\n]+\)$/,
      )
  })

  it('counts on the farm as the shared counter counts in-process', async () => {
    for (const n of [1, 6, 9]) {
      const { end } = await run('queens', { n })
      const here = countQueens(n)
      expect(end.result).toMatchObject({
        n,
        total: String(here.total),
        unique: String(here.unique),
        nodes: here.nodes,
        resumed: 0,
      })
    }
  })

  it('cancel ends the count at once, its end the last event', async () => {
    await cancelled('queens', { n: 17 }, 'progress')
  })
})

describe('run.start estimate', () => {
  const tangram = async () =>
    (await api.ok<{ document: WorkbenchDocument }>('library.open', { id: 'tangram' })).document

  it('refuses a bad request in one line', async () => {
    const document = await tangram()
    expect(
      await api.refused('run.start', {
        kind: 'estimate',
        params: { document, kind: 'convex', mode: 'both' },
      }),
    ).toMatch(/^run\.start: bad parameters \(params\.mode: [^\n]+\)$/)
    expect(
      await api.refused('run.start', {
        kind: 'estimate',
        params: { document: { ...document, pieces: [] }, kind: 'convex', mode: 'reduce' },
      }),
    ).toMatch(/^[^\n]+$/)
  })

  it('plans the figures and rules out those the in-process rule-outs rule out', async () => {
    const document = await tangram()
    const { events, end } = await run('estimate', { document, kind: 'convex', mode: 'reduce' })
    const set = solvable(document)
    const { figures, shown } = requestFigures(set, 'convex')
    const rules = ruleOuts(set.pieces)
    const rejected = figures.map((f) => prepareFigure(f.polygon, set.pieces, rules).rejected)
    expect(events[0]).toMatchObject({ plan: { figures: shown, workers: 1 } })
    const items = events.flatMap((e) =>
      e.type === 'run.items' && e.kind === 'estimate' ? e.items : [],
    )
    expect(items.map((i) => i.figure).sort((a, b) => a - b)).toEqual([...figures.keys()])
    for (const i of items) expect(i.estimate.rejected).toBe(rejected[i.figure])
    expect(end.result).toMatchObject({
      estimated: figures.length,
      figures: figures.length,
      ruledOut: rejected.filter((r) => r !== undefined).length,
    })
  })

  it('cancel ends the estimate at once, its end the last event', async () => {
    const { document } = await api.ok<{ document: WorkbenchDocument }>('library.open', {
      id: 'pentaboloes',
    })
    await cancelled('estimate', { document, kind: 'convex', mode: 'reduce' }, 'progress')
  })
})

describe('run.start design', () => {
  it("refuses a request that cannot be met in one line, in the app's words", async () => {
    expect(
      await api.refused('run.start', { kind: 'design', params: { area: 5, pieces: 6, top: 1 } }),
    ).toMatch(/^Pieces 6 is more than Area 5[^\n]*$/)
    expect(
      await api.refused('run.start', { kind: 'design', params: { area: 0, pieces: 1, top: 1 } }),
    ).toMatch(/^run\.start: bad parameters \(params\.area: [^\n]+\)$/)
  })

  it('ranks the sets on the farm as the explorer ranks them in-process', async () => {
    const request = { area: 8, pieces: 3, top: 3 }
    const { end } = await run('design', request)
    const here = designJson(exploreSets(request))
    if (end.kind !== 'design' || !end.result) throw new Error('no sets')
    expect(end.result.sets.map((s) => [s.pieces, s.outlines, s.tilings])).toEqual(
      here.sets.map((s) => [s.pieces, s.outlines, s.tilings]),
    )
  })

  it('cancel ends the run at once, its end the last event', async () => {
    await cancelled('design', { area: 16, pieces: 7, top: 5 }, 'progress')
  })
})
