import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { SerialPort } from 'serialport'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { interpretHpgl, parseHpgl } from '../../../shared/hpgl/parse'
import { SerialPlotJob, type GoOn, type PlotUpdate, type SerialTarget } from './driver'
import { plotProgram } from './plot-program'
import { StreamPlotJob } from './stream-job'
import { FAST_LINE, plotterRig, testDrawing, type PlotterRig } from './test-rig'
import { cancelInTurn, cancelMoments, drawnInOrder } from '../../../testing/drawn-in-order'

const DRAWING = testDrawing(60)
const PLANNED = interpretHpgl(parseHpgl(DRAWING)).segments

async function rig(options: Parameters<typeof plotterRig>[0] = {}): Promise<PlotterRig> {
  const r = await plotterRig(options)
  onTestFinished(() => r.close())
  return r
}

/** Plots over the rig's line; `on` sees every update, with the job, as it comes. */
function plot(
  r: PlotterRig,
  options: Partial<SerialTarget> & {
    hpgl?: string
    on?: (u: PlotUpdate, job: SerialPlotJob) => void
    /** Going on where a cancelled plot stopped. */
    goOn?: GoOn
  } = {},
) {
  const { hpgl = DRAWING, on, goOn, ...line } = options
  const program = plotProgram(hpgl)
  const updates: PlotUpdate[] = []
  const job: SerialPlotJob = new SerialPlotJob(
    program,
    { kind: 'serial', path: r.port, ...FAST_LINE, ...line },
    (u) => {
      updates.push(u)
      on?.(u, job)
    },
  )
  onTestFinished(() => {
    job.cancel()
    return job.finished.then(() => {})
  })
  if (goOn) job.from(goOn)
  return { job: job.start(), updates, program }
}

/** Once, when the plot has reached `fraction` of its instructions. */
const at = (fraction: number, action: (u: PlotUpdate, job: SerialPlotJob) => void) => {
  let done = false
  return (u: PlotUpdate, job: SerialPlotJob) => {
    if (done || u.confirmed < fraction * u.total) return
    done = true
    action(u, job)
  }
}

describe('plotting over a serial line', () => {
  it('draws a multi-pen drawing exactly, never overrunning the plotter', async () => {
    const r = await rig()
    const { job, updates, program } = plot(r)
    const end = await job.finished
    await r.sim.idle()
    expect(end).toMatchObject({ state: 'done', confirmed: program.steps.length, percent: 100 })
    expect(PLANNED.length).toBeGreaterThan(300)
    expect(new Set(PLANNED.map((s) => s.pen))).toEqual(new Set([1, 2, 3]))
    // The drawing is many buffers long: flow control had work to do.
    expect(program.bytes).toBeGreaterThan(15 * 256)
    expect(r.sim.overruns).toBe(0)
    expect(r.sim.errors).toEqual([])
    expect(r.sim.segments).toEqual(PLANNED)
    const percents = updates.map((u) => u.percent)
    expect(percents).toEqual([...percents].sort((a, b) => a - b))
  })

  it('is needed: writing it all at once overruns the same plotter', async () => {
    const r = await rig()
    const port = await new Promise<SerialPort>((resolve, reject) => {
      const p = new SerialPort({ path: r.port, baudRate: 9600 }, (e) =>
        e ? reject(e) : resolve(p),
      )
    })
    port.write(
      plotProgram(DRAWING)
        .steps.map((s) => s.text)
        .join(''),
    )
    await new Promise((resolve) => port.drain(resolve))
    await new Promise((resolve) => setTimeout(resolve, 200))
    await r.sim.idle()
    await new Promise((resolve) => port.close(resolve))
    expect(r.sim.overruns).toBeGreaterThan(0)
    expect(r.sim.segments.length).toBeLessThan(PLANNED.length)
  })

  it('goes on after the line drops twice mid-plot, drawing every segment once', async () => {
    const r = await rig()
    const cuts: Promise<void>[] = []
    const cut = () =>
      cuts.push(
        r
          .unplug()
          .then(() => new Promise((res) => setTimeout(res, 300)))
          .then(() => r.plugIn()),
      )
    const first = at(0.3, cut)
    const second = at(0.7, cut)
    const { job, updates } = plot(r, { on: (u, j) => (first(u, j), second(u, j)) })
    const end = await job.finished
    await Promise.all(cuts)
    await r.sim.idle()
    expect(`${end.state}: ${end.message}`).toMatch(/^done/)
    expect(updates.filter((u) => u.state === 'reconnecting')).toHaveLength(2)
    expect(r.sim.overruns).toBe(0)
    expect(r.sim.segments).toEqual(PLANNED)
  })

  it('goes on after the cable is pulled in the middle of an instruction', async () => {
    const r = await rig()
    let cutInto = ''
    const { job, program } = plot(r, {
      on: (u) => {
        // A chunk has just been written: cut the line halfway through its first long instruction.
        if (cutInto || u.sent === u.confirmed || u.confirmed < 0.4 * u.total) return
        let offset = 0
        for (const step of program.steps.slice(u.confirmed, u.sent)) {
          if (step.text.length >= 8) {
            cutInto = step.text
            void r.sim.disconnect(offset + 4)
            setTimeout(() => void r.sim.connect(), 400)
            return
          }
          offset += step.text.length
        }
      },
    })
    const end = await job.finished
    await r.sim.idle()
    expect(cutInto).not.toBe('')
    expect(end.state).toBe('done')
    expect(r.sim.errors).toEqual([])
    expect(r.sim.segments).toEqual(PLANNED)
  })

  it('pauses: nothing more is sent and the plotter empties its buffer; resume finishes', async () => {
    const r = await rig({ unitsPerSecond: 200_000 })
    const { job, updates } = plot(r, { on: at(0.3, (_, j) => j.pause()) })
    while (!updates.some((u) => u.state === 'paused'))
      await new Promise((res) => setTimeout(res, 5))
    await new Promise((res) => setTimeout(res, 100))
    await r.sim.idle()
    const received = r.sim.received
    const drawn = r.sim.segments.length
    await new Promise((res) => setTimeout(res, 300))
    expect(r.sim.received).toBe(received)
    expect(drawn).toBeLessThan(PLANNED.length)
    expect(updates.at(-1)!.state).toBe('paused')
    job.resume()
    const end = await job.finished
    await r.sim.idle()
    expect(end.state).toBe('done')
    expect(r.sim.segments).toEqual(PLANNED)
  })

  it('stays paused when paused before the port is open', async () => {
    const r = await rig({ unitsPerSecond: 200_000 })
    const { job, updates } = plot(r)
    job.pause()
    while (!updates.some((u) => u.message.startsWith('sending to')))
      await new Promise((res) => setTimeout(res, 5))
    await new Promise((res) => setTimeout(res, 200))
    expect(updates.at(-1)!.state).toBe('paused')
    expect(r.sim.segments).toEqual([])
    job.resume()
    expect((await job.finished).state).toBe('done')
    await r.sim.idle()
    expect(r.sim.segments).toEqual(PLANNED)
  })

  it('cancels: the plotter drops its buffer, lifts the pen and puts it away', async () => {
    const r = await rig({ unitsPerSecond: 200_000 })
    const { job } = plot(r, { on: at(0.3, (_, j) => j.cancel()) })
    const end = await job.finished
    await r.sim.idle()
    expect(end.state).toBe('cancelled')
    expect(end.message).toMatch(
      /^cancelled at instruction \d+ of \d+; the pen is lifted and put away$/,
    )
    expect(r.sim.pen).toMatchObject({ down: false, pen: 0 })
    const drawn = r.sim.segments.length
    expect(drawn).toBeLessThan(PLANNED.length)
    expect(r.sim.segments).toEqual(PLANNED.slice(0, drawn))
  })

  it('after cancels at random moments, goes on from where the plotter stopped: the drawing, every segment once', async () => {
    const hpgl = testDrawing(20, 7)
    const planned = interpretHpgl(parseHpgl(hpgl)).segments
    await fc.assert(
      fc.asyncProperty(cancelMoments, async (cancels) => {
        // Slow enough that the plotter's buffer holds instructions when ESC.K drops them.
        const r = await plotterRig({ unitsPerSecond: 100_000 })
        try {
          const goOn = await cancelInTurn<GoOn>(cancels, async (fraction, from) => {
            const stopped = plot(r, { hpgl, goOn: from, on: at(fraction, (_, j) => j.cancel()) })
            const end = await stopped.job.finished
            await r.sim.idle()
            expect(end.state).toBe('cancelled')
            const total = stopped.program.steps.length
            expect(end.message).toBe(
              `cancelled at instruction ${end.goOn!.step + 1} of ${total}; the pen is lifted and put away`,
            )
            expect(r.sim.pen).toMatchObject({ down: false, pen: 0 })
            return end.goOn
          })
          const last = plot(r, { hpgl, goOn })
          expect((await last.job.finished).state).toBe('done')
          await r.sim.idle()
          // All together: the drawing in its order, none twice, none missing.
          expect(r.sim.segments).toEqual(planned)
          expect(r.sim.overruns).toBe(0)
        } finally {
          await r.close()
        }
      }),
      { numRuns: 3 },
    )
  })

  it('fails with a clear message when the plotter reports an error', async () => {
    const r = await rig()
    const { job } = plot(r, { on: at(0.2, () => r.sim.fault(15)) })
    const end = await job.finished
    expect(end.state).toBe('failed')
    expect(end.message).toBe(
      'the plotter reports error 15: a framing, parity or overrun error on the line (check baud rate, data bits, parity and stop bits)',
    )
  })

  it('gives up when the line stays down, saying how far it got', async () => {
    const r = await rig()
    const { job } = plot(r, { reconnectTimeoutMs: 500, on: at(0.3, () => void r.unplug()) })
    const end = await job.finished
    expect(end.state).toBe('failed')
    expect(end.message).toMatch(
      new RegExp(
        `^the line to the plotter on ${r.port} dropped and did not come back within 0.5 s; \\d+ of \\d+ instructions had reached it$`,
      ),
    )
  })

  it('goes on after it was switched off and on at random moments: nothing drawn twice', async () => {
    const key = (g: (typeof PLANNED)[number]) => JSON.stringify(g)
    const planned = PLANNED.map(key)
    await fc.assert(
      fc.asyncProperty(fc.double({ min: 0.1, max: 0.9, noNaN: true }), async (fraction) => {
        const r = await plotterRig()
        try {
          const before = r.sim
          let cut: Promise<void> | undefined
          const { job, updates } = plot(r, {
            // Off long enough for the driver to miss an answer: it cannot tell otherwise.
            on: at(fraction, () => {
              void r.sim.disconnect()
              cut = new Promise((res) => setTimeout(res, 700)).then(() => r.powerCycle())
            }),
          })
          const end = await job.finished
          await cut
          await r.sim.idle()
          expect(`${end.state}: ${end.message}`).toMatch(/^done/)
          expect(r.sim).not.toBe(before)
          expect(updates.map((u) => u.message)).toContainEqual(
            expect.stringMatching(
              /^reconnected; going on from instruction \d+ of \d+; it was switched off and on: what its buffer held \(\d+ bytes at most\) may be missing$/,
            ),
          )
          // Drawn before and after: the drawing's segments, in its order, none twice; missing
          // only what the plotter held when the power went (a few instructions).
          const drawn = [...before.segments, ...r.sim.segments].map(key)
          expect(drawnInOrder(drawn, planned)).toBe(true)
          expect(drawn.length).toBeGreaterThan(planned.length - 40)
        } finally {
          await r.close()
        }
      }),
      { numRuns: 3 },
    )
  })

  it('will not go on with a pen moved by hand meanwhile', async () => {
    const r = await rig()
    const { job } = plot(r, {
      on: at(0.3, () => {
        void r.sim.disconnect()
        // A pen taken elsewhere by hand: it reports a place no instruction left it at.
        setTimeout(() => {
          const moved = r.sim.pen.position as [number, number]
          ;[moved[0], moved[1]] = [123, 457]
          void r.sim.connect()
        }, 700)
      }),
    })
    const end = await job.finished
    expect(end.state).toBe('failed')
    expect(end.message).toMatch(
      /^after the line came back the pen is at 123,457 \((up|down)\), not where the plot left it; was the pen moved by hand\?/,
    )
  })

  it('says so when no plotter answers, or the port does not exist', async () => {
    const r = await rig()
    await r.sim.stop()
    const silent = await plot(r).job.finished
    expect(silent.state).toBe('failed')
    expect(silent.message).toMatch(
      /^no plotter answers on .* \(no answer from .* in 0.5 s\); check that it is on, the cable, and the line settings \(9600 baud, 8N1\)$/,
    )
    const missing = await plot({ ...r, port: '/nonexistent/tty' }).job.finished
    expect(missing.message).toMatch(/^cannot open \/nonexistent\/tty: /)
  })

  it('leaves flow control to XON/XOFF when told, and overruns a plotter that does not send it', async () => {
    const line = { flow: 'xonxoff' as const, chunkBytes: 64 }
    const r = await rig({ xonxoff: true, unitsPerSecond: 500_000 })
    const end = await plot(r, line).job.finished
    await r.sim.idle()
    expect(end.state).toBe('done')
    expect(r.sim.overruns).toBe(0)
    expect(r.sim.segments).toEqual(PLANNED)

    const deaf = await rig({ unitsPerSecond: 500_000 })
    const overrun = await plot(deaf, line).job.finished
    expect(overrun).toMatchObject({
      state: 'failed',
      message:
        'the plotter reports error 16: its input buffer overflowed and bytes were lost (check the flow control setting)',
    })
  })

  it('refuses an instruction longer than the plotter can take', async () => {
    const r = await rig()
    const end = await plot(r, { hpgl: `IN;\nLB${'x'.repeat(300)}\x03` }).job.finished
    expect(end.message).toBe(
      "line 2: the instruction takes 303 bytes, more than the plotter's buffer or the chunk size allows (256)",
    )
  })
})

describe('plotting to a device or a file', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'pw-plot-out-'))
  afterAll(() => rmSync(tmp, { recursive: true, force: true }))
  const program = plotProgram(DRAWING)
  const run = (job: StreamPlotJob) => job.start().finished

  it('writes to a raw device, here the line to a plotter with room for it all', async () => {
    const r = await rig({ bufferSize: 1 << 20 })
    const end = await run(new StreamPlotJob(program, { kind: 'device', path: r.port }, () => {}))
    expect(end.state).toBe('done')
    await new Promise((res) => setTimeout(res, 100))
    await r.sim.idle()
    expect(r.sim.segments).toEqual(PLANNED)
  })

  it('writes a file that parses back to the same drawing', async () => {
    const path = join(tmp, 'out.hpgl')
    const updates: PlotUpdate[] = []
    const end = await run(
      new StreamPlotJob(program, { kind: 'file', path }, (u) => updates.push(u)),
    )
    expect(end).toMatchObject({ state: 'done', percent: 100 })
    expect(updates.length).toBeGreaterThan(3)
    expect(interpretHpgl(parseHpgl(readFileSync(path, 'latin1'))).segments).toEqual(PLANNED)
  })

  it('ends a cancelled output with the pen lifted and put away', async () => {
    const path = join(tmp, 'cancelled.hpgl')
    const job = new StreamPlotJob(program, { kind: 'file', path }, () => {})
    job.start().cancel()
    expect((await job.finished).state).toBe('cancelled')
    expect(readFileSync(path, 'latin1')).toBe('PU;SP0;')
  })

  it('never creates a device that is not there', async () => {
    const path = join(tmp, 'no-such-device')
    const end = await run(new StreamPlotJob(program, { kind: 'device', path }, () => {}))
    expect(end).toMatchObject({ state: 'failed', message: `${path}: no such device` })
    expect(existsSync(path)).toBe(false)
  })
})
