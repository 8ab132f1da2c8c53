import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished } from 'vitest'
import { InputError } from '../../../shared/errors'
import { interpretHpgl, parseHpgl } from '../../../shared/hpgl/parse'
import { PlotterService, type PlotterEvent } from './plotter-service'
import { DEFAULT_EXPORT, exportSheet } from '../../../shared/drawing/export-settings'
import { pageGcode } from '../../../shared/gcode/write'
import { placePage } from '../../../shared/hpgl/write'
import { BUNDLED_DEVICES } from '../../../shared/plotter/bundled'
import { deviceById } from '../../../shared/plotter/profile'
import { solvedTangram } from '../../../testing/tangram-job'
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
