import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { exactRegionToJson } from '../shared/formats/exact-figure'
import { OffLatticeSearch } from '../shared/offlattice/search'
import { TANGRAM_PIECES, tangramFigures } from '../testing/offlattice-figures'
import { expect, test } from './fixtures'

test('Pentagons: Solve tiles a figure file with exact corners by the open set: its counts, its silhouette, its tilings, an SVG sheet', async ({
  workbench,
}) => {
  const { page } = workbench
  // The tangram's square turned by 45°: no lattice takes its corners.
  writeFileSync(
    join(workbench.files, 'turned.json'),
    JSON.stringify({
      name: 'turned square',
      polygon: [
        [0, 0],
        ['2√2', 0],
        ['2√2', '2√2'],
        [0, '2√2'],
      ],
    }),
  )
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
  await page.keyboard.press('Alt+0')
  await workbench.openFile('turned.json', () => page.getByTestId('pentagons-open-figure').click())
  const figure = page.getByTestId('pentagon-figure')
  await expect(figure).toContainText('turned square')
  await figure.getByTestId('figure-solve').click()

  // One tiling up to symmetry, eight of the fixed figure, as the command line says it.
  const solved = page.getByTestId('exact-solve')
  await expect(solved).toHaveAttribute('data-state', 'done', { timeout: 60_000 })
  const count = page.getByTestId('exact-count')
  await expect(count).toContainText(
    "turned square from Tangram: 1 tiling (up to the figure's symmetries and swaps of identical pieces, the paper's convention); 8 on the fixed figure.",
  )
  await expect(count).toHaveAttribute('data-fixed', '8')
  // The silhouette black, its tiling in the seven pieces' colours.
  const silhouette = page.getByTestId('exact-silhouette')
  await expect(silhouette.locator('path')).toHaveAttribute('fill', '#2b2b2b')
  const tilings = page.getByTestId('exact-tiling')
  await expect(tilings).toHaveCount(1)
  const fills = await tilings
    .first()
    .locator('polygon')
    .evaluateAll((els) => els.map((e) => e.getAttribute('fill')))
  expect(fills).toHaveLength(7)
  expect(new Set(fills).size).toBeGreaterThan(1)

  // Every fixed tiling: the eight.
  await page.getByTestId('exact-every').check()
  await expect(tilings).toHaveCount(8, { timeout: 60_000 })
  await expect(count).toContainText(
    "8 tilings (every tiling of the fixed figure; identical pieces not told apart); 1 up to the figure's symmetries.",
  )

  // The eight as an SVG sheet.
  await page.getByTestId('exact-export').click()
  await expect(page.getByRole('heading', { name: 'Export tilings' })).toBeVisible()
  await page.getByTestId('export-format').selectOption('svg')
  await expect(page.getByTestId('export-preview')).toBeVisible()
  await workbench.saveAs('turned-tilings', () => page.getByTestId('export-confirm').click())
  await expect(page.getByTestId('notice-info').last()).toContainText('Exported 8 solutions')
  const svg = readFileSync(join(workbench.files, 'turned-tilings.svg'), 'utf8')
  expect(svg).toContain('turned square — 8 solutions')
  expect(svg.match(/<polygon /g)).toHaveLength(8 * 7)
  await page.keyboard.press('Escape')

  // A figure with a hole, grown from the seven tans at 45°: counted as the search in one process.
  const [holed] = tangramFigures(1, 44)
  writeFileSync(
    join(workbench.files, 'holed.json'),
    JSON.stringify(exactRegionToJson({ name: 'holed', parts: holed.parts })),
  )
  await workbench.openFile('holed.json', () => page.getByTestId('pentagons-open-figure').click())
  await figure.filter({ hasText: 'holed' }).getByTestId('figure-solve').click()
  const here = new OffLatticeSearch(holed.parts, TANGRAM_PIECES).run()
  await expect(count).toContainText('holed from Tangram', { timeout: 60_000 })
  await expect(count).toHaveAttribute('data-fixed', String(here.fixed))
  await expect(tilings).toHaveCount(here.fixed)
  // Its silhouette keeps the hole: two rings, filled even-odd.
  await expect(silhouette.locator('path')).toHaveAttribute('fill-rule', 'evenodd')
  expect((await silhouette.locator('path').getAttribute('d'))?.match(/M/g)).toHaveLength(2)
})

test('Pentagons: a page reloaded mid-solve of a figure file shows the solve again, running, and Stop stops the host’s run', async ({
  workbench,
}) => {
  const { page } = workbench
  // The 6 × 10 rectangle by the pentominoes: through the search off the lattice it runs for more
  // than a minute (measured here), long enough to reload in the middle.
  writeFileSync(
    join(workbench.files, 'rectangle.json'),
    JSON.stringify({
      name: 'rectangle',
      polygon: [
        [0, 0],
        [10, 0],
        [10, 6],
        [0, 6],
      ],
    }),
  )
  await page.locator('[data-view="library"]').click()
  await page.getByTestId('set-pentominoes').getByRole('button', { name: 'Open' }).click()
  await expect(page.getByTestId('doc-title')).toHaveText('Pentominoes')
  await page.locator('[data-view="pentagons"]').click()
  await workbench.openFile('rectangle.json', () =>
    page.getByTestId('pentagons-open-figure').click(),
  )
  await page.getByTestId('pentagon-figure').getByTestId('figure-solve').click()
  const solved = page.getByTestId('exact-solve')
  await expect(solved).toHaveAttribute('data-state', 'running')
  // The host has answered with the run's id, which the session keeps (before, the page knows no
  // run to take up again).
  await expect(solved).toHaveAttribute('data-run-id', /.+/)

  await page.reload()
  await expect(page.locator('.app[data-ready="yes"]')).toBeVisible()
  await expect(page.locator('[data-view="pentagons"].active')).toBeVisible()
  await expect(solved).toHaveAttribute('data-state', 'running')
  await expect(solved).toContainText('Tilings of rectangle')
  await expect(page.getByTestId('notice-error')).toHaveCount(0)
  const running = async () =>
    ((await workbench.call('run.list')) as { runs: { kind: string; running: boolean }[] }).runs
      .filter((r) => r.kind === 'exact')
      .map((r) => r.running)
  expect(await running()).toEqual([true])
  // Stop on the reloaded page stops the host's run.
  await page.getByTestId('exact-stop').click()
  await expect(solved).toHaveAttribute('data-state', 'cancelled')
  await expect(solved).toContainText('Stopped.')
  await expect.poll(running).toEqual([false])
})
