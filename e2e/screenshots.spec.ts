import { mkdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { drawPolygon, expect, test, writeCutTangram } from './fixtures'

/**
 * Every view, used as a user would, photographed on the way. The README's pictures come from
 * here (`npm run screenshots` writes them to docs/screenshots); a plain test run writes them
 * under test-results. Each step checks what the picture is meant to show.
 */
const DIR = process.env.SCREENSHOTS_DIR ?? join('test-results', 'screenshots')

async function shoot(page: Page, name: string, target?: Locator): Promise<void> {
  mkdirSync(DIR, { recursive: true })
  const path = join(DIR, `${name}.png`)
  // Let the canvases finish their frame before the picture.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r(null))))
  await (target ?? page).screenshot({ path })
  expect(statSync(path).size).toBeGreaterThan(10_000)
}

test('screenshots of every view', async ({ workbench }) => {
  // Papers recomputes every published number, the set explorer's rows too (about a minute).
  test.setTimeout(420_000)
  const { page } = workbench

  // Library: the bundled sets.
  await page.locator('[data-view="library"]').click()
  await expect(page.getByTestId('set-tetraboloes')).toBeVisible()
  await shoot(page, 'library')

  // Designer: the tangram, one piece selected, its convex search estimated.
  await page.locator('[data-view="designer"]').click()
  await page.getByTestId('piece-row').nth(3).click()
  await expect(page.getByTestId('inspector')).toBeVisible()
  await expect(page.getByTestId('area')).toContainText('16 half-squares in all')
  await page.getByTestId('estimate-start').click()
  await expect(page.getByTestId('estimate')).toHaveAttribute('data-state', 'done')
  await shoot(page, 'designer')

  // Figures: a target drawn on the grid (the tangram's square).
  await page.locator('[data-view="figures"]').click()
  await drawPolygon(page, [
    [2, 0],
    [4, 2],
    [2, 4],
    [0, 2],
  ])
  await expect(page.getByTestId('figure-row')).toHaveCount(1)
  await shoot(page, 'figures')

  // Solve: all convex figures of the tangram.
  await page.getByTestId('solve-convex').click()
  await expect(page.getByTestId('job-state')).toContainText('done')
  await expect(page.getByTestId('solutions')).toHaveText('142')
  await shoot(page, 'solve')

  // Gallery: the 142 tilings by outline; then one enlarged, with the search on its way to it.
  await page.getByTestId('to-gallery').click()
  await expect(page.getByTestId('gallery-count')).toContainText('142 tilings in 13 of 20 outlines')
  await shoot(page, 'gallery')
  await page.getByTestId('gallery').locator('.canvas').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('enlarged')).toBeVisible()
  await page.getByTestId('animate').click()
  await expect(page.getByTestId('animation')).toBeVisible()
  await page.getByTestId('play').click()
  const scrub = page.getByTestId('animation').locator('input[type="range"]')
  const steps = Number(await scrub.getAttribute('max')) + 1
  expect(steps).toBeGreaterThan(2)
  await scrub.fill(String(Math.floor(steps / 2)))
  await expect(page.getByTestId('trace-step')).toHaveText(
    `step ${Math.floor(steps / 2) + 1} of ${steps}`,
  )
  await shoot(page, 'gallery-search', page.getByTestId('enlarged'))
  await page.getByTestId('close').click()

  // The export dialog with its live preview, and the plot panel's pen path.
  await page.getByTestId('export').click()
  await page.getByTestId('export-format').selectOption('pdf')
  await expect(page.getByTestId('export-page')).toHaveText('page 1 of 5')
  await shoot(page, 'export')
  await page.getByTestId('export-format').selectOption('hpgl')
  await page.getByTestId('open-plot').click()
  await expect(page.getByTestId('plot-plan')).toContainText('pen up')
  await shoot(page, 'plot')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('plot-panel')).toBeHidden()

  // Pentagons: the tangram's 53; a snug one's tilings listed.
  await page.keyboard.press('Alt+0')
  await expect(page.getByTestId('pentagons-summary')).toContainText(
    '53 pentagons = 22 snug + 31 non-snug; 2 convex',
    { timeout: 60_000 },
  )
  await page.locator('[data-testid="pentagon"][data-number="21"]').click()
  await expect(page.getByTestId('pentagon-tilings')).toHaveAttribute('data-listed', '16', {
    timeout: 60_000,
  })
  // The non-snug ones beside it: corners such as 4 − √2, drawn from the exact numbers.
  await page.locator('[data-filter="non-snug"]').click()
  await expect(page.getByTestId('pentagon')).toHaveCount(31)
  await page
    .getByTestId('pentagons')
    .locator('.main-column')
    .evaluate((el) => (el.scrollTop = 0))
  await shoot(page, 'pentagons')

  // Puzzles: the tangram's figures with exactly one solution, and a figure with several, two of
  // its solutions side by side with the pieces that differ in colour.
  await page.keyboard.press('Alt+p')
  await expect(page.getByTestId('puzzles-summary')).toHaveAttribute('data-found', '10', {
    timeout: 60_000,
  })
  await page.locator('[data-filter="several"]').click()
  await page.locator('[data-testid="silhouette"][data-solutions="2"]').first().click()
  await expect(page.getByTestId('puzzle-tiling')).toHaveCount(2)
  await page.locator('[data-filter="all"]').click()
  await shoot(page, 'puzzles')

  // Compare: the tangram beside a variant of the same area (its square cut in two).
  writeCutTangram(workbench.files)
  await page.keyboard.press('Alt+c')
  await workbench.openFile('cut-tangram.json', () => page.getByTestId('compare-add-file').click())
  await page.getByTestId('compare-start').click()
  await expect(page.getByTestId('compare-outline')).toHaveCount(20, { timeout: 60_000 })
  await shoot(page, 'compare')

  // Design: the best sets of seven pieces of area 16, found on the worker processes.
  await page.keyboard.press('Alt+d')
  await page.getByTestId('design-top').fill('5')
  await page.getByTestId('design-run').click()
  await expect(page.getByTestId('design-stats')).toBeVisible({ timeout: 120_000 })
  await expect(page.getByTestId('design-set')).toHaveCount(5)
  await page.getByTestId('design-choose').nth(0).check()
  await shoot(page, 'design')

  // A larger gallery, zoomed out: the 3,719 pentomino rectangles.
  await page.locator('[data-view="library"]').click()
  await page.getByTestId('set-pentominoes').getByRole('button', { name: 'Open' }).click()
  // A figure drawn on a bundled set is a trial, not a change: the next set opens at once.
  await expect(page.getByTestId('doc-title')).toHaveText('Pentominoes')
  await expect(page.getByTestId('confirm')).toHaveCount(0)
  await page.locator('[data-view="solve"]').click()
  await page.getByTestId('solve-kind').selectOption('tile')
  await page.getByTestId('solve').click()
  await expect(page.getByTestId('job-state')).toContainText('done', { timeout: 60_000 })
  await page.getByTestId('to-gallery').click()
  await expect(page.getByTestId('gallery-count')).toContainText('3,719 tilings in 4 of 4 figures')
  await page.getByTestId('thumb-size').fill('64')
  await expect(page.getByTestId('gallery')).toHaveAttribute('data-thumb', '64')
  await shoot(page, 'gallery-pentominoes')

  // Papers: every published number recomputed beside the published one.
  await page.locator('[data-view="papers"]').click()
  await page.getByTestId('rerun-all').click()
  await expect(page.getByTestId('papers-summary')).toHaveText('47 of 52 computed and equal', {
    timeout: 180_000,
  })
  await expect(page.getByTestId('rerun-all')).toBeEnabled()
  await shoot(page, 'papers')

  // Edge matching: the HIB smiley cards solved, a card edge selected for editing.
  await page.locator('[data-view="matching"]').click()
  await expect(page.getByTestId('match-name')).toHaveValue('HIB smiley puzzle')
  await page.getByTestId('match-solve').click()
  await expect(page.getByTestId('match-counts')).toHaveAttribute('data-fixed', '16')
  await page.getByTestId('piece-2').locator('[data-side="3"]').click()
  await expect(page.getByTestId('match-selected')).toContainText('Piece 2, east')
  await shoot(page, 'matching')

  // Queens: n = 12 counted, the article's chart for n = 13, a solution drawn, a game with a hint.
  await page.locator('[data-view="queens"]').click()
  await page.getByTestId('queens-count-n').fill('12')
  await page.getByTestId('queens-count-start').click()
  await expect(page.getByTestId('queens-counts').locator('tr[data-n="12"]')).toHaveAttribute(
    'data-total',
    '14200',
  )
  await page.getByTestId('queens-list').click()
  await expect(page.getByTestId('queens-solution-index')).toHaveText('1 of 12 up to symmetry')
  await page.getByTestId('queens-chart-run').click()
  await expect(page.getByTestId('queens-chart-svg')).toBeVisible()
  await expect(page.getByTestId('queens-verdict')).toContainText('first player wins')
  await page.getByTestId('queens-game').locator('[data-square="0,0"]').click()
  await expect(page.getByTestId('queens-status')).toHaveAttribute('data-turn', 'you')
  await page.getByTestId('queens-hint').click()
  await expect(page.getByTestId('queens-hint-text')).toBeVisible()
  await shoot(page, 'queens')

  // Tait's problem: n = 8's 16 sequences, one half-way through, and the paper's Table 1.
  await page.locator('[data-view="tait"]').click()
  await page.getByTestId('tait-n').fill('8')
  await page.getByTestId('tait-list').click()
  await expect(page.getByTestId('tait-summary')).toHaveAttribute('data-sequences', '16')
  for (let i = 0; i < 4; i++) await page.getByTestId('tait-forward').click()
  await expect(page.getByTestId('tait-step')).toHaveAttribute('data-step', '4')
  await page.getByTestId('tait-table').click()
  await expect(
    page.getByTestId('tait-table-rows').locator('tr[data-gaps="2"][data-n="10"]'),
  ).toHaveAttribute('data-sequences', '96', { timeout: 30_000 })
  await shoot(page, 'tait')
})
