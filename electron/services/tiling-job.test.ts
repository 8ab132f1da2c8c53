import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { convexCases } from '../../shared/convex/convex'
import { parseFigure, parseJson, pieceSetFromJson } from '../../shared/formats/load'
import { InputError } from '../../shared/errors'
import { solvableSet } from '../../shared/pieces/solvable'
import { testWorkers } from '../../testing/farm-workers'
import { processRunning } from '../../testing/processes'
import { nodeWorkers } from './node-worker'
import { runTilings, type RunOptions, type RunProgress } from './tiling-job'

const dir = mkdtempSync(join(tmpdir(), 'pw-tilings-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function load(name: string) {
  const json = parseJson(readFileSync(`resources/sets/${name}.json`, 'utf8'), name)
  const set = solvableSet(pieceSetFromJson(json, name))
  return { wire: set.wire, pieces: set.pieces }
}
const figure = (name: string) =>
  parseFigure(readFileSync(`resources/figures/${name}.json`, 'utf8'), name)

const PENTOMINO_COUNTS = [
  { solutions: 1010, fixed: 4040 },
  { solutions: 368, fixed: 1472 },
  { solutions: 2, fixed: 8 },
]

function pentominoRun(extra: Partial<RunOptions> = {}): RunOptions {
  return {
    set: load('pentominoes').wire,
    figures: ['rectangle-5x12', 'rectangle-4x15', 'rectangle-3x20'].map((n) => ({
      name: n,
      polygon: figure(n).polygon,
    })),
    mode: 'reduce',
    list: false,
    ...extra,
    transport: extra.transport ?? nodeWorkers(2),
  }
}

describe('tiling runs on the task farm', () => {
  it('give the same counts and statistics on any number of worker processes', async () => {
    const run = async (workers: number) => {
      let last: RunProgress | undefined
      const outcome = await runTilings(
        pentominoRun({ transport: nodeWorkers(workers), onProgress: (p) => (last = p) }),
      )
      return { outcome, last: last! }
    }
    const one = await run(1)
    expect(one.outcome.complete).toBe(true)
    expect(one.outcome.figures.map((f) => f.counts)).toEqual(PENTOMINO_COUNTS)
    for (const f of one.outcome.figures) expect(f.stats.placements).toBeLessThan(f.stats.tried)
    for (const workers of [2, 3]) {
      const { outcome, last } = await run(workers)
      expect(outcome.figures.map((f) => f.counts)).toEqual(PENTOMINO_COUNTS)
      // Tried and fitted count the nodes of one search tree, however it was split.
      expect(outcome.figures.map((f) => f.stats)).toEqual(one.outcome.figures.map((f) => f.stats))
      // The last report has the run's totals.
      expect(last).toMatchObject({
        fraction: 1,
        placements: outcome.figures.reduce((s, f) => s + f.stats.placements, 0),
        solutions: 1010 + 368 + 2,
        figuresPlanned: 3,
      })
    }
  })

  it('report progress as parts end, weighed by the estimates of the parts done', async () => {
    // The 5 × 12 rectangle's parts are very unequal. On one worker process they run one after
    // the other, heaviest first. The fraction, and with it the time left, must stay near the
    // share of the placements made so far.
    const reports: RunProgress[] = []
    const outcome = await runTilings(
      pentominoRun({
        figures: [{ name: '5x12', polygon: figure('rectangle-5x12').polygon }],
        transport: nodeWorkers(1),
        onProgress: (p) => reports.push(p),
      }),
    )
    const total = outcome.figures[0].stats.placements
    const searching = reports.filter((r) => r.figuresPlanned === 1)
    expect(searching.length).toBeGreaterThanOrEqual(6)
    for (const r of searching)
      expect(Math.abs(r.fraction - r.placements / total)).toBeLessThan(0.15)
  })

  it('weigh a figure searched whole by the placements it made, not by its estimate', async () => {
    // The 4 × 15 rectangle is small enough to be searched whole while planned; it makes 2.3 times
    // the placements its estimate says. Once the 5 × 12 is planned (and before its parts run),
    // the work done is the 4 × 15's placements, and the 5 × 12's estimate is the work left.
    const reports: RunProgress[] = []
    const outcome = await runTilings(
      pentominoRun({
        figures: ['rectangle-4x15', 'rectangle-5x12'].map((n) => ({
          name: n,
          polygon: figure(n).polygon,
        })),
        transport: nodeWorkers(1),
        onProgress: (p) => reports.push(p),
      }),
    )
    const [whole, split] = outcome.figures
    const planned = reports.find((r) => r.figuresPlanned === 2)!
    expect(planned.placements).toBe(whole.stats.placements)
    expect(planned.fraction).toBeCloseTo(
      whole.stats.placements / (whole.stats.placements + split.estimatedNodes),
      3,
    )
  })

  it('keep the same tilings, in search order, on one worker process and on several', async () => {
    const collect = async (workers: number) => {
      const streamed: string[] = []
      let kept: string[] = []
      let order: readonly number[] | undefined
      await runTilings(
        pentominoRun({
          transport: nodeWorkers(workers),
          list: true,
          figures: [{ name: '4x15', polygon: figure('rectangle-4x15').polygon }],
          onSolution: (_, p) => streamed.push(JSON.stringify(p)),
          onFigureDone: (_, r) => {
            kept = (r.tilings ?? []).map((t) => JSON.stringify(t.pieces))
            order = r.order
          },
        }),
      )
      // The stream, as found, is the kept list once put in search order.
      expect(order ? order.map((k) => streamed[k]) : streamed).toEqual(kept)
      return kept
    }
    const one = await collect(1)
    expect(one).toHaveLength(368)
    expect(await collect(3)).toEqual(one)
  })

  it('run the task of a worker killed mid-run again, once, and count exactly', async () => {
    // The process that starts the run's fifth task is killed then.
    const { transport, launched } = testWorkers(2, (at) => at.overall === 5)
    const notices: string[] = []
    const outcome = await runTilings(
      pentominoRun({ transport, onNotice: (line) => notices.push(line) }),
    )
    expect(outcome.complete).toBe(true)
    expect(outcome.figures.map((f) => f.counts)).toEqual(PENTOMINO_COUNTS)
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatch(
      /^a worker process stopped unexpectedly \(SIGKILL\); task f\d+(\.\d+|\.s)? run again$/,
    )
    expect(launched.length).toBeGreaterThanOrEqual(3)
  })

  it('end the run in one line when a task kills its worker twice, keeping what was found', async () => {
    const { transport } = testWorkers(2, (at) => at.task === 'f0.2')
    const outcome = await runTilings(pentominoRun({ transport }))
    expect(outcome.complete).toBe(false)
    expect(outcome.error).toBe(
      'a worker process stopped unexpectedly (SIGKILL), twice on task f0.2',
    )
    expect(outcome.figures[0].complete).toBe(false)
  })

  it('resume a stopped run from its checkpoint, counting nothing twice', async () => {
    const checkpoint = join(dir, 'pentominoes.json')
    const stop = new AbortController()
    const first = await runTilings(
      pentominoRun({
        checkpoint,
        signal: stop.signal,
        onProgress: (p) => p.fraction > 0.5 && stop.abort(),
      }),
    )
    expect([first.cancelled, first.complete]).toEqual([true, false])
    const saved = Object.keys(
      (JSON.parse(readFileSync(checkpoint, 'utf8')) as { done: object }).done,
    )
    expect(saved.length).toBeGreaterThan(3)

    const whole = await runTilings(pentominoRun())
    const second = await runTilings(pentominoRun({ checkpoint }))
    expect(second.complete).toBe(true)
    expect(second.resumed).toBe(saved.length)
    expect(second.figures.map((f) => f.counts)).toEqual(PENTOMINO_COUNTS)
    expect(second.figures.map((f) => f.stats)).toEqual(whole.figures.map((f) => f.stats))
    // Another run's checkpoint is refused, naming the file.
    await expect(runTilings(pentominoRun({ checkpoint, mode: 'raw' }))).rejects.toThrow(
      new RegExp(
        `^${checkpoint}: the checkpoint is for Pentominoes \\(3 figures, up to symmetry, run [0-9a-f]{8}\\), not Pentominoes \\(3 figures, fixed, run [0-9a-f]{8}\\)$`,
      ),
    )
  })

  it('resume a stopped listing run with the same tilings in the same order', async () => {
    const checkpoint = join(dir, 'listing.json')
    const figures = [{ name: '5x12', polygon: figure('rectangle-5x12').polygon }]
    const tilings = async (extra: Partial<RunOptions>) => {
      let kept: string[] = []
      const outcome = await runTilings(
        pentominoRun({
          figures,
          list: true,
          onFigureDone: (_, r) => (kept = (r.tilings ?? []).map((t) => JSON.stringify(t))),
          ...extra,
        }),
      )
      return { outcome, kept }
    }
    const stop = new AbortController()
    const first = await tilings({
      checkpoint,
      signal: stop.signal,
      onProgress: (p) => p.fraction > 0.4 && stop.abort(),
    })
    expect(first.outcome.cancelled).toBe(true)
    const resumed = await tilings({ checkpoint })
    expect(resumed.outcome.resumed).toBeGreaterThan(1)
    expect(resumed.kept).toEqual((await tilings({})).kept)
    expect(resumed.kept).toHaveLength(1010)
  })

  it('stop at once when cancelled, killing the worker processes', async () => {
    const { wire, pieces } = load('tetraboloes')
    const cases = convexCases(pieces).cases
    const controller = new AbortController()
    const { transport, launched } = testWorkers(2)
    const outcome = await runTilings({
      set: wire,
      figures: cases,
      mode: 'reduce',
      list: false,
      transport,
      signal: controller.signal,
      onProgress: (p) => p.placements > 0 && controller.abort(),
    })
    expect(outcome.cancelled).toBe(true)
    expect(outcome.complete).toBe(false)
    expect(outcome.figures.some((f) => !f.complete)).toBe(true)
    for (const w of launched)
      await expect.poll(() => processRunning(w.pid!), { timeout: 10_000 }).toBe(false)
  })

  it('refuse a search estimated to take days, naming the estimate', async () => {
    const { wire, pieces } = load('pentaboloes')
    const { cases } = convexCases(pieces)
    const big = cases.find((c) => c.name === 'parallelogram 5√2, 15, 5√2, 15')!
    const refused = runTilings({
      set: wire,
      figures: [{ name: big.name, polygon: big.polygon }],
      mode: 'reduce',
      list: false,
      transport: nodeWorkers(2),
    })
    await expect(refused).rejects.toThrow(InputError)
    await expect(refused).rejects.toThrow(
      /^this search would visit about [\d.]+·10[⁰¹²³⁴⁵⁶⁷⁸⁹]+ nodes \(×\/÷ [\d.,]+(·10\S+| million)?\)( or more)?, roughly \S+ \S+/,
    )
  })

  it('stop at the estimate before splitting the search, and go on from it when forced', async () => {
    const { wire, pieces } = load('pentaboloes')
    const { cases } = convexCases(pieces)
    const big = cases.find((c) => c.name === 'parallelogram 5√2, 15, 5√2, 15')!
    const checkpoint = join(dir, 'big.json')
    const run = (o: Partial<RunOptions>) =>
      runTilings({
        set: wire,
        figures: [{ name: big.name, polygon: big.polygon }],
        mode: 'reduce',
        list: false,
        transport: nodeWorkers(1),
        checkpoint,
        ...o,
      })
    const progress: RunProgress[] = []
    await expect(run({ onProgress: (p) => progress.push(p) })).rejects.toThrow(InputError)
    // Stopped at the estimate: its search was not split into weighed parts first.
    expect(progress.every((p) => p.fraction === 0)).toBe(true)
    // Forced, the same search goes on from the same checkpoint: its estimate kept, split, searched.
    const stop = new AbortController()
    const forced = await run({
      force: true,
      signal: stop.signal,
      onProgress: (p) => p.placements > 0 && stop.abort(),
    })
    expect(forced).toMatchObject({ cancelled: true, resumed: 1 })
    expect(forced.figures[0].estimatedNodes).toBeGreaterThan(2e12)
    // With its spread, for the app to show it in the format of every estimate.
    expect(forced.figures[0].estimatedSpread).toBeGreaterThan(1)
    expect(progress.at(-1)!.estimatedSpread).toBeGreaterThan(1)
  })
})
