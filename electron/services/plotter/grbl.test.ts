import fc from 'fast-check'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { solvedTangram } from '../../../testing/tangram-job'
import { DEFAULT_EXPORT, exportSheet } from '../../../shared/drawing/export-settings'
import { GcodeInterpreter } from '../../../shared/gcode/parse'
import type { SheetPage } from '../../../shared/drawing/sheet'
import { mmText, pageGcode } from '../../../shared/gcode/write'
import { placePage } from '../../../shared/hpgl/write'
import { BUNDLED_DEVICES } from '../../../shared/plotter/bundled'
import { deviceById } from '../../../shared/plotter/profile'
import type { GoOn } from './driver'
import { GrblDriver } from './grbl-driver'
import { cancelInTurn, cancelMoments } from '../../../testing/drawn-in-order'
import { SerialLink } from './serial-link'
import { grblRig, type Rig } from './test-rig'
import type { GrblSimulator } from './grbl-simulator'

const servo = deviceById(BUNDLED_DEVICES, 'grbl-servo', 'gcode')
const zAxis = deviceById(BUNDLED_DEVICES, 'grbl-z', 'gcode')
const servoPen = servo.pen.kind === 'servo' ? servo.pen : { down: '', up: '' }
const plotter = { paper: 'A4', scale: 'fit' as const, pens: 'one' as const }

let pages: readonly SheetPage[]
beforeAll(async () => {
  pages = exportSheet(await solvedTangram(), { ...DEFAULT_EXPORT, format: 'gcode' }).pages
})

/** A GRBL plotter at the end of a socat null modem, and the computer's end opened. */
async function rig(device: typeof servo, speedUp = 2000) {
  const { port, sim, close } = await grblRig({ device, speedUp })
  const link = await SerialLink.open({
    path: port,
    baudRate: 115200,
    dataBits: 8,
    parity: 'none',
    stopBits: 1,
    flow: 'escb',
  })
  cleanups.push(async () => {
    await link.close()
    await close()
  })
  return { sim, link }
}
const cleanups: (() => Promise<void>)[] = []

const LINE = {
  baudRate: 115200,
  dataBits: 8,
  parity: 'none',
  stopBits: 1,
  flow: 'escb',
} as const

/** The segments a page's strokes make, in mm at the device's step. */
function expectedSegments(page: SheetPage, device: typeof servo) {
  const u = device.unitsPerMm
  return placePage(page, { ...plotter, device, labels: false }).strokes.flatMap((s) =>
    s.points.slice(1).map((q, i) => ({
      from: s.points[i].map((v) => Number(mmText(v, u))),
      to: q.map((v) => Number(mmText(v, u))),
    })),
  )
}

/** A driver on the rig's line that opens it again after a drop. */
async function resumingDriver(
  r: Rig<GrblSimulator>,
  device: typeof servo,
  lines: string[],
  onAck?: (n: number) => void,
  onPowerLoss?: (what: string) => Promise<void>,
  goOn?: GoOn,
) {
  const link = await SerialLink.open({ path: r.port, ...LINE })
  cleanups.push(() => link.close())
  const reconnects: string[] = []
  const driver = new GrblDriver(link, lines, {
    bufferSize: 128,
    penUp: penUp(device),
    device,
    reopen: () => SerialLink.open({ path: r.port, ...LINE }),
    retryMs: 20,
    reconnectTimeoutMs: 10_000,
    // A hung-up pseudo-terminal may never say it closed: a missing answer tells the drop.
    replyTimeoutMs: 1000,
    onProgress: (n) => onAck?.(n),
    onReconnect: (m) => reconnects.push(m),
    onPowerLoss,
    goOn,
  })
  return { driver, reconnects, link }
}

/** Resolves once `done()` holds; fails after 10 s. */
async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 5) {
    if (waited > 10_000) throw new Error(`still not so after 10 s: ${done.toString()}`)
    await new Promise((r) => setTimeout(r, 5))
  }
}
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

/** Direction-free segments in mm, at the device's step (0.01 mm). */
const keys = (segs: readonly { from: readonly number[]; to: readonly number[] }[]): string[] =>
  segs
    .map((s) =>
      [s.from.map((v) => v.toFixed(2)).join(), s.to.map((v) => v.toFixed(2)).join()]
        .sort()
        .join(' '),
    )
    .sort()

/** A sheet page's G-code lines for the device, and either pen for a property. */
const pageLines = (device: typeof servo): string[] =>
  pageGcode(pages[4], { ...plotter, device })
    .gcode.trimEnd()
    .split('\n')
const eitherPen = fc.constantFrom(servo, zAxis)

const penUp = (d: typeof servo): string[] =>
  d.pen.kind === 'servo' ? [d.pen.up] : [`G1 Z${d.pen.up} F${d.pen.feed}`]

describe('G-code for GRBL pen plotters', () => {
  it('streams a sheet page to GRBL without overrunning its 128-byte buffer, drawing exactly its strokes', async () => {
    for (const device of [servo, zAxis]) {
      const page = pages[4]
      const { gcode } = pageGcode(page, { ...plotter, device })
      const { sim, link } = await rig(device)
      const lines = gcode.trimEnd().split('\n')
      const outcome = await new GrblDriver(link, lines, {
        bufferSize: 128,
        penUp: penUp(device),
      }).run()
      expect(outcome).toMatchObject({ state: 'done', acknowledged: lines.length })
      expect(sim.overruns).toBe(0)
      expect(sim.maxBuffered).toBeLessThanOrEqual(128)
      // The buffer was used: more than one line at a time went out.
      expect(sim.maxBuffered).toBeGreaterThan(60)
      const u = device.unitsPerMm
      const strokes = placePage(page, { ...plotter, device, labels: false }).strokes
      const expected = strokes.flatMap((s) =>
        s.points.slice(1).map((q, i) => ({
          from: s.points[i].map((v) => Number(mmText(v, u))),
          to: q.map((v) => Number(mmText(v, u))),
        })),
      )
      expect(keys(sim.segments)).toEqual(keys(expected))
      expect(sim.penDown).toBe(false)
    }
  })

  it('draws one layer per pen in order, holding at each M0 until the new pen is in', async () => {
    const threePens = { ...servo, pens: 3 }
    const page = pages[4]
    const { gcode, paths } = pageGcode(page, { ...plotter, pens: 'colors', device: threePens })
    const lines = gcode.trimEnd().split('\n')
    const pens = [...new Set(paths.map((p) => p.pen))]
    expect(pens.length).toBeGreaterThan(1)
    expect(lines.filter((l) => l === 'M0')).toHaveLength(pens.length - 1)
    const segmentsUpTo = (layer: number) =>
      paths.filter((p) => pens.indexOf(p.pen) < layer).reduce((n, p) => n + p.points.length - 1, 0)
    const { sim, link } = await rig(threePens)
    const changes: string[] = []
    const outcome = await new GrblDriver(link, lines, {
      bufferSize: 128,
      penUp: penUp(servo),
      onPenChange: async (layer, layers) => {
        // It holds once it reaches the M0, the layer before it drawn.
        await until(() => sim.holding)
        expect(sim.segments).toHaveLength(segmentsUpTo(layer - 1))
        changes.push(`${layer}/${layers}`)
      },
    }).run()
    expect(outcome.state).toBe('done')
    expect(changes).toEqual(pens.slice(1).map((_, i) => `${i + 2}/${pens.length}`))
    expect(sim.segments).toHaveLength(segmentsUpTo(pens.length))
  })

  it('says an error and an alarm in words, with the line', async () => {
    const { link } = await rig(servo)
    const bad = await new GrblDriver(link, ['G21', 'G90', 'G1 X1 Y1 F1000', 'G38.2 X5', 'G1 X2'], {
      bufferSize: 128,
      penUp: penUp(servo),
    }).run()
    expect(bad).toMatchObject({ state: 'failed', acknowledged: 3 })
    expect(bad.message).toBe('line 4 (G38.2 X5): error 20: unsupported or invalid G-code command')

    const { sim, link: link2 } = await rig(servo, 1)
    const long = Array.from({ length: 40 }, (_, i) => `G1 X${i * 5} Y${i % 2 ? 200 : 0} F6000`)
    const driver = new GrblDriver(link2, long, { bufferSize: 128, penUp: penUp(servo) })
    const running = driver.run()
    await until(() => sim.lines.length > 0)
    sim.raiseAlarm(1)
    const alarm = await running
    expect(alarm.state).toBe('failed')
    expect(alarm.message).toMatch(
      /^the plotter is in alarm 1: a hard limit switch was hit .*unlock it with \$X$/,
    )
  })

  it('holds on pause, goes on on resume, and on cancel resets, unlocks and lifts the pen', async () => {
    const { sim, link } = await rig(servo, 20)
    const lines = ['G21', 'G90', 'G1 X0 Y0 F3000', servoPen.down]
    for (let i = 0; i < 60; i++) lines.push(`G1 X${(i % 2) * 50} Y${i} F3000`)
    lines.push(servoPen.up)
    const driver = new GrblDriver(link, lines, { bufferSize: 128, penUp: penUp(servo) })
    const running = driver.run()
    await until(() => sim.lines.length >= 6)
    driver.pause()
    await until(() => sim.holding)
    const held = sim.lines.length
    // Held: nothing more runs, however long.
    await new Promise((r) => setTimeout(r, 300))
    expect(sim.lines.length).toBe(held)
    driver.resume()
    await until(() => sim.lines.length > held)
    expect(sim.penDown).toBe(true)
    driver.cancel()
    const end = await running
    expect(end.state).toBe('cancelled')
    expect(end.acknowledged).toBeLessThan(lines.length)
    // One as the plot starts, one to cancel it.
    expect(sim.resets).toBe(2)
    expect(sim.lines.slice(-2)).toEqual(['$X', servoPen.up])
    expect(sim.penDown).toBe(false)
  })

  it('resumes after the cable is pulled at random moments: every segment drawn, none twice', async () => {
    const page = pages[4]
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(servo, zAxis),
        fc.uniqueArray(fc.double({ min: 0.05, max: 0.95, noNaN: true }), {
          minLength: 1,
          maxLength: 2,
        }),
        fc.integer({ min: 0, max: 250 }),
        async (device, at, downMs) => {
          const { gcode } = pageGcode(page, { ...plotter, device })
          const lines = gcode.trimEnd().split('\n')
          const r = await grblRig({ device, speedUp: 2000 })
          cleanups.push(() => r.close())
          const pulls: Promise<void>[] = []
          const due = [...at].sort().map((f) => Math.floor(f * lines.length))
          const { driver, reconnects } = await resumingDriver(r, device, lines, (n) => {
            if (due.length > 0 && n >= due[0] && pulls.length < at.length) {
              due.shift()
              pulls.push(
                r
                  .unplug()
                  .then(() => new Promise((res) => setTimeout(res, downMs)))
                  .then(() => r.plugIn()),
              )
            }
          })
          const end = await driver.run()
          await Promise.all(pulls)
          expect(`${end.state}: ${end.message}`).toBe(`done: plotted ${lines.length} lines`)
          expect(pulls).toHaveLength(at.length)
          expect(reconnects.filter((m) => m.startsWith('reconnected'))).toHaveLength(at.length)
          // Exactly the page's segments: one drawn twice would be there twice.
          expect(keys(r.sim.segments)).toEqual(keys(expectedSegments(page, device)))
          expect(r.sim.overruns).toBe(0)
          expect(r.sim.penDown).toBe(false)
        },
      ),
      { numRuns: 5 },
    )
  })

  it('will not go on with a plotter that was switched off and on meanwhile', async () => {
    const { gcode } = pageGcode(pages[4], { ...plotter, device: servo })
    const lines = gcode.trimEnd().split('\n')
    const r = await grblRig({ device: servo, speedUp: 2000 })
    cleanups.push(() => r.close())
    let pulled: Promise<unknown> | undefined
    const { driver } = await resumingDriver(r, servo, lines, (n) => {
      if (!pulled && n > lines.length / 3)
        pulled = r.unplug().then(async () => {
          await r.powerCycle()
          await r.plugIn()
        })
    })
    const end = await driver.run()
    await pulled
    expect(end.state).toBe('failed')
    expect(end.message).toMatch(
      /^after the line came back the plotter is at 0\.00,0\.00,0\.00, not where the plot left it; was it switched off or reset\? \d+ of \d+ lines had been answered$/,
    )
  })

  it('after cancels at random moments (a feed hold, then the reset), goes on from where it stood: every segment once', async () => {
    await fc.assert(
      fc.asyncProperty(eitherPen, cancelMoments, async (device, cancels) => {
        const lines = pageLines(device)
        const planned = new GcodeInterpreter(device)
        for (const line of lines) planned.run(line)
        const r = await grblRig({ device, speedUp: 1000 })
        cleanups.push(() => r.close())
        const goOn = await cancelInTurn<GoOn>(cancels, async (fraction, from) => {
          const cancel = (n: number) => {
            if (n >= fraction * lines.length) stopped.driver.cancel()
          }
          const stopped = await resumingDriver(r, device, lines, cancel, undefined, from)
          const end = await stopped.driver.run()
          await stopped.link.close()
          expect(end.state).toBe('cancelled')
          expect(end.message).toMatch(/^cancelled at line \d+ of \d+; pen lifted$/)
          expect(r.sim.penDown).toBe(false)
          return end.goOn
        })
        expect(r.sim.segments.length).toBeLessThan(planned.segments.length)
        const last = await resumingDriver(r, device, lines, undefined, undefined, goOn)
        const again = await last.driver.run()
        expect(`${again.state}: ${again.message}`).toBe(`done: plotted ${lines.length} lines`)
        // All together: the page's segments in their order, none twice, none missing.
        expect(r.sim.segments).toEqual(planned.segments)
        expect(r.sim.overruns).toBe(0)
      }),
      { numRuns: 4 },
    )
  })

  it('after a power loss at random moments, once told the carriage is at the origin, goes on: nothing drawn twice', async () => {
    const page = pages[4]
    await fc.assert(
      fc.asyncProperty(
        eitherPen,
        fc.double({ min: 0.05, max: 0.95, noNaN: true }),
        async (device, at) => {
          const lines = pageLines(device)
          const r = await grblRig({ device, speedUp: 2000 })
          cleanups.push(() => r.close())
          const before = r.sim
          let cut: Promise<unknown> | undefined
          const told: string[] = []
          // The cable pulled and the power lost meanwhile (a controller powered from USB).
          const { driver, reconnects } = await resumingDriver(
            r,
            device,
            lines,
            (n) => {
              if (!cut && n >= at * lines.length)
                cut = r.unplug().then(async () => {
                  await r.powerCycle()
                  await r.plugIn()
                })
            },
            async (what) => {
              told.push(what)
              await cut
            },
          )
          const end = await driver.run()
          expect(`${end.state}: ${end.message}`).toBe(`done: plotted ${lines.length} lines`)
          expect(told).toEqual([
            'the plotter was switched off and on: put its carriage at the origin',
          ])
          expect(r.sim).not.toBe(before)
          // Drawn by the plotter before and after: the page's segments, none twice; missing only
          // those of the lines it held when the power went (its 128 bytes: a few lines).
          const drawn = keys([...before.segments, ...r.sim.segments])
          expect(new Set(drawn).size).toBe(drawn.length)
          const expected = keys(expectedSegments(page, device))
          expect(drawn.filter((k) => !expected.includes(k))).toEqual([])
          const said = reconnects.find((m) => m.startsWith('reconnected'))!
          const range = /lines (\d+)–(\d+), unanswered when the power went, may be missing/.exec(
            said,
          )
          const held = range ? Number(range[2]) - Number(range[1]) + 1 : 0
          expect(held).toBeLessThanOrEqual(128 / 4)
          expect(drawn.length).toBeGreaterThanOrEqual(expected.length - held)
        },
      ),
      { numRuns: 4 },
    )
  })
})
