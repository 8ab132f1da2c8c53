import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { WorkbenchEvent } from '../../../shared/api/contract'
import type { RunEvent } from '../../../shared/api/run'
import type { WorkbenchDocument } from '../../../shared/document/document'
import { formatCards } from '../../../shared/edgematch/cards/format'
import { randomCardPuzzle } from '../../../shared/edgematch/cards/random'
import { solveCards } from '../../../shared/edgematch/cards/solve'
import { parseTrianglePuzzle } from '../../../shared/edgematch/triangle/parse'
import { solveAll } from '../../../shared/edgematch/triangle/solve'
import { countTait } from '../../../shared/tait/count'
import { cliAsync } from '../../cli/run-cli'
import { queueWithWorker } from '../../../testing/queue-fixture'
import { missingRedis } from '../../../testing/redis'
import { apiCalls, testWorkbench } from '../../../testing/workbench'
import { doneWithCounts } from '../../../testing/match-counts'

if (missingRedis) console.warn(missingRedis)

const TRIANGLE = 'shared/edgematch/triangle/examples/puzzle1.txt'

describe.skipIf(missingRedis !== undefined)('runs on the queue (a real Redis, one worker)', () => {
  const queue = queueWithWorker('--jobs', '1')

  it('the CLI counts cards, triangles and Tait and generates a puzzle on the queue', async () => {
    const cards = await cliAsync(
      'cards',
      'hib-smiley',
      '--count',
      '--json',
      '--queue',
      queue.redis.url,
    )
    expect([cards.code, cards.out]).toEqual([0, '{"fixed":16,"upToRotation":4}\n'])

    const text = readFileSync(TRIANGLE, 'utf8')
    const { counts } = solveAll(parseTrianglePuzzle(text, 't'))
    const t = await cliAsync('triangle', TRIANGLE, '--count', '--json', '--queue', queue.redis.url)
    expect(t.code, t.err).toBe(0)
    expect(JSON.parse(t.out)).toEqual({ fixed: counts.fixed, upToRotation: counts.upToRotation })

    const tait = await cliAsync('tait', '6', '--gaps', '2', '--json', '--queue', queue.redis.url)
    const here = countTait({ n: 6, empty: 4 })
    expect(JSON.parse(tait.out)).toMatchObject({
      moves: here.moves,
      sequences: Number(here.sequences),
    })

    const g = await cliAsync(
      'generate',
      'triangle',
      '-o',
      '-',
      '--rows',
      '2',
      '--json',
      '--queue',
      queue.redis.url,
    )
    expect(g.code, g.err).toBe(0)
    // Exactly one solution up to turning the board, as the shared solver counts it here.
    expect(solveAll(parseTrianglePuzzle(g.out, 'generated')).counts.upToRotation).toBe(1)
  }, 120_000)

  it('a search for one board and for all of them runs on the queue too', async () => {
    const one = await cliAsync('cards', 'hib-smiley', '--json', '--queue', queue.redis.url)
    expect(JSON.parse(one.out)).toMatchObject({ solvable: true })
    const all = await cliAsync('triangle', TRIANGLE, '--all', '--json', '--queue', queue.redis.url)
    const { counts } = solveAll(parseTrianglePuzzle(readFileSync(TRIANGLE, 'utf8'), 't'))
    expect(JSON.parse(all.out).solutions).toHaveLength(counts.fixed)
  }, 120_000)

  it("the app's runs go to the queue its Run on setting names", async () => {
    const { workbench, close } = testWorkbench({})
    try {
      const api = apiCalls(workbench)
      await api.ok('settings.set', { runOn: 'queue', queueUrl: queue.redis.url })
      const { runId } = await api.ok<{ runId: string }>('run.start', {
        kind: 'cards',
        params: { text: readFileSync('resources/cards/hib-smiley.json', 'utf8'), goal: 'all' },
      })
      const isRun = (e: WorkbenchEvent): e is RunEvent => e.type.startsWith('run.')
      const end = await api.when(
        (e): e is RunEvent => isRun(e) && e.type === 'run.ended' && e.runId === runId,
      )
      const events = api.events.filter(isRun).filter((e) => e.runId === runId)
      expect(events[0]).toMatchObject({
        type: 'run.started',
        runsOn: { kind: 'queue', url: `redis://127.0.0.1:${queue.redis.port}` },
      })
      expect(end).toMatchObject({ outcome: 'done', result: { fixed: '16', upToRotation: '4' } })
      const boards = events.flatMap((e) =>
        e.type === 'run.items' && e.kind === 'cards' ? e.items : [],
      )
      expect(boards).toHaveLength(16)

      // An estimate reckons the queue's time on the processes serving it (one), not on ten.
      const { document } = await api.ok<{ document: WorkbenchDocument }>('library.open', {
        id: 'tangram',
      })
      const estimate = await api.ok<{ runId: string }>('run.start', {
        kind: 'estimate',
        params: { document, kind: 'convex', mode: 'reduce' },
      })
      const estimated = await api.when(
        (e): e is RunEvent => isRun(e) && e.type === 'run.ended' && e.runId === estimate.runId,
      )
      expect(estimated).toMatchObject({ outcome: 'done', result: { figures: 20 } })
      expect(api.events.find((e) => isRun(e) && e.runId === estimate.runId)).toMatchObject({
        type: 'run.started',
        runsOn: { kind: 'queue' },
        plan: { workers: 1 },
      })
    } finally {
      close()
    }
  }, 120_000)

  it('a large card count goes to the queue as weighed parts, their counts summed exactly', async () => {
    const { workbench, close } = testWorkbench({})
    try {
      const api = apiCalls(workbench)
      await api.ok('settings.set', { runOn: 'queue', queueUrl: queue.redis.url })
      // Past the first progress report (390k nodes): split.
      const puzzle = randomCardPuzzle(4, 4, 4, undefined, 1).puzzle
      const { runId } = await api.ok<{ runId: string }>('run.start', {
        kind: 'cards',
        params: { text: formatCards(puzzle), goal: 'count' },
      })
      const end = await api.when(
        (e): e is Extract<RunEvent, { type: 'run.ended' }> =>
          e.type === 'run.ended' && e.runId === runId,
      )
      const here = solveCards(puzzle)
      expect(end).toMatchObject(doneWithCounts(here.counts))
      if (end.kind !== 'cards' || !end.result) throw new Error('no result')
      expect(end.result.parts).toBeGreaterThan(50)
    } finally {
      close()
    }
  }, 120_000)
})
