import { drawPolygon, expect, latticeToScreen, test } from './fixtures'

/** Counts in the app's sentences: a noun in the number of its count, copies counted as pieces. */
test('the tangram is 7 pieces of 5 kinds, and a count of one takes the singular', async ({
  workbench,
}) => {
  const { page } = workbench
  // The app opens where the README says: the Designer, with the tangram.
  await expect(page.locator('[data-view="designer"].active')).toBeVisible()
  await expect(page.getByTestId('doc-title')).toHaveText('Tangram')
  await page.locator('[data-view="figures"]').click()
  await expect(page.getByTestId('set-summary')).toHaveText(
    'The set: 7 pieces of 5 kinds, 16 half-squares.',
  )

  // A set of one half-square triangle, drawn by clicks.
  await page.getByTestId('new').click()
  await expect(page.locator('[data-view="designer"].active')).toBeVisible()
  const first = await latticeToScreen(page, 0, 0)
  await page.mouse.click(first.x, first.y)
  await expect(page.getByTestId('draft')).toContainText('1 point ·')
  await page.keyboard.press('Escape')
  await drawPolygon(page, [
    [0, 0],
    [1, 0],
    [0, 1],
  ])
  await expect(page.getByTestId('piece-row')).toHaveCount(1)
  await expect(page.getByTestId('area')).toContainText('1 half-square in all · 1 convex outline')
  await expect(page.getByTestId('status-area')).toHaveText(
    '1 half-square · 1 convex outline of that area',
  )
  await page.getByTestId('piece-row').click()
  await expect(page.getByTestId('inspector')).toContainText('1 half-square · 4 orientations')

  // One figure, the same triangle: built from the set, one tiling.
  await page.locator('[data-view="figures"]').click()
  await expect(page.getByTestId('set-summary')).toHaveText('The set: 1 piece, 1 half-square.')
  await drawPolygon(page, [
    [0, 0],
    [1, 0],
    [0, 1],
  ])
  await expect(page.getByTestId('figure-row')).toHaveCount(1)
  await page.locator('[data-view="solve"]').click()
  await page.getByTestId('solve-kind').selectOption('tile')
  await expect(page.getByTestId('solve-start')).toContainText(
    'Builds the document’s figure (Figures solves one).',
  )
  await page.getByTestId('solve').click()
  await expect(page.getByTestId('job-state')).toContainText('done')

  // The search animation's slowest speed: one step a second.
  await page.getByTestId('to-gallery').click()
  await page.getByTestId('gallery').locator('.canvas').focus()
  await page.keyboard.press('Enter')
  await page.getByTestId('animate').click()
  await expect(page.getByTestId('trace-speed').locator('option').first()).toHaveText('1 step/s')
})
