import { spawnSync } from 'node:child_process'
import { processRunning } from '../testing/processes'
import { expect, test, type Workbench } from './fixtures'
import { animate, cpuMeter, designerFirstPaint, firstPiecePoint } from './frames'

/**
 * The issue's UI targets, measured through the browser host in Debian's Chromium
 * (`npm run bench:ui`): start-up to an interactive app, Solve to the first tangram tiling painted,
 * the frame rate while panning a gallery with at least 5,000 shapes drawn, and Cancel of a
 * running tetrabolo run to its solver processes gone and the next view shown, and the Queens
 * view's count of n = 16 against `queens count 16` in the CLI on as many processes (alternated);
 * and, for the drawing stack's record (docs/ARCHITECTURE.md, issue 26), the Designer with the
 * pentominoes: its first paint and the frames while its grid pans and zooms and a piece is dragged.
 * Medians over several runs; each run also checks what it measured (the tilings, the shapes in
 * view, the counts).
 */
const RUNS = 5
const TARGETS = {
  readyMs: 1500,
  firstTilingMs: 200,
  fps: 50,
  shapes: 5000,
  goneMs: 1500,
  viewMs: 1000,
}
const startups: number[] = []
const firstTilings: number[] = []
const pans: { fps: number; worstFrameMs: number; minShapes: number }[] = []
const cancels: { goneMs: number; viewMs: number }[] = []
const queens: { appMs: number; cliMs: number }[] = []
const designerPaints: number[] = []
const designerSteps = { pan: [] as Moved[], zoom: [] as Moved[], drag: [] as Moved[] }
type Moved = { fps: number; cpuMsPerFrame: number }

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const round = (x: number, digits = 0) => Number(x.toFixed(digits))

test.describe.configure({ mode: 'serial' })

for (let i = 0; i < RUNS; i++) {
  test(`start-up ${i + 1}: the browser host's UI is interactive`, async ({ workbench }) => {
    await expect(workbench.page.getByTestId('piece-row')).toHaveCount(5)
    startups.push(workbench.readyMs)
  })
}

async function solveTangram(workbench: Workbench): Promise<number> {
  const { page } = workbench
  await page.locator('[data-view="figures"]').click()
  await page.getByTestId('solve-convex').click()
  const shown = page.getByTestId('first-tiling')
  await expect(shown).toHaveAttribute('data-ms', /\d+/)
  await expect(page.getByTestId('job-state')).toContainText('done')
  await expect(page.getByTestId('solutions')).toHaveText('142')
  return Number(await shown.getAttribute('data-ms'))
}

test('Solve to the first tangram tiling on screen', async ({ workbench }) => {
  // One warm-up (the first solve after start-up), then the measured runs.
  await solveTangram(workbench)
  for (let i = 0; i < RUNS; i++) firstTilings.push(await solveTangram(workbench))
})

test('panning the gallery with 5,000 shapes drawn', async ({ workbench }) => {
  const { page } = workbench
  await page.locator('[data-view="library"]').click()
  await page.getByTestId('set-pentominoes').getByRole('button', { name: 'Open' }).click()
  await page.locator('[data-view="solve"]').click()
  await page.getByTestId('solve-kind').selectOption('tile')
  await page.getByTestId('solve').click()
  await expect(page.getByTestId('job-state')).toContainText('done', { timeout: 60_000 })
  await page.locator('[data-view="gallery"]').click()
  await expect(page.getByTestId('gallery-count')).toContainText('3,719 tilings')
  const gallery = page.getByTestId('gallery')
  // The smallest thumbnails: the most shapes in view.
  await page.getByTestId('thumb-size').fill('40')
  await expect(gallery).toHaveAttribute('data-thumb', '40')

  for (let i = 0; i < RUNS; i++) pans.push(await animate(page, 'gallery', 3000))
})

test('Cancel of a running tetrabolo run', async ({ workbench }) => {
  const { page } = workbench
  await page.locator('[data-view="library"]').click()
  await page.getByTestId('set-tetraboloes').getByRole('button', { name: 'Open' }).click()
  for (let i = 0; i < RUNS; i++) {
    await page.locator('[data-view="figures"]').click()
    await page.getByTestId('solve-convex').click()
    const progress = page.getByTestId('progress')
    await expect.poll(() => progress.getAttribute('data-fraction')).not.toBe('0')
    const { workerPids } = (await workbench.call('solver.status')) as { workerPids: number[] }
    const t0 = Date.now()
    await page.getByTestId('cancel').click()
    await expect.poll(() => workerPids.filter(processRunning).length, { intervals: [10] }).toBe(0)
    const goneMs = Date.now() - t0
    await expect(page.getByTestId('job-state')).toContainText('cancelled')
    const t1 = Date.now()
    await page.locator('[data-view="designer"]').click()
    await expect(page.locator('[data-view="designer"].active')).toBeVisible()
    cancels.push({ goneMs, viewMs: Date.now() - t1 })
  }
})

test('the Queens view counts n = 16 as fast as the CLI', async ({ workbench }) => {
  const { page } = workbench
  const { workers } = (await workbench.call('settings.get')) as { workers: number }
  await page.locator('[data-view="queens"]').click()
  const row = page.getByTestId('queens-counts').locator('tr[data-n="16"]')
  const app = async () => {
    // From the click: typing n is the user's time, not the app's.
    await page.getByTestId('queens-count-n').fill('16')
    const t0 = Date.now()
    await page.getByTestId('queens-count-start').click()
    // Running (under a second), then done: the row of an earlier count stays meanwhile. Checked
    // every frame: Playwright's own checks back off to half a second apart.
    await page.getByTestId('queens-count-cancel').waitFor()
    await page.waitForFunction(
      () => document.querySelector('[data-testid="queens-count-start"]') !== null,
      undefined,
      { polling: 'raf', timeout: 120_000 },
    )
    const ms = Date.now() - t0
    await expect(row).toHaveAttribute('data-total', '14772512')
    return ms
  }
  const cli = () => {
    const t0 = Date.now()
    const r = spawnSync(
      process.execPath,
      ['--no-use-osr', 'out/main/cli.js', 'queens', 'count', '16', '--jobs', String(workers)],
      { encoding: 'utf8' },
    )
    expect(r.stdout).toContain('14,772,512 solutions')
    return Date.now() - t0
  }
  // One warm-up each (the app's workers start with its first job), then alternately.
  await app()
  cli()
  for (let i = 0; i < RUNS; i++) {
    const appMs = await app()
    queens.push({ appMs, cliMs: cli() })
  }
})

test('the Designer with the pentominoes: first paint, panning, zooming, dragging', async ({
  workbench,
}) => {
  const { page } = workbench
  const piece = await firstPiecePoint(workbench, 'pentominoes')
  const meter = await cpuMeter(page)
  await page.locator('[data-view="library"]').click()
  await page.getByTestId('set-pentominoes').getByRole('button', { name: 'Open' }).click()
  // The first round warms up (code, fonts, the labels' measures).
  for (let i = 0; i <= RUNS; i++) {
    await page.locator('[data-view="library"]').click()
    await expect(page.locator('[data-view="library"].active')).toBeVisible()
    const ms = await designerFirstPaint(page, piece)
    await page.keyboard.press('v')
    if (i === 0) continue
    designerPaints.push(ms)
    for (const step of ['pan', 'zoom', 'drag'] as const)
      designerSteps[step].push(await meter(() => animate(page, step, 2500, piece)))
  }
})

test.afterAll(() => {
  const pass = (ok: boolean) => (ok ? 'met' : 'MISSED')
  const ready = median(startups)
  const first = median(firstTilings)
  const fps = median(pans.map((p) => p.fps))
  const shapes = Math.min(...pans.map((p) => p.minShapes))
  const gone = median(cancels.map((c) => c.goneMs))
  const view = median(cancels.map((c) => c.viewMs))
  const appQueens = median(queens.map((q) => q.appMs))
  const cliQueens = median(queens.map((q) => q.cliMs))
  const lines = [
    `UI benchmarks (medians of ${RUNS} runs, Chromium ${test.info().project.name})`,
    `  start-up to interactive     ${round(ready)} ms   target ≤ ${TARGETS.readyMs} ms   ${pass(ready <= TARGETS.readyMs)}   runs: ${startups.join(', ')}`,
    `  Solve to first tiling shown ${round(first)} ms   target ≤ ${TARGETS.firstTilingMs} ms   ${pass(first <= TARGETS.firstTilingMs)}   runs: ${firstTilings.map((x) => round(x)).join(', ')}`,
    `  gallery panning             ${round(fps, 1)} frames/s with ≥ ${shapes} shapes drawn   target ≥ ${TARGETS.fps} frames/s, ≥ ${TARGETS.shapes} shapes   ${pass(fps >= TARGETS.fps && shapes >= TARGETS.shapes)}   runs: ${pans.map((p) => `${round(p.fps, 1)} (worst frame ${round(p.worstFrameMs)} ms)`).join(', ')}`,
    `  Cancel to processes gone    ${round(gone)} ms   target ≤ ${TARGETS.goneMs} ms   ${pass(gone <= TARGETS.goneMs)}   runs: ${cancels.map((c) => c.goneMs).join(', ')}`,
    `  then the next view shown    ${round(view)} ms   target ≤ ${TARGETS.viewMs} ms   ${pass(view <= TARGETS.viewMs)}   runs: ${cancels.map((c) => c.viewMs).join(', ')}`,
    `  Queens view, n = 16         ${round(appQueens)} ms, the CLI ${round(cliQueens)} ms (${(appQueens / cliQueens).toFixed(2)}×, start-up included)   target ≤ 1.1×   ${pass(appQueens <= 1.1 * cliQueens)}   runs: ${queens.map((q) => `${q.appMs}/${q.cliMs}`).join(', ')}`,
    `  Designer, pentominoes       first paint ${round(median(designerPaints))} ms; ${(['pan', 'zoom', 'drag'] as const).map((k) => `${k} ${round(median(designerSteps[k].map((m) => m.fps)), 1)} frames/s (${round(median(designerSteps[k].map((m) => m.cpuMsPerFrame)), 1)} ms CPU a frame)`).join(', ')}   runs: ${designerPaints.map((x) => round(x)).join(', ')}`,
  ]
  console.log(lines.join('\n'))
})
