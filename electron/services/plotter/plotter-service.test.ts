import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { InputError } from '../../../shared/errors'
import { interpretHpgl, parseHpgl } from '../../../shared/hpgl/parse'
import { PlotterService, type PlotterEvent } from './plotter-service'
import { DEFAULT_EXPORT, exportSheet } from '../../../shared/drawing/export-settings'
import { GcodeInterpreter } from '../../../shared/gcode/parse'
import { pageGcode } from '../../../shared/gcode/write'
import { placePage } from '../../../shared/hpgl/write'
import { BUNDLED_DEVICES } from '../../../shared/plotter/bundled'
import { deviceById } from '../../../shared/plotter/profile'
import { solvedTangram } from '../../../testing/tangram-job'
import { drawnInOrder } from '../../../testing/drawn-in-order'
import { gcodeLines } from './program-time'
import { FAST_LINE, grblRig, plotterRig, testDrawing } from './test-rig'

/** A service with every event it emits recorded, and a way to wait for one. */
function service() {
  const events: PlotterEvent[] = []
  const plotter = new PlotterService((e) => events.push(e))
  const until = async (test: (e: PlotterEvent) => boolean) => {
    for (let waited = 0; !events.some(test); waited += 5) {
      if (waited > 10_000) throw new Error(`no such event in ${JSON.stringify(events.at(-1))}`)
      await new Promise((r) => setTimeout(r, 5))
    }
    return events.find(test)!
  }
  return { plotter, events, until }
}

const drawing = testDrawing(30)

describe('plotter service', () => {
  it('plots into a file, reporting state and progress with the plot id', async () => {
    const { plotter, events, until } = service()
    const dir = mkdtempSync(join(tmpdir(), 'pw-service-'))
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }))
    const path = join(dir, 'plot.hpgl')
    const plotId = plotter.start(drawing, { kind: 'file', path })
    const end = await until((e) => e.state === 'done')
    expect(end).toMatchObject({ plotId, sent: end.total, confirmed: end.total })
    expect(events.every((e) => e.plotId === plotId)).toBe(true)
    expect(interpretHpgl(parseHpgl(readFileSync(path, 'latin1')))).toEqual(
      interpretHpgl(parseHpgl(drawing)),
    )
  })

  it('pauses, resumes and cancels plots by id on a serial line', async () => {
    const rig = await plotterRig({ unitsPerSecond: 200_000 })
    onTestFinished(() => rig.close())
    const { plotter, events, until } = service()
    const target = { kind: 'serial' as const, path: rig.port, ...FAST_LINE }
    const first = plotter.start(drawing, target)
    await until((e) => e.plotId === first && e.confirmed > 0)
    plotter.pause(first)
    await until((e) => e.plotId === first && e.state === 'paused')
    plotter.resume(first)
    await until((e) => e.plotId === first && e.state === 'done')
    await rig.sim.idle()
    expect(rig.sim.segments).toEqual(interpretHpgl(parseHpgl(drawing)).segments)

    const second = plotter.start(drawing, target)
    expect(second).not.toBe(first)
    await until((e) => e.plotId === second && e.confirmed > 0)
    plotter.cancel(second)
    await until((e) => e.plotId === second && e.state === 'cancelled')
    // Ended plots and unknown ids are left alone.
    plotter.pause(second)
    plotter.cancel('plot-99')
    expect(events.at(-1)!.state).toBe('cancelled')
  })

  it('goes on with a cancelled plot on Resume, under its id, from where the plotter stopped', async () => {
    const rig = await plotterRig({ unitsPerSecond: 100_000 })
    onTestFinished(() => rig.close())
    const { plotter, events, until } = service()
    const plotId = plotter.start(drawing, { kind: 'serial', path: rig.port, ...FAST_LINE })
    await until((e) => e.confirmed > e.total / 3)
    plotter.cancel(plotId)
    const cancelled = await until((e) => e.state === 'cancelled')
    expect(cancelled.goOn).toBeDefined()
    await rig.sim.idle()
    const drawn = rig.sim.segments.length
    plotter.resume(plotId)
    const end = await until((e) => e.state === 'done')
    expect(end).toMatchObject({ plotId, confirmed: end.total })
    expect(events.every((e) => e.plotId === plotId)).toBe(true)
    await rig.sim.idle()
    expect(drawn).toBeLessThan(rig.sim.segments.length)
    expect(rig.sim.segments).toEqual(interpretHpgl(parseHpgl(drawing)).segments)
    // Gone on once: it is no longer stopped, and a new plot forgets an older stop.
    plotter.resume(plotId)
    expect(events.filter((e) => e.state === 'done')).toHaveLength(1)
  })

  it('refuses HPGL it cannot plot, naming the line', () => {
    const { plotter, events } = service()
    expect(() => plotter.start('IN;\nPD1,2,3;', { kind: 'file', path: '/dev/null' })).toThrow(
      new InputError('line 2, column 1: PD takes x,y pairs, and 3 numbers do not pair up'),
    )
    expect(events).toEqual([])
  })

  it('lists serial ports, here without udevadm', async () => {
    const ports = await service().plotter.ports()
    for (const p of ports)
      expect(p).toEqual({ path: expect.any(String), label: expect.any(String) })
  })

  it('plots G-code to GRBL: a pause at each new pen until Resume, every stroke drawn', async () => {
    const device = { ...deviceById(BUNDLED_DEVICES, 'grbl-servo', 'gcode'), pens: 3 }
    const page = exportSheet(await solvedTangram(), { ...DEFAULT_EXPORT, format: 'gcode' }).pages[4]
    const opts = { paper: 'A4', scale: 'fit' as const, pens: 'colors' as const, device }
    const { gcode, paths } = pageGcode(page, opts)
    const layers = new Set(paths.map((p) => p.pen)).size
    expect(layers).toBeGreaterThan(1)
    const rig = await grblRig({ device, speedUp: 5000 })
    onTestFinished(() => rig.close())
    const { plotter, events, until } = service()
    const plotId = plotter.startGcode(gcode, device, {
      kind: 'serial',
      path: rig.port,
      ...FAST_LINE,
    })
    for (let layer = 2; layer <= layers; layer++) {
      const held = await until(
        (e) => e.state === 'paused' && e.message.startsWith(`layer ${layer} of ${layers}`),
      )
      expect(held.message).toBe(`layer ${layer} of ${layers}: put its pen in, then Resume`)
      plotter.resume(plotId)
    }
    const end = await until((e) => e.state === 'done')
    expect(end).toMatchObject({ plotId, confirmed: end.total, percent: 100 })
    expect(events.every((e) => e.plotId === plotId)).toBe(true)
    // Every stroke of the page, each once (in mm at the device's 0.01 mm).
    const at = (p: readonly number[]) => p.map((v) => v.toFixed(2)).join()
    const segment = (a: readonly number[], b: readonly number[]) => [at(a), at(b)].sort().join(' ')
    const drawn = rig.sim.segments.map((s) => segment(s.from, s.to)).sort()
    const mm = (p: readonly number[]) => p.map((v) => v / device.unitsPerMm)
    const planned = placePage(page, { ...opts, labels: false })
      .strokes.flatMap((s) => s.points.slice(1).map((q, i) => segment(mm(s.points[i]), mm(q))))
      .sort()
    expect(drawn).toEqual(planned)
  })

  it('holds a GRBL plot switched off and on until Resume (the carriage at the origin), then goes on: nothing drawn twice', async () => {
    const device = deviceById(BUNDLED_DEVICES, 'grbl-servo', 'gcode')
    const page = exportSheet(await solvedTangram(), { ...DEFAULT_EXPORT, format: 'gcode' }).pages[4]
    const { gcode } = pageGcode(page, { paper: 'A4', scale: 'fit', pens: 'one', device })
    const planned = new GcodeInterpreter(device)
    for (const line of gcodeLines(gcode)) planned.run(line)
    const rig = await grblRig({ device, speedUp: 2000 })
    onTestFinished(() => rig.close())
    const before = rig.sim
    const { plotter, until } = service()
    const plotId = plotter.startGcode(gcode, device, {
      kind: 'serial',
      path: rig.port,
      ...FAST_LINE,
    })
    await until((e) => e.confirmed > e.total / 3)
    // The cable pulled, and the power lost meanwhile (a controller powered from USB).
    await rig.unplug()
    await rig.powerCycle()
    await rig.plugIn()
    const held = await until((e) => e.state === 'paused')
    expect(held.message).toBe(
      'the plotter was switched off and on: put its carriage at the origin, then Resume',
    )
    await new Promise((r) => setTimeout(r, 100))
    // Held: nothing drawn by the new controller until Resume.
    expect(rig.sim.segments).toEqual([])
    plotter.resume(plotId)
    const end = await until((e) => e.state === 'done')
    expect(end).toMatchObject({ plotId, confirmed: end.total })
    expect(rig.sim).not.toBe(before)
    // The two controllers' drawings together: the page's in order, none twice.
    const key = (g: { from: readonly number[]; to: readonly number[] }) => `${g.from} ${g.to}`
    const drawn = [...before.segments, ...rig.sim.segments].map(key)
    expect(drawnInOrder(drawn, planned.segments.map(key))).toBe(true)
    expect(rig.sim.segments.length).toBeGreaterThan(0)
  })

  it('refuses G-code for a file or device: GRBL is on a serial port', () => {
    const device = deviceById(BUNDLED_DEVICES, 'grbl-servo', 'gcode')
    expect(() =>
      service().plotter.startGcode('G21\n', device, { kind: 'file', path: '/dev/null' }),
    ).toThrow(
      new InputError(
        'G-code goes to GRBL on a serial port; to write it to a file or device, export it',
      ),
    )
  })
})
