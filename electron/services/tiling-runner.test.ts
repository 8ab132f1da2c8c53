import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { convexCases, outlineFigures } from '../../shared/convex/convex'
import { parseFigure, parseJson, pieceSetFromJson } from '../../shared/formats/load'
import { InputError } from '../../shared/errors'
import { buildTilingProblem } from '../../shared/tiling/problem'
import { nodeWorkerLauncher } from './node-worker'
import { freshWorkers, type LaunchWorker } from './solver-pool'
import { runTilings, type RunOptions, type RunProgress } from './tiling-runner'

function load(name: string) {
  const json = parseJson(readFileSync(`resources/sets/${name}.json`, 'utf8'), name)
  const set = pieceSetFromJson(json, name)
  return { json, pieces: set.pieces.map((p) => ({ name: p.name, shape: p.shape, count: p.count })) }
}
const figure = (name: string) =>
  parseFigure(readFileSync(`resources/figures/${name}.json`, 'utf8'), name)

function pentominoRun(extra: Partial<RunOptions> = {}): RunOptions {
  const { json, pieces } = load('pentominoes')
  return {
    pieces,
    setJson: json,
    figures: ['rectangle-5x12', 'rectangle-4x15', 'rectangle-3x20'].map((n) => ({
      name: n,
      polygon: figure(n).polygon,
    })),
    mode: 'reduce',
    list: false,
    workers: 2,
    source: freshWorkers(nodeWorkerLauncher('solver-worker')),
    ...extra,
  }
}

describe('tiling runs', () => {
  it('give the same counts and statistics in this process and on any number of worker processes', async () => {
    const run = async (extra: Partial<RunOptions>) => {
      let last: RunProgress | undefined
      const outcome = await runTilings(pentominoRun({ onProgress: (p) => (last = p), ...extra }))
      return { outcome, last: last! }
    }
    const local = await run({ workers: 1, source: undefined })
    expect(local.outcome.parallel).toBe(false)
    expect(local.outcome.figures.map((f) => f.counts)).toEqual([
      { solutions: 1010, fixed: 4040 },
      { solutions: 368, fixed: 1472 },
      { solutions: 2, fixed: 8 },
    ])
    for (const workers of [2, 3]) {
      const { outcome, last } = await run({ workers, parallelFrom: 0 })
      expect(outcome.parallel).toBe(true)
      expect(outcome.figures.map((f) => f.counts)).toEqual(
        local.outcome.figures.map((f) => f.counts),
      )
      // Tried and fitted count the nodes of one search tree, however it was split.
      expect(outcome.figures.map((f) => f.stats)).toEqual(local.outcome.figures.map((f) => f.stats))
      // The last report has the run's totals.
      expect(last).toMatchObject({
        fraction: 1,
        placements: outcome.figures.reduce((s, f) => s + f.stats.placements, 0),
        solutions: 1010 + 368 + 2,
      })
    }
    for (const f of local.outcome.figures) expect(f.stats.placements).toBeLessThan(f.stats.tried)
  })

  it('report progress as each part ends, weighed by the estimates of the parts done', async () => {
    // The 4 × 15 rectangle's 36 parts are very unequal: from 1 node to 43,077 (median 4,578). On
    // one worker process they run one after the other, heaviest first. The fraction, and with it
    // the time left, must stay near the share of the placements made so far (by the parts' shares
    // of the tree by position, it fell to a fifth of that).
    const reports: RunProgress[] = []
    const outcome = await runTilings(
      pentominoRun({
        figures: [{ name: '4x15', polygon: figure('rectangle-4x15').polygon }],
        workers: 1,
        parallelFrom: 0,
        onProgress: (p) => reports.push(p),
      }),
    )
    const total = outcome.figures[0].stats.placements
    expect(reports.length).toBeGreaterThanOrEqual(32)
    for (const r of reports) expect(Math.abs(r.fraction - r.placements / total)).toBeLessThan(0.15)
  })

  it('keep the same tilings, in search order, in this process and on worker processes', async () => {
    const collect = async (extra: Partial<RunOptions>) => {
      const streamed: string[] = []
      let kept: string[] = []
      let order: readonly number[] | undefined
      await runTilings(
        pentominoRun({
          list: true,
          figures: [{ name: '4x15', polygon: figure('rectangle-4x15').polygon }],
          onSolution: (_, p) => streamed.push(JSON.stringify(p)),
          onFigureDone: (_, r) => {
            kept = (r.tilings ?? []).map((t) => JSON.stringify(t.pieces))
            order = r.order
          },
          ...extra,
        }),
      )
      // The stream, as found, is the kept list once put in search order.
      expect(order ? order.map((k) => streamed[k]) : streamed).toEqual(kept)
      return kept
    }
    const here = await collect({ workers: 1, source: undefined })
    const a = await collect({ parallelFrom: 0 })
    const b = await collect({ parallelFrom: 0, workers: 3 })
    expect(here).toHaveLength(368)
    expect(a).toEqual(here)
    expect(b).toEqual(here)
  })

  it('report a worker that dies, keep what was found, and stop the others', async () => {
    let launched = 0
    const base = nodeWorkerLauncher('solver-worker')
    const launch: LaunchWorker = () => {
      const w = base()
      if (launched++ === 0) w.onMessage((m) => m.type === 'done' && w.kill())
      return w
    }
    const outcome = await runTilings(
      pentominoRun({ parallelFrom: 0, source: freshWorkers(launch) }),
    )
    expect(outcome.complete).toBe(false)
    expect(outcome.error).toMatch(
      /a solver process stopped unexpectedly \(SIGKILL\); the results found so far are kept/,
    )
    expect(outcome.figures.some((f) => !f.complete)).toBe(true)
  })

  it('stop at once when cancelled', async () => {
    const { json, pieces } = load('tetraboloes')
    const cases = convexCases(pieces).cases
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 800)
    const outcome = await runTilings({
      pieces,
      setJson: json,
      figures: outlineFigures(cases, pieces),
      mode: 'reduce',
      list: false,
      workers: 2,
      source: freshWorkers(nodeWorkerLauncher('solver-worker')),
      signal: controller.signal,
    })
    expect(outcome.cancelled).toBe(true)
    expect(outcome.complete).toBe(false)
  })

  it('stop when cancelled while the figures are still being prepared', async () => {
    const controller = new AbortController()
    const run = pentominoRun({ parallelFrom: 0, signal: controller.signal })
    const done: { figure: number; complete: boolean }[] = []
    const outcome = await runTilings({
      ...run,
      // The cancel comes while the second figure is prepared, before any search has started.
      figures: run.figures.map((f, i) => ({
        ...f,
        prepare: () => {
          if (i === 1) controller.abort()
          return { problem: buildTilingProblem(f.polygon, run.pieces) }
        },
      })),
      onFigureDone: (figure, r) => done.push({ figure, complete: r.complete }),
    })
    expect([outcome.cancelled, outcome.complete]).toEqual([true, false])
    expect(outcome.figures.map((f) => [f.complete, f.counts.solutions])).toEqual([
      [false, 0],
      [false, 0],
      [false, 0],
    ])
    expect(done).toEqual([0, 1, 2].map((figure) => ({ figure, complete: false })))
  })

  it('cancelled while preparing the figures: no worker starts, and every figure is reported', async () => {
    const controller = new AbortController()
    let launched = 0
    const launch = nodeWorkerLauncher('solver-worker')
    const source = freshWorkers(() => (launched++, launch()))
    const run = runTilings(pentominoRun({ parallelFrom: 0, source, signal: controller.signal }))
    // The preparation gives way between figures: the cancel comes after the first.
    await new Promise((r) => setImmediate(r))
    controller.abort()
    const outcome = await run
    expect(outcome.cancelled).toBe(true)
    expect(launched).toBe(0)
    expect(outcome.figures.map((f) => f.complete)).toEqual([false, false, false])
  })

  it('refuse a search estimated to take days, naming the estimate', async () => {
    const { json, pieces } = load('pentaboloes')
    const { cases } = convexCases(pieces)
    const big = cases.find((c) => c.name === 'parallelogram 5√2, 15, 5√2, 15')!
    const refused = runTilings({
      pieces,
      setJson: json,
      figures: [{ name: big.name, polygon: big.polygon }],
      mode: 'reduce',
      list: false,
      workers: 2,
    })
    await expect(refused).rejects.toThrow(InputError)
    await expect(refused).rejects.toThrow(/this search would visit about .* nodes, roughly .*/)
  })
})
