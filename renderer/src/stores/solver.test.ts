import { describe, expect, it, vi } from 'vitest'
import tangramSet from '../../../resources/sets/tangram.json'
import type {
  FigureDone,
  RunEvent,
  RunOutcome,
  RunProgress,
  RunResult,
} from '../../../shared/api/run'
import { documentFromJson } from '../../../shared/document/document'
import type { PlacedPiece } from '../../../shared/tiling/problem'
import { host, settled } from '../../../testing/renderer-setup'
import { jobElapsedMs, useSolver } from './solver'

const tangram = () => documentFromJson(tangramSet, 'tangram.json')
const stats = {
  tried: 10,
  placements: 5,
  updates: 0,
  symmetryPrunedPlacements: 0,
  symmetryRejectedCovers: 0,
}
const tiling = (piece: number) => ({
  pieces: [{ piece, g: 0, dx: 0, dy: 0 } as PlacedPiece],
  classSize: 8,
})

/** The host starts runs run-1, run-2, … and cancels them when asked. */
function hostRunsJobs(): void {
  let next = 1
  host.answer('run.start', () => ({ runId: `run-${next++}` }))
  host.answer('run.cancel', () => null)
}

/** The events of the host's solve `runId`. */
const of = (runId: string) => {
  const base = { runId, kind: 'solve' as const }
  return {
    started: (figures: string[]): RunEvent => ({
      type: 'run.started',
      ...base,
      runsOn: { kind: 'here', processes: 2 },
      plan: {
        request: { kind: 'convex', mode: 'reduce' },
        figures: figures.map((name) => ({ name, polygon: [] })),
        document: tangram(),
        setKey: 'tangram',
        merged: [['small triangle 1', 'small triangle 2']],
      },
    }),
    progress: (progress: RunProgress<'solve'>): RunEvent => ({
      type: 'run.progress',
      ...base,
      progress,
    }),
    tilings: (figure: number, tilings: ReturnType<typeof tiling>[]): RunEvent => ({
      type: 'run.items',
      ...base,
      items: tilings.map((t) => ({ figure, tiling: t })),
    }),
    figure: (figure: number, done: FigureDone): RunEvent => ({
      type: 'run.items',
      ...base,
      items: [{ figure, done }],
    }),
    notice: (line: string): RunEvent => ({ type: 'run.notice', ...base, line }),
    ended: (
      outcome: RunOutcome,
      elapsedMs: number,
      more: { error?: string; result?: RunResult<'solve'> } = {},
    ): RunEvent => ({ type: 'run.ended', ...base, outcome, elapsedMs, ...more }),
  }
}

describe('the solver store', () => {
  it('starts a job with the document as the host takes it, and shows it queued', async () => {
    hostRunsJobs()
    const s = useSolver()
    const doc = tangram()
    const starting = s.start(doc, 'convex')
    expect(s.starting).toBe(true)
    await starting
    expect(s.starting).toBe(false)
    expect(host.callsOf('run.start')).toEqual([
      { kind: 'solve', params: { document: doc, kind: 'convex', mode: 'reduce', list: true } },
    ])
    expect(s.job).toMatchObject({ jobId: 'run-1', kind: 'convex', state: 'queued' })
    expect(s.running).toBe(true)
  })

  it('follows its job from start to end: figures, progress, tilings, counts', async () => {
    hostRunsJobs()
    const s = useSolver()
    await s.start(tangram(), 'convex')
    const job = of('run-1')
    host.emit(job.started(['square', 'triangle']))
    expect(s.job!.state).toBe('running')
    expect(s.job!.merged).toEqual([['small triangle 1', 'small triangle 2']])
    host.emit(
      job.progress({
        fraction: 0.5,
        placements: 1000,
        solutions: 1,
        figuresDone: 0,
        rate: 2000,
        etaSeconds: 3,
      }),
    )
    expect(s.job).toMatchObject({ fraction: 0.5, placements: 1000, rate: 2000, etaSeconds: 3 })
    host.emit(job.tilings(1, [tiling(0)]))
    host.emit(job.tilings(1, [tiling(1), tiling(2)]))
    expect(s.job!.figures[1].tilings.map((t) => t.pieces[0].piece)).toEqual([0, 1, 2])
    expect(s.job!.solutions).toBe(3)
    expect([s.tileable, s.totalSolutions]).toEqual([1, 3])
    host.emit(
      job.figure(0, {
        counts: { solutions: 0, fixed: 0 },
        stats,
        rejected: 'the colouring argument rules it out',
        complete: true,
      }),
    )
    host.emit(
      job.figure(1, {
        counts: { solutions: 3, fixed: 24 },
        stats,
        complete: true,
        estimatedNodes: 42,
        estimatedSpread: 1.5,
      }),
    )
    expect(s.job!.figuresDone).toBe(2)
    // Each figure's estimate, as planned, for the table.
    expect(s.job!.figures.map((f) => f.estimatedNodes)).toEqual([undefined, 42])
    expect(s.job!.figures[1].estimatedSpread).toBe(1.5)
    host.emit(job.ended('done', 120, { result: { complete: true, resumed: 0 } }))
    expect(s.job).toMatchObject({ state: 'done', fraction: 1 })
    expect(s.job!.endedAt).toBeGreaterThanOrEqual(s.job!.startedAt)
    expect(s.job!.figures[0].rejected).toBe('the colouring argument rules it out')
    expect([s.running, s.tileable, s.totalSolutions]).toEqual([false, 1, 3])
  })

  it('a figure cut short by a dead worker counts the tilings it streamed, not only its ended parts', async () => {
    hostRunsJobs()
    const s = useSolver()
    await s.start(tangram(), 'convex')
    const job = of('run-1')
    host.emit(job.started(['square']))
    host.emit(job.tilings(0, [tiling(0), tiling(1)]))
    host.emit(job.figure(0, { counts: { solutions: 0, fixed: 0 }, stats, complete: false }))
    host.emit(job.ended('failed', 50, { error: 'x' }))
    expect([s.tileable, s.totalSolutions]).toEqual([1, 2])
  })

  it('keeps the lines the host sends about a running job (a worker that died, its task run again)', async () => {
    hostRunsJobs()
    const s = useSolver()
    await s.start(tangram(), 'convex')
    const job = of('run-1')
    host.emit(job.started(['square']))
    const line = 'a worker process stopped unexpectedly (SIGKILL); task f0 run again'
    host.emit(job.notice(line))
    // Shown as it comes, while the solve goes on.
    expect(s.job).toMatchObject({ state: 'running', notices: [line] })
    host.emit(job.ended('done', 50, { result: { complete: true, resumed: 0 } }))
    expect(s.job).toMatchObject({ state: 'done', notices: [line] })
  })

  it('a new Solve cancels the running job first; the old job’s late events change nothing', async () => {
    hostRunsJobs()
    const s = useSolver()
    await s.start(tangram(), 'convex')
    const job = of('run-1')
    host.emit(job.started(['square']))
    await s.start(tangram(), 'tile', { mode: 'raw', figures: [{ name: 'f', polygon: [[0, 0]] }] })
    expect(host.callsOf('run.cancel')).toEqual([{ runId: 'run-1' }])
    expect(host.callsOf('run.start')[1]).toMatchObject({
      kind: 'solve',
      params: { kind: 'tile', mode: 'raw', figures: [{ name: 'f', polygon: [[0, 0]] }] },
    })
    host.emit(job.tilings(0, [tiling(0)]))
    host.emit(job.ended('cancelled', 5))
    expect(s.job).toMatchObject({ jobId: 'run-2', state: 'queued', figures: [] })
    expect(s.running).toBe(true)
  })

  it('a failed job keeps what it found and says why; one stopped at its estimate can be forced', async () => {
    hostRunsJobs()
    const s = useSolver()
    await s.start(tangram(), 'convex')
    const job = of('run-1')
    host.emit(job.started(['square']))
    host.emit(job.tilings(0, [tiling(3)]))
    host.emit(
      job.ended('failed', 50, {
        error: 'a solver process stopped unexpectedly (SIGKILL); the results found so far are kept',
      }),
    )
    expect(s.job).toMatchObject({ state: 'failed', error: expect.stringMatching(/SIGKILL/) })
    expect(s.job!.figures[0].tilings).toHaveLength(1)

    await s.start(tangram(), 'convex')
    host.emit(
      of('run-2').ended('done', 1, {
        result: { complete: false, resumed: 0, estimated: { nodes: 5e12, spread: 3 } },
      }),
    )
    expect(s.job).toMatchObject({
      jobId: 'run-2',
      state: 'estimated',
      estimatedNodes: 5e12,
      estimatedSpread: 3,
    })
    expect(s.job!.error).toBeUndefined()
    await s.start(tangram(), 'convex', { force: true })
    expect(host.callsOf('run.start')[2]).toMatchObject({ params: { force: true } })
  })

  it('a Solve the host refuses (a queue it cannot reach) is shown failed with why, and rejects', async () => {
    const why = 'cannot reach Redis at 127.0.0.1:6398: connection refused'
    host.answer('run.start', () => {
      throw new Error(why)
    })
    const s = useSolver()
    await expect(s.start(tangram(), 'convex')).rejects.toThrow(why)
    expect([s.job?.state, s.job?.error, s.starting, s.running]).toEqual([
      'failed',
      why,
      false,
      false,
    ])
  })

  it('times Elapsed on the clock of the first tiling: from Solve to the end, never less', async () => {
    // A drawn set: the host's run took 400 ms of the 2.13 s from Solve to its end on this page.
    let clock = 10_000
    vi.spyOn(performance, 'now').mockImplementation(() => clock)
    hostRunsJobs()
    const s = useSolver()
    await s.start(tangram(), 'tile')
    const j = s.job!
    host.emit(of('run-1').started(['square']))
    clock += 1_500
    host.emit(of('run-1').tilings(0, [tiling(0)]))
    s.shown(j)
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await settled()
    expect(j.firstTilingMs).toBe(1_500)
    expect(jobElapsedMs(j, clock + 200)).toBe(1_700)
    clock += 630
    host.emit(of('run-1').ended('done', 400))
    expect(jobElapsedMs(j, clock + 60_000)).toBe(2_130)
    // Ended before its first tiling was painted: Elapsed is not shorter than First tiling.
    await s.start(tangram(), 'tile')
    const k = s.job!
    host.emit(of('run-2').tilings(0, [tiling(0)]))
    host.emit(of('run-2').ended('done', 1))
    clock += 40
    s.shown(k)
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await settled()
    expect(jobElapsedMs(k, clock)).toBe(k.firstTilingMs)
    vi.restoreAllMocks()
  })

  it('times the first tiling on screen once, after the paint', async () => {
    let clock = 10_000
    vi.spyOn(performance, 'now').mockImplementation(() => clock)
    hostRunsJobs()
    const s = useSolver()
    await s.start(tangram(), 'convex')
    const j = s.job!
    clock += 300
    s.shown(j)
    s.shown(j)
    expect(j.firstTilingMs).toBeUndefined()
    // The paint comes a frame after the call: its time is the one taken.
    clock += 16
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await settled()
    expect(j.firstTilingMs).toBe(316)
    clock += 500
    s.shown(j)
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(j.firstTilingMs).toBe(316)
    vi.restoreAllMocks()
  })
})
