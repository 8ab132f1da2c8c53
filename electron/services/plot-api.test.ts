import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { WorkbenchEvent } from '../../shared/api/contract'
import type { WorkbenchDocument } from '../../shared/document/document'
import { DEFAULT_EXPORT, type ExportSettings } from '../../shared/drawing/export-settings'
import { BUNDLED_DEVICES } from '../../shared/plotter/bundled'
import type { DeviceProfile, EbbProfile, GcodeProfile } from '../../shared/plotter/profile'
import type { PlotTime } from '../../shared/plotter/plot-time'
import { solveRuns } from '../../testing/solve-runs'
import { apiCalls, testWorkbench } from '../../testing/workbench'
import { announcePlotter } from './plotter/announced'
import { DEVICES_FILE } from './plotter/device-profiles'
import { programTime } from './plotter/program-time'
import { ebbRig, grblRig } from './plotter/test-rig'

/** The app's devices and plot times through the API, over the real services. */
const { workbench, data, close } = testWorkbench({})
const api = apiCalls(workbench)
afterAll(() => close())

const grbl = BUNDLED_DEVICES.find((d): d is GcodeProfile => d.id === 'grbl-servo')!
const axidraw = BUNDLED_DEVICES.find((d): d is EbbProfile => d.id === 'axidraw-v3')!
type PlotState = Extract<WorkbenchEvent, { type: 'plot.state' }>
/** Plots the job's first page on the port with the plot panel's line settings; the plot's id. */
async function plotOn(port: string, jobId: string, settings: ExportSettings): Promise<string> {
  const target = {
    kind: 'serial',
    path: port,
    baudRate: 9600,
    dataBits: 8,
    parity: 'none',
    stopBits: 1,
    flow: 'escb',
  }
  const started = await api.ok<{ plotId: string }>('plotter.start', {
    jobId,
    settings,
    page: 0,
    target,
  })
  return started.plotId
}
const devicesFile = join(data, DEVICES_FILE)

async function tangramJob(): Promise<string> {
  const { document } = await api.ok<{ document: WorkbenchDocument }>('library.open', {
    id: 'tangram',
  })
  const solves = solveRuns(api)
  const runId = await solves.start({ document, kind: 'convex', mode: 'reduce', list: true })
  await solves.ended(runId)
  return runId
}

describe('devices and plot times for the app', () => {
  it("lists the bundled devices and the user's devices.json", async () => {
    const none = await api.ok<{ devices: DeviceProfile[] }>('plotter.devices', {})
    expect(none).toEqual({ devices: BUNDLED_DEVICES })
    writeFileSync(devicesFile, JSON.stringify({ devices: [{ ...grbl, id: 'my-grbl' }] }))
    const mine = await api.ok<{ devices: DeviceProfile[] }>('plotter.devices', {})
    expect(mine.devices.map((d) => d.id)).toEqual([...BUNDLED_DEVICES.map((d) => d.id), 'my-grbl'])
    expect(mine).not.toHaveProperty('error')
  })

  it('says in one line what is wrong with a bad devices.json and keeps the bundled devices', async () => {
    writeFileSync(
      devicesFile,
      JSON.stringify({ devices: [{ ...grbl, id: 'bad', feed: { draw: -1 } }] }),
    )
    const r = await api.ok<{ devices: DeviceProfile[]; error?: string }>('plotter.devices', {})
    expect(r.devices).toEqual(BUNDLED_DEVICES)
    expect(r.error).toBe(
      `${devicesFile}: devices[0].feed.draw: Too small: expected number to be >0 (and 1 more)`,
    )
  })

  it("writes G-code for the user's device and times it as plot --dry-run does", async () => {
    writeFileSync(devicesFile, JSON.stringify({ devices: [{ ...grbl, id: 'my-grbl' }] }))
    const jobId = await tangramJob()
    const settings: ExportSettings = {
      ...DEFAULT_EXPORT,
      format: 'gcode',
      plotter: { ...DEFAULT_EXPORT.plotter, device: 'my-grbl' },
    }
    const written = await api.ok<{ files: string[] }>('export.sheet', {
      jobId,
      path: 'tangram.gcode',
      settings,
    })
    const gcode = readFileSync(written.files[0], 'utf8')
    expect(gcode).toMatch(/^; GRBL pen plotter/)
    const plan = await api.ok<PlotTime>('plotter.plan', { jobId, settings, page: 0 })
    expect(plan).toEqual(programTime(gcode, { ...grbl, id: 'my-grbl' }))
    expect(plan.seconds).toBeGreaterThan(10)
    expect(plan.penDown).toBeGreaterThan(100)
  })

  it('times a page on an AxiDraw from its EBB program, and plots it from the app: a layer per pen, each after Resume', async () => {
    // An AxiDraw whose user changes between three pens.
    const mine = { ...axidraw, id: 'my-axidraw', pens: 3 }
    writeFileSync(devicesFile, JSON.stringify({ devices: [mine] }))
    const jobId = await tangramJob()
    const settings: ExportSettings = {
      ...DEFAULT_EXPORT,
      format: 'hpgl',
      plotter: { device: 'my-axidraw', paper: 'A4', scale: 'fit', pens: 'colors' },
    }
    const plan = await api.ok<PlotTime>('plotter.plan', { jobId, settings, page: 0 })
    // A minute or more at the AxiDraw's 50 mm/s and its pen lifts.
    expect(plan.seconds).toBeGreaterThan(60)
    expect(plan.penDown).toBeGreaterThan(1000)
    const refused = await api.refused('plotter.start', {
      jobId,
      settings,
      page: 0,
      target: { kind: 'file', path: 'axidraw.txt' },
    })
    expect(refused).toBe(
      'an AxiDraw takes its commands on a serial port, answering each; choose its port',
    )
    const rig = await ebbRig({ speedUp: 2000 })
    const withdraw = await announcePlotter(data, rig.port, 'simulated AxiDraw')
    try {
      const plotId = await plotOn(rig.port, jobId, settings)
      const state = (test: (e: PlotState) => boolean) =>
        api.when((e): e is PlotState => e.type === 'plot.state' && e.plotId === plotId && test(e))
      const drawnAt: number[] = []
      for (let layer = 2; ; layer++) {
        const next = await state(
          (e) => e.state === 'done' || (e.message ?? '').startsWith(`layer ${layer} of `),
        )
        if (next.state === 'done') break
        expect(next.state).toBe('paused')
        expect(next.message).toMatch(/^layer \d of 3: put its pen in, then Resume$/)
        // Held with the layer before drawn: the pen up, nothing more drawn while it waits.
        expect(rig.sim.penUp).toBe(true)
        const drawn = rig.sim.segments.length
        await new Promise((r) => setTimeout(r, 100))
        expect(rig.sim.segments.length).toBe(drawn)
        drawnAt.push(drawn)
        await api.ok('plotter.resume', { plotId })
      }
      expect(drawnAt).toHaveLength(2)
      expect(drawnAt[0]).toBeGreaterThan(0)
      expect(drawnAt[1]).toBeGreaterThan(drawnAt[0])
      const end = await state((e) => e.state === 'done')
      expect(end.sent).toBe(end.total)
      // Progress on the way.
      expect(
        api.events.some((e) => e.type === 'plot.state' && e.sent > 0 && e.sent < end.total),
      ).toBe(true)
      expect(end.message).toMatch(/^plotted \d+ instructions in/)
      expect(rig.sim.segments.length).toBeGreaterThan(drawnAt[1])
      // Every stroke planned, once: the length drawn is the plan's pen-down length.
      const mm =
        rig.sim.segments.reduce(
          (t, g) => t + Math.hypot(g.to[0] - g.from[0], g.to[1] - g.from[1]),
          0,
        ) / axidraw.unitsPerMm
      expect(mm).toBeCloseTo(plan.penDown, 0)
      expect(rig.sim.at).toEqual([0, 0])
      expect(rig.sim.motorsOn).toBe(false)
    } finally {
      withdraw()
      await rig.close()
    }
  })

  it('plots a page to a GRBL device from the app, on the listed port, at the profile’s speed', async () => {
    writeFileSync(devicesFile, JSON.stringify({ devices: [] }))
    const jobId = await tangramJob()
    const rig = await grblRig({ device: grbl, speedUp: 5000 })
    const withdraw = await announcePlotter(data, rig.port, 'simulated GRBL')
    try {
      const settings: ExportSettings = {
        ...DEFAULT_EXPORT,
        format: 'gcode',
        plotter: { ...DEFAULT_EXPORT.plotter, device: 'grbl-servo' },
      }
      // The panel's baud is an HP-GL plotter's: GRBL's line is the profile's (115200).
      const plotId = await plotOn(rig.port, jobId, settings)
      const end = await api.when(
        (e): e is Extract<WorkbenchEvent, { type: 'plot.state' }> =>
          e.type === 'plot.state' && e.plotId === plotId && ['done', 'failed'].includes(e.state),
      )
      expect(`${end.state}: ${end.message}`).toMatch(/^done: plotted \d+ lines$/)
      expect(rig.sim.segments.length).toBeGreaterThan(100)
      expect(rig.sim.overruns).toBe(0)
    } finally {
      withdraw()
      await rig.close()
    }
  })
})
