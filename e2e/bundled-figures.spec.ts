import { expect, test } from './fixtures'

test('a bundled figure is added to the open set from the Figures view, built, and undone', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="figures"]').click()
  const list = page.getByTestId('bundled-figures')
  // The tangram's own figures first (the set's area, 16 half-squares), then the rectangles.
  await expect(list.locator('[data-figure]')).toHaveCount(7)
  const ids = await list
    .locator('[data-figure]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-figure')))
  expect(ids.slice(0, 3).sort()).toEqual([
    'tangram-notched-square',
    'tangram-right-trapezoid',
    'tangram-square',
  ])
  await expect(list.locator('[data-figure="rectangle-6x10"]')).toContainText('120 half-squares')

  await page.getByTestId('add-figure-tangram-square').click()
  await expect(page.getByTestId('figure-row')).toHaveCount(1)
  await expect(page.getByTestId('figure-row')).toContainText('tangram square')
  await expect(page.locator('.inspector').first()).toContainText(
    '16 half-squares, as much as the pieces.',
  )
  await page.getByTestId('add-figure-tangram-right-trapezoid').click()
  await expect(page.getByTestId('figure-row')).toHaveCount(2)

  // Built from the set: the square has one tiling (Läuchli's count), the trapezoid 36.
  await page.locator('[data-view="solve"]').click()
  await page.getByTestId('solve-kind').selectOption('tile')
  await page.getByTestId('solve').click()
  await expect(page.getByTestId('job-state')).toContainText('done')
  await expect(page.getByTestId('solutions')).toHaveText('37')

  // Each addition is one step of the document's history.
  await page.locator('[data-view="figures"]').click()
  await page.getByTestId('undo').click()
  await expect(page.getByTestId('figure-row')).toHaveCount(1)
  await page.getByTestId('undo').click()
  await expect(page.getByTestId('figure-row')).toHaveCount(0)
})

test('a figure of another area gets its own verdict; the others are built', async ({
  workbench,
}) => {
  const { page } = workbench
  await page.locator('[data-view="figures"]').click()
  // 120 half-squares, the tangram 16.
  await page.getByTestId('add-figure-rectangle-6x10').click()
  await page.getByTestId('add-figure-tangram-square').click()
  await expect(page.getByTestId('figure-row')).toHaveCount(2)

  await page.locator('[data-view="solve"]').click()
  await page.getByTestId('solve-kind').selectOption('tile')
  await page.getByTestId('solve').click()
  await expect(page.getByTestId('job-state')).toContainText('done')
  const rows = page.getByTestId('results').locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toHaveAttribute('data-status', 'ruled out')
  await expect(rows.nth(0)).toContainText(
    'ruled out: the pieces cover 16 half-squares, the figure 120',
  )
  await expect(rows.nth(1)).toHaveAttribute('data-status', 'done')
  await expect(page.getByTestId('solutions')).toHaveText('1')
  // The square's one tiling is in the gallery.
  await page.locator('[data-view="gallery"]').click()
  await expect(page.getByTestId('gallery-count')).toHaveText('1 tiling in 1 of 2 figures')
})
