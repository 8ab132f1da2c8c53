import { beforeEach, describe, expect, it } from 'vitest'
import { hint, solveQueensGame, type Square } from '../../../shared/queens/game/solve'
import { fakeRuns } from '../../../testing/fake-runs'
import { FakeWorker } from '../../../testing/fake-worker'
import { host, settled } from '../../../testing/renderer-setup'
import type { QueensReply, QueensRequest } from '../queens/protocol'
import { useApp } from './app'
import { useQueens } from './queens'

/** The store's three queens workers, told apart by what they were asked. */
function workerFor(op: QueensRequest['op'] | 'hint'): FakeWorker {
  const ops = op === 'hint' || op === 'game' ? ['game', 'hint'] : [op]
  const found = FakeWorker.running('queens/worker').filter((w) =>
    ops.includes(w.request<QueensRequest>().op),
  )
  expect(found).toHaveLength(1)
  return found[0]
}
type Answer = QueensReply extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never
async function answer(w: FakeWorker, reply: Answer): Promise<void> {
  w.reply({ ...reply, id: w.request<QueensRequest>().id })
  await settled()
}
/** The game worker answers its last request as the real one does, with the shared solver. */
async function playWorker(): Promise<void> {
  const w = workerFor('game')
  const r = w.request<QueensRequest>()
  if (r.op === 'game') await answer(w, { type: 'game', result: solveQueensGame(r.n) })
  else if (r.op === 'hint') await answer(w, { type: 'hint', hint: hint(r.n, r.queens) })
}

let runs: ReturnType<typeof fakeRuns>
beforeEach(() => (runs = fakeRuns(host)))

/** Starts a count of n in the store; the run it started. */
async function count(q: ReturnType<typeof useQueens>, n: number) {
  q.countN = n
  const done = q.count()
  await settled()
  const r = runs.last<'queens'>()
  expect(r).toMatchObject({ kind: 'queens', params: { n } })
  return { runId: r.runId, done }
}
const result = (n: number, total: string, unique: string) =>
  ({ result: { n, total, unique, nodes: 100, resumed: 0, tasks: 7, ms: 12 } }) as const

describe('the queens store: counting on the host', () => {
  it('counts, follows its progress and keeps the result beside the published numbers', async () => {
    const q = useQueens()
    const { runId, done } = await count(q, 8)
    expect(q.counting).toEqual({ n: 8, progress: undefined })
    // Where it runs, as the host said when it started (not another count's place).
    const here = { kind: 'here', processes: 2 } as const
    await runs.emit({ type: 'run.started', runId: 'r-other', kind: 'queens', runsOn: here })
    expect(q.countPlace).toBeUndefined()
    await runs.emit({ type: 'run.started', runId, kind: 'queens', runsOn: here })
    expect(q.countPlace).toEqual({ n: 8, runsOn: here })
    const progress = {
      done: 3,
      tasks: 7,
      fraction: 0.4,
      nodes: 50,
      elapsedMs: 5,
      nodesPerSecond: 10_000,
    }
    await runs.emit({ type: 'run.progress', runId, kind: 'queens', progress })
    await runs.emit({
      type: 'run.progress',
      runId: 'r-other',
      kind: 'queens',
      progress: { ...progress, done: 6 },
    })
    expect(q.counting!.progress).toMatchObject({ done: 3, fraction: 0.4 })
    await runs.end('r-other', 'queens', result(9, '352', '46'))
    expect(q.counts).toEqual([])
    await runs.end(runId, 'queens', result(8, '92', '12'))
    await done
    expect(q.counting).toBeUndefined()
    // It ran there, after it ended too.
    expect(q.countPlace).toEqual({ n: 8, runsOn: here })
    expect(q.counts).toEqual([
      { n: 8, total: '92', unique: '12', nodes: 100, ms: 12, resumed: 0, tasks: 7, matches: true },
    ])
    // A wrong total is shown as not matching; counting n again replaces its row.
    const six = await count(q, 6)
    await runs.end(six.runId, 'queens', result(6, '5', '1'))
    const eight = await count(q, 8)
    await runs.end(eight.runId, 'queens', result(8, '92', '12'))
    await eight.done
    expect(q.counts.map((c) => [c.n, c.matches])).toEqual([
      [8, true],
      [6, false],
    ])
  })

  it('stops a count, saying it resumes; says why a count failed or could not start', async () => {
    const q = useQueens()
    const app = useApp()
    const first = await count(q, 16)
    q.cancelCount()
    await first.done
    expect(runs.cancelled()).toEqual([first.runId])
    expect(q.counting).toBeUndefined()
    const second = await count(q, 16)
    await runs.emit({
      type: 'run.started',
      runId: second.runId,
      kind: 'queens',
      runsOn: { kind: 'here', processes: 2 },
    })
    await runs.end(second.runId, 'queens', { error: 'a worker stopped' })
    await second.done
    // The host refuses a board it cannot count before it starts.
    q.countN = 40
    await q.count()
    expect(app.notices.map((n) => n.text)).toEqual([
      'Stopped counting n = 16; counting it again resumes where it stopped',
      'Counting n = 16 failed: a worker stopped',
      'The count could not start: run.start: bad parameters (params.n: Too big: expected number to be <=27)',
    ])
    expect(q.counts).toEqual([])
  })

  it('keeps the lines about workers that died during its count, after the count too', async () => {
    const q = useQueens()
    const { runId, done } = await count(q, 12)
    const line = 'a worker process stopped unexpectedly (SIGKILL); task 4 run again'
    await runs.emit({
      type: 'run.ended',
      runId,
      kind: 'queens',
      outcome: 'done',
      ...result(12, '14200', '1787'),
      notices: [line],
      elapsedMs: 1,
    })
    await done
    expect(q.countNotices).toEqual([line])
    expect(q.counts[0]).toMatchObject({ n: 12, total: '14200', matches: true })
    // A new count starts with no lines.
    void count(q, 12)
    await settled()
    expect(q.countNotices).toEqual([])
  })
})

describe('the queens store: solutions and the chart in Web Workers', () => {
  it('lists the solutions of the n asked, steps through them, and stops quietly', async () => {
    const q = useQueens()
    q.listN = 6
    q.unique = false
    const listing = q.list()
    expect(q.listing).toBe(true)
    expect(workerFor('solutions').request()).toMatchObject({ n: 6, unique: false })
    q.listN = 7
    const boards = [
      [1, 3, 5, 0, 2, 4],
      [2, 5, 1, 4, 0, 3],
      [3, 0, 4, 1, 5, 2],
      [4, 2, 0, 5, 3, 1],
    ]
    await answer(workerFor('solutions'), { type: 'solutions', boards, sizes: [1, 1, 1, 1], ms: 1 })
    await listing
    expect(q.boards).toMatchObject({ n: 6, unique: false, boards })
    expect(q.listing).toBe(false)
    q.step(-1)
    expect(q.index).toBe(3)
    q.step(1)
    expect(q.index).toBe(0)

    const app = useApp()
    const stopped = q.list()
    const w = workerFor('solutions')
    q.stopListing()
    await stopped
    expect(w.terminated).toBe(true)
    expect([q.listing, app.notices.length]).toEqual([false, 0])
  })

  it('a listing or chart stopped by a newer one leaves the newer one running', async () => {
    const q = useQueens()
    const first = q.list()
    const second = q.list()
    await first
    await settled()
    expect(q.listing).toBe(true)
    await answer(workerFor('solutions'), { type: 'solutions', boards: [], sizes: [], ms: 1 })
    await second
    expect(q.listing).toBe(false)

    const chart = q.chartPartials()
    const again = q.chartPartials()
    await chart
    await settled()
    expect(q.charting).toBe(true)
    await answer(workerFor('partials'), { type: 'partials', counts: ['1'], ms: 1 })
    await again
    expect(q.charting).toBe(false)
  })

  it('charts the partial solutions as exact numbers; a failing worker is reported', async () => {
    const q = useQueens()
    const app = useApp()
    q.chartN = 4
    const charting = q.chartPartials()
    expect(q.charting).toBe(true)
    await answer(workerFor('partials'), {
      type: 'partials',
      counts: ['1', '4', '6', '4', '2'],
      ms: 1,
    })
    await charting
    expect(q.partials).toEqual({ n: 4, counts: [1n, 4n, 6n, 4n, 2n], ms: 1 })

    const again = q.chartPartials()
    workerFor('partials').crash('out of memory')
    await again
    expect(q.charting).toBe(false)
    expect(app.notices.map((n) => n.text)).toEqual(['Charting failed: out of memory'])
  })
})

describe('the queens game against the perfect player', () => {
  it('plays: your move, the computer’s answer, take back and replay', async () => {
    const q = useQueens()
    q.gameN = 6
    const starting = q.newGame()
    expect(q.thinking).toBe(true)
    await playWorker()
    await starting
    expect(q.verdict).toMatchObject({ n: 6, winner: solveQueensGame(6).winner })
    expect(q.yourTurn).toBe(true)

    // A square a queen attacks is no move.
    const first: Square = [0, 0]
    const playing = q.play(first)
    expect(q.moves).toEqual([first])
    expect(q.thinking).toBe(true)
    await q.play([5, 5])
    await playWorker()
    await playing
    const answer = hint(6, [first]).move!
    expect(q.moves).toEqual([first, answer])
    expect(q.legal.some(([r, c]) => r === 0 || c === 0 || r === c)).toBe(false)
    expect(q.yourTurn).toBe(true)

    q.takeBack()
    expect(q.moves).toEqual([])
    expect(q.undone).toEqual([first, answer])
    q.replay()
    expect(q.moves).toEqual([first, answer])
    expect(q.undone).toEqual([])
  })

  it('the computer opens when you do not start; a hint is the perfect player’s move', async () => {
    const q = useQueens()
    q.gameN = 6
    q.youStart = false
    const starting = q.newGame()
    await playWorker()
    await settled()
    await playWorker()
    await starting
    expect(q.moves).toEqual([hint(6, []).move])
    expect(q.yourTurn).toBe(true)

    const asking = q.askHint()
    await playWorker()
    await asking
    expect(q.shownHint).toEqual(hint(6, q.moves))
  })

  it('a new game started while the last one is being solved: the newer one’s verdict and moves', async () => {
    const q = useQueens()
    q.youStart = false
    q.gameN = 8
    const first = q.newGame()
    q.gameN = 6
    const second = q.newGame()
    await first
    await settled()
    expect(q.thinking).toBe(true)
    expect(workerFor('game').request()).toMatchObject({ op: 'game', n: 6 })
    await playWorker()
    await settled()
    await playWorker()
    await second
    expect(q.verdict).toMatchObject({ n: 6 })
    expect(q.moves).toEqual([hint(6, []).move])
    expect(q.thinking).toBe(false)
  })

  it('plays the game to its end and names the winner', async () => {
    const q = useQueens()
    q.gameN = 4
    const starting = q.newGame()
    await playWorker()
    await starting
    while (!q.winner) {
      const playing = q.play(q.legal[0])
      if (q.thinking) await playWorker()
      await playing
    }
    expect(q.legal).toEqual([])
    expect(q.winner).toBe(q.moves.length % 2 === 1 ? 'you' : 'computer')
  })
})
