import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { convexCases, outlineFigures } from '../../shared/convex/convex'
import { parseFigure, parseJson, pieceSetFromJson } from '../../shared/formats/load'
import { InputError } from '../../shared/errors'
import { nodeWorkerLauncher } from './node-worker'
import { freshWorkers, type LaunchWorker } from './solver-pool'
import { runTilings, type RunOptions } from './tiling-runner'

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
  it('give the same counts in this process and split over worker processes', async () => {
    const local = await runTilings(pentominoRun({ workers: 1, source: undefined }))
    const workers = await runTilings(pentominoRun({ parallelFrom: 0 }))
    expect(local.parallel).toBe(false)
    expect(workers.parallel).toBe(true)
    expect(local.figures.map((f) => f.counts)).toEqual([
      { solutions: 1010, fixed: 4040 },
      { solutions: 368, fixed: 1472 },
      { solutions: 2, fixed: 8 },
    ])
    expect(workers.figures.map((f) => f.counts)).toEqual(local.figures.map((f) => f.counts))
  })

  it('stream the same tilings, in the same order, from worker processes', async () => {
    const collect = async (extra: Partial<RunOptions>) => {
      const out: string[] = []
      await runTilings(
        pentominoRun({
          list: true,
          figures: [{ name: '4x15', polygon: figure('rectangle-4x15').polygon }],
          onSolution: (_, p) => out.push(JSON.stringify(p)),
          ...extra,
        }),
      )
      return out
    }
    const a = await collect({ parallelFrom: 0 })
    const b = await collect({ parallelFrom: 0 })
    expect(a).toHaveLength(368)
    expect(b).toEqual(a)
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
    const t0 = Date.now()
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
    expect(Date.now() - t0).toBeLessThan(4000)
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
