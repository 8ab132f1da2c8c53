import { readFileSync } from 'node:fs'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, describe, expect, it } from 'vitest'
import type { WorkbenchEvent } from '../../../shared/api/contract'
import type { MatchBoard, RunEvent } from '../../../shared/api/run'
import { formatCards, parseCards } from '../../../shared/edgematch/cards/format'
import { randomCardPuzzle } from '../../../shared/edgematch/cards/random'
import { solveCards } from '../../../shared/edgematch/cards/solve'
import { parseTrianglePuzzle } from '../../../shared/edgematch/triangle/parse'
import { solveAll } from '../../../shared/edgematch/triangle/solve'
import { countTait } from '../../../shared/tait/count'
import { apiCalls, testWorkbench } from '../../../testing/workbench'

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

const hib = readFileSync('resources/cards/hib-smiley.json', 'utf8')
const triangle = readFileSync('shared/edgematch/triangle/examples/puzzle1.txt', 'utf8')

describe('run.start', () => {
  it('refuses a kind it does not know, bad parameters and a puzzle it cannot read, in one line', async () => {
    expect(await api.refused('run.start', { kind: 'queens', params: { n: 8 } })).toBe(
      'run.start: bad parameters (kind: not a kind of run (tait, cards, triangle, generate))',
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
      expect(end).toMatchObject({
        outcome: 'done',
        result: {
          fixed: String(here.counts.fixed),
          upToRotation: String(here.counts.upToRotation),
        },
      })
    }
    const { end } = await run('triangle', { text: triangle, goal: 'count' })
    const here = solveAll(parseTrianglePuzzle(triangle, 't'))
    expect(end.result).toMatchObject({
      fixed: String(here.counts.fixed),
      upToRotation: String(here.counts.upToRotation),
    })
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
        expect(end).toMatchObject({
          outcome: 'done',
          result: {
            fixed: String(here.counts.fixed),
            upToRotation: String(here.counts.upToRotation),
          },
        })
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
    const items = events.flatMap((e) => (e.type === 'run.items' ? e.items : []))
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
    const { runId } = await api.ok<{ runId: string }>('run.start', {
      kind: 'cards',
      params: { text: formatCards(puzzle), goal: 'count' },
    })
    await api.when((e): e is RunEvent => e.type === 'run.progress' && e.runId === runId)
    await api.ok('run.cancel', { runId })
    // Ended when the cancel's reply came, and nothing after it.
    const events = eventsOf(runId)
    expect(events.at(-1)).toMatchObject({ type: 'run.ended', outcome: 'cancelled' })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(eventsOf(runId)).toEqual(events)
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
