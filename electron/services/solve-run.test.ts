import { readFileSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import type { WorkbenchEvent } from '../../shared/api/contract'
import { applyJobEvent, newJobView, type JobView } from '../../shared/api/job-view'
import type { RunEventOf, RunResults } from '../../shared/api/run'
import { convexCases } from '../../shared/convex/convex'
import {
  documentFromJson,
  documentToJson,
  type WorkbenchDocument,
} from '../../shared/document/document'
import { pieceSetFromJson } from '../../shared/formats/load'
import { solvableDocument } from '../../shared/pieces/solvable'
import { d4Matrix } from '../../shared/lattice/d4'
import { PUBLISHED } from '../../shared/papers/registry'
import { verifyTiling, type VerifyFigure } from '../../shared/tiling/verify'
import { nodeWorkers } from './node-worker'
import { solveJob } from './solve-job'
import { runTilings } from './tiling-job'
import { processRunning as alive } from '../../testing/processes'
import { solveRuns } from '../../testing/solve-runs'
import { apiCalls, testWorkbench } from '../../testing/workbench'

/** The solver as a run kind (`solve`), through the API over the real services and workers. */
const bundled = (name: string): WorkbenchDocument =>
  documentFromJson(JSON.parse(readFileSync(`resources/sets/${name}.json`, 'utf8')), name)

const host = testWorkbench({ workers: 2 })
afterAll(host.close)
const api = apiCalls(host.workbench)
const solves = solveRuns(api)
const status = () =>
  api.ok<{ jobs: { jobId: string }[]; workerPids: number[] }>('solver.status', {})

const verified = (
  figure: VerifyFigure,
  pieces: WorkbenchDocument['pieces'],
  placed: readonly { piece: number; g: number; dx: number; dy: number }[],
) =>
  verifyTiling(
    figure,
    pieces.map((p) => ({ name: p.name, polygon: p.polygon, count: p.count })),
    placed.map((p) => ({ piece: p.piece, matrix: d4Matrix(p.g as never), dx: p.dx, dy: p.dy })),
  )

describe('the solve run kind', () => {
  it('runs the tangram convex solve on worker processes: 13 of 20 outlines, 142 verified tilings', async () => {
    const runId = await solves.start({
      document: bundled('tangram'),
      kind: 'convex',
      mode: 'reduce',
      list: true,
    })
    expect((await solves.ended(runId)).outcome).toBe('done')
    const [start] = solves.of(runId, 'run.started')
    expect(start.runsOn).toEqual({ kind: 'here', processes: 2 })
    const plan = solves.plan(runId)
    expect(plan.figures).toHaveLength(20)
    // The two small and the two large triangles are merged into one piece with count 2.
    expect(plan.document.pieces.map((p) => p.count).sort()).toEqual([1, 1, 1, 2, 2])
    const counts = solves.figures(runId)
    expect(counts).toHaveLength(20)
    expect(counts.reduce((s, e) => s + e.counts.solutions, 0)).toBe(142)
    expect(counts.filter((e) => e.counts.solutions > 0)).toHaveLength(13)
    // Every streamed tiling is a real tiling of its outline, by the independent verifier.
    const tilings = solves.tilings(runId)
    expect(tilings).toHaveLength(142)
    for (const t of tilings)
      expect(
        verified(plan.figures[t.figure].polygon, plan.document.pieces, t.pieces),
      ).toBeUndefined()
    expect((await status()).jobs).toHaveLength(0)
  })

  it('hands a solve over mid-run as its events told it: with the events sent after, a reloaded page has it whole', async () => {
    let mid: RunResults['run.list'] | undefined
    const seen: WorkbenchEvent[] = []
    let cut = -1
    let runId = ''
    host.workbench.onEvent((e) => {
      seen.push(e)
      // Asked as the event goes out: the list is taken before the call's first await, so it
      // holds the events seen so far and none of those after.
      if (
        cut < 0 &&
        e.type === 'run.items' &&
        e.runId === runId &&
        e.items.some((i) => 'tiling' in i)
      ) {
        cut = seen.length
        void host.workbench.call('run.list', {}).then((r) => {
          if (r.ok) mid = r.value as RunResults['run.list']
        })
      }
    })
    const document = bundled('tangram')
    runId = await solves.start({ document, kind: 'convex', mode: 'reduce', list: true })
    await solves.ended(runId)
    const listed = mid!.runs.find((r) => r.runId === runId)!
    const after = seen.slice(cut)
    expect(listed).toMatchObject({ kind: 'solve', running: true })
    const fold = (events: readonly WorkbenchEvent[]) => {
      const view = newJobView(runId, { kind: 'convex', mode: 'reduce', document })
      for (const e of events)
        if (e.type.startsWith('run.') && (e as { runId: string }).runId === runId)
          applyJobEvent(view, e as RunEventOf<'solve'>)
      return view
    }
    const tilings = (v: JobView) => v.figures.reduce((n, f) => n + f.tilings.length, 0)
    const taken = fold(listed.events)
    expect(taken.state).toBe('running')
    expect(tilings(taken)).toBeGreaterThan(0)
    const whole = fold(solves.events(runId))
    expect(whole).toMatchObject({ state: 'done', fraction: 1 })
    expect(tilings(whole)).toBe(142)
    expect(fold([...listed.events, ...after])).toEqual(whole)
    // Ended, it is still handed over: a page reloaded after the end shows its results.
    const { runs } = await api.ok<RunResults['run.list']>('run.list', {})
    const ended = runs.find((r) => r.runId === runId)!
    expect(ended.running).toBe(false)
    expect(fold(ended.events)).toEqual(whole)
  })

  it('gives a restarted host other run ids', async () => {
    const other = testWorkbench({ workers: 1 })
    try {
      const reply = await other.workbench.call('run.start', {
        kind: 'solve',
        params: { document: bundled('tangram'), kind: 'convex', mode: 'reduce', list: false },
      })
      const runId = await solves.start({
        document: bundled('tangram'),
        kind: 'convex',
        mode: 'reduce',
        list: false,
      })
      expect(reply.ok && (reply.value as { runId: string }).runId).not.toBe(runId)
      await solves.ended(runId)
    } finally {
      other.close()
    }
  })

  it('decides every convex outline of the hexominoes, each figure with its reason', async () => {
    const runId = await solves.start({
      document: bundled('hexominoes'),
      kind: 'convex',
      mode: 'reduce',
      list: true,
    })
    expect((await solves.ended(runId)).outcome).toBe('done')
    // Each figure once, in the order the workers decided them.
    const figures = solves.figures(runId).sort((a, b) => a.figure - b.figure)
    expect(figures.map((e) => e.figure)).toEqual([...Array(1125).keys()])
    expect(figures.filter((e) => e.rejected && e.complete)).toHaveLength(1125)
    expect(figures[447].rejected).toMatch(
      /^a colouring argument rules it out \(cells in a checkerboard\)/,
    )
  })

  it('keeps same-shaped pieces apart in the tilings (name, colour) without changing a count', async () => {
    // The tangram with its large triangles drawn apart: "A" as bundled, "B" turned and elsewhere.
    const tangram = bundled('tangram')
    const [large, ...rest] = tangram.pieces
    const apart: WorkbenchDocument = {
      ...tangram,
      pieces: [
        { ...large, id: 'a', name: 'large triangle A', count: 1 },
        ...rest,
        {
          ...large,
          id: 'b',
          name: 'large triangle B',
          count: 1,
          color: '#3b7dd8',
          polygon: [
            [10, 0],
            [10, 2],
            [8, 0],
          ],
        },
      ],
    }
    const runId = await solves.start({
      document: apart,
      kind: 'convex',
      mode: 'reduce',
      list: true,
    })
    expect((await solves.ended(runId)).outcome).toBe('done')
    const plan = solves.plan(runId)
    expect(plan.merged).toEqual([['large triangle A', 'large triangle B']])
    expect(plan.document.pieces.map((p) => [p.name, p.color, p.count])).toEqual(
      apart.pieces.map((p) => [p.name, p.color, p.count]),
    )
    // The paper's counts, as with one large triangle ×2: identical pieces are not told apart.
    expect(solves.figures(runId).reduce((s, e) => s + e.counts.solutions, 0)).toBe(142)
    const tilings = solves.tilings(runId)
    expect(tilings).toHaveLength(142)
    const pieces = plan.document.pieces
    for (const t of tilings)
      expect(verified(plan.figures[t.figure].polygon, pieces, t.pieces)).toBeUndefined()
    // The search animation and the CLI's export index the pieces apart too.
    const trace = await host.solver.trace({
      document: plan.document,
      figure: plan.figures[15].polygon,
      maxSteps: 5000,
    })
    const { job } = await solveJob(solvableDocument(apart), {
      kind: 'convex',
      mode: 'reduce',
      workers: 1,
    })
    expect(job.document.pieces.map((p) => p.name)).toEqual(apart.pieces.map((p) => p.name))
    const largeOnes = (placed: readonly { piece: number }[]) =>
      placed.map((p) => pieces[p.piece].name).filter((n) => n.startsWith('large triangle'))
    expect(trace.solved).toBe(true)
    const last = { pieces: trace.steps.at(-1)! }
    // The tilings kept for the export, too.
    const kept = await api.ok<RunResults['run.results']>('run.results', { runId })
    const keptTilings =
      kept.kind === 'solve' ? kept.items.flatMap((i) => ('tiling' in i ? [i.tiling] : [])) : []
    expect(keptTilings).toHaveLength(142)
    for (const t of [last, ...tilings, ...job.figures.flatMap((f) => f.tilings), ...keptTilings])
      expect(largeOnes(t.pieces).sort()).toEqual(['large triangle A', 'large triangle B'])
  })

  it('streams every tiling as found, counts no more than it streamed, and ends with the totals of one search', async () => {
    const rectangle = JSON.parse(readFileSync('resources/figures/rectangle-6x10.json', 'utf8'))
    const figure = { name: '6 × 10', polygon: rectangle.polygon }
    const document = bundled('pentominoes')
    const runId = await solves.start({
      document,
      kind: 'tile',
      mode: 'reduce',
      list: true,
      figures: [figure],
    })
    await solves.ended(runId)
    // The tilings go out as the worker processes find them, not when the figure is done: a
    // progress event counts only tilings already sent.
    let streamed = 0
    let last: RunEventOf<'solve'> | undefined
    for (const e of solves.events(runId)) {
      if (e.type === 'run.items') streamed += e.items.filter((i) => 'tiling' in i).length
      if (e.type === 'run.progress') {
        expect(e.progress.solutions).toBeLessThanOrEqual(streamed)
        last = e
      }
    }
    expect(streamed).toBe(2339)
    // The figure's statistics are those of the same search on one process (as the CLI runs it),
    // and the last progress has the totals.
    const [result] = solves.figures(runId)
    const here = await runTilings({
      set: solvableDocument(document).wire,
      figures: [figure],
      mode: 'reduce',
      list: false,
      transport: nodeWorkers(1),
    })
    expect(result.stats).toEqual(here.figures[0].stats)
    expect(last).toMatchObject({
      progress: { fraction: 1, solutions: 2339, placements: result.stats.placements },
    })
  })

  it('runs two solves at once, each counting exactly in its mode', async () => {
    const document = bundled('tangram')
    const a = await solves.start({ document, kind: 'convex', mode: 'reduce', list: false })
    const b = await solves.start({ document, kind: 'convex', mode: 'raw', list: false })
    expect((await solves.ended(a)).outcome).toBe('done')
    expect((await solves.ended(b)).outcome).toBe('done')
    // Both modes report both counts.
    const totals = (runId: string) =>
      solves
        .figures(runId)
        .map((f) => f.counts)
        .reduce((s, c) => ({ solutions: s.solutions + c.solutions, fixed: s.fixed + c.fixed }), {
          solutions: 0,
          fixed: 0,
        })
    expect(totals(a)).toEqual({ solutions: 142, fixed: 256 })
    expect(totals(b)).toEqual({ solutions: 142, fixed: 256 })
  })

  it('cancels a running solve at once: its processes are gone, progress had streamed', async () => {
    // Let the pool warm up first: warm processes that start during the run (on a slow machine)
    // would be listed beside the run's, and rightly outlive the cancel.
    await expect.poll(async () => (await status()).workerPids.length, { timeout: 10_000 }).toBe(2)
    const runId = await solves.start({
      document: bundled('tetraboloes'),
      kind: 'convex',
      mode: 'reduce',
      list: false,
    })
    await solves.next(runId, (e) => e.type === 'run.progress' && e.progress.placements > 0)
    const pids = (await status()).workerPids
    expect(pids.length).toBeGreaterThan(0)
    expect((await status()).jobs.map((j) => j.jobId)).toEqual([runId])
    await api.ok('run.cancel', { runId })
    expect((await solves.ended(runId)).outcome).toBe('cancelled')
    // Killed, not left to finish their parts: a warm worker would stay. (How fast: npm run bench.)
    await expect.poll(() => pids.filter(alive).length, { timeout: 10_000, interval: 25 }).toBe(0)
  })

  it('reports a worker process that dies in one line as it happens, runs its task again and counts exactly', async () => {
    const runId = await solves.start({
      document: bundled('tetraboloes'),
      kind: 'convex',
      mode: 'reduce',
      list: true,
    })
    await solves.next(runId, (e) => e.type === 'run.items')
    process.kill((await status()).workerPids[0], 'SIGKILL')
    const notice = await solves.next(runId, (e) => e.type === 'run.notice')
    expect(solves.of(runId, 'run.ended')).toEqual([])
    const end = await solves.ended(runId)
    expect(end.outcome).toBe('done')
    const line = expect.stringMatching(
      /^a worker process stopped unexpectedly \(SIGKILL\); task f\d+(\.\d+|\.s)? run again$/,
    )
    expect(notice).toMatchObject({ line })
    expect(end.notices).toEqual([line])
    // Nothing counted twice, nothing streamed twice.
    expect(solves.figures(runId).reduce((s, f) => s + f.counts.solutions, 0)).toBe(23512)
    expect(solves.tilings(runId)).toHaveLength(23512)
    // The workers still serve: a new solve runs to the end.
    const again = await solves.start({
      document: bundled('tangram'),
      kind: 'convex',
      mode: 'reduce',
      list: false,
    })
    expect((await solves.ended(again)).outcome).toBe('done')
  })

  it('stops a search estimated to take days before it, as an estimate, not a failure', async () => {
    const pentaboloes = bundled('pentaboloes')
    const kinds = pieceSetFromJson(documentToJson(pentaboloes), 'pentaboloes').pieces.map((p) => ({
      name: p.name,
      shape: p.shape,
      count: p.count,
    }))
    const big = convexCases(kinds).cases.find((c) => c.name === 'parallelogram 5√2, 15, 5√2, 15')!
    const runId = await solves.start({
      document: pentaboloes,
      kind: 'tile',
      mode: 'reduce',
      list: false,
      figures: [{ name: big.name, polygon: big.polygon as [number, number][] }],
    })
    const end = await solves.ended(runId)
    expect(end.outcome).toBe('done')
    expect(end.error).toBeUndefined()
    expect(end.result!.estimated!.nodes).toBeGreaterThan(2e12)
    expect(end.result!.estimated!.spread).toBeGreaterThan(1)
    expect(end.result!.complete).toBe(false)
  })

  it('refuses a document that cannot be solved before starting, in one line', async () => {
    const doc = bundled('tangram')
    const broken = {
      ...doc,
      pieces: [{ ...doc.pieces[0], polygon: [[0, 0], [1, 0], [1, 1], [2, 1] as const] }],
    }
    const before = api.events.length
    const error = await api.refused('run.start', {
      kind: 'solve',
      params: { document: broken, kind: 'convex', mode: 'reduce', list: false },
    })
    expect(error).toMatch(/^[^\n]+$/)
    expect(api.events.slice(before).filter((e) => e.type.startsWith('run.'))).toEqual([])
    expect((await status()).jobs).toHaveLength(0)
  })

  it('traces the search to its first tiling and reproduces a published number in a worker', async () => {
    const trace = await host.solver.trace({
      document: bundled('tangram'),
      figure: [
        [2, 0],
        [4, 2],
        [2, 4],
        [0, 2],
      ],
      maxSteps: 5000,
    })
    expect(trace.solved).toBe(true)
    expect(trace.steps.length).toBeGreaterThan(1)
    expect(trace.steps.at(-1)).toHaveLength(7)
    const entry = PUBLISHED.find((e) => e.id === 'laeuchli-outlines-16')!
    const r = await host.solver.reproduce(entry.id)
    expect(r).toMatchObject({ computed: '20', matches: true })
    await expect(host.solver.reproduce('no-such-number')).rejects.toThrow(/no-such-number/)
  })
})
