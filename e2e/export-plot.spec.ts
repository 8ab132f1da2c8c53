import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEVICES_FILE } from '../electron/services/plotter/device-profiles'
import { programTime } from '../electron/services/plotter/program-time'
import { interpretHpgl, parseHpgl } from '../shared/hpgl/parse'
import { BUNDLED_DEVICES } from '../shared/plotter/bundled'
import { durationText } from '../shared/plotter/plot-time'
import type { EbbProfile, GcodeProfile } from '../shared/plotter/profile'
import type { PlotterSimulator } from '../electron/services/plotter/simulator'
import { exitCode } from '../testing/processes'
import type { Page } from '@playwright/test'
import { expect, test, type Workbench } from './fixtures'

async function solveTangram(workbench: Workbench): Promise<void> {
  const { page } = workbench
  await page.locator('[data-view="figures"]').click()
  await page.getByTestId('solve-convex').click()
  await expect(page.getByTestId('job-state')).toContainText('done', { timeout: 60_000 })
  await page.locator('[data-view="gallery"]').click()
  await expect(page.getByTestId('gallery-count')).toContainText('142 tilings')
}

/** Plots the page shown on the serial port; returns the pen-down length planned (m) and the progress shown. */
async function plotOn(page: Page, port: string) {
  const plan = (await page.getByTestId('plot-plan').textContent()) ?? ''
  const planned = Number(/pen down ([\d.]+) m/.exec(plan)![1])
  await page.getByTestId('plot-target').selectOption('serial')
  await page.getByTestId('plot-port').fill(port)
  await page.getByTestId('plot-start').click()
  return { planned, progress: page.getByTestId('plot-progress') }
}

/** The simulated HP-GL plotter drew the planned length (m), no line twice, and put its pen away. */
function drewOnce(sim: PlotterSimulator, planned: number): void {
  const keys = sim.segments.map((s) => `${[s.from.join(','), s.to.join(',')].sort().join(' ')}`)
  expect(new Set(keys).size).toBe(keys.length)
  const metres =
    sim.segments.reduce((t, s) => t + Math.hypot(s.to[0] - s.from[0], s.to[1] - s.from[1]), 0) /
    40 /
    1000
  expect(metres).toBeCloseTo(planned, 1)
  expect(sim.pen).toMatchObject({ pen: 0, down: false })
}

/**
 * Plots the page shown on the serial port, pausing and resuming once; returns the pen-down length
 * planned (m) and the progress shown.
 */
async function plotPausedOnce(page: Page, port: string) {
  const { planned, progress } = await plotOn(page, port)
  await expect(progress).toHaveAttribute('data-state', 'sending')
  await page.getByTestId('plot-pause').click()
  await expect(progress).toHaveAttribute('data-state', 'paused')
  await page.getByTestId('plot-resume').click()
  return { planned, progress }
}

/** The tangram's 142 tilings solved, then Export → HPGL → Plot…: the plot panel open. */
async function openTangramPlot(workbench: Workbench): Promise<void> {
  const { page } = workbench
  await solveTangram(workbench)
  await page.getByTestId('export').click()
  await page.getByTestId('export-format').selectOption('hpgl')
  await expect(page.getByTestId('plot-stats')).toContainText('pen up')
  await page.getByTestId('open-plot').click()
}

test('the export dialog previews the sheet and writes a PDF with every solution', async ({
  workbench,
}) => {
  const { page } = workbench
  await solveTangram(workbench)
  await page.getByTestId('export').click()
  await page.getByTestId('export-format').selectOption('pdf')
  await expect(page.getByTestId('export-page')).toHaveText('page 1 of 5')
  await expect(page.getByTestId('export-preview')).toBeVisible()
  // Fewer columns: more pages, at once in the preview.
  await page.getByTestId('export-columns').fill('3')
  await expect(page.getByTestId('export-page')).not.toHaveText('page 1 of 5')
  await page.getByTestId('export-columns').fill('6')
  await expect(page.getByTestId('export-page')).toHaveText('page 1 of 5')
  await workbench.saveAs('tangram-sheet', () => page.getByTestId('export-confirm').click())
  await expect(page.getByTestId('notice-info').last()).toContainText('Exported 142 solutions')
  const pdf = join(workbench.files, 'tangram-sheet.pdf')
  expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-')
  const text = execFileSync('pdftotext', ['-raw', pdf, '-'], { encoding: 'utf8' })
  expect(text).toContain('rectangle 2 × 4 — 9 solutions')
  expect(text).toContain('1 / 5')
})

test('HPGL: the plan is shown, and plotting into a file draws what was planned', async ({
  workbench,
}) => {
  const { page } = workbench
  await openTangramPlot(workbench)
  await expect(page.getByTestId('plot-preview')).toBeVisible()
  await page.getByTestId('plot-target').selectOption('file')
  await page.getByTestId('plot-file').fill('page1.hpgl')
  await page.getByTestId('plot-start').click()
  await expect(page.getByTestId('plot-progress')).toHaveAttribute('data-state', 'done')
  const hpgl = readFileSync(join(workbench.files, 'page1.hpgl'), 'utf8')
  const drawn = interpretHpgl(parseHpgl(hpgl))
  expect(drawn.segments.length).toBeGreaterThan(300)
  expect(hpgl.trim().endsWith('SP0;')).toBe(true)
})

test('Plot… after the continuous SVG layout plots the paged sheet, as the CLI does', async ({
  workbench,
}) => {
  const { page } = workbench
  // The paged sheet's plot, as HPGL lays it out.
  await openTangramPlot(workbench)
  await expect(page.getByTestId('plot-page')).toHaveText('page 1 of 5')
  const paged = await page.getByTestId('plot-plan').textContent()
  await page.getByRole('button', { name: 'Back' }).click()
  await page.getByTestId('export-format').selectOption('svg')
  await expect(page.getByTestId('export-page')).toHaveText('page 1 of 1')
  await page.getByTestId('open-plot').click()
  await expect(page.getByTestId('plot-page')).toHaveText('page 1 of 5')
  await expect(page.getByTestId('plot-plan')).toHaveText(paged!)
  await page.getByTestId('plot-target').selectOption('file')
  await page.getByTestId('plot-file').fill('continuous.hpgl')
  await page.getByTestId('plot-start').click()
  await expect(page.getByTestId('plot-progress')).toHaveAttribute('data-state', 'done')
  const drawn = interpretHpgl(
    parseHpgl(readFileSync(join(workbench.files, 'continuous.hpgl'), 'utf8')),
  )
  // The pen's way drawn is the one previewed: the first of the five pages, not all 142 tilings.
  const metres = Number(/pen down ([\d.]+) m/.exec(paged!)![1])
  expect(drawn.penDownLength / 40 / 1000).toBeCloseTo(metres, 1)
})

test('plotting on a serial line: pause, a pulled cable, resume; every line drawn once, no byte lost', async ({
  plotting,
}) => {
  const { workbench, rig } = plotting
  const { page } = workbench
  await openTangramPlot(workbench)
  const { planned, progress } = await plotPausedOnce(page, rig.port)
  await expect(progress).toHaveAttribute('data-state', 'sending')
  await rig.unplug()
  await expect(progress).toHaveAttribute('data-state', 'reconnecting')
  await rig.plugIn()
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
  await expect(progress).toContainText('100%')
  expect(rig.sim.overruns).toBe(0)
  drewOnce(rig.sim, planned)
})

test('plotting on a serial line: Cancel, then Go on from where the plotter stopped; every line drawn once', async ({
  plotting: { workbench, rig },
}) => {
  await openTangramPlot(workbench)
  const page = workbench.page
  const { planned, progress } = await plotOn(page, rig.port)
  await expect.poll(() => rig.sim.segments.length, { timeout: 30_000 }).toBeGreaterThan(20)
  await page.getByTestId('plot-cancel').click()
  await expect(progress).toHaveAttribute('data-state', 'cancelled')
  await expect(progress).toContainText(/cancelled at instruction \d+ of \d+/)
  const drawn = rig.sim.segments.length
  await page.getByTestId('plot-go-on').click()
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
  await expect(progress).toContainText('100%')
  await expect(page.getByTestId('plot-go-on')).toHaveCount(0)
  expect(rig.sim.segments.length).toBeGreaterThan(drawn)
  drewOnce(rig.sim, planned)
})

test('plotting to an AxiDraw: a layer per pen, each after Resume, pause and resume; every line drawn once', async ({
  axidraw,
}) => {
  const { workbench, rig } = axidraw
  const { page } = workbench
  // An AxiDraw whose user changes between three pens.
  const v3 = BUNDLED_DEVICES.find((d): d is EbbProfile => d.id === 'axidraw-v3')!
  const mine = { ...v3, id: 'my-axidraw', name: 'My AxiDraw', pens: 3 }
  writeFileSync(join(workbench.dataDir, DEVICES_FILE), JSON.stringify({ devices: [mine] }))
  await openTangramPlot(workbench)
  await page.getByTestId('plot-device').selectOption('my-axidraw')
  await page.getByLabel('Pens').selectOption('colors')
  await expect(page.getByTestId('plot-time')).toBeVisible()
  const { planned, progress } = await plotPausedOnce(page, rig.port)
  for (const layer of ['2 of 3', '3 of 3']) {
    await expect(progress).toContainText(`layer ${layer}: put its pen in, then Resume`, {
      timeout: 60_000,
    })
    await expect(progress).toHaveAttribute('data-state', 'paused')
    expect(rig.sim.penUp).toBe(true)
    await page.getByTestId('plot-resume').click()
  }
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
  await expect(progress).toContainText('100%')
  const keys = rig.sim.segments.map((g) => [`${g.from}`, `${g.to}`].sort().join(' '))
  expect(new Set(keys).size).toBe(keys.length)
  const metres =
    rig.sim.segments.reduce((t, g) => t + Math.hypot(g.to[0] - g.from[0], g.to[1] - g.from[1]), 0) /
    v3.unitsPerMm /
    1000
  expect(metres).toBeCloseTo(planned, 1)
  expect(rig.sim.at).toEqual([0, 0])
})

test('the simulated plotter, once started, is offered in the port list and takes the plot; the file field keeps its own path', async ({
  workbench,
}) => {
  const { page } = workbench
  // `npm run plotter-sim`, announcing itself in this host's data folder; the host was not told.
  const link = join(mkdtempSync(join(tmpdir(), 'pw-sim-')), 'plotter')
  const sim = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/plotter-sim.ts',
      '--link',
      link,
      '--speed',
      '2000000',
      '--data',
      workbench.dataDir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  let said = ''
  sim.stdout.on('data', (d) => (said += d))
  try {
    await expect.poll(() => said, { timeout: 30_000 }).toContain('Ctrl-C to stop')
    await openTangramPlot(workbench)
    await expect(page.getByTestId('plot-port-help')).toContainText('npm run plotter-sim')
    // Offered first, so chosen.
    await expect(page.getByTestId('plot-port')).toHaveValue(link)
    await expect(page.locator(`#plot-ports option[value="${link}"]`)).toHaveText(/simulated/)
    await page.getByTestId('plot-target').selectOption('file')
    await expect(page.getByTestId('plot-file')).toHaveValue('')
    await page.getByTestId('plot-file').fill('page1.hpgl')
    await page.getByTestId('plot-target').selectOption('serial')
    await expect(page.getByTestId('plot-port')).toHaveValue(link)
    await page.getByTestId('plot-start').click()
    const progress = page.getByTestId('plot-progress')
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
    await page.getByTestId('plot-target').selectOption('file')
    await expect(page.getByTestId('plot-file')).toHaveValue('page1.hpgl')
  } finally {
    sim.kill('SIGINT')
    await exitCode(sim)
  }
  const drew = /drew (\d+) segments/.exec(said)
  expect(Number(drew?.[1])).toBeGreaterThan(300)
  expect(said).toContain('0 lost to buffer overruns')
})

test("G-code for the user's own GRBL device (devices.json), and the plot panel's time is the dry run's", async ({
  workbench,
}) => {
  const { page } = workbench
  const grbl = BUNDLED_DEVICES.find((d): d is GcodeProfile => d.id === 'grbl-servo')!
  const mine = { ...grbl, id: 'my-grbl', name: 'My GRBL plotter' }
  writeFileSync(join(workbench.dataDir, DEVICES_FILE), JSON.stringify({ devices: [mine] }))
  await solveTangram(workbench)
  await page.getByTestId('export').click()
  await page.getByTestId('export-format').selectOption('gcode')
  await page.getByTestId('export-device').selectOption('my-grbl')
  await expect(page.getByTestId('plot-stats')).toContainText('pen up')
  await workbench.saveAs('tangram', () => page.getByTestId('export-confirm').click())
  await expect(page.getByTestId('notice-info').last()).toContainText('Exported 142 solutions')
  const first = readdirSync(workbench.files)
    .filter((f) => f.endsWith('.gcode'))
    .sort()[0]
  const gcode = readFileSync(join(workbench.files, first), 'utf8')
  expect(gcode).toContain('M3 S1000')
  await page.getByTestId('export').click()
  await page.getByTestId('open-plot').click()
  await expect(page.getByTestId('plot-device')).toHaveValue('my-grbl')
  // The time of page 1 as plot --dry-run gives it for the file just written.
  const seconds = programTime(gcode, mine).seconds
  expect(seconds).toBeGreaterThan(60)
  await expect(page.getByTestId('plot-time')).toHaveText(`about ${durationText(seconds)}`)
  // Pen-up travel is drawn, dimmed.
  const src = (await page.getByTestId('plot-preview').getAttribute('src')) ?? ''
  expect(decodeURIComponent(src)).toContain('data-pen="up"')
})

test('a bad devices.json is named in one line, and the bundled plotters still work', async ({
  workbench,
}) => {
  const { page } = workbench
  const file = join(workbench.dataDir, DEVICES_FILE)
  const hp = BUNDLED_DEVICES.find((d) => d.id === 'hp7475a')!
  writeFileSync(file, JSON.stringify({ devices: [{ ...hp, id: 'my-hp', velocity: 500 }] }))
  await solveTangram(workbench)
  await page.getByTestId('export').click()
  await page.getByTestId('export-format').selectOption('hpgl')
  await expect(page.getByTestId('devices-error')).toHaveText(
    `${file}: devices[0].velocity: Too big: expected number to be <=128`,
  )
  await page.getByTestId('export-device').selectOption('hp7475a')
  await expect(page.getByTestId('plot-stats')).toContainText('pen up')
})
