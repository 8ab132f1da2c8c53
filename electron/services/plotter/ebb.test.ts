import fc from 'fast-check'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { DEFAULT_EXPORT, exportSheet } from '../../../shared/drawing/export-settings'
import type { Stroke, XY } from '../../../shared/drawing/plan'
import type { SheetPage } from '../../../shared/drawing/sheet'
import { ebbProgram, pageEbb, type EbbProgram } from '../../../shared/ebb/write'
import { placePage } from '../../../shared/hpgl/write'
import { BUNDLED_DEVICES } from '../../../shared/plotter/bundled'
import { deviceById } from '../../../shared/plotter/profile'
import { solvedTangram } from '../../../testing/tangram-job'
import type { GoOn, PlotUpdate } from './driver'
import { EbbPlotJob, type EbbPrograms } from './ebb-driver'
import type { EbbSimulator } from './ebb-simulator'
import { onTheWay } from './plot-program'
import { ebbRig, FAST_LINE, type Rig } from './test-rig'
import { cancelInTurn, cancelMoments, drawnInOrder } from '../../../testing/drawn-in-order'

const axidraw = deviceById(BUNDLED_DEVICES, 'axidraw-v3', 'ebb')
const plotter = { paper: 'A4', scale: 'fit' as const, pens: 'one' as const }

let pages: readonly SheetPage[]
beforeAll(async () => {
  pages = exportSheet(await solvedTangram(), { ...DEFAULT_EXPORT, format: 'hpgl' }).pages
})

async function rig(options: Parameters<typeof ebbRig>[0] = {}): Promise<Rig<EbbSimulator>> {
  const r = await ebbRig({ speedUp: 1000, ...options })
  onTestFinished(() => r.close())
  return r
}

const both = (paths: readonly Stroke[]): EbbPrograms => ({
  sm: ebbProgram(paths, axidraw, false),
  lm: ebbProgram(paths, axidraw, true),
})

/** Plots on the rig's line; `on` sees every update, with the job. */
function plot(
  r: Rig<EbbSimulator>,
  programs: EbbPrograms,
  on?: (u: PlotUpdate, job: EbbPlotJob) => void,
  onPenChange?: (layer: number, layers: number) => Promise<void>,
  goOn?: GoOn,
) {
  const job: EbbPlotJob = new EbbPlotJob(
    programs,
    axidraw,
    { path: r.port, ...FAST_LINE, queueTimeoutMs: 1000 },
    (u) => on?.(u, job),
    onPenChange,
  )
  onTestFinished(() => {
    job.cancel()
    return job.finished.then(() => {})
  })
  if (goOn) job.from(goOn)
  return job.start()
}

/** The pen-down moves a program makes when each of its commands runs once. */
function programSegments(p: EbbProgram): { from: XY; to: XY }[] {
  const out: { from: XY; to: XY }[] = []
  let at = p.start.position
  for (const s of p.steps) {
    const to = s.after.position
    if (s.after.down && (to[0] !== at[0] || to[1] !== at[1])) out.push({ from: at, to })
    at = to
  }
  return out
}

/**
 * Whether `drawn` is `planned` in its order, each move once and none missing, but that up to
 * `splits` moves may be in pieces (halted part way, the rest drawn on going on): from its start
 * to its end, each piece ending within two steps of its line.
 */
function eachOnce(
  drawn: readonly { from: XY; to: XY }[],
  planned: readonly { from: XY; to: XY }[],
  splits: number,
) {
  const same = (a: XY, b: XY) => a[0] === b[0] && a[1] === b[1]
  let i = 0
  let split = 0
  for (const p of planned) {
    if (i < drawn.length && same(drawn[i].from, p.from) && same(drawn[i].to, p.to)) {
      i++
      continue
    }
    let at = p.from
    while (i < drawn.length && same(drawn[i].from, at) && onTheWay(drawn[i].to, p.from, p.to, 2))
      at = drawn[i++].to
    if (i === drawn.length || !same(drawn[i].from, at) || !same(drawn[i].to, p.to)) return false
    i++
    split++
  }
  return i === drawn.length && split <= splits
}

/** Every whole step a drawing passes through, sampled at half steps. */
function lattice(segments: Iterable<{ from: XY; to: XY }>): Set<number> {
  const out = new Set<number>()
  for (const { from, to } of segments) {
    const n = Math.ceil(2 * Math.hypot(to[0] - from[0], to[1] - from[1])) + 1
    for (let i = 0; i <= n; i++) {
      const x = Math.round(from[0] + ((to[0] - from[0]) * i) / n)
      const y = Math.round(from[1] + ((to[1] - from[1]) * i) / n)
      out.add(x * 100_000 + y)
    }
  }
  return out
}

/** Points of `a` more than a step (in x or y) from every point of `b`. */
function farFrom(a: Set<number>, b: Set<number>): number[] {
  const far: number[] = []
  for (const p of a) {
    let near = false
    for (let dx = -1; dx <= 1 && !near; dx++)
      for (let dy = -1; dy <= 1 && !near; dy++) near = b.has(p + dx * 100_000 + dy)
    if (!near) far.push(p)
  }
  return far
}

describe('plotting to an AxiDraw (EBB)', () => {
  it('draws a sheet page as its strokes, within a step, with LM on firmware 2.8.1; ends home, pen up, motors off', async () => {
    const placed = placePage(pages[4], { ...plotter, device: axidraw, labels: false })
    const { paths } = pageEbb(pages[4], { ...plotter, device: axidraw })
    const r = await rig()
    const end = await plot(r, both(paths)).finished
    expect(`${end.state}: ${end.message}`).toMatch(/^done/)
    expect(r.sim.commands.some((c) => c.startsWith('LM'))).toBe(true)
    expect(r.sim.commands.some((c) => c.startsWith('SM'))).toBe(false)
    const strokes = placed.strokes.flatMap((s) =>
      s.points.slice(1).map((to, i) => ({ from: s.points[i], to })),
    )
    expect(strokes.length).toBeGreaterThan(100)
    const drawn = lattice(r.sim.segments)
    const wanted = lattice(strokes)
    expect(farFrom(drawn, wanted)).toEqual([])
    expect(farFrom(wanted, drawn)).toEqual([])
    // The pen lands exactly on every corner.
    const ends = new Set(r.sim.segments.flatMap((s) => [`${s.from}`, `${s.to}`]))
    expect(strokes.flatMap((s) => [`${s.from}`, `${s.to}`]).filter((p) => !ends.has(p))).toEqual([])
    expect(r.sim.at).toEqual([0, 0])
    expect(r.sim.penUp).toBe(true)
    expect(r.sim.motorsOn).toBe(false)
  })

  it('draws a layer per pen in order, holding pen up after each until the next pen is in', async () => {
    const colors = { ...plotter, pens: 'colors' as const, device: { ...axidraw, pens: 3 } }
    const { paths } = pageEbb(pages[4], colors)
    const pens = [...new Set(paths.map((p) => p.pen))]
    expect(pens.length).toBe(3)
    // Each pen's paths together, one layer after another.
    expect(paths.map((p) => p.pen)).toEqual(
      pens.flatMap((pen) => paths.filter((p) => p.pen === pen).map(() => pen)),
    )
    const programs = both(paths)
    const expected = programSegments(programs.lm!)
    const layerEnds = pens.map(
      (_, i) =>
        programSegments({
          ...programs.lm!,
          steps: programs.lm!.steps.slice(0, programs.lm!.penChanges[i]),
        }).length,
    )
    const r = await rig()
    const changes: string[] = []
    const end = await plot(r, programs, undefined, async (layer, layers) => {
      changes.push(`${layer}/${layers}`)
      // The layer before is drawn, and no more; the pen is up.
      expect(r.sim.segments).toEqual(expected.slice(0, layerEnds[layer - 2]))
      expect(r.sim.penUp).toBe(true)
      await new Promise((res) => setTimeout(res, 50))
      expect(r.sim.segments).toHaveLength(layerEnds[layer - 2])
    }).finished
    expect(`${end.state}: ${end.message}`).toMatch(/^done/)
    expect(changes).toEqual(['2/3', '3/3'])
    expect(r.sim.segments).toEqual(expected)
  })

  it('uses SM where the firmware has no LM (before 2.7.0), which refuses LM', async () => {
    const paths = pageEbb(pages[4], { ...plotter, device: axidraw }).paths.slice(0, 20)
    const programs = both(paths)
    const r = await rig({ version: '2.6.5' })
    const end = await plot(r, programs).finished
    expect(`${end.state}: ${end.message}`).toMatch(/^done/)
    expect(r.sim.commands.some((c) => c.startsWith('LM'))).toBe(false)
    expect(r.sim.segments).toEqual(programSegments(programs.sm))
    // LM sent anyway: the old board refuses it, and the plot stops with the pen lifted, parked.
    const forced = await plot(r, { sm: programs.lm! }).finished
    expect(forced.state).toBe('failed')
    expect(forced.message).toMatch(
      /^command \d+ of \d+ \(LM,[-\d,]+\): the board says "!8 Err: Unknown command 'LM'"; the pen is lifted and the carriage parked$/,
    )
    expect(r.sim.penUp).toBe(true)
    expect(r.sim.at).toEqual([0, 0])
  })

  it('resumes after the cable is pulled at random moments: every pen-down move once, in order', async () => {
    const paths = pageEbb(pages[4], { ...plotter, device: axidraw }).paths.slice(0, 40)
    const programs = both(paths)
    const expected = programSegments(programs.lm!)
    const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms))
    // A cable pulled between commands (socat stopped), or just after the board took a command
    // and before its OK got through (the board's end closed).
    const cut = fc.record({
      at: fc.double({ min: 0.05, max: 0.9, noNaN: true }),
      board: fc.option(fc.integer({ min: 1, max: 3 })),
      outMs: fc.integer({ min: 0, max: 200 }),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(cut, { minLength: 1, maxLength: 2 }), async (cuts) => {
        const r = await ebbRig({ speedUp: 300 })
        try {
          const pulls: Promise<void>[] = []
          const pending = [...cuts].sort((a, b) => a.at - b.at)
          const pull = async ({ board, outMs }: (typeof cuts)[number]) => {
            if (board === null) {
              await r.unplug()
              await sleep(outMs)
              return r.plugIn()
            }
            void r.sim.unplug(board)
            for (let waited = 0; r.sim.connected; waited += 5) {
              if (waited > 10_000) throw new Error('the board never took the commands')
              await sleep(5)
            }
            await sleep(outMs)
            await r.sim.connect()
          }
          let reconnecting = 0
          let back = 0
          const end = await plot(r, programs, (u) => {
            if (u.state === 'reconnecting') reconnecting++
            else if (back < reconnecting) back++
            // One pull at a time: the next once the driver is back from the last.
            if (
              pending.length > 0 &&
              u.confirmed >= pending[0].at * u.total &&
              pulls.length === back
            )
              pulls.push(pull(pending.shift()!))
          }).finished
          await Promise.all(pulls)
          expect(`${end.state}: ${end.message}`).toMatch(/^done/)
          expect(reconnecting).toBe(cuts.length)
          expect(r.sim.segments).toEqual(expected)
        } finally {
          await r.close()
        }
      }),
      { numRuns: 5 },
    )
  })

  it('pauses (nothing more sent), resumes, and on cancel stops, lifts the pen and parks', async () => {
    const paths = pageEbb(pages[4], { ...plotter, device: axidraw }).paths.slice(0, 40)
    const r = await rig({ speedUp: 100 })
    let paused = false
    let job!: EbbPlotJob
    const held = new Promise<number>((resolve) => {
      job = plot(r, both(paths), (u, j) => {
        if (paused || u.confirmed < 0.2 * u.total) return
        paused = true
        j.pause()
        resolve(u.confirmed)
      })
    })
    await held
    await new Promise((res) => setTimeout(res, 300))
    const commands = r.sim.commands.length
    await new Promise((res) => setTimeout(res, 300))
    expect(r.sim.commands.length).toBe(commands)
    expect(job.update.state).toBe('paused')
    job.resume()
    for (let waited = 0; r.sim.penUp; waited += 5) {
      if (waited > 10_000) throw new Error('the pen never went down after resuming')
      await new Promise((res) => setTimeout(res, 5))
    }
    job.cancel()
    const end = await job.finished
    expect(end.state).toBe('cancelled')
    expect(end.message).toMatch(
      /^cancelled at command \d+ of \d+; the pen is lifted and the carriage parked$/,
    )
    expect(end.confirmed).toBeLessThan(end.total)
    expect(r.sim.commands).toContain('ES')
    expect(r.sim.penUp).toBe(true)
    expect(r.sim.at).toEqual([0, 0])
    expect(r.sim.motorsOn).toBe(false)
  })

  it('after cancels at random moments (ES halting a move part way), goes on from where the carriage stopped: every move once', async () => {
    const paths = pageEbb(pages[4], { ...plotter, device: axidraw }).paths.slice(0, 40)
    const programs = both(paths)
    const expected = programSegments(programs.lm!)
    await fc.assert(
      fc.asyncProperty(cancelMoments, async (cancels) => {
        const r = await ebbRig({ speedUp: 100 })
        try {
          const goOn = await cancelInTurn<GoOn>(cancels, async (fraction, from) => {
            let cancelled = false
            const cancel = (u: PlotUpdate, job: EbbPlotJob) => {
              if (cancelled || u.confirmed < fraction * u.total) return
              cancelled = true
              job.cancel()
            }
            const end = await plot(r, programs, cancel, undefined, from).finished
            expect(end.state).toBe('cancelled')
            expect(end.message).toMatch(
              /^cancelled at command \d+ of \d+; the pen is lifted and the carriage parked$/,
            )
            expect(r.sim.at).toEqual([0, 0])
            expect(r.sim.penUp).toBe(true)
            return end.goOn
          })
          expect(r.sim.segments.length).toBeLessThan(expected.length)
          const again = await plot(r, programs, undefined, undefined, goOn).finished
          expect(`${again.state}: ${again.message}`).toMatch(/^done/)
          // All together: the plot's moves in order, none twice, none missing.
          expect(eachOnce(r.sim.segments, expected, cancels.length)).toBe(true)
          expect(r.sim.at).toEqual([0, 0])
          expect(r.sim.motorsOn).toBe(false)
        } finally {
          await r.close()
        }
      }),
      { numRuns: 3 },
    )
  })

  it('after a power loss, once the carriage is home, goes on from the last answered command: nothing drawn twice', async () => {
    const paths = pageEbb(pages[4], { ...plotter, device: axidraw }).paths.slice(0, 40)
    const programs = both(paths)
    const expected = programSegments(programs.lm!).map((g) => `${g.from} ${g.to}`)
    await fc.assert(
      fc.asyncProperty(fc.double({ min: 0.1, max: 0.9, noNaN: true }), async (at) => {
        const r = await ebbRig({ speedUp: 300 })
        try {
          let cut: Promise<void> | undefined
          const before = r.sim
          const holds: string[] = []
          const end = await plot(r, programs, (u, job) => {
            if (!cut && u.confirmed >= at * u.total) {
              // Off long enough for the driver to miss an answer: it cannot tell otherwise.
              void r.sim.unplug()
              cut = new Promise((res) => setTimeout(res, 700)).then(() => r.powerCycle())
            }
            if (u.state === 'paused') {
              holds.push(u.message)
              void cut!.then(() => job.resume())
            }
          }).finished
          expect(`${end.state}: ${end.message}`).toMatch(/^done/)
          expect(holds).toEqual([
            'the AxiDraw was switched off and on: put its carriage in the home corner, then Resume',
          ])
          expect(r.sim).not.toBe(before)
          // Drawn by the board before and after: in the plot's order, none twice; only the moves
          // it had taken and not run when the power went (two at most) are missing.
          const drawn = [...before.segments, ...r.sim.segments].map((g) => `${g.from} ${g.to}`)
          expect(drawnInOrder(drawn, expected)).toBe(true)
          expect(drawn.length).toBeGreaterThanOrEqual(expected.length - 2)
          expect(r.sim.at).toEqual([0, 0])
          expect(r.sim.motorsOn).toBe(false)
        } finally {
          await r.close()
        }
      }),
      { numRuns: 3 },
    )
  })

  it('will not go on with a carriage moved by hand meanwhile', async () => {
    const paths = pageEbb(pages[4], { ...plotter, device: axidraw }).paths.slice(0, 40)
    const r = await rig({ speedUp: 300 })
    let cut = false
    const end = await plot(r, both(paths), (u) => {
      if (cut || u.confirmed < 0.5 * u.total) return
      cut = true
      void r.sim.unplug()
      // Moved by hand, its count says so: a step off where the plot left it.
      r.sim.m1 += 1
      r.sim.m2 += 1
      setTimeout(() => void r.sim.connect(), 300)
    }).finished
    expect(end.state).toBe('failed')
    expect(end.message).toMatch(
      /^after the line came back the carriage is at \d+,\d+ \(pen (up|down)\), not where the plot left it; was it moved by hand\?/,
    )
  })
})
