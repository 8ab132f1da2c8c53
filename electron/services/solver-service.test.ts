import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { checkParams, type JobSnapshot, type WorkbenchEvent } from '../../shared/api/contract'
import { applyJobEvent, newJobView, type JobView } from '../../shared/api/job-view'
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
import { verifyTiling } from '../../shared/tiling/verify'
import { AppWorkers } from './farm/app-workers'
import { nodeWorkerLauncher, nodeWorkers } from './node-worker'
import { solveJob } from './solve-job'
import { SolverService } from './solver-service'
import { runTilings } from './tiling-job'
import { processRunning as alive } from '../../testing/processes'

const bundled = (name: string): WorkbenchDocument =>
  documentFromJson(JSON.parse(readFileSync(`resources/sets/${name}.json`, 'utf8')), name)

/** A solve request as the dispatcher hands it over: checked against the API contract. */
const request = (params: {
  document: WorkbenchDocument
  kind: 'tile' | 'convex'
  mode: 'reduce' | 'raw'
  list: boolean
  figures?: { name: string; polygon: readonly (readonly [number, number])[] }[]
}) => checkParams('solver.start', params)

/**
 * A solver service on real worker processes, with every event it emits recorded (and shown to
 * `tap` as it is sent).
 */
function service(workers = 2, tap?: (e: WorkbenchEvent, solver: SolverService) => void) {
  const events: WorkbenchEvent[] = []
  const waiters: { test: (e: WorkbenchEvent) => boolean; resolve: (e: WorkbenchEvent) => void }[] =
    []
  const pool = new AppWorkers(nodeWorkerLauncher(), async () => workers)
  const solver = new SolverService({
    workers: pool,
    emit: (e) => {
      events.push(e)
      tap?.(e, solver)
      for (const w of [...waiters])
        if (w.test(e)) {
          waiters.splice(waiters.indexOf(w), 1)
          w.resolve(e)
        }
    },
  })
  const next = <T extends WorkbenchEvent>(test: (e: WorkbenchEvent) => e is T): Promise<T> => {
    const seen = events.find(test)
    if (seen) return Promise.resolve(seen)
    return new Promise((resolve) => waiters.push({ test, resolve: resolve as never }))
  }
  const ended = (jobId: string) =>
    next((e): e is Extract<WorkbenchEvent, { type: 'job.ended' }> => {
      return e.type === 'job.ended' && e.jobId === jobId
    })
  const of = <K extends WorkbenchEvent['type']>(jobId: string, type: K) =>
    events.filter(
      (e): e is Extract<WorkbenchEvent, { type: K }> =>
        e.type === type && 'jobId' in e && e.jobId === jobId,
    )
  const close = () => {
    solver.close()
    pool.close()
  }
  return { solver, events, next, ended, of, close }
}

let open: (() => void)[] = []
afterEach(() => {
  for (const close of open) close()
  open = []
})
function started(workers?: number, tap?: Parameters<typeof service>[1]) {
  const s = service(workers, tap)
  open.push(s.close)
  return s
}

describe('the solver service', () => {
  it('runs the tangram convex job on worker processes: 13 of 20 outlines, 142 verified tilings', async () => {
    const { solver, ended, of } = started()
    const { jobId } = solver.start(
      request({
        document: bundled('tangram'),
        kind: 'convex',
        mode: 'reduce',
        list: true,
      }),
    )
    const end = await ended(jobId)
    expect(end.outcome).toBe('done')
    const [start] = of(jobId, 'job.started')
    expect(start.runsOn).toEqual({ kind: 'here', processes: 2 })
    expect(start.figures).toHaveLength(20)
    // The two small and the two large triangles are merged into one piece with count 2.
    expect(start.document.pieces.map((p) => p.count).sort()).toEqual([1, 1, 1, 2, 2])
    const counts = of(jobId, 'job.figure')
    expect(counts).toHaveLength(20)
    expect(counts.reduce((s, e) => s + e.counts.solutions, 0)).toBe(142)
    expect(counts.filter((e) => e.counts.solutions > 0)).toHaveLength(13)
    // Every streamed tiling is a real tiling of its outline, by the independent verifier.
    const pieces = start.document.pieces.map((p) => ({
      name: p.name,
      polygon: p.polygon,
      count: p.count,
    }))
    let streamed = 0
    for (const batch of of(jobId, 'job.solutions'))
      for (const t of batch.tilings) {
        streamed++
        const moves = t.pieces.map((p) => ({
          piece: p.piece,
          matrix: d4Matrix(p.g),
          dx: p.dx,
          dy: p.dy,
        }))
        expect(verifyTiling(start.figures[batch.figure].polygon, pieces, moves)).toBeUndefined()
      }
    expect(streamed).toBe(142)
    expect(solver.status().jobs).toHaveLength(0)
  })

  it('hands a job over mid-run as its events told it: with the events sent after, a reloaded page has it whole', async () => {
    let mid: JobSnapshot | undefined
    const after: WorkbenchEvent[] = []
    const { solver, ended, events } = started(2, (e, s) => {
      if (mid) after.push(e)
      else if (e.type === 'job.solutions') mid = s.jobViews().jobs[0]
    })
    const document = bundled('tangram')
    const { jobId } = solver.start(
      request({ document, kind: 'convex', mode: 'reduce', list: true }),
    )
    await ended(jobId)
    const tilings = (v: JobView) => v.figures.reduce((n, f) => n + f.tilings.length, 0)
    const { ageMs, firstTilingMs, ...view } = mid!
    expect(view).toMatchObject({ jobId, state: 'running' })
    expect(tilings(view)).toBeGreaterThan(0)
    expect(tilings(view)).toBeLessThan(142)
    expect(firstTilingMs).toBeLessThanOrEqual(ageMs)
    for (const e of after) applyJobEvent(view, e)
    // Every event from the start, as the page that asked for the job saw them.
    const whole = newJobView(jobId, { kind: 'convex', mode: 'reduce', document })
    for (const e of events) applyJobEvent(whole, e)
    expect(whole).toMatchObject({ state: 'done', fraction: 1 })
    expect(tilings(whole)).toBe(142)
    expect(view).toEqual(whole)
    // Ended, it is still handed over: a page reloaded after the end shows its results.
    const [kept] = solver.jobViews().jobs
    expect({ ...kept, ageMs: undefined, firstTilingMs: undefined }).toEqual({
      ...whole,
      ageMs: undefined,
      firstTilingMs: undefined,
    })
  })

  it('keeps the views of the two jobs ended last; a restarted host gives its jobs other ids', async () => {
    const { solver, ended } = started(1)
    const count = () =>
      solver.start(
        request({ document: bundled('tangram'), kind: 'convex', mode: 'reduce', list: false }),
      )
    const ids = [count(), count(), count()].map((j) => j.jobId)
    expect(solver.jobViews().jobs.map((j) => [j.jobId, j.state])).toEqual([
      [ids[0], 'queued'],
      [ids[1], 'queued'],
      [ids[2], 'queued'],
    ])
    await ended(ids[2])
    expect(solver.jobViews().jobs.map((j) => [j.jobId, j.state])).toEqual([
      [ids[1], 'done'],
      [ids[2], 'done'],
    ])
    const other = started(1).solver
    const { jobId } = other.start(
      request({ document: bundled('tangram'), kind: 'convex', mode: 'reduce', list: false }),
    )
    other.cancel(jobId)
    expect(ids).not.toContain(jobId)
  })

  it('decides every convex outline of the hexominoes, each figure event with its reason', async () => {
    const { solver, ended, of } = started()
    const { jobId } = solver.start(
      request({ document: bundled('hexominoes'), kind: 'convex', mode: 'reduce', list: true }),
    )
    expect((await ended(jobId)).outcome).toBe('done')
    // Each figure once, in the order the workers decided them.
    const figures = of(jobId, 'job.figure').sort((a, b) => a.figure - b.figure)
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
    const { solver, ended, of } = started()
    const { jobId } = solver.start(
      request({ document: apart, kind: 'convex', mode: 'reduce', list: true }),
    )
    expect((await ended(jobId)).outcome).toBe('done')
    const [start] = of(jobId, 'job.started')
    expect(start.merged).toEqual([['large triangle A', 'large triangle B']])
    expect(start.document.pieces.map((p) => [p.name, p.color, p.count])).toEqual(
      apart.pieces.map((p) => [p.name, p.color, p.count]),
    )
    // The paper's counts, as with one large triangle ×2: identical pieces are not told apart.
    expect(of(jobId, 'job.figure').reduce((s, e) => s + e.counts.solutions, 0)).toBe(142)
    const tilings = of(jobId, 'job.solutions').flatMap((b) =>
      b.tilings.map((t) => ({ figure: start.figures[b.figure].polygon, pieces: t.pieces })),
    )
    expect(tilings).toHaveLength(142)
    const pieces = start.document.pieces
    for (const t of tilings) {
      const moves = t.pieces.map((p) => ({
        piece: p.piece,
        matrix: d4Matrix(p.g),
        dx: p.dx,
        dy: p.dy,
      }))
      expect(verifyTiling(t.figure, pieces, moves)).toBeUndefined()
    }
    // The search animation and the CLI's export index the pieces apart too.
    const trace = await solver.trace({
      document: start.document,
      figure: start.figures[15].polygon,
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
    // The tilings the service keeps for the export, too.
    const kept = solver.solutions(jobId).figures.flatMap((f) => f.tilings)
    expect(kept).toHaveLength(142)
    for (const t of [last, ...tilings, ...job.figures.flatMap((f) => f.tilings), ...kept])
      expect(largeOnes(t.pieces).sort()).toEqual(['large triangle A', 'large triangle B'])
  })

  it('streams every tiling as found, counts no more than it streamed, and ends with the totals of one search', async () => {
    const { solver, ended, events, of } = started()
    const rectangle = JSON.parse(readFileSync('resources/figures/rectangle-6x10.json', 'utf8'))
    const figure = { name: '6 × 10', polygon: rectangle.polygon }
    const document = bundled('pentominoes')
    const { jobId } = solver.start(
      request({ document, kind: 'tile', mode: 'reduce', list: true, figures: [figure] }),
    )
    await ended(jobId)
    // The tilings go out as the worker processes find them, not when the figure is done: a
    // progress event counts only tilings already sent.
    let streamed = 0
    let last: Extract<WorkbenchEvent, { type: 'job.progress' }> | undefined
    for (const e of events) {
      if (e.type === 'job.solutions') streamed += e.tilings.length
      if (e.type === 'job.progress') {
        expect(e.solutions).toBeLessThanOrEqual(streamed)
        last = e
      }
    }
    expect(streamed).toBe(2339)
    // The figure's statistics are those of the same search on one process (as the CLI runs it),
    // and the last progress has the totals.
    const [result] = of(jobId, 'job.figure')
    const here = await runTilings({
      set: solvableDocument(document).wire,
      figures: [figure],
      mode: 'reduce',
      list: false,
      transport: nodeWorkers(1),
    })
    expect(result.stats).toEqual(here.figures[0].stats)
    expect(last).toMatchObject({
      fraction: 1,
      solutions: 2339,
      placements: result.stats.placements,
    })
  })

  it('queues jobs and runs them one after the other; a queued job cancels without running', async () => {
    const { solver, ended, events } = started(1)
    const doc = bundled('tangram')
    const a = solver.start(request({ document: doc, kind: 'convex', mode: 'reduce', list: false }))
    const b = solver.start(request({ document: doc, kind: 'convex', mode: 'raw', list: false }))
    const c = solver.start(request({ document: doc, kind: 'convex', mode: 'reduce', list: false }))
    expect(solver.status().jobs.map((j) => j.state)).toEqual(['running', 'queued', 'queued'])
    solver.cancel(c.jobId)
    expect((await ended(c.jobId)).outcome).toBe('cancelled')
    expect((await ended(a.jobId)).outcome).toBe('done')
    expect((await ended(b.jobId)).outcome).toBe('done')
    const order = events
      .filter((e) => e.type === 'job.started' || e.type === 'job.ended')
      .map((e) => `${e.type} ${(e as { jobId: string }).jobId}`)
    expect(order).toEqual([
      `job.ended ${c.jobId}`,
      `job.started ${a.jobId}`,
      `job.ended ${a.jobId}`,
      `job.started ${b.jobId}`,
      `job.ended ${b.jobId}`,
    ])
    // Both modes report both counts; 'raw' also lists every fixed tiling.
    const totals = (jobId: string) =>
      events
        .filter((e) => e.type === 'job.figure' && e.jobId === jobId)
        .map((e) => (e as { counts: { solutions: number; fixed: number } }).counts)
        .reduce((s, c) => ({ solutions: s.solutions + c.solutions, fixed: s.fixed + c.fixed }))
    expect(totals(a.jobId)).toEqual({ solutions: 142, fixed: 256 })
    expect(totals(b.jobId)).toEqual({ solutions: 142, fixed: 256 })
  })

  it('cancels a running job at once: its processes are gone, progress had streamed', async () => {
    const { solver, next, ended } = started()
    // Let the pool warm up first: warm processes that start during the run (on a slow machine)
    // would be listed beside the job's, and rightly outlive the cancel.
    await expect.poll(() => solver.status().workerPids.length, { timeout: 10_000 }).toBe(2)
    const { jobId } = solver.start(
      request({
        document: bundled('tetraboloes'),
        kind: 'convex',
        mode: 'reduce',
        list: false,
      }),
    )
    await next((e): e is WorkbenchEvent => e.type === 'job.progress' && e.placements > 0)
    const pids = solver.status().workerPids
    expect(pids.length).toBeGreaterThan(0)
    solver.cancel(jobId)
    const end = await ended(jobId)
    expect(end.outcome).toBe('cancelled')
    // Killed, not left to finish their parts: a warm worker would stay. (How fast: npm run bench.)
    await expect.poll(() => pids.filter(alive).length, { timeout: 10_000, interval: 25 }).toBe(0)
  })

  it('reports a worker process that dies in one line, runs its task again and counts exactly', async () => {
    const { solver, next, ended, of } = started()
    const { jobId } = solver.start(
      request({
        document: bundled('tetraboloes'),
        kind: 'convex',
        mode: 'reduce',
        list: true,
      }),
    )
    await next((e): e is WorkbenchEvent => e.type === 'job.solutions')
    process.kill(solver.status().workerPids[0], 'SIGKILL')
    const end = await ended(jobId)
    expect(end.outcome).toBe('done')
    expect(of(jobId, 'job.notice').map((e) => e.message)).toEqual([
      expect.stringMatching(
        /^a worker process stopped unexpectedly \(SIGKILL\); task f\d+(\.\d+|\.s)? run again$/,
      ),
    ])
    // Nothing counted twice, nothing streamed twice.
    const figures = of(jobId, 'job.figure')
    expect(figures.reduce((s, f) => s + f.counts.solutions, 0)).toBe(23512)
    expect(of(jobId, 'job.solutions').reduce((s, e) => s + e.tilings.length, 0)).toBe(23512)
    // The service still works: a new job runs to the end.
    const again = solver.start(
      request({
        document: bundled('tangram'),
        kind: 'convex',
        mode: 'reduce',
        list: false,
      }),
    )
    expect((await ended(again.jobId)).outcome).toBe('done')
  })

  it('stops a search estimated to take days before it, as an estimate, not a failure', async () => {
    const { solver, ended } = started()
    const pentaboloes = bundled('pentaboloes')
    const kinds = pieceSetFromJson(documentToJson(pentaboloes), 'pentaboloes').pieces.map((p) => ({
      name: p.name,
      shape: p.shape,
      count: p.count,
    }))
    const big = convexCases(kinds).cases.find((c) => c.name === 'parallelogram 5√2, 15, 5√2, 15')!
    const { jobId } = solver.start(
      request({
        document: pentaboloes,
        kind: 'tile',
        mode: 'reduce',
        list: false,
        figures: [{ name: big.name, polygon: big.polygon }],
      }),
    )
    const end = await ended(jobId)
    expect(end.outcome).toBe('estimated')
    expect(end.estimatedNodes).toBeGreaterThan(2e12)
    expect(end.estimatedSpread).toBeGreaterThan(1)
    expect(end.error).toBeUndefined()
  })

  it('rejects a document that cannot be solved before queueing it', () => {
    const { solver } = started()
    const doc = bundled('tangram')
    const broken = {
      ...doc,
      pieces: [{ ...doc.pieces[0], polygon: [[0, 0], [1, 0], [1, 1], [2, 1] as const] }],
    } as unknown as WorkbenchDocument
    expect(() =>
      solver.start(request({ document: broken, kind: 'convex', mode: 'reduce', list: false })),
    ).toThrow(/.+/)
    expect(solver.status().jobs).toHaveLength(0)
  })

  it('traces the search to its first tiling and reproduces a published number in a worker', async () => {
    const { solver } = started(1)
    const trace = await solver.trace({
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
    const r = await solver.reproduce(entry.id)
    expect(r).toMatchObject({ computed: '20', matches: true })
    await expect(solver.reproduce('no-such-number')).rejects.toThrow(/no-such-number/)
  })
})
