import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { TaitResult } from '../../../shared/api/run'
import { listTait } from '../../../shared/tait/list'
import { formatRow } from '../../../shared/tait/state'
import { fakeRuns } from '../../../testing/fake-runs'
import { host, settled } from '../../../testing/renderer-setup'
import { useApp } from './app'
import { useTait } from './tait'

let runs: ReturnType<typeof fakeRuns>
beforeEach(() => (runs = fakeRuns(host)))

/** The Tait run the store started last, once its start has gone out. */
const request = () => runs.started('tait')
/** The host ends the last run with its result. */
const answer = async (result: TaitResult) => {
  const { runId } = await request()
  await runs.end(runId, 'tait', { result })
}
const progress = async (p: { move: number; moves: number; rows: number; of: number }) => {
  const { runId } = await request()
  await runs.emit({ type: 'run.progress', runId, kind: 'tait', progress: p })
}

/** What a run lists for `n` (one pair of empty cells), from the shared code the farm runs. */
function listing(n: number, limit = 3): TaitResult {
  const l = listTait({ n, empty: 2 }, limit, n)
  return {
    moves: n,
    sequences: String(l.sequences.length),
    list: l.sequences.map((rows) => rows.map(formatRow)),
    ms: 1,
  }
}

afterEach(() => vi.useRealTimers())

describe('the Tait store', () => {
  it('counts the table row by row beside the published numbers, then is idle', async () => {
    const t = useTait()
    t.tableUpTo = 4
    const done = t.countTable()
    expect(t.busy).toBe('table')
    const asked: string[] = []
    for (let k = 0; k < 4; k++) {
      const { params: r } = await request()
      asked.push(`count n=${r.n} pairs=${r.gaps}${r.list === undefined ? '' : ' list'}`)
      await answer({ moves: r.n, sequences: String(10 * r.n + r.gaps), ms: 2 })
    }
    await done
    expect(asked).toEqual([
      'count n=3 pairs=1',
      'count n=4 pairs=1',
      'count n=3 pairs=2',
      'count n=4 pairs=2',
    ])
    expect(t.table.map((row) => [row.n, row.gaps, row.sequences, row.published])).toEqual([
      [3, 1, '31', undefined],
      [4, 1, '41', 1],
      [3, 2, '32', 1],
      [4, 2, '42', 1],
    ])
    expect(t.busy).toBeUndefined()
  })

  it('shows the progress of the count under way with its n, and clears it at the end', async () => {
    const t = useTait()
    t.tableUpTo = 3
    const done = t.countTable()
    await progress({ move: 2, moves: 3, rows: 5, of: 9 })
    expect(t.progress).toEqual({ n: 3, gaps: 1, move: 2, moves: 3, rows: 5, of: 9 })
    await answer({ moves: 3, sequences: '1', ms: 1 })
    await progress({ move: 1, moves: 3, rows: 1, of: 2 })
    expect(t.progress).toMatchObject({ n: 3, gaps: 2 })
    await answer({ moves: 3, sequences: '1', ms: 1 })
    await done
    expect(t.progress).toBeUndefined()
  })

  it('says why a count failed, and stays quiet about one the user stopped', async () => {
    const t = useTait()
    const app = useApp()
    t.tableUpTo = 3
    const failed = t.countTable()
    const { runId } = await request()
    await runs.end(runId, 'tait', { error: 'n = 3 has no solution' })
    await failed
    expect(app.notices.map((n) => n.text)).toEqual(['Counting failed: n = 3 has no solution'])
    expect(t.busy).toBeUndefined()

    const stopped = t.countTable()
    const { runId: second } = await request()
    t.stop()
    await stopped
    await settled()
    expect(runs.cancelled()).toEqual([second])
    expect(app.notices).toHaveLength(1)
    expect(t.busy).toBeUndefined()
  })

  it('shows a listing under the n and pairs it was asked for, even if they changed meanwhile', async () => {
    const t = useTait()
    t.n = 5
    const done = t.list()
    expect((await request()).params).toEqual({ n: 5, gaps: 1, list: 500 })
    // The user types another n while it is listed.
    t.n = 7
    t.gaps = 2
    await answer(listing(5))
    await done
    expect(t.listed).toMatchObject({ n: 5, gaps: 1, moves: 5 })
    expect(t.listed!.list[0][0]).toHaveLength(2 * 5 + 2)
  })

  it('a job stopped by a newer one leaves the newer one busy, with its progress', async () => {
    const t = useTait()
    t.n = 9
    const listing9 = t.list()
    const { runId: first } = await request()
    t.tableUpTo = 3
    const table = t.countTable()
    await progress({ move: 1, moves: 3, rows: 1, of: 4 })
    expect(runs.cancelled()).toEqual([first])
    // The stopped listing's promise settles after the table started.
    await listing9
    await settled()
    expect(t.busy).toBe('table')
    expect(t.progress).toMatchObject({ n: 3, rows: 1, of: 4 })
    await answer({ moves: 3, sequences: '1', ms: 1 })
    await answer({ moves: 3, sequences: '1', ms: 1 })
    await table
    expect(t.busy).toBeUndefined()
    expect(t.listed).toBeUndefined()
  })

  it('animates a chosen sequence move by move, and steps back', async () => {
    const t = useTait()
    t.n = 8
    const done = t.list()
    const l = listing(8, 2)
    await answer(l)
    await done
    vi.useFakeTimers()
    expect(t.chosen).toBe(0)
    expect(t.cells.map((c) => (c ? (c.white ? 'W' : 'B') : '_')).join('')).toBe(l.list![0][0])

    t.choose(1)
    const playing = t.play()
    expect(t.playing).toBe(true)
    // A move: lift the pair, slide it, set it down (three waits of `speed`).
    await vi.advanceTimersByTimeAsync(t.speed)
    expect(t.step).toBe(1)
    expect(t.lifted).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(t.speed)
    expect(t.lifted).toEqual([])
    await vi.advanceTimersByTimeAsync(3 * t.speed * 8)
    await playing
    expect(t.playing).toBe(false)
    expect(t.step).toBe(8)
    const shown = (k: number) =>
      t.frames!.cells[k].map((c) => (c ? (c.white ? 'W' : 'B') : '_')).join('')
    expect(l.list![1].map((_, k) => shown(k))).toEqual(l.list![1])

    t.back()
    expect(t.step).toBe(7)
    t.choose(0)
    expect(t.step).toBe(0)
  })
  it('does not move the sequence shown while a new listing is under way (its answer would reset it)', async () => {
    const t = useTait()
    t.n = 5
    const first = t.list()
    await answer(listing(5))
    await first
    const again = t.list()
    expect(t.stale).toBe(true)
    await t.play()
    await t.stepForward()
    expect([t.playing, t.step]).toEqual([false, 0])
    await answer(listing(5))
    await again
    expect(t.stale).toBe(false)
    vi.useFakeTimers()
    const playing = t.play()
    expect(t.playing).toBe(true)
    await vi.advanceTimersByTimeAsync(3 * t.speed * 5)
    await playing
    expect(t.step).toBe(5)
  })
})
