import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { WorkbenchDocument } from '../../shared/document/document'
import { DEFAULT_EXPORT, type ExportSettings } from '../../shared/drawing/export-settings'
import { BUNDLED_DEVICES } from '../../shared/plotter/bundled'
import type { DeviceProfile, GcodeProfile } from '../../shared/plotter/profile'
import type { PlotTime } from '../../shared/plotter/plot-time'
import { solveRuns } from '../../testing/solve-runs'
import { apiCalls, testWorkbench } from '../../testing/workbench'
import { DEVICES_FILE } from './plotter/device-profiles'
import { programTime } from './plotter/program-time'

/** The app's devices and plot times through the API, over the real services. */
const { workbench, data, close } = testWorkbench({})
const api = apiCalls(workbench)
afterAll(() => close())

const grbl = BUNDLED_DEVICES.find((d): d is GcodeProfile => d.id === 'grbl-servo')!
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
})
